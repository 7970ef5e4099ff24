"""The record of every hand (filled in by the live-table work)."""
