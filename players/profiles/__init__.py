"""Profiles: the player list (the ladder), a player's public page, avatars."""
