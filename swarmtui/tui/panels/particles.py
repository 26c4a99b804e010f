"""Frames for the Hive particle swarm (``ParticleTrace``; McGuile sections 3.5, 4.2, eq. 2.1).

Phases walk through one swarm turn: the insects and their fitness (distance to the opponent
Queen, 3.5.2) -> personal best y and vicinity best z (3.5.4) -> the velocity update of eq. 2.1
and the desired cell (rounded with the 0.25 threshold, 3.5.3) -> the nearest valid move to it
-> each insect's intention score broken into its factors (velocity, Danger Theory,
direct-to-goal, ...; the ability tiebreak that orders equal scores, 3.5.5.1) -> each vicinity's
winner -> the overall pick. When the trace records the documented fallback placement policy
instead (no opponent Queen yet, no insect on the board, every insect pinned), two phases say
why and what it played.

``overlay`` draws the same story on the board with letters that read without colour and in
ASCII: ``@`` the goal (opponent Queen), ``y`` personal bests, ``z`` vicinity bests, velocity
vectors as trails from each insect to its desired cell ``d``, ``m`` the nearest valid moves.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from swarmtui.agents.pso.trace import ParticleTrace
from swarmtui.core.hexgrid import Hex
from swarmtui.core.trace import Trace
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

PHASES = ("insects", "bests", "velocity", "nearest move", "intentions", "vicinity winners", "pick")
FALLBACK_PHASES = ("no swarm move", "fallback")

GOAL, PERSONAL, VICINITY, DESIRED, MOVE = "@", "y", "z", "d", "m"
"""Overlay letters: eq. 2.1 names the personal best y and the vicinity best z."""



def phases(d: Deliberation | Trace) -> tuple[str, ...]:
    trace = trace_of(d, ParticleTrace)
    return FALLBACK_PHASES if trace.fallback or not trace.particles else PHASES


def frame(d: Deliberation | Trace, phase: int, glyphs: str = "unicode") -> Text:
    """Frame ``phase`` of a swarm turn: a pure function of the trace and the phase."""
    trace = trace_of(d, ParticleTrace)
    names = phases(d)
    seat = f" ({d.seat})" if isinstance(d, Deliberation) else ""
    if names is FALLBACK_PHASES:
        return stack(phase_heading(names, phase), _fallback(trace, phase, seat))
    arrow = "->"  # "→" is East-Asian ambiguous: two cells wide in some terminals
    goal = _cell(trace.goal) if trace.goal is not None else "?"
    summary = Text(f"swarm{seat}: {len(trace.particles)} insects, goal (opponent Queen) {goal}", end="")
    summary.append(f"\nintention: {trace.variant}", MUTED)
    body = (_insects, _bests, _velocity, _nearest, _intentions, _winners, _pick)[phase](trace, arrow)
    return stack(phase_heading(names, phase), summary, body)


def _insects(trace: ParticleTrace, arrow: str) -> Text:
    rows = [(p.piece, _cell(p.position), str(p.fitness)) for p in trace.particles]
    table = _table(("insect", "cell", "fitness"), rows)
    table.append("\nfitness: hex distance to the opponent Queen (3.5.2)", MUTED)
    return table


def _bests(trace: ParticleTrace, arrow: str) -> Text:
    rows = [(p.piece, _cell(p.personal_best), _cell(p.vicinity_best), " ".join(p.vicinity)) for p in trace.particles]
    table = _table(("insect", "y", "z", "vicinity"), rows)
    table.append("\ny personal best, z fittest in the vicinity (3.5.4)", MUTED)
    return table


def _velocity(trace: ParticleTrace, arrow: str) -> Text:
    rows = [(p.piece, _vector(p.velocity_before), arrow, _vector(p.velocity_after), _cell(p.desired))
            for p in trace.particles]
    table = _table(("insect", "v(t)", "", "v(t+1)", "desired"), rows)
    table.append("\neq. 2.1: v' = w v + c1 r1 (y-x) + c2 r2 (z-x)\ndesired = x + v' rounded (0.25, 3.5.3)", MUTED)
    return table


def _nearest(trace: ParticleTrace, arrow: str) -> Text:
    rows = [(p.piece, _cell(p.desired), p.move or "pinned", _cell(p.move_cell) if p.move_cell else "")
            for p in trace.particles]
    return _table(("insect", "desired", "valid move", "to"), rows)


def _intentions(trace: ParticleTrace, arrow: str) -> Text:
    rows = []
    for p in trace.particles:
        if p.score is None:
            rows.append((p.piece, "cannot move", "", ""))
            continue
        factors = " + ".join(f"{_short(f.name)} {_num(f.value)}" for f in p.factors)
        tie = f"+{_num(p.tiebreak)}" if p.tiebreak else ""
        rows.append((p.piece, f"{factors} = {_num(p.score)}", p.intention, tie))
    table = _table(("insect", "factors = score", "rule", "tie"), rows)
    table.append("\ntie: ability bonus for equal scores (3.5.5.1)", MUTED)
    return table


def _winners(trace: ParticleTrace, arrow: str) -> Text:
    by_name = {p.piece: p for p in trace.particles}
    rows = []
    for centre, winner in trace.vicinity_winners:
        score = by_name[winner].score if winner in by_name else None
        rows.append((centre, winner or "nobody can move", "" if score is None else _num(score)))
    return _table(("vicinity of", "winner", "score"), rows)


def _pick(trace: ParticleTrace, arrow: str) -> Text:
    chosen = next((p for p in trace.particles if p.piece == trace.chosen), None)
    text = Text(f"{trace.chosen} moves: {trace.move}", CHOSEN, end="")
    if chosen is not None and chosen.score is not None:
        text.append(f"\n{chosen.intention} score {_num(chosen.score)}", HEADING)
        finalists = {w for _, w in trace.vicinity_winners if w}
        tied = [p.piece for p in trace.particles if p.piece in finalists and p.score == chosen.score]
        if len(tied) > 1:
            text.append(f"\ntied with {' '.join(t for t in tied if t != trace.chosen)}: ability tiebreak", MUTED)
    if trace.note:
        text.append(f"\n{trace.note}", MUTED)
    return text


def _fallback(trace: ParticleTrace, phase: int, seat: str) -> Text:
    why, _, policy = trace.fallback.partition(": ")
    text = Text(f"swarm{seat}: {why or 'no swarm move'}", end="")
    if phase >= 1:
        text.append(f"\n\nfallback policy: {policy or 'the documented placement'}", MUTED)
        text.append(f"\n\nplays {trace.move}", CHOSEN)
        if trace.note:  # a verifier's verdict on the fallback's proposals (pso-verify)
            text.append(f"\n{trace.note}", MUTED)
    return text


def overlay(d: Deliberation | Trace, phase: int, glyphs: str = "unicode") -> BoardOverlay | None:
    """What phase ``phase`` draws on the board (see the module docstring's letters)."""
    trace = trace_of(d, ParticleTrace)
    if phases(d) is FALLBACK_PHASES:
        return None
    name = PHASES[phase]
    marks: list[Mark] = []
    trails: list[Trail] = []
    particles = trace.particles
    if name == "bests":
        marks += [_mark(p.personal_best, PERSONAL, "bold", f"{p.piece} y") for p in particles]
        marks += [_mark(p.vicinity_best, VICINITY, "bold", f"{p.piece} z") for p in particles]
    elif name == "velocity":
        trails += [Trail(line(Hex(*p.position), Hex(*p.desired)), label=p.piece) for p in particles]
        marks += [_mark(p.desired, DESIRED, "bold", f"{p.piece} desired") for p in particles]
    elif name == "nearest move":
        marks += [_mark(p.desired, DESIRED, "dim", f"{p.piece} desired") for p in particles]
        marks += [_mark(p.move_cell, MOVE, "bold", f"{p.piece} move") for p in particles if p.move_cell]
    elif name in ("intentions", "vicinity winners"):
        shown = {w for _, w in trace.vicinity_winners} if name == "vicinity winners" else {p.piece for p in particles}
        marks += [_mark(p.move_cell, MOVE, "bold", f"{p.piece} move") for p in particles
                  if p.move_cell and p.piece in shown]
    elif name == "pick":
        for p in particles:
            if p.piece == trace.chosen and p.move_cell:
                trails.append(Trail(line(Hex(*p.position), Hex(*p.move_cell)), style="bold", label=p.piece))
                marks.append(_mark(p.move_cell, MOVE, "bold reverse", f"{p.piece} plays {trace.move}"))
    # The goal last: a mark on a cell replaces earlier ones, and the Queen must stay marked.
    marks = [m for m in marks if trace.goal is None or m.cell != Hex(*trace.goal)]
    if trace.goal is not None:
        marks.append(_mark(trace.goal, GOAL, "bold", "goal: the opponent Queen"))
    return BoardOverlay(tuple(trails), tuple(marks), caption=f"{name}: {_legend(name)}")


def _legend(name: str) -> str:
    return {
        "insects": "@ goal",
        "bests": "y personal best, z vicinity best, @ goal",
        "velocity": "velocity to desired cell d",
        "nearest move": "d desired, m nearest valid move",
        "intentions": "m each insect's move",
        "vicinity winners": "m the vicinity winners' moves",
        "pick": "m the move played",
    }[name]


def line(a: Hex, b: Hex) -> tuple[Hex, ...]:
    """The cells on the straight hex line from ``a`` to ``b`` (cube interpolation, both ends)."""
    n = max(abs(a.q - b.q), abs(a.r - b.r), abs(a.s - b.s))
    if n == 0:
        return (a,)
    cells = []
    for i in range(n + 1):
        t = i / n
        q, r = a.q + (b.q - a.q) * t + 1e-6, a.r + (b.r - a.r) * t + 2e-6
        cells.append(_round(q, r))
    return tuple(cells)


def _round(q: float, r: float) -> Hex:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def _mark(cell: tuple[int, int], letter: str, style: str, label: str) -> Mark:
    return Mark(Hex(*cell), letter, letter, style, label)


def _table(head: tuple[str, ...], rows: Sequence[tuple[str, ...]]) -> Text:
    """Left-aligned columns, each as wide as its widest entry; the heading bold."""
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(head)]
    text = Text("  ".join(h.ljust(w) for h, w in zip(head, widths, strict=False)).rstrip(), HEADING, end="")
    for row in rows:
        text.append("\n" + "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=False)).rstrip())
    return text


def _cell(cell: tuple[int, int] | None) -> str:
    return "-" if cell is None else f"({cell[0]},{cell[1]})"


def _vector(v: tuple[float, float]) -> str:
    return f"{v[0]:+.2f},{v[1]:+.2f}"


def _num(value: float) -> str:
    return f"{value:g}"


def _short(name: str) -> str:
    """Factor names short enough for an 80-column panel: ``direct-to-goal`` -> ``dtg``."""
    return {"direct-to-goal": "dtg", "velocity": "vel", "accuracy": "acc", "fitness": "fit"}.get(name, name)


FRAMES = register_frames(ParticleTrace, Frames(phases, frame, overlay))
