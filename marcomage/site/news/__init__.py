"""News of the site: items written by staff in the admin, shown on the front page and in
the archive. The model belongs to the marcomage app (marcomage/models.py imports it)."""
