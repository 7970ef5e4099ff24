"""Every account's username as compared for look-alikes (accounts.usernames). Existing
accounts keep their names, look-alike ones too: the key is not unique, and a new name is
refused when it matches any of them (docs/SECURITY.md, look-alike names)."""

from typing import Any

from django.db import migrations, models

from accounts.usernames import username_key


def fill_keys(apps: Any, schema_editor: Any) -> None:
    User = apps.get_model("accounts", "User")
    for user in User.objects.only("pk", "username").iterator():
        User.objects.filter(pk=user.pk).update(username_key=username_key(user.username))


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0008_ledger_prop_kind"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="username_key",
            field=models.CharField(
                db_index=True,
                default="",
                editable=False,
                max_length=600,
                verbose_name="username as compared",
            ),
        ),
        migrations.RunPython(fill_keys, migrations.RunPython.noop),
    ]
