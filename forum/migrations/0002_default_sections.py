"""The forum's starting sections (the admin can rename, reorder or add more)."""
from django.db import migrations

SECTIONS = [
    ("general", "General", "Talk about anything MArcomage: news, greetings, ideas for the site.", 10),
    ("game", "Game and rules", "Strategy, decks that work, rule questions and how cards behave.", 20),
    ("concepts", "Card concepts", "Discussion threads of the cards players suggest in Concepts.", 30),
    ("development", "Development and bugs", "Report something broken or odd, and follow what changes.", 40),
    ("off-topic", "Off-topic", "Everything that is not about the game. Keep it friendly.", 50),
]


def create_sections(apps, schema_editor):
    ForumSection = apps.get_model("forum", "ForumSection")
    for slug, name, description, position in SECTIONS:
        ForumSection.objects.get_or_create(
            slug=slug, defaults={"name": name, "description": description, "position": position})


def remove_sections(apps, schema_editor):
    ForumSection = apps.get_model("forum", "ForumSection")
    ForumSection.objects.filter(slug__in=[row[0] for row in SECTIONS], threads__isnull=True).delete()


class Migration(migrations.Migration):
    dependencies = [("forum", "0001_forum_models")]

    operations = [migrations.RunPython(create_sections, remove_sections)]
