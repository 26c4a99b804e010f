"""What a deliberation frame draws on the board: trails, marked cells and a heat map.

Attributes down: a frame module may offer ``overlay(trace, phase, glyphs) -> BoardOverlay``
beside its text frame; the game screen hands the result to the board widget's ``overlay``
attribute for as long as that phase is on screen, and clears it (``None``) afterwards. Board
widgets draw it over their text from the game's renderer, so ant paths, a particle's velocity
and its desired cell appear where they are on the board. Everything here must be readable
without colour: every mark has a glyph (and an ASCII one), heat has intensity glyphs.
"""

from __future__ import annotations

from dataclasses import dataclass

from swarmtui.core.hexgrid import Hex


@dataclass(frozen=True)
class Mark:
    """One cell marked with a glyph (``ascii`` in ASCII mode) and a Rich style; ``label`` for legends."""

    cell: Hex
    glyph: str
    ascii: str
    style: str = ""
    label: str = ""


@dataclass(frozen=True)
class Trail:
    """A path of cells drawn in order (an ant's path, a particle's velocity); the last cell is its end."""

    cells: tuple[Hex, ...]
    style: str = ""
    label: str = ""


@dataclass(frozen=True)
class BoardOverlay:
    """Everything one frame draws on the board; ``heat`` values are 0..1 (e.g. pheromone, normalised)."""

    trails: tuple[Trail, ...] = ()
    marks: tuple[Mark, ...] = ()
    heat: tuple[tuple[Hex, float], ...] = ()
    caption: str = ""
