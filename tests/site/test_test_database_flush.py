"""The flush that ends every transactional test (tests/conftest.py deletes the rows instead
of truncating the tables on PostgreSQL) leaves every table empty, whatever refers to what."""
import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import connection

from games import services as gs
from players.inbox.services import message_send
from tests.conftest import KEPT_BY_THE_FLUSH
from tests.games.conftest import make_deck


@pytest.mark.django_db(transaction=True)
def test_the_flush_empties_every_table_rows_that_refer_to_each_other_included(alice, bob):
    game = gs.challenge_create(challenger=alice, opponent=bob, deck=make_deck(alice, name="A"))
    gs.challenge_accept(game_id=game.pk, player=bob, deck=make_deck(bob, name="B", starter=1))
    message_send(author=bob, recipient=alice, subject="hi", body="hello")
    # (the content types and permissions are the migrations': they stay, with their ids)
    tables = [m for m in apps.get_models() if m._meta.managed and not m._meta.proxy]
    kept = [m for m in tables if m._meta.db_table in KEPT_BY_THE_FLUSH]
    models = [m for m in tables if m not in kept]
    assert len(kept) == len(KEPT_BY_THE_FLUSH)
    assert sum(m.objects.exists() for m in models) >= 6  # players, users, decks, games...
    before = {m: sorted(m.objects.values_list("pk", flat=True)) for m in kept}

    call_command("flush", verbosity=0, interactive=False)

    assert [m.__name__ for m in models if m.objects.exists()] == []
    if connection.vendor == "postgresql":  # (SQLite's flush is Django's own)
        assert {m: sorted(m.objects.values_list("pk", flat=True)) for m in kept} == before


@pytest.mark.django_db
def test_every_foreign_key_is_checked_at_the_commit():
    """The deletes run in table order, not in the order the keys ask for: a key checked at
    once (a migration's own SQL, say) would refuse them."""
    if connection.vendor != "postgresql":
        pytest.skip("SQLite's flush is Django's own")
    with connection.cursor() as cursor:
        cursor.execute("SELECT conrelid::regclass::text, conname FROM pg_constraint"
                       " WHERE contype = 'f' AND NOT (condeferrable AND condeferred)")
        assert cursor.fetchall() == []
