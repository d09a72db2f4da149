from django import forms

from . import catalogue
from .services import DECK_NAME_MAX, NOTE_MAX


class DeckNameForm(forms.Form):
    name = forms.CharField(label="Deck name", max_length=DECK_NAME_MAX, strip=True)


class DeckNoteForm(forms.Form):
    note = forms.CharField(label="Note", max_length=NOTE_MAX, required=False,
                           widget=forms.Textarea(attrs={"rows": 3}))


def _token_choices():
    return [("none", "— none —")] + [(name, name) for name in catalogue.token_keyword_names()]


class DeckTokensForm(forms.Form):
    token1 = forms.ChoiceField(label="Counter 1", choices=_token_choices)
    token2 = forms.ChoiceField(label="Counter 2", choices=_token_choices)
    token3 = forms.ChoiceField(label="Counter 3", choices=_token_choices)

    @classmethod
    def for_deck(cls, deck):
        tokens = (list(deck.tokens) + ["none"] * 3)[:3]
        return cls(initial={"token1": tokens[0], "token2": tokens[1], "token3": tokens[2]})


class DeckImportForm(forms.Form):
    file = forms.FileField(
        label="Deck file", help_text="A file exported from this site (.json) or a deck file "
                                     "of the original game (.csv).",
        widget=forms.FileInput(attrs={"accept": ".json,.csv,application/json,text/csv"}))
    name = forms.CharField(label="Name for the deck (optional)", max_length=DECK_NAME_MAX,
                           required=False, strip=True,
                           help_text="Leave empty to use the name stored in the file.")
