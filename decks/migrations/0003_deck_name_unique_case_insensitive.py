import django.db.models.functions.text
from django.db import migrations, models


def rename_case_duplicates(apps, schema_editor):
    """Decks named alike but for case (possible before this constraint) get a numbered name."""
    Deck = apps.get_model("decks", "Deck")
    seen = set()
    for deck in Deck.objects.order_by("player_id", "pk"):
        key = (deck.player_id, deck.name.lower())
        if key not in seen:
            seen.add(key)
            continue
        n = 2
        while (deck.player_id, f"{deck.name} ({n})".lower()) in seen:
            n += 1
        deck.name = f"{deck.name} ({n})"
        seen.add((deck.player_id, deck.name.lower()))
        deck.save(update_fields=["name"])


class Migration(migrations.Migration):

    dependencies = [
        ("decks", "0002_initial"),
        ("players", "0003_inbox_seen_and_newbie_default"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="deck",
            name="deck_name_unique_per_player",
        ),
        migrations.RunPython(rename_case_duplicates, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="deck",
            constraint=models.UniqueConstraint(
                models.F("player"), django.db.models.functions.text.Lower("name"),
                name="deck_name_unique_per_player_ci"),
        ),
    ]
