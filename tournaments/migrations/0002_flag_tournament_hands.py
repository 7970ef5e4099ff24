"""The hands the tournaments dealt before ``Hand.is_tournament`` existed were stored as
guests' hands (``is_guest``, to move no beans); each is the hand of a ``Play``, which tells
them apart from a visitor's trial hands: they get the tournament flag instead."""

from django.apps.registry import Apps
from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor


def flag(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Hand = apps.get_model("game", "Hand")
    Play = apps.get_model("tournaments", "Play")
    played = Play.objects.values("hand_id")
    Hand.objects.filter(pk__in=played).update(is_tournament=True, is_guest=False)


def unflag(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Hand = apps.get_model("game", "Hand")
    Play = apps.get_model("tournaments", "Play")
    played = Play.objects.values("hand_id")
    Hand.objects.filter(pk__in=played).update(is_tournament=False, is_guest=True)


class Migration(migrations.Migration):
    dependencies = [
        ("game", "0017_hand_is_tournament"),
        ("tournaments", "0001_initial"),
    ]

    operations = [migrations.RunPython(flag, unflag)]
