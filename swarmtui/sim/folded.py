"""Wide result tables that stay readable in a narrow terminal or a pipe: fold, never cut.

Rich shrinks a table that is wider than the console by wrapping headers and cutting cells with
an ellipsis, so at 80 columns every pairing name of Hive's Table 4.2 read ``vel…``. ``Folded``
renders the table unchanged when it fits; otherwise it splits the columns into consecutive
groups that each fit, repeating the first (label) column in every group, the way a wide data
frame is printed. No cell is ever cut: a cell wider than the whole console wraps (``fold``).
"""

from __future__ import annotations

from collections.abc import Iterator

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Column, Table
from rich.text import Text

# A column's border and padding in Rich's default box: "│ " before, " " after.
COLUMN_FRAME = 3


def _natural_width(console: Console, options: ConsoleOptions, column: Column, wrap_header: bool = True) -> int:
    """The width a column needs with no cell cut: its widest cell, or its header (its longest word
    when the header may wrap)."""
    widest = 0
    for cell in column.cells:
        widest = max(widest, Measurement.get(console, options, cell).maximum)
    header = column.header if isinstance(column.header, str) else (
        column.header.plain if isinstance(column.header, Text) else "")
    words = [len(word) for word in header.split()] or [0]
    return max(widest, max(words) if wrap_header else len(header))


def _column_groups(widths: list[int], room: int) -> list[list[int]]:
    """Indices of the columns after the first, packed greedily into groups that fit ``room``."""
    label = widths[0] + COLUMN_FRAME
    groups: list[list[int]] = [[]]
    used = label
    for index in range(1, len(widths)):
        need = widths[index] + COLUMN_FRAME
        if groups[-1] and used + need > room:
            groups.append([])
            used = label
        groups[-1].append(index)
        used += need
    return groups


def _subtable(table: Table, widths: list[int], columns: list[int], part: int, parts: int) -> Table:
    title = table.title if part == 0 else (Text.assemble(table.title, " (continued)") if table.title else None)
    sub = Table(title=title, title_justify=table.title_justify, box=table.box, show_header=table.show_header,
                caption=table.caption if part == parts - 1 else None, caption_justify=table.caption_justify)
    chosen = [table.columns[0], *(table.columns[i] for i in columns)]
    for index, column in zip([0, *columns], chosen, strict=True):
        sub.add_column(column.header, justify=column.justify, overflow="fold", min_width=widths[index],
                       max_width=widths[index])
    for cells in zip(*(list(column.cells) for column in chosen), strict=True):
        sub.add_row(*cells)
    return sub


class Folded:
    """A Rich renderable: ``table`` as it is when it fits the console, in column groups when not."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def parts(self, console: Console, options: ConsoleOptions) -> list[Table]:
        """The tables to print one after another at this console width."""
        table = self.table
        if not table.columns:
            return [table]
        room = options.max_width - 1
        spread = [_natural_width(console, options, column, wrap_header=False) for column in table.columns]
        if sum(spread) + COLUMN_FRAME * len(spread) <= room:
            return [table]
        widths = [_natural_width(console, options, column) for column in table.columns]
        if sum(widths) + COLUMN_FRAME * len(widths) <= room or len(widths) == 1:
            for column, width in zip(table.columns, widths, strict=True):
                column.overflow, column.min_width, column.max_width = "fold", width, width
            return [table]
        groups = _column_groups(widths, room)
        return [_subtable(table, widths, group, k, len(groups)) for k, group in enumerate(groups)]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from _with_gaps(self.parts(console, options))


def _with_gaps(tables: list[Table]) -> Iterator[Table | Text]:
    for k, table in enumerate(tables):
        if k:
            yield Text("")
        yield table
