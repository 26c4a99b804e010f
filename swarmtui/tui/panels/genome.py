"""Frames for the noughts GA (``GenomeTrace``): how a strategy genome is read (Ford, Fig. 3).

Phases: the position -> the symmetry that maps it onto its base case -> the base case and its
gene -> the allele (a cell of the base case) -> that cell mapped back through the inverse
symmetry -> the move. Every frame repeats the facts revealed so far as text, so the story
reads without colour.
"""

from __future__ import annotations

from pathlib import PurePath

from rich.text import Text

from swarmtui.agents.ga.trace import GenomeTrace
from swarmtui.core.state import NotationError
from swarmtui.games.noughts.notation import format_cell, parse_cell
from swarmtui.games.noughts.render import render_board
from swarmtui.games.noughts.rules import Board
from swarmtui.tui.panels.frames import (
    CHOSEN,
    MUTED,
    Deliberation,
    Frames,
    centred_label,
    phase_heading,
    register_frames,
    side_by_side,
    stack,
)

PHASES = ("position", "symmetry", "base case", "allele", "map back", "move")


def phases(d: Deliberation) -> tuple[str, ...]:
    return PHASES


def describe_symmetry(name: str) -> str:
    """``"HR2"`` -> ``"turn 2/4 clockwise, then mirror left-right"`` (see noughts.symmetry)."""
    if name in ("", "I"):
        return "identity (already the base case)"
    mirror = name.startswith("H")
    turns = name[1:] if mirror else name
    parts = []
    if turns:
        quarters = int(turns[1:] or 1)
        parts.append(f"turn {quarters}/4 clockwise")
    if mirror:
        parts.append("mirror left-right")
    return ", then ".join(parts)


def frame(d: Deliberation, phase: int, glyphs: str = "unicode") -> Text:
    """Frame ``phase`` (0-5) of a GA turn: heading, boards, and the facts so far."""
    trace = d.trace
    assert isinstance(trace, GenomeTrace)
    return stack(phase_heading(PHASES, phase), _boards(trace, phase, glyphs), _facts(d, trace, phase))


def _boards(t: GenomeTrace, phase: int, glyphs: str) -> Text:
    allele = t.allele if 0 <= t.allele < 9 else None
    move = _cell(t.move)
    board = _captioned("board", t.position, None, glyphs)
    base = _captioned("base case", t.canonical, allele if phase >= 3 else None, glyphs)
    played = _captioned("board", t.position, move, glyphs)
    sym = t.symmetry or "I"
    if phase == 0:
        return board
    if phase == 1:
        return side_by_side([board, _arrow(f"--{sym}-->"), base])
    if phase in (2, 3):
        return base
    if phase == 4:
        return side_by_side([base, _arrow(f"<--{sym}--"), played])
    return played


def _facts(d: Deliberation, t: GenomeTrace, phase: int) -> Text:
    allele = format_cell(t.allele) if 0 <= t.allele < 9 else "?"
    facts = [
        Text(f"{d.seat} to move in {t.position}"),
        Text(f"symmetry {t.symmetry or 'I'}: {describe_symmetry(t.symmetry)}"),
        Text(f"base case {t.canonical}\ngene #{t.gene_index}: {t.gene}"),
        Text(f"allele {t.allele}: cell {allele} of the base case"),
        Text(f"undo {t.symmetry or 'I'}: base-case {allele} is board {t.move}"),
        Text(f"plays {t.move}", CHOSEN),
    ]
    shown = Text("\n", end="").join(facts[: phase + 1])
    if t.strategy:
        shown.append(f"\nstrategy: {PurePath(t.strategy).name}", MUTED)
    return shown


def _captioned(caption: str, position: str, cursor: int | None, glyphs: str) -> Text:
    """A small board drawn from position text with a caption above it."""
    text = Text(caption, MUTED, end="")
    text.append("\n")
    try:
        text.append_text(render_board(Board.from_text(position), cursor=cursor, glyphs=glyphs))
    except NotationError:
        text.append(position or "?")
    return text


def _arrow(label: str) -> Text:
    return centred_label(label, 8, 4)


def _cell(notation: str) -> int | None:
    try:
        return parse_cell(notation)
    except NotationError:
        return None


FRAMES = register_frames(GenomeTrace, Frames(phases, frame))
