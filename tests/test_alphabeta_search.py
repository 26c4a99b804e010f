"""The search's forcing-move horizon, its CPU clock, and the Hive evaluation's queen terms."""

from __future__ import annotations

import time

import numpy as np

from swarmtui.agents import make_agent
from swarmtui.agents.alphabeta.agent import AlphaBetaAgent
from swarmtui.agents.alphabeta.search import MATE, Searcher
from swarmtui.core.hexgrid import Hex
from swarmtui.games.hive.evaluation import HiveEvaluation, HiveWeights
from swarmtui.games.hive.pieces import parse_piece
from swarmtui.games.hive.rules import Board


def _board(cells: dict[tuple[int, int], str | tuple[str, ...]], to_move: str, ply: int) -> Board:
    layout = {Hex(*c): tuple(parse_piece(p) for p in ((s,) if isinstance(s, str) else s)) for c, s in cells.items()}
    return Board.from_layout(layout, to_move, ply=ply)


def _five_round_black_queen() -> Board:
    """Black's queen at the origin with five neighbours; White's free ant can fill the sixth."""
    return _board({(0, 0): "bQ", (1, 0): "wQ", (0, 1): "wG1", (-1, 1): "bG1", (-1, 0): "bS1", (0, -1): "wS1",
                   (2, -1): "wA1"}, "White", 8)


def test_quiescence_sees_the_last_liberty_filled_past_the_horizon():
    board = _five_round_black_queen()
    ev = HiveEvaluation()
    for quiesce, expected in ((0, None), (1, MATE - 1)):
        searcher = Searcher(ev.prepare(board), ev, max_extensions=0, quiesce=quiesce)
        score = searcher._negamax(0, -MATE - 1, MATE + 1, 0, 0)  # a horizon node: White to move
        if expected is None:
            assert abs(score) < 1000  # only the static evaluation
        else:
            assert score == expected  # the ant fills the sixth liberty: a win one ply on
    assert ev.noisy(board) and all(m[2] == Hex(1, -1) for m in ev.noisy(board))


def test_quiet_positions_generate_no_forcing_moves():
    board = Board()
    for text in ("wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"):
        board.play(board.parse_move(text))
    assert HiveEvaluation().noisy(board) == []


def test_a_cpu_clock_budget_is_measured_in_process_time():
    board = Board.from_game_string("Base;InProgress;White[4];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wA1 \\wS1;bA1 bQ\\")
    a = make_agent("alphabeta", "hive", "White", np.random.default_rng(1), [("time_limit", "0.3"), ("clock", "cpu")])
    assert isinstance(a, AlphaBetaAgent)
    start = time.process_time()
    decision = a.decide(board)
    assert time.process_time() - start <= 0.3 * 1.05 + 0.05
    assert decision.move in board.legal_moves() and decision.trace.depth >= 1


def test_a_beetle_on_its_own_queen_is_no_attack_on_her():
    mine = _board({(0, 0): ("wQ", "wB1"), (1, 0): "bQ", (2, 0): "bA1", (-1, 0): "wA1"}, "White", 8)
    theirs = _board({(0, 0): ("wQ", "bB1"), (1, 0): "bQ", (2, 0): "bA1", (-1, 0): "wA1"}, "White", 8)
    ev = HiveEvaluation()
    # White's own beetle guards her (no danger, no bonus); Black's beetle on her is an attack.
    assert ev.evaluate(mine) > ev.evaluate(theirs) + ev.weights.beetle_on_queen
    old = HiveEvaluation(HiveWeights(own_beetle_on_queen=30.0))  # the earlier reading: a bonus for it
    assert old.evaluate(mine) == ev.evaluate(mine) + 30.0 and old.evaluate(theirs) == ev.evaluate(theirs)


def test_easy_overlooks_what_lies_past_its_ply_and_a_limit_plays_at_full_strength():
    from swarmtui.core.limits import Limit

    def quiesce(*params: tuple[str, str]) -> int:
        a = make_agent("alphabeta", "hive", "White", np.random.default_rng(1), list(params))
        assert isinstance(a, AlphaBetaAgent)
        return a.quiescence()

    assert quiesce() == 0  # the default (easy): a casual player can still beat it
    assert quiesce(("difficulty", "hard")) == quiesce(("depth", "3")) == 2
    assert quiesce(("quiesce", "1")) == 1
    board = _five_round_black_queen()
    a = make_agent("alphabeta", "hive", "White", np.random.default_rng(1), [])
    assert a.decide_within(board, Limit(depth=1)).trace.candidates[0].note.startswith("wins in 1")


class _Toy:
    """A two-move game tree: after ``A`` the reply ``a1`` wins for the opponent; ``B`` is quiet.
    One ply deep ``A`` looks better; two plies deep it is a loss."""

    TREE = {(): ["A", "B"], ("A",): ["a1"], ("B",): ["b1"], ("A", "a1"): ["x"], ("B", "b1"): ["x"]}
    STATIC = {("A",): -10.0, ("B",): -5.0, ("B", "b1"): 5.0}

    def __init__(self, on_undo=None) -> None:
        self.path: list[str] = []
        self.on_undo = on_undo

    @property
    def to_move(self) -> str:
        return ("me", "you")[len(self.path) % 2]

    @property
    def outcome(self):
        from swarmtui.core.state import Outcome
        return Outcome("you", "a1 wins") if self.path == ["A", "a1"] else None

    def legal_moves(self) -> list[str]:
        return list(self.TREE.get(tuple(self.path), []))

    def play(self, move: str) -> None:
        self.path.append(move)

    def undo(self) -> str:
        move = self.path.pop()
        if self.on_undo:
            self.on_undo(move)
        return move


class _ToyEvaluation:
    def evaluate(self, state: _Toy) -> float:
        return _Toy.STATIC.get(tuple(state.path), 0.0)

    def key(self, state: _Toy):
        return tuple(state.path)

    def order(self, state, moves):
        return [0.0 for _ in moves]

    def urgent(self, state) -> bool:
        return False

    def noisy(self, state):
        return ()

    def prepare(self, state):
        return state

    def player(self, state):
        return state.play


def test_time_running_out_after_the_previous_best_is_refuted_plays_another_move(monkeypatch):
    import threading

    from swarmtui.agents.alphabeta import search

    monkeypatch.setattr(search, "CHECK_EVERY", 1)  # look at the stop event at every node
    stop = threading.Event()

    def on_undo(move: str) -> None:
        if move == "a1":  # A searched two plies deep, found lost: the time is up
            stop.set()

    toy = _Toy(on_undo)
    result = Searcher(toy, _ToyEvaluation(), max_depth=3, max_extensions=0, stop=stop).search()
    assert result.stopped and result.depth == 1
    assert result.best == "B"  # not A, refuted as a loss in the unfinished iteration


def test_an_enemy_beetle_on_the_queen_opens_her_neighbours_to_placements():
    board = _board({(0, 0): ("wQ", "bB1"), (1, 0): "bQ", (2, 0): "bA1", (-1, 0): "wA1"}, "White", 8)
    blind = HiveEvaluation(HiveWeights(drop_liberty=0.0))
    ev = HiveEvaluation()
    # Black can place on the cells round the covered queen that touch no white piece.
    assert ev.evaluate(board) < blind.evaluate(board) - ev.weights.drop_liberty


def test_aspiration_windows_give_the_full_window_value():
    board = Board.from_game_string("Base;InProgress;White[4];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wA1 \\wS1;bA1 bQ\\")
    ev = HiveEvaluation()
    values = []
    for aspiration in (0.0, 0.5):  # half a point: almost every iteration falls outside and is searched again
        searcher = Searcher(ev.prepare(board), ev, max_depth=3, max_extensions=0, reduce_from=0,
                            aspiration=aspiration)
        values.append(searcher.search().score)
    assert values[0] == values[1]


def test_null_move_pruning_leaves_the_board_as_it_was_and_keeps_the_tactics():
    board = _five_round_black_queen()
    ev = HiveEvaluation()
    state = ev.prepare(board)
    before = (state.zobrist, state.ply, len(state.history))
    searcher = Searcher(state, ev, max_depth=4, max_extensions=0, null_move_from=2, quiesce=2)
    result = searcher.search()
    assert (state.zobrist, state.ply, len(state.history)) == before
    assert result.score == MATE - 1  # the ant still fills the sixth liberty


def _there_and_back(board: Board) -> list:
    """Four moves (White's ant out, Black's ant out, both back) that bring ``board`` back to where it was."""
    from swarmtui.games.hive.rules import Move

    start = board.zobrist
    for first in [m for m in board.legal_moves() if m.origin is not None]:
        board.play(first)
        for second in [m for m in board.legal_moves() if m.origin is not None]:
            board.play(second)
            back = Move(first.piece, first.dest, first.origin)
            if back in board.legal_moves():
                board.play(back)
                again = Move(second.piece, second.dest, second.origin)
                if again in board.legal_moves():
                    board.play(again)
                    if board.zobrist == start:
                        for _ in range(4):
                            board.undo()
                        return [first, second, back, again]
                    board.undo()
                board.undo()
            board.undo()
        board.undo()
    raise AssertionError("no way there and back")


def test_the_trace_stops_its_line_at_a_threefold_repetition():
    from swarmtui.agents.alphabeta.search import EXACT, RootScore, SearchResult

    board = Board.from_game_string("Base;InProgress;White[4];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wA1 \\wS1;bA1 bQ\\")
    line = _there_and_back(board) * 3  # the eighth move makes the third occurrence: the game would be over
    a = make_agent("alphabeta", "hive", "White", np.random.default_rng(1), [("depth", "1")])
    assert isinstance(a, AlphaBetaAgent)
    found = SearchResult(line[0], 0.0, 12, line, 1, 0.0, [RootScore(line[0], 0.0, EXACT, 12)])
    trace = a._trace(board, found, line[0])  # the search ignores repetitions: its line may go past one
    assert len(trace.pv) == 8


def test_late_move_pruning_searches_fewer_nodes_and_keeps_the_win():
    board = Board.from_game_string("Base;InProgress;White[4];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wA1 \\wS1;bA1 bQ\\")
    ev = HiveEvaluation()
    nodes = []
    for prune_after in (0, 2):
        searcher = Searcher(ev.prepare(board), ev, max_depth=3, max_extensions=0, prune_after=prune_after)
        searcher.search()
        nodes.append(searcher.nodes)
    assert nodes[1] < nodes[0]
    five = _five_round_black_queen()
    result = Searcher(ev.prepare(five), ev, max_depth=3, max_extensions=0, prune_after=1, quiesce=2).search()
    assert result.score == MATE - 1
