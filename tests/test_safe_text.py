"""``core.safe_text``: any value shown literally by Rich and by Textual, never as markup or escapes.

The fuzzer draws strings rich in markup brackets, backslashes, escape sequences, bidi
overrides and lone surrogates, and checks both renderers show exactly the cleaned text.
"""

from __future__ import annotations

import io
import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.table import Table
from rich.text import Text
from textual.content import Content

from swarmtui.core.safe_text import safe_text

HOSTILE = ["[/x]", "[bold]", "[X]", "[$accent]", "[ bold]", "[@click=app.quit]q[/]", "\\", "\\[b]",
           "\x1b]0;pwned\x07", "\x1b[2J\x1b[H", "\x9b2J", "\u202eevil", "\ud800", "\udc80", "\n", "\r",
           "\t", "\x00", "\x7f", "\u2028", "名前", "😀", " "]


def _printed(renderable: object, width: int = 400) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None, highlight=False, soft_wrap=True).print(renderable)
    return out.getvalue()


def test_markup_is_shown_literally_by_rich_and_textual():
    for value in ("[/x]", "a [X] b", "[$accent]x", "[ bold]x", "\\[b]x\\", "[@click=app.quit]q[/]"):
        shown = safe_text(value)
        assert shown.plain == value
        assert _printed(Text.assemble(("label: ", "bold"), shown)) == f"label: {value}\n"
        assert Content.from_rich_text(shown).plain == value


def test_escape_sequences_and_breaks_cannot_reach_the_terminal():
    assert safe_text("\x1b]0;pwned\x07name\x1b[2J").plain == "]0;pwnedname[2J"
    assert safe_text("one\ntwo\r\nthree\tfour\u2028five").plain == "one two  three four five"
    assert safe_text("\x9b31mred\x85next").plain == "31mred next"
    assert safe_text("abc\u202edcba\u2066x\u2069").plain == "abcdcbax"


def test_lone_surrogates_become_replacement_characters_and_print():
    shown = safe_text("a\udc80b\ud800")
    assert shown.plain == "a\ufffdb\ufffd"
    assert _printed(shown).encode("utf-8")  # encodable: no UnicodeEncodeError


def test_any_value_is_shown_as_its_str_and_a_limit_cuts_it():
    assert safe_text(42).plain == "42"
    assert safe_text(None).plain == "None"
    assert safe_text("x" * 100, limit=10).plain == "x" * 9 + "…"
    assert safe_text("short", limit=10).plain == "short"
    assert safe_text("red", "bold red").style == "bold red"


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(HOSTILE), st.text(max_size=6)), max_size=8).map("".join))
def test_fuzz_any_text_is_shown_exactly_as_its_cleaned_self(value):
    shown = safe_text(value)
    cleaned = shown.plain
    assert not any(unicodedata.category(c) in ("Cc", "Cs") for c in cleaned)
    assert not set(cleaned) & set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2028\u2029")
    assert Content.from_rich_text(shown).plain == cleaned
    line = Text.assemble(("[bold]", "bold"), shown, "[/bold]")
    assert _printed(line) == f"[bold]{cleaned}[/bold]\n"
    table = Table("name")
    table.add_row(shown)
    assert cleaned.strip() in _printed(table, width=2000) or not cleaned.strip()


def test_a_composed_text_is_cleaned_with_its_styles_and_line_breaks_kept():
    frame = Text("heading\n", "bold")
    frame.append("name \x1b]0;x\x07[/x]", "red")
    frame.append("\nnext \udc80 line")
    shown = safe_text(frame)
    assert shown.plain == "heading\nname ]0;x[/x]\nnext \ufffd line"
    assert [shown.plain[s.start:s.end] for s in shown.spans] == ["name ]0;x[/x]"]
    assert shown.style == frame.style and frame.plain.startswith("heading\nname \x1b")  # the original is unchanged


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.one_of(st.sampled_from(HOSTILE), st.text(max_size=5)),
                          st.sampled_from(["", "bold", "red"])), max_size=8))
def test_fuzz_a_composed_text_keeps_each_piece_in_its_style(pieces):
    frame = Text()
    for piece, style in pieces:
        frame.append(piece, style)
    shown = safe_text(frame)
    expected = "\n".join(safe_text(part).plain for part in frame.plain.split("\n"))
    assert shown.plain == expected
    styled = [(s.style, shown.plain[s.start:s.end]) for s in shown.spans]
    def cleaned(part: str) -> str:
        return "\n".join(safe_text(line).plain for line in part.split("\n"))

    assert styled == [(s.style, cleaned(frame.plain[s.start:s.end])) for s in frame.spans]
