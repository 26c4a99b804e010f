"""Frames for the Halma bees (``BeeTrace``): the BCO backward pass that picks the piece that moves
(Kuehner & Stock, section V-C).

Phases: fitness (each piece's bee rates its ant's path, eq. 12, or eq. 13 for a piece already in
its goal; bars scaled to the largest f) -> roulette (share f_i / Σ f, eq. 14, against the
threshold 1/|C|, drawn as ``|`` in each bar: above it the bee advertises, "dances", otherwise it
abandons) -> followers (each abandoner follows a dancer drawn by roulette over the dancers'
fitness; dancers are lettered ``A``, ``B``..., and an abandoner's line names whom it follows)
-> recruit (the piece drawn among the dancers moves along its path). A turn where no ant
proposed a path has only the recruit phase, with the trace's note.

``overlay(d, phase, glyphs)`` marks the board: the proposed paths' landing holes ``◉`` (``@``),
beside each piece ``+`` (dances) or ``-`` (abandons), then the dancers' letters and each
abandoner's lower-case letter of the dancer it follows, and finally the recruited piece ``<``
with its path. Like every frame module the first argument is a ``Deliberation`` or the trace.
"""

from __future__ import annotations

from rich.text import Text

from swarmtui.agents.aco_bco.trace import BeeChoice, BeeTrace
from swarmtui.core.counting import counted
from swarmtui.core.hexgrid import Hex
from swarmtui.core.trace import Cell, Trace
from swarmtui.games.halma.notation import format_cell
from swarmtui.tui.overlay import BoardOverlay, Trail
from swarmtui.tui.panels.ants import CHOSEN_HOLE, RANKS, SUBJECT, compact, format_path, hexes, mark
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

PHASES = ("fitness", "roulette", "followers", "recruit")
BAR = 12
"""Cells of a fitness or share bar."""
EIGHTHS = " ▏▎▍▌▋▊▉█"
DANCES = ("+", "+")
ABANDONS = ("-", "-")



def phases(d: Deliberation | Trace) -> tuple[str, ...]:
    return PHASES if trace_of(d, BeeTrace).bees else PHASES[-1:]


def frame(d: Deliberation | Trace, phase: int, glyphs: str = "unicode") -> Text:
    names = phases(d)
    phase = max(0, min(phase, len(names) - 1))
    return stack(phase_heading(names, phase), body(trace_of(d, BeeTrace), phase, glyphs))


def body(t: BeeTrace, phase: int, glyphs: str = "unicode") -> Text:
    """The text of phase ``phase`` (indices as in ``phases``) without its heading."""
    if not t.bees:
        return recruit_text(t)
    return (fitness_text, roulette_text, followers_text, recruit_text)[phase](t, glyphs)


def bar(fraction: float, glyphs: str, width: int = BAR) -> str:
    """A bar ``fraction`` (0..1) of ``width`` cells: eighth blocks, or ``#`` in ASCII."""
    fraction = max(0.0, min(1.0, fraction))
    if glyphs == "ascii":
        return ("#" * round(fraction * width)).ljust(width)
    eighths = round(fraction * width * 8)
    full, part = divmod(eighths, 8)
    return ("█" * full + (EIGHTHS[part] if part else "")).ljust(width)


def fitness_text(t: BeeTrace, glyphs: str = "unicode") -> Text:
    top = max(b.fitness for b in t.bees) or 1.0
    text = Text(f"{len(t.bees)} bees rate their ants' paths\n", end="")
    text.append("f = w_d/d + w_l·l + w_p·p  (eq. 12)\n", MUTED)
    text.append("in goal: w_d/f_g for w_d/d (eq. 13)\n", MUTED)
    text.append(f"{'bee':<4}{'path':<9} {'fitness':<{BAR}} {'f':>5}", HEADING)
    for b in t.bees:
        tag = " goal" if b.in_goal else ""
        text.append(f"\n{_cell(b.piece):<4}{_end(b):<9} {bar(b.fitness / top, glyphs)} {compact(b.fitness):>5}{tag}")
    return text


def roulette_text(t: BeeTrace, glyphs: str = "unicode") -> Text:
    top = max(max(b.share for b in t.bees), t.threshold) or 1.0
    tick = min(BAR - 1, int(t.threshold / top * BAR))
    text = Text(f"share f/Σf (eq. 14), | = 1/|C| = {t.threshold:.1%}\n", end="")
    text.append("above it a bee dances (advertises)\n", MUTED)
    text.append(f"{'bee':<4}{'share':<{BAR}} {'':>6}", HEADING)
    for b in t.bees:
        cells = bar(b.share / top, glyphs)
        cells = cells[:tick] + "|" + cells[tick + 1:]
        verdict = "dances" if b.advertises else "abandons"
        text.append(f"\n{_cell(b.piece):<4}{cells} {b.share:>6.1%} {verdict}", HEADING if b.advertises else None)
    if t.note:
        text.append(f"\n{t.note}", MUTED)
    return text


def dancer_letters(t: BeeTrace) -> dict[Cell, str]:
    """``A``, ``B``... for the advertisers, in the trace's order."""
    dancers = [b.piece for b in t.bees if b.advertises]
    return {cell: RANKS[i % len(RANKS)] for i, cell in enumerate(dancers)}


def followers_text(t: BeeTrace, glyphs: str = "unicode") -> Text:
    letters = dancer_letters(t)
    arrow = "->" if glyphs == "ascii" else "→"
    counts = {cell: sum(b.follows == cell for b in t.bees) for cell in letters}
    text = Text("each abandoner follows a dancer, drawn\nby roulette over the dancers' f\n", end="")
    text.append("dancers", HEADING)
    for b in t.bees:
        if b.advertises:
            n = counts[b.piece]
            followers = counted(n, "follower")
            text.append(f"\n {letters[b.piece]} {_cell(b.piece):<4}{b.share:>6.1%}  {followers}")
    abandoners = [b for b in t.bees if not b.advertises]
    if abandoners:
        text.append("\nabandoners", HEADING)
    for b in abandoners:
        whom = f"{letters.get(b.follows, '?')} {_cell(b.follows)}" if b.follows is not None else "nobody"
        text.append(f"\n {_cell(b.piece):<4}abandons {arrow} follows {whom}")
    return text


def recruit_text(t: BeeTrace, glyphs: str = "unicode") -> Text:
    text = Text(end="")
    if t.bees:
        text.append("one dancer is recruited by roulette\nover the dancers (like eq. 14)\n")
    letter = dancer_letters(t).get(t.recruited, "") if t.recruited is not None else ""
    who = f"{letter} {_cell(t.recruited)}".strip() if t.recruited is not None else "nobody"
    text.append(f"> {who} is recruited", CHOSEN)
    if t.path:
        text.append(f"\n  moves {format_path(t.path)}", CHOSEN)
    if t.note:
        text.append(f"\n{t.note}", MUTED)
    return text


# -- board overlay ----------------------------------------------------------------------------
def overlay(d: Deliberation | Trace, phase: int, glyphs: str = "unicode") -> BoardOverlay:
    """What phase ``phase`` draws on the board (see the module docstring)."""
    t = trace_of(d, BeeTrace)
    names = phases(t)
    name = names[max(0, min(phase, len(names) - 1))]
    if name == "recruit":
        return recruit_overlay(t)
    if name == "followers":
        return followers_overlay(t)
    return paths_overlay(t, t.bees, verdicts=name == "roulette", caption=f"bees: {name}")


def paths_overlay(t: BeeTrace, bees: tuple[BeeChoice, ...] | list[BeeChoice], *, verdicts: bool,
                  caption: str) -> BoardOverlay:
    """The bees' paths as trails with ``◉`` landing holes; ``+``/``-`` beside the pieces if ``verdicts``."""
    trails = tuple(Trail(hexes(b.path), "bold" if b.advertises else "dim", _cell(b.piece)) for b in bees)
    marks = [mark(b.path[-1], CHOSEN_HOLE, "proposed") for b in bees if len(b.path) > 1]
    if verdicts:
        marks += [mark(b.piece, DANCES if b.advertises else ABANDONS, "dances" if b.advertises else "abandons")
                  for b in t.bees]
    return BoardOverlay(trails=trails, marks=tuple(marks), caption=caption)


def followers_overlay(t: BeeTrace) -> BoardOverlay:
    """Dancers lettered, each abandoner marked with the lower-case letter of the dancer it follows."""
    letters = dancer_letters(t)
    dancers = [b for b in t.bees if b.advertises]
    base = paths_overlay(t, dancers, verdicts=False, caption="who follows whom")
    marks = [mark(cell, (letter, letter), f"dancer {letter}") for cell, letter in letters.items()]
    for b in t.bees:
        if not b.advertises and b.follows in letters:
            lower = letters[b.follows].lower()
            marks.append(mark(b.piece, (lower, lower), f"follows {letters[b.follows]}", "dim"))
    return BoardOverlay(trails=base.trails, marks=base.marks + tuple(marks), caption=base.caption)


def recruit_overlay(t: BeeTrace) -> BoardOverlay:
    if t.recruited is None:
        return BoardOverlay(caption="nobody recruited")
    trails = (Trail(hexes(t.path), "bold", "recruited"),) if len(t.path) > 1 else ()
    marks = (mark(t.recruited, SUBJECT, "recruited"),) + tuple(mark(c, CHOSEN_HOLE, "moves") for c in t.path[1:])
    return BoardOverlay(trails=trails, marks=marks, caption=f"{_cell(t.recruited)} is recruited")


def _cell(cell: Cell | None) -> str:
    return format_cell(Hex(*cell)) if cell is not None else "-"


def _end(b: BeeChoice) -> str:
    """``to o3``: the landing hole of the bee's path (the table is narrow)."""
    return f"to {_cell(b.path[-1])}" if len(b.path) > 1 else "-"


FRAMES = register_frames(BeeTrace, Frames(phases, frame, overlay))
