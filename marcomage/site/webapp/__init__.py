"""The installable app: the web app manifest, the service worker at the site's root (push
notifications, the offline page) and the offline page itself."""
