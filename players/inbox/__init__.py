"""Private messages: inbox, sent box, writing and deleting, and the site's own messages.

(The app label `messages` belongs to django.contrib.messages, hence "inbox".)
"""
