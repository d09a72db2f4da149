"""Every websocket route of the site, gathered from the apps that own them."""
from importlib import import_module

websocket_urlpatterns = []
for _app in ("games", "players"):
    try:
        _module = import_module(f"{_app}.routing")
    except ModuleNotFoundError as exc:  # an app without live features has no routing module
        if exc.name != f"{_app}.routing":
            raise
        continue
    websocket_urlpatterns += _module.websocket_urlpatterns
