"""The administrators' form that queues a self-play run."""
from django import forms

from players.models import AI_LEVEL_CHOICES

from .selfplay import SELFPLAY_MODES
from .services import SELFPLAY_MAX_GAMES


class SelfPlayForm(forms.Form):
    games = forms.IntegerField(min_value=1, max_value=SELFPLAY_MAX_GAMES, initial=2000,
                               error_messages={"required": "Say how many games to play."})
    level = forms.ChoiceField(choices=AI_LEVEL_CHOICES, initial="standard")
    mode = forms.ChoiceField(choices=list(SELFPLAY_MODES.items()), initial="normal")
    seed = forms.IntegerField(min_value=0, max_value=(1 << 62) - 1, initial=1)


def first_error(form) -> str:
    for field, errors in form.errors.items():
        name = field.capitalize() if field in form.fields else ""
        return f"{name}: {errors[0]}" if name else errors[0]
    return "Check the form."
