"""``--ascii`` for Textual's own drawing: borders, scrollbars, footer keys, the Select arrow.

The boards' glyph sets handle the game pieces; this module covers what Textual draws
itself, which is Unicode by default (box drawing ``╭─╮``, ``═║``, half blocks ``▀▄█``,
footer keys ``⏎ ↑ ↓ ← →``, the Select's ``▼``). Box-drawing and block characters are
East-Asian *ambiguous* width and shear the layout in some terminals and fonts, so ``--ascii``
replaces every border style with Textual's own ``ascii`` style (``+-+ | |``), scrollbar
sub-cell glyphs with blanks, key glyphs with names, and ``▼``/``▲`` with ``v``/``^``.

Textual reads these from module-level tables, so the change is process-wide: ``use_ascii``
is called once by the CLI before the app starts (one app per process).
"""

from __future__ import annotations

from textual import _border, keys
from textual.scrollbar import ScrollBarRender
from textual.widgets._select import SelectCurrent

ASCII_KEY_NAMES = {"up": "up", "down": "down", "left": "left", "right": "right",
                   "backspace": "bksp", "enter": "enter", "tab": "tab"}
ARROWS = {"down-arrow": "v", "up-arrow": "^"}
BLANK_BORDERS = ("", "none", "hidden", "blank", "ascii")


def use_ascii() -> None:
    """Switch Textual's borders, scrollbars, key names and Select arrows to ASCII (idempotent)."""
    for name in list(_border.BORDER_CHARS):
        if name not in BLANK_BORDERS:
            _border.BORDER_CHARS[name] = _border.BORDER_CHARS["ascii"]
    _border.get_box.cache_clear()
    ScrollBarRender.VERTICAL_BARS = [" "] * len(ScrollBarRender.VERTICAL_BARS)
    ScrollBarRender.HORIZONTAL_BARS = [" "] * len(ScrollBarRender.HORIZONTAL_BARS)
    keys.KEY_DISPLAY_ALIASES.update(ASCII_KEY_NAMES)
    keys.format_key.cache_clear()
    if not getattr(SelectCurrent.compose, "ascii", False):
        SelectCurrent.compose = _ascii_arrows(SelectCurrent.compose)


def _ascii_arrows(compose):
    def ascii_compose(self):
        for widget in compose(self):
            arrow = next((ARROWS[c] for c in widget.classes if c in ARROWS), None)
            yield type(widget)(arrow, classes=" ".join(widget.classes)) if arrow else widget

    ascii_compose.ascii = True
    return ascii_compose
