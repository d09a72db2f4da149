"""Forms of the concepts section: the concept itself, the list filters, the staff review."""
from django import forms
from django.utils.text import slugify

from marcomage.plumbing.plain_text import NameValidator, TextValidator

from .cards import PARAM_MAX, concept_keywords, param_keywords
from .models import COST_MAX, EFFECT_MAX, FEEDBACK_MAX, NAME_MAX, NOTE_MAX, Concept
from .selectors import PERIODS, SORTS


def param_field_name(keyword: str) -> str:
    return "param_" + slugify(keyword).replace("-", "_")


class ConceptForm(forms.Form):
    name = forms.CharField(max_length=NAME_MAX, validators=[NameValidator("card's name")],
                           widget=forms.TextInput(attrs={"autocomplete": "off",
                                                         "maxlength": NAME_MAX}))
    rarity = forms.ChoiceField(choices=Concept.Rarity.choices, initial=Concept.Rarity.COMMON)
    bricks = forms.IntegerField(min_value=0, max_value=COST_MAX, initial=0)
    gems = forms.IntegerField(min_value=0, max_value=COST_MAX, initial=0)
    recruits = forms.IntegerField(min_value=0, max_value=COST_MAX, initial=0)
    keywords = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple,
                                         help_text="Only the game's own keywords; none is fine.")
    effect = forms.CharField(max_length=EFFECT_MAX, required=False,
                             validators=[TextValidator("effect")], widget=forms.Textarea(
        attrs={"rows": 6, "maxlength": EFFECT_MAX}), help_text=(
        f"What the card does, at most {EFFECT_MAX} characters. BBCode works: [b]bold[/b], "
        "[i]italic[/i]. With an effect built in the builder above you may leave it empty: "
        "the card's text is then written from the effect."))
    note = forms.CharField(label="Your note", max_length=NOTE_MAX, required=False,
                           validators=[TextValidator("note")],
                           widget=forms.Textarea(attrs={"rows": 3, "maxlength": NOTE_MAX}),
                           help_text="Optional: the idea behind the card, for the reviewers "
                                     "and other players.")
    picture = forms.FileField(required=False, help_text=(
        "Optional: JPG, PNG or GIF, at most 50 kB. It is cropped to the card's picture "
        "shape (5 : 3)."), widget=forms.ClearableFileInput(attrs={
            "accept": ".jpg,.jpeg,.png,.gif"}))
    remove_picture = forms.BooleanField(label="Remove the current picture", required=False)

    def __init__(self, *args, has_picture=False, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["keywords"].choices = [(k, k) for k in concept_keywords()]
        for keyword in param_keywords():
            self.fields[param_field_name(keyword)] = forms.IntegerField(
                label=f"{keyword} strength", required=False, min_value=1, max_value=PARAM_MAX,
                help_text=f"The number after {keyword}, if you chose it (1–{PARAM_MAX}).")
        if not has_picture:
            del self.fields["remove_picture"]

    @classmethod
    def initial_of(cls, concept) -> dict:
        initial = {field: getattr(concept, field) for field in
                   ("name", "rarity", "bricks", "gems", "recruits", "keywords", "effect", "note")}
        for keyword, value in (concept.keyword_params or {}).items():
            initial[param_field_name(keyword)] = value
        return initial

    @property
    def param_fields(self):
        return [self[param_field_name(k)] for k in param_keywords()]

    def clean_name(self):
        return self.cleaned_data["name"].strip()

    def clean(self):
        data = super().clean()
        chosen = set(data.get("keywords") or ())
        for keyword in param_keywords():
            field = param_field_name(keyword)
            if data.get(field) is not None and keyword not in chosen:
                self.add_error(field, f"Tick the {keyword} keyword too, or leave this empty.")
        return data

    def service_data(self) -> dict:
        data = self.cleaned_data
        return {
            "name": data["name"], "rarity": data["rarity"], "bricks": data["bricks"],
            "gems": data["gems"], "recruits": data["recruits"],
            "keywords": list(data.get("keywords") or ()),
            "keyword_params": {k: data.get(param_field_name(k)) for k in param_keywords()
                               if data.get(param_field_name(k)) is not None},
            "effect": data["effect"], "note": data.get("note", ""),
        }


STATE_FILTER_CHOICES = [("", "Any state"), *Concept.State.choices]
RARITY_FILTER_CHOICES = [("", "Any rarity"), *Concept.Rarity.choices]


class ConceptFilterForm(forms.Form):
    author = forms.CharField(label="Author", max_length=150, required=False)
    state = forms.ChoiceField(choices=STATE_FILTER_CHOICES, required=False)
    rarity = forms.ChoiceField(choices=RARITY_FILTER_CHOICES, required=False)
    period = forms.ChoiceField(label="Created", required=False,
                               choices=[(k, label) for k, (label, _) in PERIODS.items()])
    mine = forms.BooleanField(label="Only my concepts", required=False)
    sort = forms.ChoiceField(label="Order", required=False,
                             choices=[(k, label) for k, (label, _) in SORTS.items()])


class ConceptStateForm(forms.Form):
    state = forms.ChoiceField(choices=Concept.State.choices)
    feedback = forms.CharField(label="Feedback for the author", max_length=FEEDBACK_MAX,
                               required=False, validators=[TextValidator("feedback")], widget=forms.Textarea(attrs={
                                   "rows": 3, "maxlength": FEEDBACK_MAX}))
