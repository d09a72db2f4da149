"""Forms of registration and log-in."""
import re

from django import forms
from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm

from players.moderation.selectors import active_ban, ban_text

USERNAME_MIN, USERNAME_MAX = 3, 20
USERNAME_PATTERN = re.compile(r"^[^\W_][\w.-]*$")
# Names a player could use to impersonate the site, the AI or its staff.
RESERVED_NAMES = frozenset(
    name.casefold()
    for name in (
        "MArcomage", "admin", "administrator", "root", "system", "moderator", "staff",
        "support", "server", "anonymous", "guest", "nobody", "null", "none", "ai",
        "computer", "everyone", "all",
    )
)


# More checks of a new name, added by other parts of the site (the names of deleted accounts,
# held for a while: marcomage.privacy): each takes the name and answers a refusal or None.
USERNAME_CHECKS: list = []


class RegisterForm(forms.Form):
    username = forms.CharField(
        label="Player name",
        max_length=USERNAME_MAX,
        min_length=USERNAME_MIN,
        help_text=f"{USERNAME_MIN}–{USERNAME_MAX} letters, digits, dots, dashes or underscores.",
        widget=forms.TextInput(attrs={"autofocus": True, "autocomplete": "username"}),
    )
    email = forms.EmailField(
        label="E-mail (optional)", required=False, max_length=254,
        help_text="We mail you a link to confirm it. Then it can reset a forgotten password, "
                  "and tell you of your turns while you are away (you choose what, in the "
                  "settings).",
        # (else browsers take it for the player name and fill in the wrong one)
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
    password1 = forms.CharField(
        label="Password", strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    password2 = forms.CharField(
        label="Password again", strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )

    def clean_username(self):
        name = self.cleaned_data["username"].strip()
        if not USERNAME_PATTERN.match(name):
            raise forms.ValidationError(
                "Use only letters, digits, dots, dashes and underscores, starting with a "
                "letter or digit."
            )
        if name.casefold() in RESERVED_NAMES:
            raise forms.ValidationError("That name is reserved. Please choose another one.")
        if get_user_model().objects.filter(username__iexact=name).exists():
            raise forms.ValidationError("That name is already taken.")
        for check in USERNAME_CHECKS:
            if refusal := check(name):
                raise forms.ValidationError(refusal)
        return name

    def clean(self):
        cleaned = super().clean()
        p1, p2 = cleaned.get("password1"), cleaned.get("password2")
        if p1 and p2 and p1 != p2:
            self.add_error("password2", "The two passwords differ.")
        elif p1 and len(p1) > 128:
            self.add_error("password1", "Please use at most 128 characters.")
        elif p1:
            user = get_user_model()(username=cleaned.get("username", ""),
                                    email=cleaned.get("email", ""))
            try:
                password_validation.validate_password(p1, user)
            except forms.ValidationError as error:
                self.add_error("password1", error)
        return cleaned


class LoginForm(AuthenticationForm):
    username = forms.CharField(
        label="Player name", max_length=150,
        widget=forms.TextInput(attrs={"autofocus": True, "autocomplete": "username"}),
    )

    def clean_username(self):
        # Names are unique regardless of case; log in with the stored spelling.
        name = self.cleaned_data["username"].strip()
        stored = (
            get_user_model().objects.filter(username__iexact=name)
            .values_list("username", flat=True).first()
        )
        return stored or name

    def clean(self):
        try:
            return super().clean()
        except forms.ValidationError:
            # A banned account is inactive, so Django refuses it like a wrong password; with
            # the right password the player learns why instead.
            ban = self._ban_behind_refusal()
            if ban is None:
                raise
            raise forms.ValidationError(ban_text(ban), code="banned") from None

    def _ban_behind_refusal(self):
        name, password = self.cleaned_data.get("username"), self.cleaned_data.get("password")
        if not name or not password:
            return None
        user = get_user_model().objects.filter(username=name, is_active=False).first()
        if user is None or not user.check_password(password):
            return None
        return active_ban(user)


class ConfirmedAddressPasswordResetForm(PasswordResetForm):
    """Django's password reset, mailed only to a confirmed address: an unconfirmed one gets
    nothing but the mail that confirms it (players/notifications/addresses.py)."""

    email = forms.EmailField(label="Your mail address", max_length=254,
                             widget=forms.EmailInput(attrs={"autocomplete": "email",
                                                            "autofocus": True}))

    def get_users(self, email):
        return (user for user in super().get_users(email) if user.has_verified_email)
