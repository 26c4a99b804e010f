"""Hive presets: McGuile's Tables 4.1-4.3 and the improved swarm, with the thesis' numbers.

``swarmtui sim hive --preset table-4.1`` (and ``table-4.2``, ``table-4.3``, ``pso-plus``)
plays the thesis protocol (``protocol``) for every row of the table and prints our
numbers beside the thesis'. ``--games N`` replaces each row's game count, ``--param`` adds
agent parameters (``pso.radius=3``), ``--out FILE`` logs every game (UHP GameString, moves and
the per-move traces) as JSON lines, replayable with ``swarmtui replay FILE``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from swarmtui.agents.pso.intentions import VARIANTS
from swarmtui.core.safe_text import safe_text
from swarmtui.papers.mcguile.pairings import Pairing, Tally, check_assignments, run_pairings, tally, with_overrides
from swarmtui.papers.mcguile.protocol import Player, Protocol
from swarmtui.sim.execution import dask_client
from swarmtui.sim.folded import Folded
from swarmtui.sim.presets import Preset, PresetRequest, register

IMMOBILE = Player("random", label="Immobile")
RANDOM = Player("random", label="Random")
MCTS = Player("mcts", label="MCTS")
SWARM = Player("pso", label="Swarm AI")
SWARM_PLUS = Player("pso-plus", label="Swarm+ (pso-plus)")

# Table 4.1: (swarm wins, avg moves to win) of 300 games against an immobile opponent, which
# never won; without and with the tiebreaker.
THESIS_4_1: dict[str, dict[bool, tuple[int, int]]] = {
    "velocity": {False: (90, 21), True: (114, 21)},
    "accuracy": {False: (47, 19), True: (56, 22)},
    "fitness": {False: (63, 19), True: (63, 19)},
    "velocity+accuracy": {False: (108, 20), True: (112, 20)},
    "velocity-or-accuracy": {False: (51, 20), True: (71, 22)},
    "velocity-or-dtg": {False: (162, 16), True: (166, 15)},
}
# Table 4.2: (random wins, swarm wins, avg moves to win) of 300 games, tiebreaker on.
THESIS_4_2: dict[str, tuple[int, int, int]] = {
    "velocity": (0, 101, 21),
    "accuracy": (2, 69, 22),
    "fitness": (2, 96, 22),
    "velocity+accuracy": (5, 111, 19),
    "velocity-or-accuracy": (7, 67, 20),
    "velocity-or-dtg": (6, 184, 17),
}
# Table 4.3: (player 1 wins, player 2 wins, draws) of 100 games.
THESIS_4_3: dict[str, tuple[int, int, int]] = {
    "Swarm AI vs Random": (55, 0, 45),
    "MCTS vs Random": (53, 0, 47),
    "Swarm AI vs MCTS": (41, 38, 21),
}
THESIS_SHARE = {"velocity": 0.635, "direct-to-goal": 0.365}
"""Section 4.2.9: shares of the final swarm's 12,922 intentions against Random."""


def _swarm(variant: str, tiebreak: bool = True) -> Player:
    overrides = [("intention", variant)] + ([] if tiebreak else [("tiebreak", "false")])
    return Player("pso", tuple(overrides), label=f"Swarm AI ({variant})")


def table_4_1(games: int | None = None, traces: bool = False) -> list[Pairing]:
    """Each intention variant, without and with the tiebreaker, against an immobile opponent."""
    rows = []
    for variant in VARIANTS:
        for tiebreak in (False, True):
            wins, moves = THESIS_4_1[variant][tiebreak]
            rows.append(Pairing(
                f"{variant} / tiebreak {'Y' if tiebreak else 'N'}", (_swarm(variant, tiebreak), IMMOBILE),
                Protocol(immobile_opponent=True, traces=traces), games or 300,
                {"games": 300, "p1": wins, "p2": 0, "moves": moves},
            ))
    return rows


def table_4_2(games: int | None = None, traces: bool = False) -> list[Pairing]:
    """Each intention variant (tiebreaker on) against the random player."""
    rows = []
    for variant in VARIANTS:
        random_wins, wins, moves = THESIS_4_2[variant]
        rows.append(Pairing(variant, (_swarm(variant), RANDOM), Protocol(traces=traces), games or 300,
                            {"games": 300, "p1": wins, "p2": random_wins, "moves": moves}))
    return rows


def table_4_3(games: int | None = None, traces: bool = False) -> list[Pairing]:
    """The final swarm and MCTS(500 iterations, depth 13) against Random and each other."""
    protocol = Protocol(traces=traces)
    rows = []
    for name, players in (("Swarm AI vs Random", (SWARM, RANDOM)), ("MCTS vs Random", (MCTS, RANDOM)),
                          ("Swarm AI vs MCTS", (SWARM, MCTS))):
        p1, p2, draws = THESIS_4_3[name]
        rows.append(Pairing(name, players, protocol, games or 100, {"games": 100, "p1": p1, "p2": p2, "draws": draws}))
    return rows


def improved(games: int | None = None, traces: bool = False) -> list[Pairing]:
    """The improved swarm against the thesis' final swarm and MCTS(500, 13); no thesis numbers."""
    protocol = Protocol(traces=traces)
    return [
        Pairing("Swarm+ vs Swarm AI", (SWARM_PLUS, SWARM), protocol, games or 100),
        Pairing("Swarm+ vs MCTS", (SWARM_PLUS, MCTS), protocol, games or 100),
        Pairing("Swarm+ vs Random", (SWARM_PLUS, RANDOM), protocol, games or 100),
    ]


@dataclass(frozen=True)
class Row:
    """One pairing's result beside the thesis' numbers."""

    pairing: Pairing
    tally: Tally


def play_rows(pairings: list[Pairing], seed: int, workers: int, params: tuple[str, ...] = (),
              writer=None, err_console: Console | None = None, scheduler: str | None = None) -> list[Row]:
    """Play every pairing (with ``params`` applied), interleaved; log records to ``writer``; tally each."""
    players = [p for pairing in pairings for p in pairing.players if p is not IMMOBILE]
    check_assignments(players, params)
    def configured(player: Player) -> Player:
        return player if player is IMMOBILE else with_overrides(player, params)

    pairings = [replace(pairing, players=(configured(pairing.players[0]), configured(pairing.players[1])))
                for pairing in pairings]
    records: list[list] = [[] for _ in pairings]
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        console=err_console or Console(stderr=True), transient=False)
    with dask_client(scheduler) as client, progress:
        tasks = [progress.add_task(p.group, total=p.games) for p in pairings]
        for k, record in run_pairings(pairings, seed, workers, client=client):
            records[k].append(record)
            if writer is not None:
                writer.write(record.to_json(), group=pairings[k].group)
            progress.advance(tasks[k])
    return [Row(pairing, tally(found)) for pairing, found in zip(pairings, records, strict=True)]


def _pct(count: float, total: float) -> str:
    return f"{count} ({100 * count / total:.0f}%)" if total else str(count)


def _moves(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


HEADERS = ("pairing", "games", "excluded", "P1 wins", "P2 wins", "draws", "P1 AI moves to win",
           "thesis P1 wins", "thesis P2 wins", "thesis draws", "thesis moves to win")


def row_cells(row: Row) -> tuple[str, ...]:
    """The table cells of one row (shared by the Rich and the Markdown table)."""
    t, thesis = row.tally, row.pairing.thesis
    n = thesis.get("games", 0)
    if n:
        thesis_draws = thesis.get("draws", n - thesis.get("p1", 0) - thesis.get("p2", 0))
        thesis_results = (_pct(thesis["p1"], n), _pct(thesis["p2"], n), _pct(thesis_draws, n))
    else:
        thesis_results = ("-", "-", "-")
    return (
        row.pairing.group, str(t.games), str(t.excluded), _pct(t.wins, t.played), _pct(t.losses, t.played),
        _pct(t.draws, t.played), _moves(t.moves_to_win), *thesis_results, str(thesis.get("moves", "-")),
    )


def share_line(rows: list[Row]) -> str:
    """Section 4.2.9: Velocity vs Direct-to-Goal shares of the final swarm against Random."""
    for row in rows:
        swarm, other = row.pairing.players
        direct = row.tally.share("direct-to-goal")
        if swarm.agent == "pso" and other.name == RANDOM.name and direct is not None:
            velocity = row.tally.share("velocity")
            if velocity is None:
                return ""
            total = sum(row.tally.intentions.values())
            return (f"Intentions of the swarm against Random ({total} assigned): velocity {100 * velocity:.1f}%, "
                    f"direct-to-goal {100 * direct:.1f}% (thesis 4.2.9: 63.5% / 36.5% of 12,922)")
    return ""


def rich_table(title: str, rows: list[Row]) -> Table:
    table = Table(title=title, title_justify="left")
    for header in HEADERS:
        table.add_column(header, justify="left" if header == "pairing" else "right")
    for row in rows:
        table.add_row(*row_cells(row))
    table.caption = ("Percentages over games played to the AI phase (ours) or over all games (thesis). "
                     "P1 is the first player named; colours alternate by game.")
    table.caption_justify = "left"
    return table


def markdown_table(rows: list[Row]) -> str:
    lines = ["| " + " | ".join(HEADERS) + " |", "|" + "---|" * len(HEADERS)]
    lines += ["| " + " | ".join(row_cells(row)) + " |" for row in rows]
    return "\n".join(lines)


def _runner(title: str, build: Callable[..., list[Pairing]], traces: bool = False) -> Callable[[PresetRequest], None]:
    """Play ``build``'s pairings and print the table; traces are kept in ``--out`` with ``--traces``
    (and always for the presets made to be replayed, ``traces=True``)."""

    def run(request: PresetRequest) -> None:
        pairings = build(request.games, traces=bool(request.out) and (traces or request.traces))
        if request.out:
            from swarmtui.records.results import RecordWriter

            header = {"game": "hive", "preset": title, "seed": request.seed, "params": list(request.params)}
            with RecordWriter(request.out, header=header) as writer:
                rows = play_rows(pairings, request.seed, request.workers, request.params, writer, request.err_console,
                                 request.scheduler)
        else:
            rows = play_rows(pairings, request.seed, request.workers, request.params, None, request.err_console,
                             request.scheduler)
        request.out_console.print(Folded(rich_table(f"{title}, seed {request.seed}", rows)))
        line = share_line(rows)
        if line:
            request.out_console.print(line, highlight=False)
        if request.out:
            request.err_console.print(safe_text(f"wrote {sum(r.tally.games for r in rows)} games to {request.out}"))

    return run


register(Preset("hive", "table-4.1",
                "McGuile Table 4.1: each intention variant, tiebreak N/Y, vs an immobile opponent (300 games each)",
                _runner("Table 4.1: intentions vs an immobile opponent", table_4_1)))
register(Preset("hive", "table-4.2", "McGuile Table 4.2: each intention variant vs Random (300 games each)",
                _runner("Table 4.2: intentions vs Random", table_4_2)))
register(Preset("hive", "table-4.3",
                "McGuile Table 4.3: Swarm vs Random, MCTS vs Random, Swarm vs MCTS (100 games each)",
                _runner("Table 4.3: final swarm and MCTS(500, depth 13)", table_4_3, traces=True)))
register(Preset("hive", "pso-plus",
                "Beyond the thesis: pso-plus vs the final swarm, MCTS(500, 13) and Random (100 games each)",
                _runner("Improved swarm (pso-plus)", improved, traces=True)))
