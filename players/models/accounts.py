"""The login account."""
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models.functions import Lower


class User(AbstractUser):
    """The login account. Game-related data lives on Player."""

    # When the player proved the address in ``email`` is his (the link mailed to it:
    # players/accounts/email.py); None while unproven. An unverified address gets nothing
    # but the verification mail. Changing the address clears it.
    email_verified_at = models.DateTimeField(null=True, blank=True)

    @property
    def has_verified_email(self) -> bool:
        return bool(self.email) and self.email_verified_at is not None

    class Meta:
        constraints = [
            models.UniqueConstraint(Lower("username"), name="user_username_ci_unique"),
        ]
