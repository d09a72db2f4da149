"""The Watch list's filter form (GET). Bad values become form errors, never a 500."""
from django import forms

MODE_CHOICES = [("", "every mode"), ("hidden", "hidden cards"), ("open", "open hands"),
                ("long", "long mode"), ("normal", "normal length"),
                ("friendly", "friendly play"), ("scored", "scored play")]


class WatchFilterForm(forms.Form):
    mode = forms.ChoiceField(required=False, label="Mode", choices=MODE_CHOICES)

    def mode_or_all(self) -> str:
        """The valid mode asked for, "" for every mode (a bad value is dropped)."""
        if not self.is_bound or not self.is_valid():
            return ""
        return self.cleaned_data["mode"]
