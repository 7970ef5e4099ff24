from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("game", "0016_room_allow_shared_address_and_sighting"),
    ]

    operations = [
        migrations.AddField(
            model_name="hand",
            name="is_tournament",
            field=models.BooleanField(
                default=False,
                help_text=(
                    "A tournament's hand: no beans and no titles move with it; the entry fee"
                    " and the prizes are the stakes."
                ),
                verbose_name="tournament",
            ),
        ),
    ]
