"""Frames for the Halma ants (``AntTrace``): each piece plans a path (Kuehner & Stock, V-B, V-D).

Phases: the colony (q0, who takes part, who rests under V-E) -> one phase per ant: its draw q,
exploit (q < q0: the path with the largest p = l · Σ τ, eq. 11) or explore (a uniformly random
valid path), its candidate paths ranked by p with the proposed one marked ``>`` -> every ant's
proposal -> the pheromone update after the move (eq. 15 on the moved path, eq. 16 when the piece
reached its goal, eq. 18 from a cooperating partner, eq. 17 evaporation).

``overlay(d, phase, glyphs)`` draws the same on the board (``tui.overlay``): candidate paths as
trails whose landing holes carry the rank letters of the table (``A`` = largest p), the proposed
path's holes as ``◉`` (``@`` in ASCII) so it differs from the others without colour, the ant's
piece marked ``<``, and a pheromone heat map. The heat of the planning phases is the whole
field, τ summed over the edges into each hole (``AntTrace.field``; traces recorded before it
existed fall back to the largest Σ τ of a candidate path landing on each hole), on a log
scale; the heat of the update phase is the τ added
this turn on the edges into each hole. The board draws heat only while its ``show_heat`` is on
(key ``t`` on the Halma board, or the screen calls ``HalmaBoard.toggle_heat``).

The first argument of ``phases``/``frame``/``overlay`` is a ``Deliberation`` (like every frame
module) or the trace itself.
"""

from __future__ import annotations

import math
from collections import defaultdict

from rich.text import Text

from swarmtui.agents.aco_bco.trace import AntChoice, AntTrace, PathScore, PheromoneDelta
from swarmtui.core.counting import counted
from swarmtui.core.hexgrid import Hex
from swarmtui.core.trace import Cell, Trace
from swarmtui.games.halma.notation import format_cell, format_move
from swarmtui.games.halma.rules import Move
from swarmtui.tui.overlay import BoardOverlay, Mark, Trail
from swarmtui.tui.panels.frames import (
    CHOSEN,
    HEADING,
    MUTED,
    Deliberation,
    Frames,
    phase_heading,
    register_frames,
    stack,
    trace_of,
)

COLONY = "ants"
PROPOSALS = "proposals"
UPDATE = "pheromone update"

TABLE_ROWS = 8
"""Candidate paths listed per ant (the largest p first; the proposed one is always listed)."""
PATH_WIDTH = 14
"""Characters of path notation in a table; longer chains show their first and last holes."""
RANKS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""Labels of candidate paths, in the table and on their landing holes (letters: ASCII pieces are digits)."""

CHOSEN_HOLE = ("◉", "@")
"""Glyph (unicode, ASCII) of a hole on the proposed or moved path."""
SUBJECT = ("<", "<")
"""Glyph beside the piece a phase is about."""
RESTING = ("=", "=")
"""Glyph beside a piece that rests this turn (V-E, or no valid path)."""

RULES = {
    "eq15": "eq. 15  moved path: α·l·τ0 (×j jumps)",
    "eq16": "eq. 16  in goal: ρ·τ0·g on its edges",
    "eq18": "eq. 18  partner's τ > t_o: +c",
}
"""What each pheromone rule adds (the trace names the rule; the amounts come from the trace)."""



# -- text helpers shared with the bees --------------------------------------------------------
def compact(value: float) -> str:
    """A number in at most 5 characters: ``13.3``, ``665k``, ``1.33M`` (pheromone runs to millions)."""
    size = abs(value)
    for limit, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if size >= limit:
            return f"{value / limit:.3g}{suffix}"
    return f"{value:.3g}" if size >= 0.01 or value == 0 else f"{value:.1e}"


def format_path(path: tuple[Cell, ...], width: int = 0) -> str:
    """Halma notation of a path (``d4-e5`` a step, ``d4:f6:h6`` jumps); ``width`` shortens long chains."""
    if len(path) < 2:
        return format_cell(Hex(*path[0])) if path else "-"
    cells = tuple(Hex(*c) for c in path)
    text = format_move(Move(cells[0], cells[-1], cells))
    if width and len(text) > width:
        text = f"{format_cell(cells[0])}:…:{format_cell(cells[-1])}"
    return text


def ranked(ant: AntChoice) -> list[int]:
    """Indices of the ant's candidates by p, largest first (ties in the trace's order)."""
    return sorted(range(len(ant.candidates)), key=lambda i: -ant.candidates[i].score)


# -- phases and frames ------------------------------------------------------------------------
def plan_phases(t: AntTrace) -> tuple[str, ...]:
    """The planning phases: the colony, one per ant, every proposal."""
    return (COLONY,) + tuple(f"ant {format_cell(Hex(*a.piece))}" for a in t.ants) + (PROPOSALS,)


def phases(d: Deliberation | Trace) -> tuple[str, ...]:
    return plan_phases(trace_of(d, AntTrace)) + (UPDATE,)


def frame(d: Deliberation | Trace, phase: int, glyphs: str = "unicode") -> Text:
    """Frame ``phase`` of the ants: heading, then the body of that phase."""
    names = phases(d)
    phase = max(0, min(phase, len(names) - 1))
    return stack(phase_heading(names, phase), body(trace_of(d, AntTrace), phase, glyphs))


def locate(t: AntTrace, phase: int) -> tuple[str, int]:
    """Phase ``phase`` as (part, ant index): the part is ``COLONY``, ``"ant"``, ``PROPOSALS`` or ``UPDATE``."""
    if 1 <= phase <= len(t.ants):
        return "ant", phase - 1
    return (COLONY if phase <= 0 else PROPOSALS if phase == len(t.ants) + 1 else UPDATE), -1


def body(t: AntTrace, phase: int, glyphs: str = "unicode") -> Text:
    """The text of phase ``phase`` (indices as in ``phases``) without its heading."""
    part, index = locate(t, phase)
    return TEXTS[part](t, index, glyphs)


def colony_text(t: AntTrace, index: int = -1, glyphs: str = "unicode") -> Text:
    exploit = sum(a.mode == "exploit" for a in t.ants)
    text = Text(f"seat {t.seat or '?'}: {len(t.ants)} ants, one per piece (V-B)\n", end="")
    text.append(f"q < q0 = {t.q0:.2f}: exploit, the path of\n  largest p = l·Στ (eq. 11)\n")
    text.append("q ≥ q0: explore, a random valid path\n")
    text.append(f"this turn: {exploit} exploit, {len(t.ants) - exploit} explore")
    if t.resting:
        text.append("\nresting (V-E, or no path): ", MUTED)
        text.append(" ".join(format_cell(Hex(*c)) for c in t.resting), MUTED)
    return text


def ant_text(t: AntTrace, index: int, glyphs: str = "unicode") -> Text:
    """One ant: its draw, its mode and its candidate paths with l, Σ τ and p."""
    ant = t.ants[index]
    cell = format_cell(Hex(*ant.piece))
    exploit = ant.mode == "exploit"
    text = Text(f"ant {index + 1}/{len(t.ants)} on {cell}: q = {ant.draw:.2f} "
                f"{'<' if exploit else '≥'} q0 = {t.q0:.2f}\n", end="")
    count = len(ant.candidates)
    if exploit:
        text.append("exploits: the largest p = l·Στ", HEADING)
    else:
        text.append(f"explores: one of {count} paths at random", HEADING)
    if ant.chosen < 0 or not ant.candidates:
        text.append("\nno path towards the goal: proposes nothing", MUTED)
        return text
    if exploit and sum(c.score == ant.candidates[ant.chosen].score for c in ant.candidates) > 1:
        text.append("\n(a tie for the largest p, broken by the seed)", MUTED)
    text.append("\n")
    text.append_text(candidate_table(ant))
    text.append(f"\nproposes {format_path(ant.candidates[ant.chosen].path)}", CHOSEN)
    return text


def candidate_table(ant: AntChoice) -> Text:
    """Candidates ranked by p (``A`` largest), the proposed one marked ``>``; at most ``TABLE_ROWS``."""
    order = ranked(ant)
    shown = order[:TABLE_ROWS]
    if ant.chosen not in shown:
        shown = shown[:-1] + [ant.chosen]
    width = max(len(format_path(ant.candidates[i].path, PATH_WIDTH)) for i in shown)
    text = Text(f"    {'path':<{width}}  {'l':>3} {'Στ':>5} {'p':>5}", HEADING, end="")
    for i in shown:
        c = ant.candidates[i]
        mark = ">" if i == ant.chosen else " "
        line = (f"{mark} {RANKS[order.index(i) % len(RANKS)]} {format_path(c.path, PATH_WIDTH):<{width}}  "
                f"{c.length:>3g} {compact(c.pheromone):>5} {compact(c.score):>5}")
        text.append("\n")
        text.append(line, CHOSEN if i == ant.chosen else None)
    if len(order) > len(shown):
        text.append(f"\n  +{len(order) - len(shown)} more with smaller p", MUTED)
    return text


def proposals_text(t: AntTrace, index: int = -1, glyphs: str = "unicode") -> Text:
    """Every ant's proposed path with its p (what the bees will rate)."""
    text = Text(f"{len(t.ants)} proposals go to the bees", end="")
    proposed = [p for p in map(_proposal, t.ants) if p is not None]
    width = max((len(format_path(p.path, PATH_WIDTH)) for p in proposed), default=4)
    text.append(f"\n{'ant':<4}{'mode':<8}{'path':<{width}} {'p':>5}", HEADING)
    for ant in t.ants:
        proposal = _proposal(ant)
        path = format_path(proposal.path, PATH_WIDTH) if proposal else "none"
        score = compact(proposal.score) if proposal else ""
        text.append(f"\n{format_cell(Hex(*ant.piece)):<4}{ant.mode:<8}{path:<{width}} {score:>5}".rstrip())
    return text


def moved_edges(t: AntTrace) -> tuple[Cell, ...]:
    """The holes along the edges eq. 15 reinforced: the moved path, jumped holes included."""
    edges = [d for d in t.deltas if d.rule == "eq15"]
    return (edges[0].start,) + tuple(d.end for d in edges) if edges else ()


def update_text(t: AntTrace, index: int = -1, glyphs: str = "unicode") -> Text:
    """The pheromone update after the move: each rule's amount and edge count, then eq. 17."""
    text = Text(end="")
    moved = moved_edges(t)
    if moved:
        arrow = "->" if glyphs == "ascii" else "→"
        text.append("moved along the edges\n", CHOSEN)
        text.append(f"  {arrow.join(format_cell(Hex(*c)) for c in moved)}\n", CHOSEN)
    for rule, deltas in _by_rule(t.deltas).items():
        amounts = sorted({d.delta for d in deltas})
        amount = compact(amounts[0]) if len(amounts) == 1 else f"{compact(amounts[0])}..{compact(amounts[-1])}"
        text.append(f"{RULES.get(rule, rule)}\n", HEADING)
        text.append(f"  +{amount} τ on {counted(len(deltas), 'edge')}\n")
    if not t.deltas:
        text.append("no pheromone added this turn\n", MUTED)
    if t.evaporation < 1.0:
        text.append("eq. 17  evaporation (every e moves)\n", HEADING)
        text.append(f"  every τ × {t.evaporation:g} (1 - α)")
    else:
        text.append("eq. 17  no evaporation this move\n  (only every e-th move)", MUTED)
    return text


def _by_rule(deltas: tuple[PheromoneDelta, ...]) -> dict[str, list[PheromoneDelta]]:
    grouped: dict[str, list[PheromoneDelta]] = defaultdict(list)
    for delta in deltas:
        grouped[delta.rule].append(delta)
    return dict(grouped)


def _proposal(ant: AntChoice) -> PathScore | None:
    return ant.candidates[ant.chosen] if 0 <= ant.chosen < len(ant.candidates) else None


# -- board overlay ----------------------------------------------------------------------------
def overlay(d: Deliberation | Trace, phase: int, glyphs: str = "unicode") -> BoardOverlay:
    """What phase ``phase`` draws on the board (see the module docstring)."""
    t = trace_of(d, AntTrace)
    part, index = locate(t, max(0, min(phase, len(phases(t)) - 1)))
    return OVERLAYS[part](t, index)


def colony_overlay(t: AntTrace, index: int = -1) -> BoardOverlay:
    marks = tuple(mark(c, RESTING, "rests") for c in t.resting)
    return BoardOverlay(marks=marks, heat=smelled_heat(t), caption="pheromone into each hole (log scale)")


def ant_overlay(t: AntTrace, index: int) -> BoardOverlay:
    """The ant's candidate paths (rank letters on their landing holes) and its proposal as ``◉``."""
    ant = t.ants[index]
    order = ranked(ant)
    trails = tuple(Trail(hexes(ant.candidates[i].path), "dim", RANKS[r % len(RANKS)])
                   for r, i in enumerate(order) if i != ant.chosen)
    marks = [mark(ant.piece, SUBJECT, f"ant {index + 1}")]
    ends: set[Cell] = set()
    for r, i in enumerate(order):
        end = ant.candidates[i].path[-1]
        if i != ant.chosen and end not in ends:
            ends.add(end)
            letter = RANKS[r % len(RANKS)]
            marks.append(mark(end, (letter, letter), f"candidate {letter}", "bold"))
    proposal = _proposal(ant)
    if proposal is not None:
        trails += (Trail(hexes(proposal.path), "bold", "proposed"),)
        marks += [mark(c, CHOSEN_HOLE, "proposed", "bold") for c in proposal.path[1:]]
    caption = f"ant on {format_cell(Hex(*ant.piece))}: {ant.mode}"
    return BoardOverlay(trails=trails, marks=tuple(marks), heat=smelled_heat(t), caption=caption)


def proposals_overlay(t: AntTrace, index: int = -1) -> BoardOverlay:
    proposals = [(a, p) for a in t.ants if (p := _proposal(a)) is not None]
    trails = tuple(Trail(hexes(p.path), "bold", format_cell(Hex(*a.piece))) for a, p in proposals)
    marks = tuple(mark(c, CHOSEN_HOLE, "proposed", "bold") for _, p in proposals for c in p.path[1:])
    return BoardOverlay(trails=trails, marks=marks, heat=smelled_heat(t), caption="every ant's proposal")


def update_overlay(t: AntTrace, index: int = -1) -> BoardOverlay:
    moved = moved_edges(t)
    trails = (Trail(hexes(moved), "bold", "moved"),) if moved else ()
    marks = tuple(mark(c, CHOSEN_HOLE, "moved", "bold") for c in moved[1:])
    return BoardOverlay(trails=trails, marks=marks, heat=added_heat(t.deltas), caption="τ added this turn (log scale)")


TEXTS = {COLONY: colony_text, "ant": ant_text, PROPOSALS: proposals_text, UPDATE: update_text}
OVERLAYS = {COLONY: colony_overlay, "ant": ant_overlay, PROPOSALS: proposals_overlay, UPDATE: update_overlay}


def mark(cell: Cell, glyphs: tuple[str, str], label: str, style: str = "bold") -> Mark:
    return Mark(Hex(*cell), glyphs[0], glyphs[1], style, label)


def smelled_heat(t: AntTrace) -> tuple[tuple[Hex, float], ...]:
    """The pheromone field: τ into each hole when the trace carries the field (``AntTrace.field``),
    else the largest Σ τ of any candidate path landing on each hole; 0..1 on a log scale."""
    if t.field:
        return log_heat({(cell[0], cell[1]): tau for cell, tau in t.field})
    best: dict[Cell, float] = {}
    for ant in t.ants:
        for c in ant.candidates:
            end = c.path[-1]
            best[end] = max(best.get(end, 0.0), c.pheromone)
    return log_heat(best)


def added_heat(deltas: tuple[PheromoneDelta, ...]) -> tuple[tuple[Hex, float], ...]:
    """τ added this turn on the edges into each hole, 0..1 on a log scale."""
    added: dict[Cell, float] = defaultdict(float)
    for delta in deltas:
        added[delta.end] += delta.delta
    return log_heat(added)


def log_heat(values: dict[Cell, float]) -> tuple[tuple[Hex, float], ...]:
    """Values scaled to 0..1 by log(1 + v) / log(1 + max): τ spans 10 to 10⁶ in a game."""
    top = max(values.values(), default=0.0)
    if top <= 0:
        return ()
    scale = math.log1p(top)
    return tuple((Hex(*cell), math.log1p(v) / scale) for cell, v in sorted(values.items()) if v > 0)


def hexes(path: tuple[Cell, ...]) -> tuple[Hex, ...]:
    """A trace path (plain tuples) as ``Hex`` cells for the overlay."""
    return tuple(Hex(*c) for c in path)


FRAMES = register_frames(AntTrace, Frames(phases, frame, overlay))
