from django import forms

from players.models import AccessToken


class TokenForm(forms.Form):
    name = forms.CharField(max_length=40, help_text="What uses it, e.g. “my bot”.")
    scopes = forms.MultipleChoiceField(choices=AccessToken.Scope.choices,
                                       widget=forms.CheckboxSelectMultiple, initial=["read"])
