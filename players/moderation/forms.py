"""The moderation forms on a player's profile."""
from django import forms

from .services import MUTE_DURATIONS, REASON_MAX


class MuteForm(forms.Form):
    prefix = "mute"  # both forms share a page: keep their field ids apart
    duration = forms.ChoiceField(label="For", choices=[(key, label) for key, (label, _)
                                                       in MUTE_DURATIONS.items()])
    reason = forms.CharField(label="Reason (the player reads it)", max_length=REASON_MAX,
                             widget=forms.Textarea(attrs={"rows": 2}))


class BanForm(forms.Form):
    prefix = "ban"
    reason = forms.CharField(label="Reason (shown when the player tries to log in)",
                             max_length=REASON_MAX, widget=forms.Textarea(attrs={"rows": 2}))


def first_error(form) -> str:
    """The first message of an invalid form, for a flash message."""
    for errors in form.errors.values():
        for error in errors:
            return error
    return "Please check the form."
