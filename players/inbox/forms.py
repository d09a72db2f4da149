"""The form of a new private message."""
from django import forms

from .services import MESSAGE_BODY_MAX, MESSAGE_SUBJECT_MAX


class MessageForm(forms.Form):
    recipient = forms.CharField(label="To", max_length=150)
    subject = forms.CharField(label="Subject", max_length=MESSAGE_SUBJECT_MAX)
    body = forms.CharField(label="Message", max_length=MESSAGE_BODY_MAX,
                           widget=forms.Textarea(attrs={"rows": 10}),
                           help_text="You may use BBCode: [b]bold[/b], [i]italic[/i], "
                                     "[quote]…[/quote], [url]…[/url].")
