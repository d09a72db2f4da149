"""The game chat's services."""

import pytest

from games import services as gs
from tests.games.conftest import player_on_turn

pytestmark = pytest.mark.django_db


# ---------------------------------------------------------------- chat
class TestChat:
    def test_only_players_write_and_text_is_checked(self, started_game, carol):
        game = started_game()
        with pytest.raises(gs.GameError, match="Only the two players"):
            gs.chat_post(game_id=game.pk, player=carol, body="hi")
        with pytest.raises(gs.GameError, match="Write something"):
            gs.chat_post(game_id=game.pk, player=game.player1, body="   ")
        with pytest.raises(gs.GameError, match="at most"):
            gs.chat_post(game_id=game.pk, player=game.player1, body="x" * 1001)
        line = gs.chat_post(game_id=game.pk, player=game.player1,
                            body="[i]hi[/i]\n<b>raw</b>")
        assert "&lt;b&gt;raw" in line.body_html and "<b>raw" not in line.body_html

    def test_chat_does_not_make_the_movers_page_stale(self, started_game):
        game = started_game()
        version = game.version
        waiting = game.player2 if game.current_seat == 0 else game.player1
        gs.chat_post(game_id=game.pk, player=waiting, body="good luck")
        gs.game_discard_card(game_id=game.pk, player=player_on_turn(game), version=version,
                             position=1)
