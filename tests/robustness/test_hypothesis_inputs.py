"""Generated input for the two richest parsers: deck files and game moves."""
import json

import pytest
from django import forms
from django.core.files.uploadedfile import SimpleUploadedFile
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from decks.models import Deck
from games.models import Game, Turn

from .conftest import client_for, problems_of

pytestmark = pytest.mark.django_db
FEW = settings(max_examples=40, deadline=None,
               suppress_health_check=[HealthCheck.function_scoped_fixture,
                                      HealthCheck.too_slow])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-10**30, max_value=10**30)
    | st.floats(allow_nan=False) | st.text(max_size=40),
    lambda children: st.lists(children, max_size=16)
    | st.dictionaries(st.text(max_size=10), children, max_size=6),
    max_leaves=60)
card_lists = st.lists(st.integers(min_value=-5, max_value=1200) | json_values, max_size=17)
deck_files = st.fixed_dictionaries(
    {"format": st.sampled_from(["marcomage-deck", "other", ""]) | json_values,
     "version": st.sampled_from([1, 2, "1", 1.0]) | json_values},
    optional={"name": st.text(max_size=60) | json_values,
              "cards": st.fixed_dictionaries({}, optional={
                  "common": card_lists, "uncommon": card_lists, "rare": card_lists,
                  "epic": card_lists}) | json_values,
              "tokens": st.lists(st.sampled_from(["none", "Alliance", "Bogus"]) | json_values,
                                 max_size=5) | json_values,
              "note": st.text(max_size=80) | json_values})


@FEW
@given(content=deck_files.map(lambda d: json.dumps(d).encode()) | st.binary(max_size=300),
       name=st.text(max_size=50))
def test_any_deck_file_is_imported_whole_or_refused_whole(world, content, name):
    before = set(Deck.objects.filter(player=world.alice).values_list("pk", flat=True))
    upload = SimpleUploadedFile("deck.json", content, content_type="application/json")
    response = client_for(world.alice).post("/decks/import/", {"file": upload, "name": name})
    assert not problems_of(response, label="import")
    after = set(Deck.objects.filter(player=world.alice).values_list("pk", flat=True))
    if response.status_code == 302 and "/decks/" in response["Location"] and after != before:
        created = after - before
        assert len(created) == 1
        Deck.objects.filter(pk__in=created).delete()  # keep a slot free for the next example
    else:
        assert after == before


form_values = st.text(max_size=30) | st.integers(min_value=-10**25, max_value=10**25).map(str)


@FEW
@given(form=st.dictionaries(
    st.sampled_from(["position", "play_position", "mode", "mode_1", "mode_2", "action",
                     "version"]), form_values, max_size=7),
    htmx=st.booleans())
def test_any_move_form_moves_at_most_once_and_never_fails(world, form, htmx):
    game = Game.objects.get(pk=world.games["running"].pk)
    mover = game.player1 if game.current_seat == 0 else game.player2
    turns = Turn.objects.filter(game=game).count()
    headers = {"HX-Request": "true"} if htmx else {}
    response = client_for(mover).post(f"/games/{game.pk}/move/", form, headers=headers)
    assert not problems_of(response, label=f"move {form!r}", fragment_ok=htmx)
    game.refresh_from_db()
    moved = Turn.objects.filter(game=game).count() - turns
    assert moved in (0, 1)
    if moved:  # a move happens only on the version of the page, which the form must name
        assert forms.IntegerField().clean(form.get("version")) == game.version - 1
