"""What a player may do now (games.services.permissions): the game page's buttons and the
services behind them ask the same rules, so a button shows exactly when its service
accepts."""
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games import services as gs
from games.game import selectors
from games.services import permissions

pytestmark = pytest.mark.django_db


def test_the_page_shows_abort_exactly_when_the_service_accepts_it(started_game):
    game = started_game()
    alice, bob = game.player1, game.player2
    assert permissions.can_for(game, alice, 0)["abort"] is False
    assert selectors.game_page(game, alice)["can"]["abort"] is False
    with pytest.raises(gs.GameError, match="three weeks"):
        gs.game_abort(game_id=game.pk, player=alice)

    bob.last_activity = timezone.now() - timedelta(days=22)
    bob.save()
    game = selectors.game_for_player(game.pk, alice)
    assert selectors.game_page(game, alice)["can"] == permissions.can_for(game, alice, 0)
    assert selectors.game_page(game, alice)["can"]["abort"] is True
    gs.game_abort(game_id=game.pk, player=alice)


def test_the_board_offers_the_buttons_its_can_says(started_game, client):
    game = started_game()
    bob = game.player2
    bob.last_activity = timezone.now() - timedelta(days=22)
    bob.save()
    client.force_login(game.player1.user)
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert reverse("games:command", args=[game.pk, "abort"]) in page


def test_every_rule_of_the_page_is_in_its_can(started_game):
    game = started_game()
    can = permissions.can_for(game, game.player1, 0)
    assert set(can) == {"surrender", "surrender_cancel", "surrender_answer", "abort",
                        "finish", "substitute", "ai_move", "leave", "preview", "sandbox"}
    assert can["surrender"] and not can["sandbox"] and not can["leave"]
