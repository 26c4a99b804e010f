"""The thesis' Hive experiment protocol (McGuile 3.5.1, 3.5.4, 4.3), one game at a time.

1. *Placement*: every one of the 22 pieces enters the hive by a random legal placement (a
   random kind among those the rules allow, then a random legal cell), White first.
2. *Random phase*: ``random_moves`` (20) uniformly random legal moves per player.
3. *AI phase*: the two agents alternate, at most ``ai_moves`` (40) moves each; a game that
   is still running after that is a draw.

A game decided during steps 1-2 is *excluded* (counted separately, never a win or a loss).
The agents' colours alternate with the game index (even games: player 1 is White), where
the thesis' swarm always played White; both players' results are reported per agent.

The *immobile* opponent of Table 4.1 ("infinite moves" for the swarm, 3.5.3) never moves in
the AI phase: its turns are skipped. The rules have no such move, so the skip is made with
the engine's unchecked ``_apply(PASS)`` and listed in the record's ``skips`` (plies), which is
how ``swarmtui replay`` re-creates those games.

Every game leaves a ``HiveGameRecord``: its UHP GameString, the MoveStrings, where the AI
phase began, the outcome, each player's AI move count, and (``traces=True``) the JSON trace
of every AI decision.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from swarmtui.core.rng import make_rng
from swarmtui.games.hive.rules import Board
from swarmtui.referee import Referee, Seat
from swarmtui.sim.match import game_seed

RECORD_FORMAT = 1
PLACEMENT_LIMIT = 200  # plies; 22 placements take 22 unless a player has no legal cell


@dataclass(frozen=True)
class Player:
    """An agent id and its parameter overrides; ``label`` names it in tables."""

    agent: str
    overrides: tuple[tuple[str, str], ...] = ()
    label: str = ""

    @property
    def name(self) -> str:
        return self.label or self.agent


@dataclass(frozen=True)
class Protocol:
    """The thesis' numbers (4.3): 20 random moves and at most 40 AI moves per player."""

    random_moves: int = 20
    ai_moves: int = 40
    immobile_opponent: bool = False
    traces: bool = False


THESIS_RULES = {"repetition": "false"}  # the rule variants of the thesis' games (HiveRules): the printed rules


@dataclass
class HiveGameRecord:
    """One protocol game. ``decided`` is ``"excluded"`` (before the AI phase) or ``"ai"``."""

    index: int
    seed: int
    players: dict[str, str]
    labels: dict[str, str]
    game_string: str
    moves: list[str]
    ai_start: int
    skips: list[int]
    decided: str
    winner: str | None
    winner_label: str | None
    reason: str
    ai_moves: dict[str, int]
    seconds: float
    think_seconds: dict[str, float] = field(default_factory=dict)
    params: dict[str, dict[str, str]] = field(default_factory=dict)
    intentions: dict[str, dict[str, int]] = field(default_factory=dict)
    traces: list[dict[str, Any]] = field(default_factory=list)
    game: str = "hive"
    result: str = ""  # "White wins", "draw", "excluded: ...": the GameRecord fields sim report reads
    plies: int = 0
    rules: dict[str, str] = field(default_factory=lambda: dict(THESIS_RULES))  # replays play the thesis' rules

    def to_json(self) -> dict[str, Any]:
        return {"format": RECORD_FORMAT, **asdict(self)}

    @property
    def excluded(self) -> bool:
        return self.decided == "excluded"


def player_one_seat(index: int) -> str:
    """Player 1 is White in even-numbered games and Black in odd ones."""
    return "White" if index % 2 == 0 else "Black"




def random_placements(board: Board, rng: np.random.Generator) -> None:
    """Step 1: place all 22 pieces by random legal placements (random kind, then cell)."""
    while (board.in_hand("w") or board.in_hand("b")) and board.outcome is None and board.ply < PLACEMENT_LIMIT:
        legal = board.legal_moves()
        placements = [m for m in legal if m.piece is not None and m.origin is None]
        if not placements:
            board.play(legal[int(rng.integers(len(legal)))])
            continue
        kinds = sorted({str(m.piece) for m in placements})
        kind = kinds[int(rng.integers(len(kinds)))]
        cells = [m for m in placements if str(m.piece) == kind]
        board.play(cells[int(rng.integers(len(cells)))])


def random_phase(board: Board, rng: np.random.Generator, moves_each: int) -> None:
    """Step 2: ``moves_each`` uniformly random legal moves per player."""
    for _ in range(2 * moves_each):
        if board.outcome is not None:
            return
        legal = board.legal_moves()
        board.play(legal[int(rng.integers(len(legal)))])


def play_protocol_game(players: tuple[Player, Player], protocol: Protocol, base_seed: int,
                       index: int) -> HiveGameRecord:
    """Play game ``index`` (seeded from ``base_seed``) under ``protocol``; player 1 is the swarm side."""
    seed = game_seed(base_seed, index)
    seats = ("White", "Black") if player_one_seat(index) == "White" else ("Black", "White")
    by_seat = dict(zip(seats, players, strict=True))
    rng = make_rng(seed, "protocol")
    start = time.perf_counter()
    board = Board(repetition=False)  # THESIS_RULES: no repetition draw (its games run to the move limit)
    random_placements(board, rng)
    random_phase(board, rng, protocol.random_moves)
    ai_start = board.ply
    immobile = seats[1] if protocol.immobile_opponent else None
    seated = [Seat(seat, p.agent, p.overrides) for seat, p in by_seat.items() if seat != immobile]
    referee = Referee.seated("hive", seated, seed, state=board)
    skips: list[int] = []
    traces: list[dict[str, Any]] = []
    intentions: dict[str, dict[str, int]] = {}
    decided = "excluded" if board.outcome is not None else "ai"
    with referee:
        while not referee.is_over:
            seat = board.to_move
            if seat == immobile:
                skips.append(board.ply)
                referee.skip()
                continue
            if referee.decisions[seat] >= protocol.ai_moves:
                break
            ply = board.ply
            turn = referee.step()
            if turn.decision is None:  # it forfeited: the referee has ended the game
                break
            _count_intentions(intentions.setdefault(seat, {}), turn.decision.trace)
            if protocol.traces:
                traces.append({"ply": ply, "seat": seat, "move": referee.moves[-1],
                               "trace": turn.decision.trace.to_json()})
    counts = {seat: referee.decisions.get(seat, 0) for seat in by_seat}
    think = {seat: referee.think_seconds[seat] for seat in by_seat}
    outcome = referee.outcome
    winner = outcome.winner if outcome else None
    game_string = board.game_string()
    return HiveGameRecord(
        index=index, seed=seed, players={s: p.agent for s, p in by_seat.items()},
        labels={s: p.name for s, p in by_seat.items()}, game_string=game_string,
        moves=game_string.split(";")[3:], ai_start=ai_start, skips=skips, decided=decided,
        winner=winner, winner_label=by_seat[winner].name if winner else None,
        reason=outcome.reason if outcome else f"no result after {protocol.ai_moves} AI moves each",
        ai_moves=counts, seconds=round(time.perf_counter() - start, 4),
        think_seconds={k: round(v, 4) for k, v in think.items()},
        params={s: dict(p.overrides) for s, p in by_seat.items() if p.overrides},
        intentions={s: c for s, c in intentions.items() if c}, traces=traces,
        result=("excluded: " if decided == "excluded" else "") + (f"{winner} wins" if winner else "draw"),
        plies=len(game_string.split(";")) - 3,
    )


def _count_intentions(counts: dict[str, int], trace) -> None:
    """Tally the intention rule of every insect that declared one (section 4.2.9's statistic)."""
    for view in getattr(trace, "particles", ()):
        if view.intention:
            counts[view.intention] = counts.get(view.intention, 0) + 1
