"""Choosing the app's colours before Textual starts (``swarmtui --theme``, ``NO_COLOR``).

Textual reads ``TEXTUAL_THEME`` when it is first imported, so ``choose_theme`` must run
before anything imports Textual; this module imports it only inside the function, after the
variable is set.
"""

from __future__ import annotations

import os
import sys

THEMES = {"dark": "textual-dark", "light": "textual-light", "ansi": "ansi-dark"}
"""Short names for ``--theme``; any Textual theme name (``ansi-light``, ``nord``, ...) works too."""


class UnknownTheme(ValueError):
    """A ``--theme`` name Textual does not have; the message lists the known ones."""


def choose_theme(name: str | None) -> None:
    """Set Textual's theme for this process (``TEXTUAL_THEME``). Under ``NO_COLOR`` the default
    becomes the terminal-palette theme: Textual then strips every colour (its NoColor filter)
    instead of drawing in shades of grey (its Monochrome filter for the other themes)."""
    chosen = THEMES.get(name, name) if name else ("ansi-dark" if os.environ.get("NO_COLOR") else None)
    if chosen is None:
        return
    if "textual" in sys.modules:
        raise RuntimeError("choose_theme must run before Textual is imported")
    os.environ["TEXTUAL_THEME"] = chosen
    from textual.theme import BUILTIN_THEMES

    if chosen not in BUILTIN_THEMES:
        _restore_default()
        known = ", ".join([*THEMES, *sorted(set(BUILTIN_THEMES) - set(THEMES.values()))])
        raise UnknownTheme(f"unknown theme {name!r} (known: {known})")


def _restore_default() -> None:
    """Undo an unknown theme's ``TEXTUAL_THEME`` (a config file's typo must not stop the app):
    Textual read it into its constants on import, before any App class, so re-read them."""
    import importlib

    import textual.constants

    if os.environ.get("NO_COLOR"):
        os.environ["TEXTUAL_THEME"] = "ansi-dark"
    else:
        os.environ.pop("TEXTUAL_THEME", None)
    importlib.reload(textual.constants)
