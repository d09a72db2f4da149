"""Shop purchases, tutorial hints and section gating."""
import threading

import pytest
from django.db import connection
from django.urls import reverse

from players.models import Player, Purchase
from players.sections import SECTION_LEVELS, sections_open_for
from players.selectors import player_foil_ids
from players.services import ShopError, shop_buy

pytestmark = pytest.mark.django_db


def rich(player, gold=1000):
    Player.objects.filter(pk=player.pk).update(gold=gold)
    return Player.objects.get(pk=player.pk)


def test_buy_game_and_deck_slots(alice):
    alice = rich(alice, 500)
    shop_buy(player=alice, item="game_slot", token="t1")
    shop_buy(player=alice, item="deck_slot", token="t2")
    alice.refresh_from_db()
    assert (alice.gold, alice.extra_game_slots, alice.extra_deck_slots) == (0, 1, 1)
    assert Purchase.objects.filter(player=alice).count() == 2


def test_same_token_buys_once(alice):
    alice = rich(alice, 1000)
    _, created = shop_buy(player=alice, item="game_slot", token="same")
    _, again = shop_buy(player=alice, item="game_slot", token="same")
    alice.refresh_from_db()
    assert (created, again) == (True, False)
    assert (alice.gold, alice.extra_game_slots) == (800, 1)


def test_not_enough_gold_says_how_much(alice):
    alice = rich(alice, 120)
    with pytest.raises(ShopError, match="costs 200 gold and you have 120"):
        shop_buy(player=alice, item="game_slot", token="x")
    alice.refresh_from_db()
    assert (alice.gold, alice.extra_game_slots) == (120, 0)


def test_foil_cards(alice):
    alice = rich(alice, 1000)
    shop_buy(player=alice, item="foil", token="f1", card_id="54")
    assert player_foil_ids(alice) == frozenset({54})
    with pytest.raises(ShopError, match="already own"):
        shop_buy(player=alice, item="foil", token="f2", card_id=54)
    for bad in (None, "abc", 0, 999999):
        with pytest.raises(ShopError, match="choose a card"):
            shop_buy(player=alice, item="foil", token=f"bad{bad}", card_id=bad)
    assert Player.objects.get(pk=alice.pk).gold == 500
    assert player_foil_ids(None) == frozenset()


def test_unknown_item_and_missing_token(alice):
    with pytest.raises(ShopError):
        shop_buy(player=rich(alice), item="castle", token="x")
    with pytest.raises(ShopError, match="expired"):
        shop_buy(player=rich(alice), item="game_slot", token="")


def test_shop_pages_confirm_then_buy(alice, client_of):
    rich(alice, 300)
    client = client_of(alice)
    assert client.get(reverse("players:shop")).status_code == 200
    confirm = client.get(reverse("players:shop_confirm"), {"item": "deck_slot"})
    token = confirm.context["token"]
    assert "300 gold" in confirm.content.decode()
    data = {"item": "deck_slot", "token": token}
    first = client.post(reverse("players:shop_buy"), data, follow=True)
    second = client.post(reverse("players:shop_buy"), data, follow=True)  # the double click
    assert "Bought" in first.content.decode()
    assert "not charged twice" in second.content.decode()
    assert Player.objects.get(pk=alice.pk).extra_deck_slots == 1


def test_shop_confirm_when_short_of_gold(alice, client_of):
    page = client_of(alice).get(reverse("players:shop_confirm"), {"item": "foil", "card": "54"})
    assert "500 gold short" in page.content.decode()
    assert 'name="token"' not in page.content.decode()


def test_shop_confirm_bad_input(alice, client_of):
    client = client_of(alice)
    for params in ({"item": "castle"}, {"item": "foil", "card": "x"}, {"item": "foil"}):
        response = client.get(reverse("players:shop_confirm"), params, follow=True)
        assert response.redirect_chain and response.status_code == 200


@pytest.mark.django_db(transaction=True)
def test_parallel_double_submit_buys_once(alice):
    if connection.vendor == "sqlite":
        pytest.skip("SQLite serialises writers anyway; this checks row locking on PostgreSQL")
    alice = rich(alice, 200)
    results = []

    def buy():
        try:
            results.append(shop_buy(player=alice, item="game_slot", token="race")[1])
        except ShopError as error:
            results.append(str(error))
        finally:
            connection.close()

    threads = [threading.Thread(target=buy) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(map(str, results)) == ["False", "True"]
    assert Player.objects.get(pk=alice.pk).gold == 0


# ---------------------------------------------------------------- hints

def test_hint_shows_in_tutorial_and_is_remembered_when_closed(alice, client_of):
    client = client_of(alice)
    assert 'data-hint="players"' in client.get(reverse("players:list")).content.decode()
    client.post(reverse("players:hint_dismiss", args=["players"]), HTTP_HX_REQUEST="true")
    assert 'data-hint="players"' not in client.get(reverse("players:list")).content.decode()
    alice.settings.refresh_from_db()
    assert alice.settings.dismissed_hints == ["players"]


def test_hint_dismiss_without_htmx_redirects_only_inside_the_site(alice, client_of):
    client = client_of(alice)
    response = client.post(reverse("players:hint_dismiss", args=["shop"]),
                           {"next": "https://evil.example/"})
    assert response.url == reverse("home")
    response = client.post(reverse("players:hint_dismiss", args=["shop"]), {"next": "/shop/"})
    assert response.url == "/shop/"
    client.post(reverse("players:hint_dismiss", args=["no-such-hint"]))
    alice.settings.refresh_from_db()
    assert alice.settings.dismissed_hints == ["shop"]


def test_no_hints_after_the_tutorial(alice, client_of):
    Player.objects.filter(pk=alice.pk).update(level=10)
    assert "tutorial-hint" not in client_of(alice).get(reverse("players:list")).content.decode()


# ---------------------------------------------------------------- sections

def test_sections_open_one_per_level(alice):
    assert "decks" not in sections_open_for(alice)
    assert {"games", "players", "messages", "settings", "shop"} <= sections_open_for(alice)
    alice.level = 1
    assert "decks" in sections_open_for(alice) and "cards" not in sections_open_for(alice)
    alice.level = 10
    assert sections_open_for(alice) == frozenset(SECTION_LEVELS)
    assert sections_open_for(None) == frozenset()
    levels = sorted(v for k, v in SECTION_LEVELS.items()
                    if k in ("decks", "cards", "replays", "novels", "concepts", "statistics"))
    assert levels == [1, 2, 3, 4, 5, 6]


def test_section_required_blocks_locked_sections(alice, rf):
    from django.http import HttpResponse

    from players.sections import section_required

    @section_required("cards")
    def cards_view(request):
        return HttpResponse("cards")

    request = rf.get("/cards/")
    request.user = alice.user
    response = cards_view(request)
    assert response.status_code == 403 and b"opens at level 2" in response.content
    Player.objects.filter(pk=alice.pk).update(level=2)
    request.user = type(alice.user).objects.get(pk=alice.user.pk)
    assert cards_view(request).status_code == 200
    with pytest.raises(ValueError):
        section_required("nonsense")


def test_nav_shows_only_open_sections(alice, client_of):
    page = client_of(alice).get(reverse("players:list")).content.decode()
    assert 'href="/players/"' in page and 'href="/messages/"' in page
    assert 'href="/shop/"' in page and 'href="/settings/"' in page


def test_dashboard_panel(alice, client_of):
    page = client_of(alice).get(reverse("home")).content.decode()
    assert "Your progress" in page and "0 / 500 EXP" in page
    assert "Next to open: <strong>Decks</strong> at level 1" in page


def test_the_forum_concepts_and_novels_pages_greet_tutorial_players(alice, client_of):
    alice.level = 5
    alice.save(update_fields=["level"])
    client = client_of(alice)
    for key, url in (("forum", "forum:index"), ("concepts", "concepts:list"),
                     ("novels", "novels:library")):
        assert f'data-hint="{key}"' in client.get(reverse(url)).content.decode()
        client.post(reverse("players:hint_dismiss", args=[key]), HTTP_HX_REQUEST="true")
        assert f'data-hint="{key}"' not in client.get(reverse(url)).content.decode()
