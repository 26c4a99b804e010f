"""Headless matches and batches: the same engines as the TUI, without a screen."""
