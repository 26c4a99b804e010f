"""The ``pso-plus`` agent: the thesis' swarm with what its chapter 4 and 5 say it lacks.

The insects still fly by eq. 2.1 and declare the same intentions (``agent.SwarmAgent``);
the swarm's move is still the best intention of the best vicinity. Four additions:

* **Winning look-ahead** (Figure 4.2: "there is clearly a winning terminal state in one move,
  yet PSO has no understanding of approaching winning states"): a move that surrounds the
  opponent Queen is always played.
* **Queen safety** (4.3.2.1-2 and 5.2: the swarm's losses came from walking into a one-move
  loss; "the Queen Bee is all-knowing and can sense if movement towards her is dangerous.
  She would then command the potential ally to choose an alternative move"): every
  candidate is tried on the board, and one after which the opponent can surround our Queen
  at once is refused; the next-best intention moves instead. When no swarm candidate is safe
  the Queen commands the safe move that leaves her the most free neighbours.
* **Surround gain** (4.3.2.3, pinned endgames): an insect that sees the opponent Queen also
  considers its moves that fill one of her free neighbours, and every candidate's score adds
  ``attack_weight`` times the change in her occupied neighbours (+1 filling a gap, -1
  stepping out of one). A Beetle on a piece beside her thereby drops into the gap that the
  Freedom to Move rule closes to the others.
* **Queen guard** (4.3.2.1: a Beetle "moved into a position which endangered the Queen";
  Danger Theory reacts only once she is crowded): when our Queen has four or more occupied
  neighbours before or after a move, the move scores ``guard_weight`` per neighbour it frees
  and loses as much per neighbour it crowds.
* **Recall** (4.3.2.3: "establish recall for the insects such that they are able to trace
  previous moves executed and favour other non-repeating moves"): a move back to one of the
  insect's last ``recall`` cells loses ``repeat_penalty``.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field, replace

import numpy as np

from swarmtui.agents.pso.agent import PsoParams, Rank, SwarmAgent, SwarmTurn, axial, colour_of
from swarmtui.agents.pso.intentions import landing, sees_goal
from swarmtui.agents.pso.trace import IntentionFactor, ParticleTrace
from swarmtui.core.hexgrid import Hex, distance
from swarmtui.core.params import check_range
from swarmtui.core.trace import Decision
from swarmtui.games.hive.rules import Move


@dataclass(frozen=True)
class PlusParams(PsoParams):
    """The thesis swarm's parameters plus the look-ahead's."""

    attack_weight: float = field(default=4.0,
                                 metadata={"help": "score per opponent-Queen neighbour filled (-1: vacated)"})
    repeat_penalty: float = field(default=2.0, metadata={"help": "score lost by a move back to a recent cell"})
    recall: int = field(default=4, metadata={"help": "cells each insect remembers"})
    safety: bool = field(default=True, metadata={"help": "refuse moves that allow a one-move loss"})
    guard_weight: float = field(default=3.0,
                                metadata={"help": "score per own-Queen neighbour freed (crowding her: lost)"})
    lookahead: bool = field(default=True, metadata={"help": "always play a move that surrounds the opponent Queen"})

    def __post_init__(self) -> None:
        super().__post_init__()
        check_range("recall", self.recall, 0, 1000)


@dataclass(frozen=True)
class Candidate:
    """One move an insect offers, with its adjusted score."""

    index: int
    move: Move
    gain: int
    guard: float
    repeat: bool
    rank: Rank


def surround_gain(state, move, goal: Hex) -> int:
    """Change in the opponent Queen's occupied neighbours if ``move`` is made (no play needed)."""
    gain = 0
    if move.origin is not None and distance(move.origin, goal) == 1 and state.height(move.origin) == 1:
        gain -= 1  # the cell beside her empties
    if distance(move.dest, goal) == 1 and state.height(move.dest) == 0:
        gain += 1  # a gap beside her fills
    return gain


def crowding(state, move, queen: Hex) -> tuple[int, int]:
    """Our Queen's occupied neighbours before and after ``move`` (the Queen herself may move)."""
    before = state.neighbours_occupied(queen)
    if move.origin == queen and state.height(queen) == 1:
        after = sum(1 for n in move.dest.neighbours() if n != queen and state.height(n) > 0)
        return before, after
    after = before
    if move.origin is not None and distance(move.origin, queen) == 1 and state.height(move.origin) == 1:
        after -= 1
    if distance(move.dest, queen) == 1 and state.height(move.dest) == 0:
        after += 1
    return before, after


def finishing_move(state, queen: Hex | None, wanted):
    """A legal move that fills the last gap beside ``queen`` and ends the game with a winner
    ``wanted(winner)`` accepts; None when there is none (only a Queen with five occupied
    neighbours can be finished in one move)."""
    if queen is None or state.neighbours_occupied(queen) < 5:
        return None
    for move in state.legal_moves():
        if move.dest is None or distance(move.dest, queen) != 1 or state.height(move.dest) != 0:
            continue
        state.play(move)
        outcome = state.outcome
        state.undo()
        if outcome is not None and wanted(outcome.winner):
            return move
    return None


class PlusAgent(SwarmAgent):
    """The thesis' swarm with look-ahead, surround gain and recall; see the module docstring."""

    id = "pso-plus"
    params: PlusParams

    def __init__(self, rng: np.random.Generator, params: PlusParams) -> None:
        super().__init__(rng, params)
        self.recent: dict[str, deque] = {}

    def decide(self, state) -> Decision:
        if state.ply < self._last_ply:
            self.recent.clear()
        win = self.winning_move(state, state.to_move) if self.params.lookahead else None
        if win is None:
            decision = super().decide(state)  # swarm_turn, pick, then commit (below)
        else:
            decision = self._take_win(state, win)
        self._remember_cells(state)
        return decision

    def _take_win(self, state, win) -> Decision:
        if state.ply < self._last_ply:
            self.particles.clear()
        self._last_ply = state.ply
        turn = self.swarm_turn(state)  # the swarm still flies: velocities move on
        views: tuple = ()
        goal = None
        if isinstance(turn, SwarmTurn):
            for view, velocity in zip(turn.views, turn.velocities, strict=True):
                self.particles[view.piece].velocity = velocity
            views, goal = tuple(turn.views), axial(turn.goal)
        trace = ParticleTrace(variant=self.params.intention, goal=goal, particles=views,
                              chosen=str(win.piece), move=state.format_move(win),
                              note="look-ahead: this move surrounds the opponent Queen")
        return Decision(win, trace)

    def commit(self, state, turn: SwarmTurn, pick, note: str = "") -> Decision:
        """Re-rank every insect's candidates, then play the best one that is safe."""
        p = self.params
        me = state.to_move
        for view, velocity in zip(turn.views, turn.velocities, strict=True):
            self.particles[view.piece].velocity = velocity
        candidates = sorted(self.candidates(state, turn), key=lambda c: c.rank, reverse=True)
        refused: list[str] = []
        chosen = None
        for cand in candidates:
            if not p.safety or self.safe(state, cand.move, me):
                chosen = cand
                break
            refused.append(state.format_move(cand.move))
        views = self._views(state, turn, candidates, chosen)
        ranks = [None if rank is None or view.score is None else (view.score, *rank[1:])
                 for view, rank in zip(views, turn.ranks, strict=True)]
        ranked = SwarmTurn(turn.insects, turn.intentions, views, turn.members, ranks, turn.velocities, turn.goal)
        winners = super().pick(ranked)
        notes = ([f"Queen safety refused {len(refused)} move(s) allowing a one-move loss: {', '.join(refused)}"]
                 if refused else [])
        if chosen is not None:
            move, piece = chosen.move, views[chosen.index].piece
        else:
            command = self.queen_command(state, me) if p.safety else None
            if command is not None:
                move = command
                notes.append("Queen's command: no swarm move is safe; "
                             "the safe move leaving her the most free neighbours")
            else:
                move = candidates[0].move
                notes.append("no safe move exists")
            piece = str(move.piece) if move.piece is not None else ""
        trace = ParticleTrace(variant=p.intention, goal=axial(turn.goal), particles=tuple(views),
                              vicinity_winners=tuple(winners[1]) if winners else (), chosen=piece,
                              move=state.format_move(move), note="; ".join(notes))
        return Decision(move, trace)

    def _views(self, state, turn: SwarmTurn, candidates: list[Candidate], chosen: Candidate | None) -> list:
        """Each insect's view showing its best candidate (the chosen one for the mover)."""
        p = self.params
        best: dict[int, Candidate] = {}
        for cand in candidates:  # sorted best first
            best.setdefault(cand.index, cand)
        if chosen is not None:
            best[chosen.index] = chosen
        views = list(turn.views)
        for i, cand in best.items():
            view = views[i]
            extra = (IntentionFactor("surround gain", p.attack_weight * cand.gain),
                     IntentionFactor("queen guard", cand.guard),
                     IntentionFactor("repeat", -p.repeat_penalty if cand.repeat else 0.0))
            intention = turn.intentions[i]
            rule = view.intention if intention is not None and cand.move == intention.move else "fill-gap"
            views[i] = replace(view, move=state.format_move(cand.move), move_cell=axial(landing(cand.move)),
                               factors=view.factors + extra, score=cand.rank[0], intention=rule)
        return views

    # -- candidates ---------------------------------------------------------------------------
    def candidates(self, state, turn: SwarmTurn) -> list[Candidate]:
        """Each insect's intention move plus, when it sees the Queen, its gap-filling moves."""
        p = self.params
        k = p.constants()
        own = state.queen(colour_of(state))
        out: list[Candidate] = []
        for i, (insect, intention, base_rank) in enumerate(zip(turn.insects, turn.intentions, turn.ranks, strict=True)):
            if intention is None or base_rank is None:
                continue
            moves = [intention.move]
            if sees_goal(insect, k):
                moves += [m for m in insect.moves if m != intention.move and surround_gain(state, m, turn.goal) > 0]
            recent = self.recent.get(str(insect.piece), ())
            for move in moves:
                gain = surround_gain(state, move, turn.goal)
                repeat = move.dest in recent
                guard = 0.0
                if own is not None:
                    before, after = crowding(state, move, own)
                    if max(before, after) >= 4:
                        guard = p.guard_weight * (before - after)
                score = intention.score + p.attack_weight * gain + guard - (p.repeat_penalty if repeat else 0.0)
                out.append(Candidate(i, move, gain, guard, repeat, (score, *base_rank[1:])))
        return out

    # -- look-ahead ---------------------------------------------------------------------------
    def winning_move(self, state, me: str):
        """A legal move that surrounds the opponent Queen now, if any."""
        colour = colour_of(state)
        goal = state.queen("b" if colour == "w" else "w")
        return finishing_move(state, goal, lambda winner: winner == me)

    def safe(self, state, move, me: str) -> bool:
        """After ``move``, the opponent has no move that surrounds our Queen (nor have we)."""
        state.play(move)
        try:
            outcome = state.outcome
            if outcome is not None:
                return outcome.winner == me
            own = state.queen("w" if me == state.seats[0] else "b")
            return finishing_move(state, own, lambda winner: winner not in (me, None)) is None
        finally:
            state.undo()

    def queen_command(self, state, me: str):
        """The safe legal move leaving our Queen the most free neighbours (None: nothing is safe)."""
        best, best_free = [], -1
        colour = "w" if me == state.seats[0] else "b"
        for move in state.legal_moves():
            if not self.safe(state, move, me):
                continue
            state.play(move)
            own = state.queen(colour)
            free = 6 - state.neighbours_occupied(own) if own is not None else 6
            state.undo()
            if free > best_free:
                best, best_free = [move], free
            elif free == best_free:
                best.append(move)
        if not best:
            return None
        return best[int(self.rng.integers(len(best)))]

    def _remember_cells(self, state) -> None:
        p = self.params
        colour = colour_of(state)
        for piece in state.pieces_on_board(colour):
            cells = self.recent.setdefault(str(piece), deque(maxlen=max(1, p.recall)))
            cell = state.position(piece)
            if p.recall and (not cells or cells[-1] != cell):
                cells.append(cell)


def build(game_id: str, seat: str, rng: np.random.Generator, params: PlusParams) -> PlusAgent:
    return PlusAgent(rng, params)
