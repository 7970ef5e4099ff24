"""``manage.py audit_beans``: every balance equals the sum of its ledger rows, and each row's
``balance_after`` follows from the one before. Prints each difference; exits 1 if any."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from accounts.services import audit_beans


class Command(BaseCommand):
    help = "Check every player's beans against the ledger; report each difference."

    def handle(self, *args: Any, **options: Any) -> None:
        problems = audit_beans()
        for problem in problems:
            self.stdout.write(str(problem))
        if problems:
            raise CommandError(f"{len(problems)} difference(s) between balances and the ledger")
        self.stdout.write(self.style.SUCCESS("Every balance equals its ledger."))
