"""The settings page: the public profile, every preference and the avatar."""
