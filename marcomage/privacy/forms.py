from django import forms


class AccountDeleteForm(forms.Form):
    """Deleting an account asks for its password and a tick that says what follows."""

    password = forms.CharField(
        label="Your password", strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}))
    understood = forms.BooleanField(
        label="I understand that my account, decks, notes and messages received are deleted "
              "for good, and that this cannot be undone.")

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self):
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError("That is not your password.")
        return password
