"""game_background may also name an imported background ("original-<n>"): the fixed choices
give way to a validator (the settings form offers the backgrounds that exist), and the
column widens for "original-999". Existing values stay valid."""
from django.db import migrations, models

import players.models.profiles


class Migration(migrations.Migration):

    dependencies = [
        ("players", "0009_merge_ai_level"),
    ]

    operations = [
        migrations.AlterField(
            model_name="playersettings",
            name="game_background",
            field=models.CharField(
                default="plain", max_length=16,
                validators=[players.models.profiles.validate_game_background]),
        ),
    ]
