"""The Hive lattice as a scrollable text picture (Line API), with cursor, marks and overlay.

Cells are placed like ``games.hive.render`` places them — ``core.hexgrid.project`` (column =
k(2q + r), row = r) and ``cell_label`` for the top piece (``wS1``, ``wB1²``), so the board reads
as the game's renderer prints it — but this module keeps the text position of every cell (the
renderer does not expose one), which the cursor, mouse clicks and overlays need. Every state
shows without colour: cursor ``[wQ]``, selection ``(wQ)``, a legal destination ``◇`` (``+``) on
an empty cell or ``{wQ}`` on a stack a Beetle may climb, the last move's target underlined and
its origin ``⬡`` (``o``); overlay marks put their glyph on the cell, trails ``∘`` (``~``).

Attributes down: the Hive board sets ``scene`` (a ``Scene``). The picture scrolls when the hive
outgrows the widget and follows the cursor (or re-centres on the hive when nobody is moving).
Messages up: ``CellClicked``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from swarmtui.core.hexgrid import Hex, distance, project
from swarmtui.games.hive.render import GLYPH_SETS, cell_label
from swarmtui.games.hive.rules import Board, Move
from swarmtui.tui.overlay import BoardOverlay


@dataclass(frozen=True)
class FieldGlyphs:
    """The widget's own marks, per glyph set (the renderer's ``Glyphs`` cover labels and dots)."""

    target: str
    origin: str
    trail: str
    heat: str  # intensity ramp, low to high
    brackets: dict[str, str] = field(default_factory=dict)


UNICODE = FieldGlyphs("◇", "⬡", "∘", " .:-=+*#%@", {"cursor": "[]", "selected": "()", "target": "{}"})
ASCII = FieldGlyphs("+", "o", "~", " .:-=+*#%@", {"cursor": "[]", "selected": "()", "target": "{}"})
FIELD_GLYPHS = {"unicode": UNICODE, "ascii": ASCII}

OVERLAY_REACH = 6
"""Hexes beyond the hive's rim an overlay may widen the lattice by: a swarm's desired cells lie
near the hive, and a damaged trace read from a file must not make a lattice of a million cells."""

ROLES = ("white", "black", "empty", "cursor", "selected", "target", "last", "trail")
"""Component-class suffixes: ``hive-field--white`` etc. carry the theme's colours (tcss)."""


@dataclass(frozen=True)
class Scene:
    """What the field draws: the position, the human's cursor and choice, the last move, an overlay."""

    board: Board
    cursor: Hex | None = None
    selected: Hex | None = None
    targets: frozenset[Hex] = frozenset()
    last: Move | None = None
    overlay: BoardOverlay | None = None


@dataclass(frozen=True)
class Picture:
    """The drawn lines and where each cell's label sits: ``spans[cell] = (row, start, end)``."""

    lines: tuple[Text, ...]
    spans: dict[Hex, tuple[int, int, int]]
    compact: bool

    @property
    def width(self) -> int:
        return max((line.cell_len for line in self.lines), default=0)

    def cell_at(self, x: int, y: int) -> Hex | None:
        """The cell whose label (or the gap beside it, one column each way) covers ``(x, y)``."""
        hits = [(abs((s + e - 1) / 2 - x), c) for c, (row, s, e) in self.spans.items()
                if row == y and s - 1 <= x <= e]
        return min(hits)[1] if hits else None


def shown_cells(scene: Scene) -> set[Hex]:
    """Occupied cells, their empty neighbours, and every cell the scene marks."""
    occupied = set(scene.board.occupied())
    cells = occupied | {n for c in occupied for n in c.neighbours()} | set(scene.targets)
    if not occupied:
        cells.add(Hex(0, 0))
    for extra in (scene.cursor, scene.selected):
        if extra is not None:
            cells.add(extra)
    if scene.last is not None and scene.last.origin is not None:
        cells.add(scene.last.origin)
    if scene.overlay is not None:
        marked = {m.cell for m in scene.overlay.marks} | {c for t in scene.overlay.trails for c in t.cells}
        marked |= {c for c, _ in scene.overlay.heat}
        cells |= {c for c in marked if min(distance(c, near) for near in cells) <= OVERLAY_REACH}
    return cells


def draw(scene: Scene, glyphs: str = "unicode", compact: bool = False,
         styles: dict[str, Style] | None = None) -> Picture:
    """The picture of ``scene``: one Text line per hex row, ``k = 2`` when ``compact`` else 3."""
    g, f = GLYPH_SETS[glyphs], FIELD_GLYPHS[glyphs]
    st = {role: Style() for role in ROLES} | (styles or {})
    k = 2 if compact else 3
    cells = shown_cells(scene)
    min_col = min(project(c, k)[0] for c in cells)
    min_row = min(c.r for c in cells)
    marks, trails, heat = _overlay_maps(scene.overlay, glyphs)
    target_cell = scene.last.dest if scene.last is not None else None
    origin_cell = scene.last.origin if scene.last is not None else None
    rows: dict[int, list[Hex]] = {}
    for cell in cells:
        rows.setdefault(cell.r - min_row, []).append(cell)
    lines: list[Text] = []
    spans: dict[Hex, tuple[int, int, int]] = {}
    for row in range(max(rows) + 1):
        line = Text(no_wrap=True, end="")
        for cell in sorted(rows.get(row, ()), key=lambda c: c.q):
            stack = scene.board.stack(cell)
            if stack:
                label = cell_label(stack, g, compact)
                style = st["white"] if stack[-1].colour == "w" else st["black"]
            else:
                label, style = g.empty, st["empty"]
                if cell in scene.targets:
                    label, style = f.target, st["target"]
                elif cell in marks:
                    label, style = marks[cell][0], Style.parse(marks[cell][1]) if marks[cell][1] else st["trail"]
                elif cell in trails:
                    label, style = f.trail, trails[cell] or st["trail"]
                elif cell in heat:
                    level = min(len(f.heat) - 1, max(0, round(heat[cell] * (len(f.heat) - 1))))
                    label = f.heat[level] if level else g.empty
                elif cell == origin_cell:
                    label = f.origin
            if cell == target_cell:
                style = style + st["last"]
            left, right, edge = _brackets(scene, cell, stack, f, marks)
            start = project(cell, k)[0] - min_col + k - len(label) // 2
            start = max(start, line.cell_len + 1)
            line.append(" " * (start - 1 - line.cell_len))
            line.append(left, edge)
            line.append(label, style + (st["cursor"] if cell == scene.cursor else Style()))
            line.append(right, edge)
            spans[cell] = (row, start, start + len(label))
        line.rstrip()
        lines.append(line)
    return Picture(tuple(lines), spans, compact)


def _brackets(scene: Scene, cell: Hex, stack: tuple, f: FieldGlyphs,
              marks: dict[Hex, tuple[str, str]]) -> tuple[str, str, Style]:
    """The characters either side of a label: cursor, selection, climbable target, or a mark."""
    for role, on in (("cursor", cell == scene.cursor), ("selected", cell == scene.selected),
                     ("target", bool(stack) and cell in scene.targets)):
        if on:
            pair = f.brackets[role]
            return pair[0], pair[1], Style(bold=True)
    if stack and cell in marks:
        return marks[cell][0][:1], " ", Style.parse(marks[cell][1]) if marks[cell][1] else Style(bold=True)
    return " ", " ", Style()


def _overlay_maps(overlay: BoardOverlay | None, glyphs: str
                  ) -> tuple[dict[Hex, tuple[str, str]], dict[Hex, Style | None], dict[Hex, float]]:
    """Marks (glyph, style), trail cells (style) and heat values of ``overlay`` by cell."""
    if overlay is None:
        return {}, {}, {}
    marks = {m.cell: (m.ascii if glyphs == "ascii" else m.glyph, m.style) for m in overlay.marks}
    trails: dict[Hex, Style | None] = {}
    for trail in overlay.trails:
        for cell in trail.cells[1:]:
            trails.setdefault(cell, Style.parse(trail.style) if trail.style else None)
    return marks, trails, dict(overlay.heat)


class HiveField(ScrollView):
    """The lattice (Line API): draws ``scene``, scrolls, centres; clicks become ``CellClicked``."""

    DEFAULT_CSS = Path(__file__).with_suffix(".tcss").read_text()
    COMPONENT_CLASSES = {f"hive-field--{role}" for role in ROLES}

    class CellClicked(Message):
        """The player clicked ``cell``."""

        def __init__(self, cell: Hex) -> None:
            super().__init__()
            self.cell = cell

    def __init__(self, scene: Scene, *, glyphs: str = "unicode", id: str | None = None) -> None:
        super().__init__(id=id)
        self.glyphs = glyphs
        self._scene = scene
        self.picture = draw(scene, glyphs)

    @property
    def scene(self) -> Scene:
        return self._scene

    @scene.setter
    def scene(self, scene: Scene) -> None:
        self._scene = scene
        self.redraw()

    def on_mount(self) -> None:
        self.redraw()

    def on_resize(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        """Draw the scene (compact when the full layout is wider than the widget) and follow it."""
        styles = {role: self.get_component_rich_style(f"hive-field--{role}", partial=True) for role in ROLES} \
            if self.is_mounted else None
        picture = draw(self._scene, self.glyphs, False, styles)
        width = self.scrollable_content_region.width
        if width and picture.width > width:
            picture = draw(self._scene, self.glyphs, True, styles)
        self.picture = picture
        self.virtual_size = Size(picture.width, len(picture.lines))
        self.follow()
        self.refresh()

    def follow(self) -> None:
        """Keep the cursor in view; otherwise centre on the hive."""
        if not self.is_mounted:
            return
        cursor = self._scene.cursor
        if cursor is not None and cursor in self.picture.spans:
            row, start, end = self.picture.spans[cursor]
            self.scroll_to_region(Region(max(0, start - 2), row, end - start + 4, 1), animate=False, immediate=True)
        else:
            view = self.scrollable_content_region
            self.scroll_to(max(0, (self.picture.width - view.width) // 2),
                           max(0, (len(self.picture.lines) - view.height) // 2), animate=False, immediate=True)

    def _indent(self) -> int:
        """Columns that centre a picture narrower than the widget."""
        return max(0, (self.scrollable_content_region.width - self.picture.width) // 2)

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        base = self.rich_style
        index = y + scroll_y
        if not 0 <= index < len(self.picture.lines):
            return Strip.blank(width, base)
        text = Text(" " * self._indent(), end="") + self.picture.lines[index]
        strip = Strip(text.render(self.app.console), text.cell_len).apply_style(base)
        return strip.crop_extend(scroll_x, scroll_x + width, base)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        x = offset.x + self.scroll_offset.x - self._indent()
        cell = self.picture.cell_at(x, offset.y + self.scroll_offset.y)
        if cell is not None:
            self.post_message(self.CellClicked(cell))
