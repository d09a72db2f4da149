"""The notification part of the settings page: which kinds reach the player on which
channel, "always", mail at once or in a daily digest and its hour; and his mail address."""
from django import forms

from players.models import NotificationSettings

from .kinds import CHANNEL_LABELS, CHANNELS, KINDS, Kind
from .preferences import Preferences

HOUR_CHOICES = [(h, f"{h:02d}:00") for h in range(24)]


def _field_name(kind: str, channel: str) -> str:
    return f"{kind}__{channel}"


class NotificationPreferencesForm(forms.Form):
    always = forms.BooleanField(
        label="Always notify me", required=False,
        help_text="Mail and push even while you have the game open or were active on the "
                  "site in the last few minutes.")
    email_mode = forms.ChoiceField(label="Mail", choices=NotificationSettings.EmailMode.choices)
    digest_hour = forms.TypedChoiceField(
        label="Digest hour", coerce=int, choices=HOUR_CHOICES,
        help_text="In your time zone (Preferences). The digest lists what happened since "
                  "the day before; nothing waited, no mail.")

    def __init__(self, *args, preferences: Preferences, **kwargs):
        initial = {"always": preferences.always, "email_mode": preferences.email_mode,
                   "digest_hour": preferences.digest_hour}
        for kind in KINDS:
            for channel in CHANNELS:
                initial[_field_name(kind, channel)] = preferences.wants(kind, channel)
        super().__init__(*args, initial=initial, **kwargs)
        for kind in KINDS:
            for channel in CHANNELS:
                self.fields[_field_name(kind, channel)] = forms.BooleanField(
                    required=False, label=f"{Kind(kind).label}: {CHANNEL_LABELS[channel]}")

    def rows(self):
        """[(kind label, [bound field per channel])], for the table."""
        return [(Kind(kind).label, [self[_field_name(kind, channel)] for channel in CHANNELS])
                for kind in KINDS]

    @staticmethod
    def channel_labels():
        return [CHANNEL_LABELS[c] for c in CHANNELS]

    def chosen_channels(self) -> dict:
        return {kind: [c for c in CHANNELS if self.cleaned_data.get(_field_name(kind, c))]
                for kind in KINDS}


class EmailAddressForm(forms.Form):
    """A new mail address (empty: none), with the account's password."""

    email = forms.EmailField(label="Mail address", required=False, max_length=254,
                             widget=forms.EmailInput(attrs={"autocomplete": "email"}),
                             help_text="Leave it empty to have none.")
    password = forms.CharField(label="Your password", strip=False,
                               widget=forms.PasswordInput(attrs={"autocomplete":
                                                                 "current-password"}))

    def __init__(self, *args, user, **kwargs):
        self.user = user
        super().__init__(*args, **kwargs)

    def clean_email(self):
        return (self.cleaned_data.get("email") or "").strip()

    def clean_password(self):
        password = self.cleaned_data.get("password") or ""
        if not self.user.check_password(password):
            raise forms.ValidationError("That is not your password.")
        return password
