"""``--ascii`` for Textual's own drawing: borders, scrollbars, footer keys, the Select arrow.

The boards' glyph sets handle the game pieces; this module covers what Textual draws
itself, which is Unicode by default (box drawing ``╭─╮``, ``═║``, half blocks ``▀▄█``,
footer keys ``⏎ ↑ ↓ ← →``, the Select's ``▼``). Box-drawing and block characters are
East-Asian *ambiguous* width and shear the layout in some terminals and fonts, so ``--ascii``
replaces every border style with Textual's own ``ascii`` style (``+-+ | |``), scrollbar
sub-cell glyphs with blanks, key glyphs with names, and ``▼``/``▲`` with ``v``/``^``.
Behind all of that, a line filter (``AsciiFilter``) transliterates whatever non-ASCII text
is left on screen (a panel's Greek symbols ``α τ``, ``·``, ``×``, arrows) cell for cell, so
the layout keeps its widths: ``α`` -> ``a``, ``·`` -> ``.``, ``→`` -> ``>``, anything
unknown -> ``?`` per cell.

Textual reads these from module-level tables, so the change is process-wide: ``use_ascii``
is called once by the CLI before the app starts (one app per process).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from rich.cells import cell_len
from rich.segment import Segment
from textual import _border, keys
from textual.app import App
from textual.color import Color
from textual.filter import LineFilter
from textual.scrollbar import ScrollBarRender
from textual.widgets._select import SelectCurrent

ASCII_KEY_NAMES = {"up": "up", "down": "down", "left": "left", "right": "right",
                   "backspace": "bksp", "enter": "enter", "tab": "tab"}
ARROWS = {"down-arrow": "v", "up-arrow": "^"}
BLANK_BORDERS = ("", "none", "hidden", "blank", "ascii")
GREEK = dict(zip("αβγδεζηθικλμνξοπρστυφχψωΓΔΘΛΞΠΣΦΨΩ", "abgdezh0iklmnxoprstyfxywGD0LXPSFYW", strict=True))
SYMBOLS = {"·": ".", "•": "*", "×": "x", "÷": "/", "→": ">", "←": "<", "↑": "^", "↓": "v", "—": "-", "–": "-",
           "…": ".", "≤": "<", "≥": ">", "≠": "#", "±": "+", "−": "-", "°": "o", "√": "V", "∞": "8", "Σ": "S",
           "“": '"', "”": '"', "‘": "'", "’": "'", "█": "#", "▓": "#", "▒": "=", "░": ":", "●": "o", "○": "o",
           "◆": "*", "◇": "+", "■": "#", "□": "_", "▲": "^", "▼": "v", "★": "*", "✚": "+", "⏎": "<"}


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
    # Textual has no hook for these two, so ASCII mode wraps its methods in place (once).
    if not getattr(SelectCurrent.compose, "ascii", False):
        SelectCurrent.compose = _ascii_arrows(SelectCurrent.compose)  # type: ignore[method-assign]
    if not getattr(App.get_line_filters, "ascii", False):
        App.get_line_filters = _with_ascii_filter(App.get_line_filters)  # type: ignore[method-assign]


@lru_cache(maxsize=4096)
def ascii_text(text: str) -> str:
    """``text`` in ASCII with the same cell width (see the module docstring)."""
    if text.isascii():
        return text
    return "".join(char if char.isascii() else _ascii_char(char) for char in text)


def _ascii_char(char: str) -> str:
    width = cell_len(char)
    if width == 0:
        return ""
    plain = GREEK.get(char) or SYMBOLS.get(char)
    if plain is None:
        base = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
        plain = base[:1] or "?"
    return plain.ljust(width, plain[-1] if width > 1 else " ")[:width]


class AsciiFilter(LineFilter):
    """The last safety net of ``--ascii``: every segment's text through ``ascii_text``."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [segment if segment.text.isascii() or segment.control
                else Segment(ascii_text(segment.text), segment.style, segment.control)
                for segment in segments]


ASCII_FILTER = AsciiFilter()


def _with_ascii_filter(get_line_filters):
    def ascii_line_filters(self):
        return [*get_line_filters(self), ASCII_FILTER]

    ascii_line_filters.ascii = True
    return ascii_line_filters


def _ascii_arrows(compose):
    def ascii_compose(self):
        for widget in compose(self):
            arrow = next((ARROWS[c] for c in widget.classes if c in ARROWS), None)
            yield type(widget)(arrow, classes=" ".join(widget.classes)) if arrow else widget

    ascii_compose.ascii = True
    return ascii_compose
