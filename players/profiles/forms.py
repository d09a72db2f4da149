"""The filters of the player list."""
from django import forms

from .selectors import ACTIVITY_FILTERS, STATUS_FILTERS


class PlayerFilterForm(forms.Form):
    activity = forms.ChoiceField(choices=list(ACTIVITY_FILTERS.items()), required=False)
    status = forms.ChoiceField(choices=list(STATUS_FILTERS.items()), required=False)
    q = forms.CharField(label="Name", max_length=150, required=False)
