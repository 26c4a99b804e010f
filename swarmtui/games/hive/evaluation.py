"""The Hive evaluation, the game's ``evaluation`` service (``alphabeta`` searches with it):
every weight a named parameter.

Hive is won by surrounding the enemy Queen, so the evaluation is built round the two queens
(McGuile, section 3.2.2 states the goal; the thesis' swarm measures only the distance to the
enemy Queen, section 3.5.2). From White's point of view, then negated for Black to move:

``score = Σ_side ± ( - danger(own queen) + attack(enemy queen) + Σ mobile pieces + Σ pieces in
hand + beetles ) + tempo``

* **Queen danger**: ``x`` counts the occupied neighbours of a queen, each enemy piece and each
  of its own *pinned* pieces (which cannot step away) as 1 (an enemy piece as
  ``enemy_neighbour``), each own piece free to leave as ``own_mobile_neighbour``. Danger is
  ``queen_neighbour·x + queen_neighbour_sq·x²`` (convex: the fifth neighbour is far worse than
  the first). An enemy beetle on top of a queen pins her, counts as one more neighbour and adds
  ``beetle_on_queen`` for its owner; it also makes her free neighbours the enemy's placement
  cells (they touch no piece of her colour), and each one the enemy can fill from hand adds
  ``drop_liberty`` (up to the pieces it has in hand). Her *own* beetle on top guards her from
  enemy beetles but pins her: ``own_beetle_on_queen`` and ``own_cover`` (both 0). An own
  beetle next to the enemy queen, ready to climb, adds ``beetle_near_queen``; a queen that can
  still slide away is worth ``queen_mobile``.
* **Attackers**: ``attacker`` per enemy-queen liberty that one of our free pieces can plausibly
  fill next move (free ants reach any open perimeter cell; other free pieces count within two
  cells of the queen), capped by the free liberties.
* **Mobility and pins**: a piece on top of its stack that is not an articulation point of the
  hive (the One Hive rule, found by one Tarjan pass) and has a way out (a slide for
  queens/spiders/ants; beetles and grasshoppers always have one) is worth ``mobile_<bug>``;
  a pinned or stuck piece is worth nothing, so pinning enemy pieces and keeping one's own
  free are both rewarded. Nothing moves before its owner's queen is placed.
* **Pieces in hand**: ``hand_<bug>`` each (reserves are flexible: a piece can enter wherever
  it is needed), halved by ``hand_blocked`` when the side has no cell to place on.
* **Tempo**: ``tempo`` for the side to move.

Two hooks serve the search: ``urgent`` (a move gave a queen a new fifth neighbour: extend the
reply, the analogue of a check extension) and ``noisy`` (once the enemy queen has
``noisy_from`` neighbours, the moves that fill her free neighbours: the quiescence search).

The defaults were first set by hand from Hive strategy (an ant is the most valuable piece, a free
piece beats a piece in hand beats a pinned one, queen pressure grows faster than linearly) and
checked by the self-play ladder in ``docs/hive.md``. Since issue 31, ten of them (``TUNED`` of
``tuned_weights``: the queen terms, the attackers, the free bugs of the base game, the tempo) are
weights ``swarmtui sim tune hive`` found in self-play: by its random search (``--method random``,
seed 32; the record is ``saves/hive/weights-random-seed32.json``), the tuner's ablation, whose
weights the sequential test accepted against the hand-set ones at equal time (+47 Elo, 95 % +13
.. +82, 230 games at 0.2 CPU s a move) and which beat the particle swarm's accepted weights of the
same budget head to head (``docs/hive.md``): more for every free bug (a free beetle above a free
ant), less per queen neighbour, a larger tempo. The swarm's weights and the hand-set values stay
playable: ``saves/hive/weights-swarm-seed32.json``, ``saves/hive/weights-hand-set.json``.
Tuned by self-play only: not to any other engine.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from swarmtui.games.hive import rules
from swarmtui.games.hive.pieces import BUG_ORDER, Bug
from swarmtui.games.hive.rules import ARCS, BITS, STEPS, Board, D, W
from swarmtui.games.hive.weights import HiveWeights

_MOBILE_FIELD = {Bug.QUEEN: "mobile_queen", Bug.SPIDER: "mobile_spider", Bug.BEETLE: "mobile_beetle",
                 Bug.GRASSHOPPER: "mobile_grasshopper", Bug.ANT: "mobile_ant"}
_HAND_FIELD = {Bug.SPIDER: "hand_spider", Bug.BEETLE: "hand_beetle", Bug.GRASSHOPPER: "hand_grasshopper",
               Bug.ANT: "hand_ant"}
_SLIDERS = {Bug.QUEEN, Bug.SPIDER, Bug.ANT, Bug.PILLBUG}  # need a slide to move (beetles, grasshoppers,
# ladybugs and mosquitoes next to the hive always have some way)
_NEIGHBOUR_OFFSETS = frozenset(D)
_NEAR2 = tuple(sorted({a + b for a in D for b in D} | set(D)))  # offsets within two cells


class _Near2(dict):
    """Integer cell -> the cells within two steps of it (memoised: the queens rarely move)."""

    def __missing__(self, cell: int) -> frozenset[int]:
        near = self[cell] = frozenset(cell + o for o in _NEAR2)
        return near


NEAR2 = _Near2()


class HiveEvaluation:
    """The Hive :class:`~swarmtui.core.services.Evaluation` (module docstring)."""

    def __init__(self, weights: HiveWeights | None = None) -> None:
        self.weights = w = weights or HiveWeights()
        pieces = rules.ALL_PIECES
        self.colour = tuple(0 if p.colour == "w" else 1 for p in pieces)
        self.bug = tuple(p.bug for p in pieces)
        self.queens = tuple(i for i, p in enumerate(pieces) if p.bug is Bug.QUEEN)  # (white, black)
        self.mobile_value = tuple(
            getattr(w, _MOBILE_FIELD.get(p.bug, "mobile_other")) for p in pieces)
        self.hand_value = tuple(
            0.0 if p.bug is Bug.QUEEN else getattr(w, _HAND_FIELD.get(p.bug, "hand_other")) for p in pieces)
        self.kind_hand_value = tuple(  # per bug kind (the rules engine's order), for the tally of pieces placed
            0.0 if bug is Bug.QUEEN else getattr(w, _HAND_FIELD.get(bug, "hand_other")) for bug in BUG_ORDER)
        self._reserves: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, float]] = {}
        self.slider = tuple(p.bug in _SLIDERS for p in pieces)
        self.is_ant = tuple(p.bug is Bug.ANT for p in pieces)
        self.is_beetle = tuple(p.bug is Bug.BEETLE for p in pieces)

    # -- the protocol -------------------------------------------------------------------------
    def prepare(self, state: Board) -> Board:
        board = state.copy()
        board.repetition = False  # the search needs no repetition bookkeeping (it is slow)
        board._seen, board._keys = {}, []
        return board

    def key(self, state: Board) -> Hashable:
        return state.zobrist

    def player(self, state: Board) -> Callable[[Any], None]:
        return state._apply  # the search plays only moves legal_moves just gave it

    def null_move(self, state: Board) -> Any:
        """The pass: a side to move is almost never better off passing in Hive (no zugzwang to
        speak of), so a position that holds even after a pass is safely pruned."""
        return rules.PASS

    def urgent(self, state: Board) -> bool:
        """The move just played filled the fifth neighbour of a queen (or climbed on one with
        five): one more move may end the game, so the reply is searched a ply deeper (the Hive
        analogue of a check extension; a queen that merely *has* five neighbours extends nothing)."""
        if not state.history:
            return False
        move = state.history[-1]
        dest, origin = move[2], move[1]
        if dest is None:
            return False
        d = dest[0] * W + dest[1]
        o = None if origin is None else origin[0] * W + origin[1]
        nmask, pos, stacks = state._nmask, state._pos, state._stacks
        for q in self.queens:
            cell = pos[q]
            if cell is None or len(BITS[nmask.get(cell, 0)]) < 5:
                continue
            if d == cell:
                return True  # the queen stepped into the ring, or a beetle climbed on her
            if d - cell in _NEIGHBOUR_OFFSETS and not (o is not None and o - cell in _NEIGHBOUR_OFFSETS
                                                       and o not in stacks):
                return True  # a new neighbour (not one that walked round her from another)
        return False

    def noisy(self, state: Board) -> list[Any]:
        """The forcing moves for the quiescence search: once the enemy queen has ``noisy_from``
        occupied neighbours, the side to move's moves that fill one of her free neighbours (a
        piece arriving from elsewhere, or stepping down from a stack beside her). Nothing is
        generated in quieter positions, so the search pays for move generation only near a win."""
        me = state._ply & 1
        theirs = state._pos[self.queens[1 - me]]
        if theirs is None:
            return []
        nmask = state._nmask
        if len(BITS[nmask.get(theirs, 0)]) < self.weights.noisy_from:
            return []
        near = {theirs + d for d in D}
        stacks = state._stacks
        out = []
        for move in state.legal_moves():
            dest, origin = move[2], move[1]
            if dest is None or origin is None:
                continue
            d = dest[0] * W + dest[1]
            if d not in near or d in stacks:
                continue
            o = origin[0] * W + origin[1]
            if o in near and len(stacks[o]) == 1:
                continue  # a neighbour moving round the queen fills nothing
            out.append(move)
        return out

    def order(self, state: Board, moves: Sequence[Any]) -> list[float]:
        """Moves next to the enemy queen first, then moves that free one's own queen."""
        w = self.weights
        me = state._ply & 1
        pos = state._pos
        mine, theirs = pos[self.queens[me]], pos[self.queens[1 - me]]
        near_them = {theirs + d for d in D} if theirs is not None else set()
        near_me = {mine + d for d in D} if mine is not None else set()
        fill, free = w.order_fill, w.order_free
        out = []
        for move in moves:
            dest = move[2]
            if dest is None:
                out.append(0.0)
                continue
            d = dest[0] * W + dest[1]
            origin = move[1]
            o = None if origin is None else origin[0] * W + origin[1]
            score = 0.0
            if d in near_them or d == theirs:
                score += fill
            if o in near_them and d not in near_them:
                score -= fill
            if o in near_me and d not in near_me:
                score += free
            elif d in near_me and o not in near_me:
                score -= free
            out.append(score)
        return out

    def native(self, state: Board, entries: int) -> Any:
        """The compiled search with these weights (``native_search``) for a base-game ``state``
        once this process has loaded it (``compiled_search.load``, the game's ``prepare``), else
        None."""
        from swarmtui.games.hive import compiled_search

        if not state._plain or compiled_search.ready() is None:
            return None
        from swarmtui.games.hive.native_search import HiveNativeSearch

        return HiveNativeSearch(self.weights, entries)

    # -- the score -------------------------------------------------------------------------
    def evaluate(self, state: Board) -> float:
        """The static score for the side to move (module docstring): the pieces free to move,
        each queen's surroundings, and the pieces in hand, for each side."""
        pos = state._pos
        qcell = (pos[self.queens[0]], pos[self.queens[1]])
        score = [0.0, 0.0]
        mobile, own_cells, reach = self._mobility(state, qcell, score)
        for side in (0, 1):
            q = qcell[side]
            if q is None:
                score[side] -= self.weights.queen_in_hand
            else:
                self._queen(state, side, q, mobile, reach[1 - side], score)
        self._hands(state, own_cells, score)
        me = state._ply & 1
        return score[me] - score[1 - me] + self.weights.tempo

    def _mobility(self, state: Board, qcell: tuple[int | None, int | None],
                  score: list[float]) -> tuple[list[bool], list[list[int]], list[int]]:
        """Add each side's free pieces (each at its ``mobile_value``; beside the enemy queen at
        ``mobile_at_queen`` times it) to ``score``; return which pieces are free, each side's
        occupied cells, and each side's reach: its free ants and the other free pieces within two
        cells of the enemy queen."""
        w = self.weights
        stacks, nmask, pos = state._stacks, state._nmask, state._pos
        colour_of, slider, mobile_value, is_ant = self.colour, self.slider, self.mobile_value, self.is_ant
        free_ants = [0, 0]
        near_attackers = [0, 0]  # free non-ant pieces within two cells of the enemy queen
        mobile = [False] * len(pos)
        near2: list[frozenset[int]] = [frozenset(), frozenset()] if qcell[0] is None or qcell[1] is None else [
            NEAR2[qcell[1]], NEAR2[qcell[0]]]
        at_queen = w.mobile_at_queen
        near1 = [set(), set()] if at_queen == 1.0 else [  # cells beside the enemy queen, per side
            set() if qcell[1] is None else {qcell[1] + o for o in D},
            set() if qcell[0] is None else {qcell[0] + o for o in D}]
        own_cells: list[list[int]] = [[], []]
        holes = state._holes  # without holes two arcs always pin (topology._is_cut)
        # The pieces on top in code order (not the stacks' order of arrival): the compiled
        # evaluation adds the same terms in the same order, so the scores agree to the last bit.
        for code, cell in enumerate(pos):
            if cell is None:
                continue
            st = stacks[cell]
            if st[-1] != code:
                continue
            side = colour_of[code]
            own_cells[side].append(cell)
            if qcell[side] is None:
                continue  # nothing moves before its queen is placed
            if len(st) == 1:
                mask = nmask.get(cell, 0)
                if slider[code] and not STEPS[mask]:
                    continue
                if ARCS[mask] > 1 and (not holes or state._is_cut(cell)):
                    continue  # One Hive, as the rules judge it (from the hole count; Tarjan only with holes)
            mobile[code] = True
            score[side] += mobile_value[code] * at_queen if cell in near1[side] else mobile_value[code]
            if is_ant[code]:
                free_ants[side] += 1
            elif cell in near2[side]:
                near_attackers[side] += 1
        return mobile, own_cells, [free_ants[0] + near_attackers[0], free_ants[1] + near_attackers[1]]

    def _queen(self, state: Board, side: int, q: int, mobile: list[bool], reach: int, score: list[float]) -> None:
        """Add what ``side``'s queen on ``q`` is worth to ``score``: her neighbours (free ones of
        her colour count less), beetles beside or on her, her freedom, and the enemy's attackers
        that can reach her (``reach``, up to her liberties)."""
        w = self.weights
        stacks = state._stacks
        colour_of = self.colour
        enemy = 1 - side
        x = 0.0
        qmask = state._nmask.get(q, 0)
        for i in BITS[qmask]:
            top = stacks[q + D[i]][-1]
            if colour_of[top] == side:
                x += w.own_mobile_neighbour if mobile[top] else 1.0
            else:
                x += w.enemy_neighbour
                if mobile[top] and self.is_beetle[top]:
                    score[enemy] += w.beetle_near_queen
        st = stacks[q]
        if len(st) > 1:
            if colour_of[st[-1]] == enemy:
                score[enemy] += w.beetle_on_queen
                x += 1.0  # a covered queen is as good as one more neighbour for the attacker
            else:  # her own beetle guards her from enemy beetles, but she cannot move
                score[side] += w.own_beetle_on_queen
                x += w.own_cover
        elif mobile[self.queens[side]]:
            score[side] += w.queen_mobile
        score[side] -= w.queen_neighbour * x + w.queen_neighbour_sq * x * x
        liberties = 6 - len(BITS[qmask])
        score[enemy] += w.attacker * (liberties if liberties < reach else reach)
        if w.drop_liberty and len(st) > 1 and colour_of[st[-1]] == enemy:
            score[enemy] += w.drop_liberty * self._drops(state, q, enemy)

    def _drops(self, state: Board, q: int, enemy: int) -> int:
        """With an enemy beetle on the queen on ``q``, her free neighbours become placement cells
        for the enemy (they touch no piece of her colour): every piece in the enemy's hand can
        fill one. How many the enemy can fill."""
        in_hand = self.in_hand(state, enemy)
        if not in_hand:
            return 0
        stacks, nmask, colour_of = state._stacks, state._nmask, self.colour
        drops = 0
        for i in range(6):
            n = q + D[i]
            if n in stacks:
                continue
            for j in BITS[nmask[n]]:
                if colour_of[stacks[n + D[j]][-1]] != enemy:
                    break
            else:
                drops += 1
        return drops if drops < in_hand else in_hand

    def _hands(self, state: Board, own_cells: list[list[int]], score: list[float]) -> None:
        """Add the pieces in hand to ``score``, reduced when there is nowhere to put them."""
        hand_kinds = state._hand_kinds
        for side in (0, 1):
            if not hand_kinds[side]:
                continue  # every piece in play
            total = self.hand(state, side)
            if total and own_cells[side] and not self._can_place(state._stacks, state._nmask, own_cells[side], side):
                total *= self.weights.hand_blocked
            score[side] += total

    def _can_place(self, stacks: dict[int, list[int]], nmask: dict[int, int], own: list[int], side: int) -> bool:
        """Is there an empty cell beside ``own`` pieces whose occupied neighbours are all
        ``side``'s (the placement rule), found from the neighbour masks without building sets?"""
        colour_of = self.colour
        for cell in own:
            for d in D:
                n = cell + d
                if n in stacks:
                    continue
                for i in BITS[nmask[n]]:
                    if colour_of[stacks[n + D[i]][-1]] != side:
                        break
                else:
                    return True
        return False

    def in_hand(self, state: Board, side: int) -> int:
        """How many of ``side``'s tiles are still in hand."""
        return self._reserve(state._count, state._placed[side])[0]

    def hand(self, state: Board, side: int) -> float:
        """The value of ``side``'s pieces in hand (tiles of this game type only)."""
        return self._reserve(state._count, state._placed[side])[1]

    def _reserve(self, count: tuple[int, ...], placed: list[int]) -> tuple[int, float]:
        """``(tiles in hand, their value)`` from the game type's tiles per bug kind and those placed,
        memoised (a side's tally of placed bugs takes a few hundred values in a game)."""
        key = (count, tuple(placed))
        known = self._reserves.get(key)
        if known is None:
            value = self.kind_hand_value
            known = self._reserves[key] = (sum(c - p for c, p in zip(count, placed, strict=True)),
                                           sum(v * (c - p) for v, c, p in zip(value, count, placed, strict=True)))
        return known
