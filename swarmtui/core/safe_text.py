"""Text from data, made safe to show: the one function every face uses where data meets a screen.

Player and agent names, reasons, results, traces, result groups, paths, engine replies and
chat lines come from files and network peers. Shown carelessly, ``[/x]`` in a name is parsed
as Rich or Textual markup (a ``MarkupError`` crash, or text that silently vanishes), and an
escape sequence clears the viewer's screen or retitles the terminal. :func:`safe_text` returns
the value as a ``rich.text.Text``:

- **no markup**: a ``Text`` is never parsed as markup, neither by Rich (``Console.print``,
  ``Table`` cells, ``Panel`` titles) nor by Textual (``Static``, ``Label``, ``DataTable``,
  ``OptionList``). Escaping by ``rich.markup.escape`` is not enough: Textual's content markup
  reads square brackets and backslashes differently from Rich's (``[X]``, ``[$var]`` and
  ``[ bold]`` are tags to Textual that ``escape`` leaves alone, and a backslash before ``[``
  escapes differently in each), so no escaped string is right for both. Compose a line with
  ``Text.assemble(("label", "bold"), safe_text(name), ...)``; a sink that takes only a plain
  string (``notify(..., markup=False)``, ``typer.echo``, a screen title) takes ``.plain``.
- **no control characters**: C0 and C1 controls and DEL (ESC, BEL, CSI, backspace ...) are
  removed; a line break, tab or Unicode line/paragraph separator becomes one space, so a value
  stays on its line and cannot forge the next one; bidirectional overrides and isolates
  (which reorder what follows them on the line) are removed.
- **valid Unicode**: a lone surrogate (from ``surrogateescape`` or a JSON ``\\udc80``) becomes
  U+FFFD, so printing it cannot raise ``UnicodeEncodeError``.
- **bounded**: with ``limit``, a value longer than ``limit`` characters is cut and ends in
  ``…``, so a 70,000-character reason does not flood a line.
"""

from __future__ import annotations

import re

from rich.style import StyleType
from rich.text import Text

ELLIPSIS = "…"

_SPACED = re.compile("[\t\n\r\v\f\x1c-\x1e\x85\u2028\u2029]")  # line and paragraph breaks, tabs
_REMOVED = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")  # controls, bidi overrides
_SURROGATE = re.compile("[\ud800-\udfff]")


def safe_text(value: object, style: StyleType = "", *, limit: int | None = None) -> Text:
    """``value`` (``str()`` of it when not a string) as a ``Text`` shown literally, in ``style``.

    Never parsed as markup; control characters removed (line breaks and tabs become spaces);
    lone surrogates replaced by U+FFFD; cut to ``limit`` characters (ending in ``…``) when given.
    """
    text = value if isinstance(value, str) else str(value)
    text = _SURROGATE.sub("\ufffd", _REMOVED.sub("", _SPACED.sub(" ", text)))
    if limit is not None and len(text) > limit:
        text = text[: max(limit - 1, 0)] + ELLIPSIS
    return Text(text, style=style)
