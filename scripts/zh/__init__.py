"""Per-area zh-hans tables for scripts/translations_zh.py (a package only so that mypy names
these modules zh.*, apart from the apps of the same names)."""
