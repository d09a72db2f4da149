"""The replays list's filter form (GET). Bad values become form errors, never a 500."""
from django import forms

from games.models import Game

# Outcomes a public replay can have (Pending = still running, Abort = nothing was played out).
REPLAY_OUTCOMES = [(value, label) for value, label in Game.Outcome.choices
                   if value not in (Game.Outcome.PENDING, Game.Outcome.ABORT)]

MODE_FILTER_CHOICES = [("", "either way"), ("yes", "only"), ("no", "without")]

OPPONENT_CHOICES = [("", "players and the computer"), ("human", "two players"),
                    ("computer", "against the computer")]

SORT_CHOICES = [("newest", "Newest first"), ("rounds", "Most rounds"),
                ("views", "Most viewed")]


class ReplayFilterForm(forms.Form):
    player = forms.CharField(required=False, max_length=40, label="Player",
                             widget=forms.TextInput(attrs={"placeholder": "any player"}))
    outcome = forms.ChoiceField(required=False, label="Outcome",
                                choices=[("", "any outcome")] + REPLAY_OUTCOMES)
    opponent = forms.ChoiceField(required=False, label="Games between",
                                 choices=OPPONENT_CHOICES)
    hidden = forms.ChoiceField(required=False, label="Hidden cards",
                               choices=MODE_FILTER_CHOICES)
    friendly = forms.ChoiceField(required=False, label="Friendly play",
                                 choices=MODE_FILTER_CHOICES)
    long = forms.ChoiceField(required=False, label="Long mode", choices=MODE_FILTER_CHOICES)
    sort = forms.ChoiceField(required=False, label="Order", choices=SORT_CHOICES)

    def filters(self) -> dict:
        """The valid filters only: a bad field is dropped (and shown as an error)."""
        if not self.is_bound:
            return {}
        self.is_valid()
        data = getattr(self, "cleaned_data", {})
        return {key: value for key, value in data.items() if value}
