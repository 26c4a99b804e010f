"""Frames for search players (``SearchTrace``: minimax, MCTS): a table of candidate moves.

Phases: the search summary, then one candidate revealed per phase (move, value, what it
leads to), then the choice highlighted. The chosen row is marked ``>`` and the other moves
tied for the best value ``=``, so the table reads without colour.
"""

from __future__ import annotations

from rich.text import Text

from swarmtui.core.trace import CandidateMove, SearchTrace
from swarmtui.tui.panels.frames import (
    CHOSEN,
    HEADING,
    MUTED,
    Deliberation,
    Frames,
    phase_heading,
    register_frames,
    stack,
)


def phases(d: Deliberation) -> tuple[str, ...]:
    trace = d.trace
    assert isinstance(trace, SearchTrace)
    return ("search",) + tuple(f"candidate {c.move}" for c in trace.candidates) + ("choose",)


def frame(d: Deliberation, phase: int, glyphs: str = "unicode") -> Text:
    """Frame ``phase``: the first ``phase`` candidates, and the choice on the last phase."""
    trace = d.trace
    assert isinstance(trace, SearchTrace)
    names = phases(d)
    choosing = phase == len(names) - 1
    summary = Text(f"{trace.algorithm or 'search'} ({d.seat}): {len(trace.candidates)} moves", end="")
    if trace.nodes:
        summary.append(f", {trace.nodes} positions searched")
    if trace.depth:
        summary.append(f", depth {trace.depth}")
        if trace.seconds:
            summary.append(f" in {trace.seconds:.2f} s")
    if trace.pv:
        summary.append("\nexpects " + " ".join(trace.pv[:6]) + (" ..." if len(trace.pv) > 6 else ""), MUTED)
    table = _table(trace, trace.candidates[:phase], choosing)
    choice = Text(end="")
    if choosing:
        choice.append(f"plays {trace.chosen or d.move}", CHOSEN)
        if len(trace.best) > 1:
            choice.append(f"\n(tie among {' '.join(trace.best)}, broken by the seed)", MUTED)
        why = why_this_move(trace, trace.chosen or d.move)
        if why:
            choice.append(f"\n{why}", MUTED)
    return stack(phase_heading(names, phase), summary, table, choice)


def why_this_move(trace: SearchTrace, played: str) -> str:
    """Why the move played is not the one the panel leads the reader to expect: not the search's
    best (the first move of the line it expects), or not among the candidates listed; "" when it
    is both (or the candidates are a plan's moves, not alternatives)."""
    if trace.plan:
        return ""
    listed = [c.move for c in trace.candidates]
    said = []
    if trace.best and played not in trace.best:
        best = trace.best[0]
        value = next((f" ({_value(c.value)})" for c in trace.candidates if c.move == best), "")
        said.append(f"not the search's best, {best}{value}, which the expected line starts with: this agent "
                    "plays any move scoring close enough to the best (its tolerance), and the seed picked this one")
    if listed and played not in listed:
        said.append(f"{played} is not among the {len(listed)} moves listed: the table shows the search's top "
                    f"{len(listed)}" + (", and more moves tied for the best" if played in trace.best else ""))
    return "\n".join(said)


def _table(trace: SearchTrace, rows: tuple[CandidateMove, ...], choosing: bool) -> Text:
    visits = any(c.visits for c in trace.candidates)
    width = max([5] + [len(c.move) for c in trace.candidates])  # UHP MoveStrings: "wA1 -bQ"
    head = "  " + "move".ljust(width) + " value  " + ("visits  " if visits else "") + "outcome"
    text = Text(head, HEADING, end="")
    for c in rows:
        mark = " "
        if choosing:
            mark = ">" if c.move == trace.chosen else "=" if c.move in trace.best else " "
        line = f"{mark} {c.move:<{width}} {_value(c.value):>5}  " + (f"{c.visits:>6}  " if visits else "") + c.note
        text.append("\n")
        text.append(line.rstrip(), CHOSEN if choosing and mark == ">" else None)
    return text


def _value(value: float) -> str:
    """``+1``, ``0``, ``-1`` for exact values; two decimals for estimates (MCTS)."""
    if value == int(value):
        return f"{int(value):+d}" if value else "0"
    return f"{value:+.2f}"


FRAMES = register_frames(SearchTrace, Frames(phases, frame))
