"""The browser's side of web push from the outside: subscribing (bad input answered 400 with
a clear message, never a 500), unsubscribing and removing devices (one's own only), the test
notification, the settings page's block and the game page's offer."""
import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from games import services as gs
from players.models import PushSubscription
from players.push.keys import new_key_pair, vapid_keys
from players.push.services import OFFER_DISMISSED, endpoint_mark
from tests.games.conftest import make_deck

# One worker runs the module: its tests share one local push service (tests/conftest.py).
pytestmark = [pytest.mark.django_db, pytest.mark.xdist_group("push_pages")]

CHROME_UA = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
             "Chrome/156.0 Mobile Safari/537.36")
SUBSCRIBE = reverse("players:push_subscribe")


def post_json(client, url, data, **extra):
    body = data if isinstance(data, (str, bytes)) else json.dumps(data)
    return client.post(url, body, content_type="application/json", **extra)


def a_subscription(host="fcm.googleapis.com", token="abc"):
    """A subscription as Chrome's push service gives one (keys made like a browser's)."""
    from devtools.push_service import PushService

    made = PushService().subscribe()
    made["endpoint"] = f"https://{host}/fcm/send/{token}"
    return made


def test_a_browser_subscribes(alice, client_of):
    client = client_of(alice)
    data = a_subscription()
    answer = post_json(client, SUBSCRIBE, data, HTTP_USER_AGENT=CHROME_UA)
    assert answer.status_code == 201, answer.content
    row = PushSubscription.objects.get(pk=answer.json()["id"])
    assert (row.player, row.endpoint, row.p256dh, row.auth, row.label) == (
        alice, data["endpoint"], data["keys"]["p256dh"], data["keys"]["auth"],
        "Chrome on Android")
    # the same browser again (new keys): one row, updated
    again = a_subscription()
    again["endpoint"] = data["endpoint"]
    assert post_json(client, SUBSCRIBE, again).status_code == 201
    row.refresh_from_db()
    assert row.p256dh == again["keys"]["p256dh"]
    assert PushSubscription.objects.count() == 1


def test_a_browser_used_by_another_account_moves_to_it(alice, bob, client_of):
    data = a_subscription()
    post_json(client_of(alice), SUBSCRIBE, data)
    post_json(client_of(bob), SUBSCRIBE, data)
    assert list(PushSubscription.objects.values_list("player", flat=True)) == [bob.pk]


def _bad_inputs():
    good = a_subscription()
    keys = good["keys"]
    short_point = "B" + "A" * 40
    off_curve = "BA" + "A" * 85  # 65 bytes starting 0x04, not on P-256
    return {
        "not json": "{endpoint",
        "a list": [good],
        "no endpoint": {"keys": keys},
        "endpoint not a string": {"endpoint": 5, "keys": keys},
        "http": {**good, "endpoint": "http://fcm.googleapis.com/fcm/send/x"},
        "ftp": {**good, "endpoint": "ftp://fcm.googleapis.com/x"},
        "an address": {**good, "endpoint": "https://10.0.0.7/push"},
        "an IPv6 address": {**good, "endpoint": "https://[::1]/push"},
        "a local name": {**good, "endpoint": "https://localhost/push"},
        "a local service without the setting": {**good, "endpoint": "http://127.0.0.1:9/push/x"},
        "credentials": {**good, "endpoint": "https://user:pw@fcm.googleapis.com/x"},
        "too long": {**good, "endpoint": "https://fcm.googleapis.com/" + "x" * 1000},
        "a bad port": {**good, "endpoint": "https://fcm.googleapis.com:99999/x"},
        "spaces": {**good, "endpoint": "https://fcm.googleapis.com/a b"},
        "no keys": {"endpoint": good["endpoint"]},
        "keys not an object": {"endpoint": good["endpoint"], "keys": "p256dh"},
        "no auth": {**good, "keys": {"p256dh": keys["p256dh"]}},
        "p256dh not base64url": {**good, "keys": {**keys, "p256dh": "<script>" * 11}},
        "p256dh too short": {**good, "keys": {**keys, "p256dh": short_point}},
        "p256dh off the curve": {**good, "keys": {**keys, "p256dh": off_curve}},
        "auth not 16 bytes": {**good, "keys": {**keys, "auth": "AAAA"}},
        "auth a number": {**good, "keys": {**keys, "auth": 16}},
    }


@pytest.mark.parametrize("case", sorted(_bad_inputs()))
def test_bad_subscriptions_get_a_clear_400(alice, client_of, case):
    answer = post_json(client_of(alice), SUBSCRIBE, _bad_inputs()[case])
    assert answer.status_code == 400, (case, answer.content)
    message = answer.json()["error"]
    assert message and len(message) < 200
    assert not PushSubscription.objects.exists()


def test_a_form_post_or_a_huge_body_gets_a_400(alice, client_of):
    client = client_of(alice)
    assert client.post(SUBSCRIBE, {"endpoint": "https://fcm.googleapis.com/x"}).status_code == 400
    huge = {**a_subscription(), "padding": "x" * 10_000}
    assert post_json(client, SUBSCRIBE, huge).status_code == 400


def test_subscribing_needs_a_login_and_the_csrf_token(alice):
    anonymous = post_json(Client(), SUBSCRIBE, a_subscription())
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous.url
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice.user)
    assert post_json(client, SUBSCRIBE, a_subscription()).status_code == 403
    client.get(reverse("players:settings"))  # sets the CSRF cookie
    token = client.cookies["csrftoken"].value
    answer = post_json(client, SUBSCRIBE, a_subscription(), HTTP_X_CSRFTOKEN=token)
    assert answer.status_code == 201
    assert client.get(SUBSCRIBE).status_code == 405


def test_an_account_keeps_at_most_the_cap_of_devices(alice, client_of, settings):
    from django.utils import timezone

    settings.PUSH_SUBSCRIPTIONS_MAX = 3
    client = client_of(alice)
    for n in range(3):
        post_json(client, SUBSCRIBE, a_subscription(token=f"d{n}"))
    # d1 has been used lately; d0 and d2 never: the newest one pushes out d0, then d2
    PushSubscription.objects.filter(endpoint__endswith="/d1").update(
        last_success_at=timezone.now())
    post_json(client, SUBSCRIBE, a_subscription(token="d3"))
    post_json(client, SUBSCRIBE, a_subscription(token="d4"))
    endpoints = sorted(e.rsplit("/", 1)[1] for e in
                       PushSubscription.objects.values_list("endpoint", flat=True))
    assert endpoints == ["d1", "d3", "d4"]


def test_nobody_removes_another_players_device(alice, carol, client_of):
    data = a_subscription()
    row_id = post_json(client_of(alice), SUBSCRIBE, data).json()["id"]
    carol_client = client_of(carol)
    answer = carol_client.post(reverse("players:push_device_remove", args=[row_id]))
    assert answer.status_code == 404
    answer = post_json(carol_client, reverse("players:push_unsubscribe"),
                       {"endpoint": data["endpoint"]})
    assert answer.status_code == 200 and answer.json()["removed"] is False
    assert PushSubscription.objects.filter(pk=row_id, player=alice).exists()
    # alice removes it herself, from her settings page and from the browser alike
    answer = client_of(alice).post(reverse("players:push_device_remove", args=[row_id]))
    assert answer.status_code == 302 and answer.url.endswith("#push")
    assert not PushSubscription.objects.exists()
    post_json(client_of(alice), SUBSCRIBE, data)
    answer = post_json(client_of(alice), reverse("players:push_unsubscribe"),
                       {"endpoint": data["endpoint"]})
    assert answer.json()["removed"] is True and not PushSubscription.objects.exists()


def test_the_test_notification_reaches_this_browser(alice, client_of, browser_subscription,
                                                    push_service):
    client = client_of(alice)
    browser = browser_subscription()
    assert post_json(client, SUBSCRIBE, browser).status_code == 201
    answer = post_json(client, reverse("players:push_test"), {"endpoint": browser["endpoint"]})
    assert answer.status_code == 200 and answer.json()["sent"] == 1
    [delivery] = push_service.wait_for(browser, 1)
    assert delivery.payload["kind"] == "test" and delivery.payload["url"] == "/games/"
    # a browser that is not subscribed (or another player's) is told so
    answer = post_json(client, reverse("players:push_test"),
                       {"endpoint": "https://fcm.googleapis.com/fcm/send/unknown"})
    assert answer.status_code == 404 and "not subscribed" in answer.json()["message"]
    # the settings page's form: every device, with a message
    answer = client.post(reverse("players:push_test"), follow=True)
    assert "on its way" in answer.content.decode()
    assert len(push_service.wait_for(browser, 2)) == 2


def test_the_test_notification_is_flood_limited(alice, client_of, settings):
    settings.FLOOD_CONTROL = True
    settings.FLOOD_LIMITS = {**settings.FLOOD_LIMITS, "push_test": {"user": "2/m"}}
    client = client_of(alice)
    url = reverse("players:push_test")
    statuses = [post_json(client, url, {"endpoint": "https://fcm.googleapis.com/x"}).status_code
                for _ in range(3)]
    assert statuses == [404, 404, 429]


def test_the_settings_page_lists_the_devices(alice, bob, client_of):
    post_json(client_of(alice), SUBSCRIBE, a_subscription(token="alice1"),
              HTTP_USER_AGENT=CHROME_UA)
    post_json(client_of(bob), SUBSCRIBE, a_subscription(token="bob1"),
              HTTP_USER_AGENT="Mozilla/5.0 (Windows NT 10.0) Gecko/20100101 Firefox/140.0")
    page = client_of(alice).get(reverse("players:settings")).content.decode()
    assert 'id="push"' in page and "Chrome on Android" in page
    assert "Firefox on Windows" not in page and "bob1" not in page
    assert f'data-key="{vapid_keys().public_key}"' in page
    # the rows carry a digest of the address, never the address itself
    alice_row = PushSubscription.objects.get(player=alice)
    assert alice_row.endpoint not in page
    assert f'data-mark="{endpoint_mark(alice_row.endpoint)}"' in page
    assert page.count(reverse("players:push_device_remove",
                              args=[PushSubscription.objects.get(player=alice).pk])) == 1


def test_without_keys_the_site_says_push_is_off(alice, client_of, settings):
    settings.VAPID_KEY_FILE = ""
    client = client_of(alice)
    page = client.get(reverse("players:settings")).content.decode()
    assert "not available on this site" in page and "data-push-panel" not in page
    assert post_json(client, SUBSCRIBE, a_subscription()).status_code == 503


def _human_game(alice, bob):
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice, name="A"))
    game = gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob, name="B"))
    if game.seat_of(alice) == game.current_seat:  # alice waits for bob: the offer's moment
        game = gs.game_discard_card(game_id=game.pk, player=alice, version=game.version,
                                    position=1)
    return game


def test_the_game_page_offers_notifications_until_closed(alice, bob, client_of):
    game = _human_game(alice, bob)
    client = client_of(alice)
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    offer = re.search(r"<aside class=\"panel push-offer\"[^>]*>", page)
    assert offer and " hidden" in offer.group(0)  # shown by the script only when it can
    assert "when bob has moved" in page
    assert 'data-known=""' in page  # no browser of hers is known yet
    made = post_json(client, SUBSCRIBE, a_subscription()).json()
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    mark = endpoint_mark(PushSubscription.objects.get(pk=made["id"]).endpoint)
    assert f'data-known="{mark}"' in page
    answer = client.post(reverse("players:push_offer_dismiss"),
                         {"next": reverse("games:detail", args=[game.pk])})
    assert answer.status_code == 302 and answer.url == reverse("games:detail", args=[game.pk])
    alice.settings.refresh_from_db()
    assert OFFER_DISMISSED in alice.settings.dismissed_hints
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "push-offer" not in page
    # the settings page still turns them on
    assert "data-push-panel" in client.get(reverse("players:settings")).content.decode()


def test_no_offer_in_a_game_against_the_computer(alice, client_of):
    game = gs.ai_game_start(player=alice, deck=make_deck(alice))
    page = client_of(alice).get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "push-offer" not in page


def test_the_vapid_keys_command(tmp_path, capsys):
    from django.core.management import CommandError, call_command

    from players.push.keys import parse_environment_lines, public_key_of

    call_command("vapid_keys", "--subject", "mailto:admin@marcomage.example")
    values = parse_environment_lines(capsys.readouterr().out)
    assert values["VAPID_SUBJECT"] == "mailto:admin@marcomage.example"
    assert public_key_of(values["VAPID_PRIVATE_KEY"]) == values["VAPID_PUBLIC_KEY"]
    path = tmp_path / "keys"
    call_command("vapid_keys", "--file", str(path))
    assert (path.stat().st_mode & 0o777) == 0o600
    written = path.read_text()
    with pytest.raises(CommandError):
        call_command("vapid_keys", "--file", str(path))
    assert path.read_text() == written
    with pytest.raises(CommandError):
        call_command("vapid_keys", "--subject", "admin")


def test_the_embedded_default_makes_its_keys_once(settings, tmp_path):
    settings.VAPID_KEY_FILE = str(tmp_path / "made-once")
    first = vapid_keys()
    assert first is not None and (tmp_path / "made-once").exists()
    settings.VAPID_KEY_FILE = str(tmp_path / "made-once")  # a new process reads the file
    from players.push import keys

    keys._keys.cache_clear()
    assert vapid_keys() == first
    # keys in the settings win over the file
    private, public = new_key_pair()
    settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY = private, public
    assert vapid_keys().public_key == public


def test_the_deploy_check_of_the_keys(settings):
    from players.push.keys import check_vapid_keys

    settings.VAPID_KEY_FILE = ""
    assert [m.id for m in check_vapid_keys()] == ["players.W101"]
    private, public = new_key_pair()
    settings.VAPID_PRIVATE_KEY, settings.VAPID_SUBJECT = private, "mailto:admin@example.org"
    settings.VAPID_PUBLIC_KEY = public
    assert check_vapid_keys() == []
    settings.VAPID_PUBLIC_KEY = new_key_pair()[1]
    assert [m.id for m in check_vapid_keys()] == ["players.E102"]
    settings.VAPID_PRIVATE_KEY = "not a key!"
    assert [m.id for m in check_vapid_keys()] == ["players.E101"]


def test_logging_out_stops_the_push_of_that_session(alice):
    """A shared browser: after alice logs out it no longer shows her notifications; her
    other browsers keep theirs."""
    from tests.conftest import PASSWORD

    here, elsewhere = Client(), Client()
    for client in (here, elsewhere):
        assert client.login(username="alice", password=PASSWORD)
    post_json(here, SUBSCRIBE, a_subscription(token="shared-pc"))
    post_json(elsewhere, SUBSCRIBE, a_subscription(token="her-phone"))
    here.post(reverse("logout"))
    assert [e.rsplit("/", 1)[1] for e in
            PushSubscription.objects.values_list("endpoint", flat=True)] == ["her-phone"]


def test_the_service_worker_renews_a_subscription_with_its_old_secret(alice, client_of):
    """pushsubscriptionchange: the worker posts the new subscription with the old one's auth
    secret (no session, no CSRF token); only that secret moves it."""
    old = a_subscription(token="old")
    post_json(client_of(alice), SUBSCRIBE, old)
    new = a_subscription(token="new")
    renew = reverse("players:push_renew")
    worker = Client(enforce_csrf_checks=True)  # no cookies at all
    wrong = post_json(worker, renew, {"old_endpoint": old["endpoint"],
                                      "old_auth": new["keys"]["auth"], "subscription": new})
    assert wrong.status_code == 404
    assert post_json(worker, renew, {"old_endpoint": old["endpoint"], "old_auth": "x",
                                     "subscription": {"endpoint": "http://x"}}).status_code == 400
    answer = post_json(worker, renew, {"old_endpoint": old["endpoint"],
                                       "old_auth": old["keys"]["auth"], "subscription": new})
    assert answer.status_code == 200
    row = PushSubscription.objects.get()
    assert (row.player, row.endpoint, row.auth) == (alice, new["endpoint"], new["keys"]["auth"])
    # the old secret no longer works
    again = post_json(worker, renew, {"old_endpoint": old["endpoint"],
                                      "old_auth": old["keys"]["auth"], "subscription": old})
    assert again.status_code == 404
