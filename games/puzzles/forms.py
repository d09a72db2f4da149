"""The puzzle forms: an answer (the hand's form, named as on the game page) and the
rating band of the browse page."""
from django import forms

from .selectors import BAND

MOVES = (("play", "Play"), ("discard", "Discard"))


class AnswerForm(forms.Form):
    """A card of the hand (``position`` 1-8), played or discarded (``action``), and the
    mode of a card with modes (``mode_<position>``, as the game page names it)."""

    action = forms.ChoiceField(choices=MOVES, error_messages={
        "required": "Say whether to play or discard the card.",
        "invalid_choice": "Say whether to play or discard the card."})
    position = forms.IntegerField(min_value=1, max_value=8, error_messages={
        "required": "Pick a card of your hand first.",
        "invalid": "Pick a card of your hand first.",
        "min_value": "Pick a card of your hand first.",
        "max_value": "Pick a card of your hand first."})

    def clean(self):
        data = super().clean()
        position = data.get("position")
        data["mode"] = 0
        if position is not None and data.get("action") == "play":
            raw = (self.data.get(f"mode_{position}") or self.data.get("mode") or "0").strip()
            try:
                data["mode"] = int(raw)
            except ValueError:
                raise forms.ValidationError("A card's mode is a whole number.")
            if not 0 <= data["mode"] <= 99:
                raise forms.ValidationError("That card has no such mode.")
        return data

    def move(self) -> dict:
        data = self.cleaned_data
        return {"kind": data["action"], "position": data["position"], "mode": data["mode"]}

    def first_error(self) -> str:
        for errors in self.errors.values():
            if errors:
                return errors[0]
        return "That answer could not be read."


class BandForm(forms.Form):
    """?from=1400: the band of ratings [from, from + BAND)."""

    start = forms.IntegerField(required=False, min_value=0, max_value=5000, label="From",
                               error_messages={"invalid": "A rating is a whole number."})

    def __init__(self, data=None, **kwargs):
        if data is not None and "from" in data:
            data = data.copy()
            data["start"] = data.get("from")
        super().__init__(data, **kwargs)

    def low(self) -> int | None:
        if not self.is_bound or not self.is_valid() or self.cleaned_data["start"] is None:
            return None
        return self.cleaned_data["start"] // BAND * BAND
