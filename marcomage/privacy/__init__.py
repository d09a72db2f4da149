"""A player's own data: "Download my data" and "Delete my account" (an app of its own, label
``privacy``, in the site layer: both reach every section's rows).

- ``exports.py``: the archive (JSON files in a zip) built by queued work, stored privately
  (``PRIVATE_ROOT``), downloaded only by its owner until it expires (``EXPORT_DAYS``), and
  announced by a site message.
- ``deletion.py``: deleting an account: its running games and waiting challenges end, its
  private things are deleted, what others hold (their games, messages, forum threads,
  concepts) keeps an anonymous "Deleted player"; sessions and API tokens stop at once; the
  name is held for ``DELETED_NAME_HOLD_DAYS`` days, then free.
"""
