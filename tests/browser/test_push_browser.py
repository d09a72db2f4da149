"""Web push and the installable app in Chromium: the service worker registers, the page's
own button subscribes, a push sent by the site (through the local push service, which checks
the VAPID header and decrypts it) is delivered to the worker through the DevTools protocol,
the notification shows, and its click takes the window to the game; the manifest is valid
and linked; the offline page answers when the network is down.

Two things of a real browser cannot run on a machine without Google's push service:
- Chromium's PushManager.subscribe() registers with Google's servers (FCM): offline it
  never answers. The page's PushManager is therefore given a subscription made by the local
  push service (its own keys, its endpoint on 127.0.0.1), exactly the object a browser hands
  out; everything else (the permission, the worker, the page's script, the site) is real.
- Headless Chromium shows no notification to click: the click is dispatched in the worker
  as the browser would (a NotificationEvent with the shown notification); windows may be
  navigated from it, but opening a new one needs a real click, so that path is checked by
  recording what the worker asks of clients.openWindow.
"""
import json

import pytest
from django.urls import reverse

from devtools.push_service import PushService
from games import services as gs
from players.models import PushSubscription
from players.push.keys import vapid_keys
from players.push.services import push_send
from tests.browser.conftest import BROWSER, log_in
from tests.games.conftest import make_deck

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True),
              pytest.mark.xdist_group("push_browser")]


@pytest.fixture(scope="module")
def browser(launch_browser):
    """The browser itself, not the headless shell the other browser tests run: the shell
    shows no notification (its Notification.permission is "denied", whatever is granted),
    and the site offers push only where notifications may be shown."""
    browser = launch_browser(executable_path=BROWSER)
    yield browser
    browser.close()

# The page's PushManager hands out the subscription the local push service made (see above).
PUSH_MANAGER = """
(() => {
  const made = %s;
  const saved = "test-push-subscription";
  function subscription(key) {
    return {
      endpoint: made.endpoint, expirationTime: null,
      options: {userVisibleOnly: true, applicationServerKey: new Uint8Array(key).buffer},
      toJSON() { return JSON.parse(JSON.stringify(made)); },
      async unsubscribe() { sessionStorage.removeItem(saved); return true; },
    };
  }
  PushManager.prototype.subscribe = async function (options) {
    if (Notification.permission !== "granted") throw new DOMException("denied", "NotAllowedError");
    const key = Array.from(new Uint8Array(options.applicationServerKey));
    window.__pushSubscribed = {userVisibleOnly: options.userVisibleOnly, key: key};
    sessionStorage.setItem(saved, JSON.stringify(key));
    return subscription(key);
  };
  PushManager.prototype.getSubscription = async function () {
    const key = sessionStorage.getItem(saved);
    return key ? subscription(JSON.parse(key)) : null;
  };
})();
"""


@pytest.fixture
def push_service(settings):
    settings.PUSH_ALLOW_LOCAL_SERVICE = True
    service = PushService().start()
    yield service
    service.stop()


@pytest.fixture
def browser_push(context, page, asgi_url, push_service):
    """The page with notifications allowed and a browser subscription of the local push
    service; returns what the browser will hand out."""
    made = push_service.subscribe(vapid_keys().public_key)
    context.grant_permissions(["notifications"], origin=asgi_url)
    context.add_init_script(script=PUSH_MANAGER % json.dumps(made))
    return made


def _human_game(alice, bob):
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice, name="A"))
    game = gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob, name="B"))
    if game.seat_of(alice) == game.current_seat:  # alice waits for bob: the offer's moment
        game = gs.game_discard_card(game_id=game.pk, player=alice, version=game.version,
                                    position=1)
    return game


def _log_in_with_the_worker(page, base, username):
    """log_in, then wait until the site's service worker (registered by that first page) is
    active: a page loaded while it was still installing stays without a controller until the
    next load (the worker's claim came before that page existed)."""
    log_in(page, base, username)
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")


def _worker(context, page):
    """The site's service worker, once it controls the page."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    workers = context.service_workers
    return workers[0] if workers else context.wait_for_event("serviceworker")


def _registration_id(context, page, base):
    """The worker registration's id, as the DevTools protocol names it."""
    cdp = context.new_cdp_session(page)
    registrations = []
    cdp.on("ServiceWorker.workerRegistrationUpdated",
           lambda event: registrations.extend(event["registrations"]))
    cdp.send("ServiceWorker.enable")
    assert page.evaluate("navigator.serviceWorker.ready.then(r => !!r.active)")
    for _ in range(200):  # the registrations are told right after enable
        found = [r for r in registrations
                 if r["scopeURL"] == f"{base}/" and not r["isDeleted"]]
        if found:
            return cdp, found[-1]["registrationId"]
        page.wait_for_timeout(25)
    raise AssertionError(f"no registration for {base}/: {registrations}")


# Records, in the worker, each notification it has finished showing; WAIT_SHOWN waits for
# them. No one may ask for the notifications while one is being shown: Chromium's
# getNotifications() first drops those it does not find on display, and a notification
# being shown can be dropped that way and never appear (a page polling for it while the push
# came lost it about one time in four on a loaded machine).
RECORD_SHOWN = """() => {
  self.testShown = [];
  const show = ServiceWorkerRegistration.prototype.showNotification;
  ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
    return show.call(this, title, options).then((value) => {
      self.testShown.push(title);
      return value;
    });
  };
}"""
WAIT_SHOWN = """async (count) => {
  const deadline = Date.now() + 30000;
  while (self.testShown.length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return self.testShown;
}"""


def test_subscribe_from_the_game_page_push_and_open_the_game(
        page, context, asgi_url, alice, bob, browser_push, push_service, screenshot):
    game = _human_game(alice, bob)
    game_path = reverse("games:detail", args=[game.pk])
    _log_in_with_the_worker(page, asgi_url, "alice")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(asgi_url + game_path)
    offer = page.wait_for_selector("[data-push-offer]:not([hidden])")
    assert "Get a notice when it's your turn" in offer.inner_text()
    screenshot("offer-1280")
    page.set_viewport_size({"width": 375, "height": 812})
    screenshot("offer-375")

    page.click("[data-push-offer] >> text=Turn on notifications")
    page.wait_for_selector("[data-push-offer] >> text=Notifications are on")
    asked = page.evaluate("window.__pushSubscribed")
    assert asked["userVisibleOnly"] is True
    key = vapid_keys().public_key
    from players.push.keys import b64url

    assert b64url(bytes(asked["key"])) == key  # subscribed with the site's VAPID key
    row = PushSubscription.objects.get(player=alice)
    assert row.endpoint == browser_push["endpoint"] and row.label.startswith("Chrom")

    # The site sends "your turn" (as the notifications' delivery does); the local push
    # service checks and decrypts it; the browser gets it through the DevTools protocol.
    payload = {"title": "Your turn against bob", "body": "bob played a card.",
               "url": game_path, "tag": f"game-{game.pk}", "kind": "your_turn"}
    assert push_send(row.pk, payload) == "sent"
    [delivery] = push_service.wait_for(browser_push, 1)
    assert delivery.payload == payload
    worker = _worker(context, page)
    worker.evaluate(RECORD_SHOWN)
    page.goto(asgi_url + reverse("help"))  # the window is elsewhere when the notice comes
    cdp, registration_id = _registration_id(context, page, asgi_url)
    cdp.send("ServiceWorker.deliverPushMessage", {
        "origin": f"{asgi_url}/", "registrationId": registration_id,
        "data": delivery.plaintext.decode()})
    assert worker.evaluate(WAIT_SHOWN, 1) == [payload["title"]]
    shown = worker.evaluate("""async () => (await self.registration.getNotifications())
        .map(n => ({title: n.title, body: n.body, tag: n.tag, data: n.data, icon: n.icon,
                    badge: n.badge}))""")
    assert len(shown) == 1
    assert (shown[0]["title"], shown[0]["body"], shown[0]["tag"]) == (
        payload["title"], payload["body"], payload["tag"])
    assert shown[0]["data"]["url"] == game_path
    assert shown[0]["icon"].endswith("icon-192.png") and shown[0]["badge"].endswith("badge-96.png")

    # The click: the open window of the site goes to the game.
    worker.evaluate("""async () => {
      const [shown] = await self.registration.getNotifications();
      self.dispatchEvent(new NotificationEvent("notificationclick", {notification: shown}));
    }""")
    page.wait_for_url(asgi_url + game_path)
    page.wait_for_selector("#board")
    assert worker.evaluate("self.registration.getNotifications().then(n => n.length)") == 0

    # No window of the site open: the worker opens one at the game.
    context.new_page()  # keeps the browser's context open
    page.close()
    opened = worker.evaluate("""async (path) => {
      const opened = [];
      for (let i = 0; i < 400; i++) {  // the closed page's client goes away
        if (!(await clients.matchAll({type: "window", includeUncontrolled: true})).length) break;
        await new Promise(r => setTimeout(r, 25));
      }
      Clients.prototype.openWindow = async function (url) { opened.push(url); return null; };
      await self.registration.showNotification("Your turn", {tag: "t", data: {url: path}});
      const [shown] = await self.registration.getNotifications({tag: "t"});
      const windows = await clients.matchAll({type: "window", includeUncontrolled: true});
      self.dispatchEvent(new NotificationEvent("notificationclick", {notification: shown}));
      for (let i = 0; i < 400 && !opened.length; i++) await new Promise(r => setTimeout(r, 25));
      return {opened: opened, windows: windows.map(w => w.url)};
    }""", game_path)
    assert opened == {"opened": [asgi_url + game_path], "windows": []}


def test_the_settings_block_turns_this_browser_on_tests_it_and_off(
        page, context, asgi_url, alice, browser_push, push_service, screenshot):
    alice.level = 10
    alice.save(update_fields=["level"])
    _log_in_with_the_worker(page, asgi_url, "alice")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(asgi_url + reverse("players:settings") + "#push")
    panel = page.locator("#push")
    panel.locator("text=This browser does not get notifications").wait_for()
    panel.locator("text=Turn on notifications here").click()
    panel.locator("text=This browser gets notifications.").wait_for()
    assert panel.locator(".push-this-device:not([hidden])").count() == 1
    assert panel.locator("text=Turn on notifications here").is_hidden()
    assert panel.locator("text=Turn them off here").is_visible()
    screenshot("settings-on")
    page.set_viewport_size({"width": 375, "height": 812})
    panel.scroll_into_view_if_needed()
    screenshot("settings-on-375")

    panel.locator("text=Send me a test notification").click()
    panel.locator("text=A test notification is on its way.").wait_for()
    [delivery] = push_service.wait_for(browser_push, 1)
    assert delivery.payload["kind"] == "test"

    panel.locator("text=Turn them off here").click()
    panel.locator("text=This browser does not get notifications").wait_for()
    assert not PushSubscription.objects.filter(player=alice).exists()
    assert panel.locator("text=No device gets notifications yet.").count() == 1


def test_without_permission_nothing_is_asked_on_page_load(page, context, asgi_url, alice, bob):
    """A denied permission hides the offer; nothing asks for it by itself."""
    game = _human_game(alice, bob)
    context.add_init_script(script="""
      window.__permissionAsked = 0;
      const ask = Notification.requestPermission;
      Notification.requestPermission = function () { window.__permissionAsked++; return ask.call(Notification); };
    """)
    _log_in_with_the_worker(page, asgi_url, "alice")
    page.goto(asgi_url + reverse("games:detail", args=[game.pk]))
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.wait_for_selector("[data-push-offer]:not([hidden])")
    assert page.evaluate("window.__permissionAsked") == 0


def test_the_manifest_is_valid_and_the_site_installable(page, context, asgi_url):
    page.goto(asgi_url + reverse("help"))
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    cdp = context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"] == f"{asgi_url}/manifest.webmanifest"
    assert manifest["errors"] == []
    parsed = json.loads(manifest["data"])
    assert parsed["display"] == "standalone"
    installability = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # Playwright's contexts are incognito ones, where Chromium installs nothing: the one
    # error left says only that.
    assert [e["errorId"] for e in installability if e["errorId"] != "in-incognito"] == []


def test_the_offline_page_answers_when_the_network_is_down(page, context, asgi_url, alice,
                                                            screenshot):
    _log_in_with_the_worker(page, asgi_url, "alice")
    page.goto(asgi_url + reverse("games:list"))
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    cached = page.evaluate("""async () => {
      const urls = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls;
    }""")
    assert cached == [f"{asgi_url}/offline/"]  # nothing else: no game page, nothing private
    context.set_offline(True)
    try:
        page.goto(asgi_url + reverse("games:list"))
        page.wait_for_selector("text=You are offline")
        screenshot("offline")
    finally:
        context.set_offline(False)
    page.reload()
    page.wait_for_selector("nav")
    assert "You are offline" not in page.content()
