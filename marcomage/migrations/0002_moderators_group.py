"""The "Moderators" group and its permissions (players.roles explains the roles).

Django creates permissions after all migrations ran (post_migrate); this migration creates
the ones it needs first, so the group is complete on a fresh database too. The list equals
players.roles.MODERATOR_PERMISSIONS (a migration must not import app code).
"""
from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUP = "Moderators"
PERMISSIONS = (
    ("forum", "moderate_forum"),
    ("concepts", "review_concept"),
    ("players", "mute_player"),
)


def create_group(apps, schema_editor):
    for label in sorted({app for app, _ in PERMISSIONS}):
        app_config = apps.get_app_config(label)
        # create_permissions skips an app whose models module is unset, as it is in a
        # migration's state; put the old value back (the tests call this with the live apps).
        models_module = getattr(app_config, "models_module", None)
        app_config.models_module = models_module or True
        try:
            create_permissions(app_config, apps=apps, verbosity=0)
        finally:
            app_config.models_module = models_module
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name=GROUP)
    for app_label, codename in PERMISSIONS:
        group.permissions.add(Permission.objects.get(content_type__app_label=app_label,
                                                     codename=codename))


def remove_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=GROUP).delete()


class Migration(migrations.Migration):

    dependencies = [
        ("marcomage", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("players", "0005_mutes_and_bans"),
        ("forum", "0004_moderate_forum_permission"),
        ("concepts", "0003_review_concept_permission"),
    ]

    operations = [migrations.RunPython(create_group, remove_group)]
