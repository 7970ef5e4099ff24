"""Benchmarks of the site: not tests, figures for docs/PERFORMANCE.md (see bench/README.md).

Run from the project root as ``.venv/bin/python -m bench NAME [options]``.
"""
