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
from rich.text import Span, Text

ELLIPSIS = "…"

_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
"""Controls (C0, DEL, C1), line and paragraph separators, bidi overrides and isolates, surrogates."""
_SPACED = frozenset("\t\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")
"""Line and paragraph breaks and tabs: each becomes one space (the rest of ``_UNSAFE`` goes)."""


def _replacement(char: str) -> str:
    if char in _SPACED:
        return " "
    return "\ufffd" if "\ud800" <= char <= "\udfff" else ""


def safe_text(value: object, style: StyleType = "", *, limit: int | None = None) -> Text:
    """``value`` (``str()`` of it when not a string) as a ``Text`` shown literally, in ``style``.

    Never parsed as markup; control characters removed (line breaks and tabs become spaces);
    lone surrogates replaced by U+FFFD; cut to ``limit`` characters (ending in ``…``) when given.

    A ``Text`` that our code composed around data (a deliberation frame built from a trace)
    is cleaned the same way with its styles kept where they were, and its own line breaks kept:
    they are its layout (``style`` and ``limit`` do not apply to it).
    """
    if isinstance(value, Text):
        return _cleaned(value)
    text = value if isinstance(value, str) else str(value)
    text = _UNSAFE.sub(lambda match: _replacement(match.group()), text)
    if limit is not None and len(text) > limit:
        text = text[: max(limit - 1, 0)] + ELLIPSIS
    return Text(text, style=style)


def _cleaned(text: Text) -> Text:
    """A copy of ``text`` with ``_UNSAFE`` characters other than line breaks replaced, its spans
    moved to the same characters (a replacement is one character or none)."""
    plain = text.plain
    found = [m for m in _UNSAFE.finditer(plain) if m.group() != "\n"]
    if not found:
        return text.copy()
    pieces, dropped, start = [], [0] * (len(plain) + 1), 0
    for match in found:
        at = match.start()
        new = _replacement(match.group())
        pieces += [plain[start:at], new]
        dropped[at + 1] = 1 - len(new)
        start = at + 1
    pieces.append(plain[start:])
    for i in range(1, len(dropped)):  # characters dropped before each position
        dropped[i] += dropped[i - 1]
    cleaned = text.blank_copy("".join(pieces))
    cleaned.spans = [Span(s.start - dropped[s.start], s.end - dropped[s.end], s.style) for s in text.spans]
    return cleaned
