""""Download my data", through the player's own doors: the Your data page, its button, the
site message, the download, and nobody else's download.

The export is queued work: here Celery is eager and hands it to the process's background
queue (``local_exports``), which the tests run with ``drain()`` (their data lives in a
transaction other threads cannot see).
"""
import io
import json
import zipfile
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from forum import services as forum_services
from games import services as gs
from marcomage.privacy.exports import export_path, local_exports
from marcomage.privacy.models import DataExport
from marcomage.privacy.tasks import privacy_expired_task
from players.inbox.services import message_send
from players.models import Message
from players.tokens.services import token_create
from tests.conftest import PASSWORD
from tests.games.conftest import make_deck
from tests.security.conftest import start_game

pytestmark = pytest.mark.django_db

DECK_NOTE = "alice-deck-note-export-1a2b"
CHAT_LINE = "alice-chat-export-3c4d"
NOTE = "alice-game-note-export-5e6f"
TO_BOB = "alice-to-bob-export-7a8b"
TO_ALICE = "bob-to-alice-export-9c0d"


def _login(player) -> Client:
    client = Client()
    response = client.post(reverse("login"), {"username": player.name, "password": PASSWORD})
    assert response.status_code == 302, response.content[:300]
    return client


@pytest.fixture
def alices_world(alice, bob):
    for player in (alice, bob):
        player.level = 10
        player.save(update_fields=["level"])
    deck = make_deck(alice, name="Alice's own")
    type(deck).objects.filter(pk=deck.pk).update(note=DECK_NOTE)
    game = start_game(alice, bob, hidden=True)
    gs.chat_post(game_id=game.pk, player=alice, body=CHAT_LINE)
    gs.game_note_save(game_id=game.pk, player=alice, text=NOTE)
    message_send(author=alice, recipient=bob, subject="hi bob", body=TO_BOB)
    message_send(author=bob, recipient=alice, subject="hi alice", body=TO_ALICE)
    forum_services.thread_create(section="general", author=alice, title="Alice asks",
                                 body="Alice's forum post")
    token_create(player=alice, name="alice's script", scopes=["read"])
    return game


@pytest.fixture
def ask(django_capture_on_commit_callbacks):
    """POST "Prepare my data" as the page's button does, its queued work handed on at
    commit (the test's transaction never commits)."""
    def _ask(client, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return client.post(reverse("privacy:export"), **kwargs)
    return _ask


def _archive(response) -> dict:
    content = b"".join(response.streaming_content)
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        return {name: (archive.read(name).decode() if name.endswith(".txt")
                       else json.loads(archive.read(name)))
                for name in archive.namelist()}


def test_a_player_downloads_her_data_announced_by_a_message(alice, bob, alices_world, ask):
    client = _login(alice)
    page = client.get(reverse("privacy:data"))
    assert page.status_code == 200 and b"Prepare my data" in page.content
    # Reached from the settings page.
    assert reverse("privacy:data").encode() in client.get(reverse("players:settings")).content

    asked = ask(client, follow=True)
    assert b"being prepared" in asked.content
    assert DataExport.objects.get(player=alice).status == DataExport.Status.QUEUED
    assert local_exports.drain() == 1

    notice = Message.objects.filter(recipient=alice, author=None).latest("pk")
    assert "ready" in notice.subject
    assert f'href="{reverse("privacy:data")}"' in notice.body_html
    export = DataExport.objects.get(player=alice)
    assert export.status == DataExport.Status.DONE
    assert export.expires_at > timezone.now() + timedelta(days=6)

    page = client.get(reverse("privacy:data"))
    download_url = reverse("privacy:download", args=[export.pk])
    assert download_url.encode() in page.content
    response = client.get(download_url)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    assert "attachment" in response["Content-Disposition"]
    files = _archive(response)

    assert files["profile.json"]["name"] == "alice"
    assert any(d["note"] == DECK_NOTE for d in files["decks.json"])
    assert [g["id"] for g in files["games.json"]] == [alices_world.pk]
    assert files["games.json"][0]["opponent"] == "bob"
    assert CHAT_LINE in {line["body"] for line in files["game_chat.json"]}
    assert files["game_notes.json"][0]["text"] == NOTE
    assert TO_ALICE in {m["body"] for m in files["messages_received.json"]}
    assert TO_BOB in {m["body"] for m in files["messages_sent.json"]}
    assert files["forum_threads.json"][0]["title"] == "Alice asks"
    assert files["api_tokens.json"][0]["name"] == "alice's script"
    assert "settings.json" in files and "README.txt" in files
    everything = json.dumps({k: v for k, v in files.items() if k != "README.txt"})
    # Never the game's hidden state (bob's hand, the decks, the generator), nor a token's hash.
    assert '"state"' not in everything and "secret_hash" not in everything
    assert "hand" not in everything


def test_only_the_owner_downloads_and_only_until_it_expires(alice, bob, alices_world, ask):
    client = _login(alice)
    ask(client)
    local_exports.drain()
    export = DataExport.objects.get(player=alice)
    url = reverse("privacy:download", args=[export.pk])
    assert _login(bob).get(url).status_code == 404
    anonymous = Client().get(url)
    assert anonymous.status_code == 302 and anonymous.url.startswith(reverse("login"))
    assert client.get(url).status_code == 200

    path = export_path(export)
    assert path.exists()
    DataExport.objects.filter(pk=export.pk).update(expires_at=timezone.now() - timedelta(minutes=1))
    assert client.get(url).status_code == 404
    assert privacy_expired_task.apply().get()["exports_deleted"] == 1
    assert not path.exists() and not DataExport.objects.filter(pk=export.pk).exists()


def test_one_export_at_a_time_and_one_an_hour(alice, alices_world, ask):
    client = _login(alice)
    ask(client)
    second = ask(client, follow=True)
    assert b"being prepared" in second.content
    assert DataExport.objects.filter(player=alice).count() == 1
    local_exports.drain()
    third = ask(client, follow=True)
    assert b"less than an hour ago" in third.content
    assert DataExport.objects.filter(player=alice).count() == 1


def test_an_export_is_not_built_twice_nor_lost(alice, alices_world, ask):
    from marcomage.privacy.exports import export_build, exports_requeue_stalled
    ask(_login(alice))
    export = DataExport.objects.get(player=alice)
    local_exports.discard_waiting()  # as if the task were lost (a broker that was down)
    DataExport.objects.filter(pk=export.pk).update(
        requested_at=timezone.now() - timedelta(minutes=11))
    assert exports_requeue_stalled() == 1
    assert local_exports.drain() == 1
    built = DataExport.objects.get(pk=export.pk)
    assert built.status == DataExport.Status.DONE
    export_build(export.pk)  # a repeat of the task
    assert DataExport.objects.get(pk=export.pk).file_name == built.file_name
    assert Message.objects.filter(recipient=alice, author=None,
                                  subject__contains="ready").count() == 1
