"""Frames for an ``aco-bco-colony`` turn (``ColonyTrace``): ants build plans, bees dance, trails stay.

Phases, per iteration: the ants' plans (the best few by value Q, lettered ``A`` = best, each
with its first moves; on the board every plan's first move is a trail whose landing hole carries
its letter, and the best plan's moves are drawn in full with ``◉`` on their landing holes) ->
the bees' backward passes (one line per pass: how many bees danced, i.e. had a roulette share
above 1/|C| (eq. 14), how many abandoned their partial plan for a dancer's, the best and mean
partial value, and the dancers that won most followers; on the board ``+`` marks the first move
of a plan that kept its own way, ``-`` one that took up a dancer's). Last, the trails: the turn's
best plan (its first move is the one played), the deposit of each iteration (eq. 7) and the
strongest (from, to) features the colony carries into the next turn, with the pheromone heat map
(τ − τ0 into each hole). Like every frame module the first argument is a ``Deliberation`` or the
trace.
"""

from __future__ import annotations

from rich.text import Text

from swarmtui.agents.aco_bco_colony.trace import ColonyTrace, PlanRecord
from swarmtui.core.hexgrid import Hex
from swarmtui.core.trace import Cell, Trace
from swarmtui.games.halma.notation import format_cell
from swarmtui.tui.overlay import BoardOverlay, Trail
from swarmtui.tui.panels.ants import CHOSEN_HOLE, RANKS, compact, log_heat, mark
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

TRAILS = "trails"
MOVES_SHOWN = 4
"""Moves of a plan written out in the plans table (the rest is counted)."""
KEPT = ("+", "+")
TOOK_UP = ("-", "-")



def phases(d: Deliberation | Trace) -> tuple[str, ...]:
    t = trace_of(d, ColonyTrace)
    names: list[str] = []
    for k, it in enumerate(t.iterations, 1):
        names.append(f"ants: iteration {k} plans")
        if it.dances:
            names.append(f"bees: iteration {k} dances")
    return tuple(names) + (TRAILS,)


def _locate(t: ColonyTrace, phase: int) -> tuple[str, int]:
    """("plans" | "dances" | "trails", iteration index) of turn phase ``phase``."""
    for k, it in enumerate(t.iterations):
        if phase == 0:
            return "plans", k
        phase -= 1
        if it.dances:
            if phase == 0:
                return "dances", k
            phase -= 1
    return TRAILS, -1


def frame(d: Deliberation | Trace, phase: int, glyphs: str = "unicode") -> Text:
    t = trace_of(d, ColonyTrace)
    names = phases(t)
    phase = max(0, min(phase, len(names) - 1))
    part, k = _locate(t, phase)
    body = {"plans": plans_text, "dances": dances_text, TRAILS: trails_text}[part](t, k)
    return stack(phase_heading(names, phase), body)


def move_text(move: tuple[Cell, Cell]) -> str:
    return f"{format_cell(Hex(*move[0]))}-{format_cell(Hex(*move[1]))}"


def plan_line(plan: PlanRecord, limit: int = MOVES_SHOWN) -> str:
    shown = " ".join(move_text(m) for m in plan.moves[:limit])
    more = len(plan.moves) - limit
    return shown + (f" +{more}" if more > 0 else "")


def plans_text(t: ColonyTrace, k: int) -> Text:
    it = t.iterations[k]
    out = Text(f"{it.ants} ants build {t.horizon}-move plans: argmax τ·η^β with q0 {t.q0:.2f} (eq. 1), "
               "else roulette (eq. 2); the best by Q:", end="")
    out.append("\n  Q      bee  first moves", HEADING)
    for r, plan in enumerate(it.plans):
        style = CHOSEN if r == 0 else ""
        how = "-" if plan.recruited else "+"
        out.append(f"\n{RANKS[r % len(RANKS)]} {compact(plan.value):>6} {plan.bee:>3}{how} {plan_line(plan)}", style)
    out.append("\n+ kept its own way, - took up a dancer's plan", MUTED)
    return out


def dances_text(t: ColonyTrace, k: int) -> Text:
    it = t.iterations[k]
    out = Text(f"after each of {len(it.dances)} stages: a bee dances if its share f/Σf > 1/{it.ants} (eq. 14), "
               "else follows a dancer drawn by roulette", end="")
    out.append("\npass dance abandon  best   mean  most followed (bee:followers)", HEADING)
    for d in it.dances:
        top = " ".join(f"{bee}:{n}" for bee, _, n in d.top) or "-"
        out.append(f"\n{d.stage:>4} {d.dancers:>5} {d.abandoned:>7} {compact(d.best):>5} {compact(d.mean):>6}  {top}")
    return out


def trails_text(t: ColonyTrace, k: int = -1) -> Text:
    out = Text("", end="")
    if t.best is not None and t.best.moves:
        out.append(f"best plan, Q {compact(t.best.value)}; its first move is played:", HEADING)
        out.append(f"\n{plan_line(t.best, t.horizon)}", CHOSEN)
    else:
        out.append(t.note or "no plan", HEADING)
    if any(it.deposit for it in t.iterations) or t.trails:
        deposits = ", ".join(compact(it.deposit) for it in t.iterations)
        out.append(f"\neq. 7 deposits Δτ per iteration: {deposits or '-'}")
    else:
        out.append("\nno pheromone laid (pheromone=false): the ants chose by η alone", MUTED)
    out.append(f"\n{t.steps} ant moves built, {t.generations} positions generated", MUTED)
    if t.trails:
        out.append("\nstrongest trails (kept into the next turn, eq. 6):", HEADING)
        for start, end, tau in t.trails[:6]:
            out.append(f"\n  {move_text((start, end)):<8} τ {compact(tau)}")
    return out


def overlay(d: Deliberation | Trace, phase: int, glyphs: str = "unicode") -> BoardOverlay:
    t = trace_of(d, ColonyTrace)
    phase = max(0, min(phase, len(phases(t)) - 1))
    part, k = _locate(t, phase)
    heat = log_heat({(c[0], c[1]): v for c, v in t.field})
    if part == TRAILS:
        trails, marks = _plan_marks(t.best) if t.best is not None else ((), [])
        return BoardOverlay(trails=trails, marks=tuple(marks), heat=heat, caption="best plan; pheromone τ − τ0")
    it = t.iterations[k]
    trails = tuple(Trail((Hex(*p.moves[0][0]), Hex(*p.moves[0][1])), "dim", RANKS[r % len(RANKS)])
                   for r, p in enumerate(it.plans) if p.moves)
    if part == "plans":
        best_trails, marks = _plan_marks(it.plans[0]) if it.plans else ((), [])
        for r, p in enumerate(it.plans):
            if p.moves:
                letter = RANKS[r % len(RANKS)]
                marks.append(mark(p.moves[0][1], (letter, letter), f"plan {letter}"))
        return BoardOverlay(trails=trails + best_trails, marks=tuple(marks), heat=heat,
                            caption=f"iteration {k + 1}: plans' first moves, the best in full")
    marks = [mark(p.moves[0][1], TOOK_UP if p.recruited else KEPT, "took up a dance" if p.recruited else "kept")
             for p in it.plans if p.moves]
    return BoardOverlay(trails=trails, marks=tuple(marks), heat=heat, caption=f"iteration {k + 1}: bees' dances")


def _plan_marks(plan: PlanRecord) -> tuple[tuple[Trail, ...], list]:
    trails = tuple(Trail((Hex(*a), Hex(*b)), "bold", f"move {i + 1}") for i, (a, b) in enumerate(plan.moves))
    marks = [mark(b, CHOSEN_HOLE, "planned", "bold") for _, b in plan.moves]
    return trails, marks


FRAMES = register_frames(ColonyTrace, Frames(phases, frame, overlay))
