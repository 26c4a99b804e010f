"""Result tables fold into column groups in a narrow terminal instead of cutting names."""

from __future__ import annotations

import io

from rich.console import Console
from rich.table import Table

from swarmtui.papers.mcguile.presets import HEADERS
from swarmtui.sim.folded import Folded

NAMES = ["velocity-or-dtg", "velocity", "accuracy", "fitness", "velocity+accuracy", "velocity-or-accuracy"]


def _table_4_2() -> Table:
    table = Table(title="Table 4.2: intentions vs Random, seed 0", caption="P1 is the first player named.")
    for header in HEADERS:
        table.add_column(header, justify="left" if header == "pairing" else "right")
    for name in NAMES:
        table.add_row(name, "300", "0", "184 (61%)", "6 (2%)", "110 (37%)", "17.0", "184 (61%)", "6 (2%)",
                      "110 (37%)", "17")
    return table


def _render(width: int) -> str:
    out = io.StringIO()
    Console(file=out, width=width, force_terminal=False, color_system=None).print(Folded(_table_4_2()))
    return out.getvalue()


def test_at_80_columns_every_name_and_cell_is_whole_and_no_line_is_too_long():
    text = _render(80)
    assert "…" not in text
    assert all(len(line) <= 80 for line in text.splitlines())
    lines = text.splitlines()
    for name in NAMES:
        assert any(f"│ {name} " in line for line in lines), name
    assert "(continued)" in text
    assert text.count("184 (61%)") == 2 * len(NAMES)


def test_a_wide_terminal_gets_the_table_in_one_piece_with_headers_on_one_line():
    text = _render(200)
    assert "(continued)" not in text and "…" not in text
    assert "thesis moves to win" in text


def test_even_a_very_narrow_terminal_cuts_nothing():
    text = _render(40)
    assert "…" not in text
    assert all(len(line) <= 40 for line in text.splitlines())
