"""Accounts: registration, logging in and out, changing the password."""
