"""Guards of marcomage/prepared.py (docs/decisions/0001-prepared.md).

tests/site/test_prepared_queries.py is the main guard: every prepared query of the site run
both ways, its SQL and results against the ORM's, the compiler's internals it reads, and on
PostgreSQL the server-side PREPARE. Here: the version range, and the one internal it
rewires rather than reads (``RelatedPopulator.remote_setter``), with a prepared row against
the ORM's on whatever database the tests run.
"""
import pytest
from django.db.models.query import RelatedPopulator, get_related_populators

from decks import services as deck_services
from decks.models import Deck
from games import services as gs
from games.models import Game
from marcomage.prepared import PreparedQuery, _no_back_link, _one_way
from tests.factories import PlayerFactory

from .pins import assert_checked_with

RECORD = "0001-prepared.md"


def test_django_is_a_version_the_fork_was_checked_with():
    assert_checked_with("Django", "5.2", "5.3", RECORD)


def _populators():
    compiler = Game.objects.select_related("player1__user").filter(pk=1).query.get_compiler(
        using="default")
    compiler.as_sql()
    return get_related_populators(compiler.klass_info, compiler.select, "default")


def test_the_populators_link_back_through_the_attribute_it_replaces():
    [populator] = _populators()
    assert isinstance(populator, RelatedPopulator)
    assert callable(populator.remote_setter) and len(populator.related_populators) == 1
    [one_way] = _one_way(_populators())
    assert one_way.remote_setter is one_way.related_populators[0].remote_setter is _no_back_link


@pytest.mark.django_db
def test_a_prepared_row_is_the_orms_without_the_links_back(django_capture_on_commit_callbacks):
    alice, bob = PlayerFactory(), PlayerFactory()
    for player in (alice, bob):
        deck_services.decks_give_starters(player)
    deck = {p: Deck.objects.filter(player=p, is_ready=True).order_by("pk").first()
            for p in (alice, bob)}
    with django_capture_on_commit_callbacks(execute=True):
        game = gs.challenge_create(challenger=alice, opponent=bob, deck=deck[alice])
        gs.challenge_accept(game_id=game.pk, player=bob, deck=deck[bob])

    def build(pk):
        return Game.objects.select_related("player1__user", "player2__user").filter(pk=pk)
    prepared = PreparedQuery(build)
    found, expected = prepared.get(game.pk), build(game.pk).get()
    for field in Game._meta.concrete_fields:
        assert getattr(found, field.attname) == getattr(expected, field.attname), field
    for seat in ("player1", "player2"):
        mine, theirs = getattr(found, seat), getattr(expected, seat)
        assert (mine.pk, mine.user.pk, mine.user.username) == (
            theirs.pk, theirs.user.pk, theirs.user.username)
        # No link back from the user to its player (a cycle each): asked, it is a query.
        assert not type(mine.user).player.is_cached(mine.user)
    rows = PreparedQuery(lambda pk: Game.objects.filter(pk=pk).values_list("pk", "version"))
    assert rows.rows(game.pk) == list(Game.objects.filter(pk=game.pk).values_list(
        "pk", "version"))
