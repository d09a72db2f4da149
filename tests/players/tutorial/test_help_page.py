"""The help page documents the tutorial levels, rating, awards, shop and settings."""
from django.urls import reverse


def test_help_lists_the_tutorial_level_of_every_section(client, db):
    page = client.get(reverse("help")).content.decode()
    assert "<td>Decks</td><td>1</td>" in page
    assert "<td>Cards</td><td>2</td>" in page
    assert "<td>Shop</td><td>from the start</td>" in page
    assert "<td>Replays</td><td>3</td>" in page
    assert "<td>Statistics</td><td>6</td>" in page
    assert "<td>Novels</td><td>4</td>" in page
    assert "<td>Concepts</td><td>5</td>" in page
    assert "<td>Forum</td><td>from the start</td>" in page
    assert "level 10 → 1500" in page
    assert "Survivor" in page and "Grandmaster" in page
    assert 'id="settings"' in page and "Time zone" in page
