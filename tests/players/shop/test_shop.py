"""The shop: purchases with gold, once per form, and its pages."""
import threading

import pytest
from django.db import connection
from django.urls import reverse

from players.models import Player, Purchase
from players.shop.selectors import player_foil_ids
from players.shop.services import ShopError, shop_buy

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
