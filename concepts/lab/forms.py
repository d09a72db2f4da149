"""Forms of the card lab: "Try this card" and the self-play report. They parse input; the
services decide what is allowed."""
from django import forms

from players.models import AI_LEVEL_CHOICES

from .cards import deck_choices
from .selfplay import GAME_CHOICES, LEVELS


class _ReplaceForm(forms.Form):
    replace = forms.ChoiceField(label="The card it replaces", choices=(), error_messages={
        "invalid_choice": "Choose the card of your deck that the concept replaces."})
    starters = False

    def __init__(self, *args, player=None, concept=None, **kwargs):
        super().__init__(*args, **kwargs)
        groups = deck_choices(player, concept.rarity, starters=self.starters)
        self.fields["replace"].choices = groups
        self.has_decks = bool(groups)


class PlaytestForm(_ReplaceForm):
    prefix = "try"
    level = forms.ChoiceField(label="The computer's level", choices=AI_LEVEL_CHOICES,
                              initial="standard")
    in_ai_deck = forms.BooleanField(label="The computer's deck holds the concept too",
                                    required=False)
    hidden = forms.BooleanField(label="Hidden cards", required=False)

    def __init__(self, *args, player=None, **kwargs):
        super().__init__(*args, player=player, **kwargs)
        if not self.is_bound and player is not None:
            self.fields["level"].initial = player.settings.ai_level


class SelfPlayForm(_ReplaceForm):
    prefix = "report"
    starters = True
    games = forms.TypedChoiceField(label="Games", coerce=int, initial=200,
                                   choices=[(n, str(n)) for n in GAME_CHOICES])
    level = forms.ChoiceField(label="The computer's level", initial="standard",
                              choices=[(v, label) for v, label in AI_LEVEL_CHOICES
                                       if v in LEVELS])
