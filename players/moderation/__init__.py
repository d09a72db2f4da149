"""Roles and moderation: who may moderate, mutes (by moderators) and bans (by administrators).

* ``roles``: the permissions behind each role. Moderators are the members of the
  "Moderators" group (created by a data migration) or anybody holding the permissions;
  superusers hold every permission. Staff status alone only opens the admin site.
* ``selectors``: the active mute or ban of a player, and the refusal text a channel shows.
* ``services``: mute, unmute, ban, unban.
* ``views``/``urls``: the forms on a player's profile (visible to those who may use them).
"""
