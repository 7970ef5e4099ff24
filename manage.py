#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys


def main() -> None:
    if sys.version_info < (3, 12):  # noqa: UP036 - say so clearly on an old Python
        sys.exit(
            "Python 3.12 or newer is required (Django 6). Install it, e.g. `pyenv install 3.12`, "
            "then run `make run` again."
        )
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baohuang_site.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
