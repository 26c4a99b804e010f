"""Mosquito, Ladybug and Pillbug: perft from the empty board, the rulebook's cases by hand, and an
established engine's move lists.

Coordinates are axial ``Hex(q, r)``: E (+1, 0), SE (0, +1), SW (-1, +1), W (-1, 0),
NW (0, -1), NE (+1, -1). Each hand position follows a rule of the official rulebook; the
expected cells are worked out in the comments, and every position is also checked against the
independent brute force of ``test_hive_brute``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_hive_brute import brute_moves

from swarmtui.core.hexgrid import Hex, ring
from swarmtui.core.state import IllegalMoveError, NotationError
from swarmtui.games.hive.notation import parse_move_string
from swarmtui.games.hive.perft import perft
from swarmtui.games.hive.pieces import GAME_TYPES, GameType, parse_piece
from swarmtui.games.hive.rules import Board, Move

DATA = Path(__file__).parent / "data" / "hive" / "nokamute_uhp_tests.txt"


def layout(spec: dict[tuple[int, int], str], to_move: str = "White", game_type: str = "Base+MLP",
           last_moved: str | None = None) -> Board:
    """``{(q, r): "bQ wB1"}`` (bottom to top) -> Board, checked against the brute force."""
    board = Board.from_layout({Hex(*cell): [parse_piece(p) for p in pieces.split()] for cell, pieces in spec.items()},
                              to_move, game_type=game_type,
                              last_moved=parse_piece(last_moved) if last_moved else None)
    assert set(board.legal_moves()) == brute_moves(board)
    return board


def dests(board: Board, piece: str) -> set[Hex]:
    return {m.dest for m in board.moves_for(parse_piece(piece)) if m.dest is not None}


def cells(*pairs: tuple[int, int]) -> set[Hex]:
    return {Hex(*p) for p in pairs}


# -- perft and game types ----------------------------------------------------------------------
def test_perft_from_the_empty_board_matches_nokamute():
    # nokamute src/perft.rs test_perft: Base+MLP 7 / 294 / 6678 / 151686 (Mzinga agrees at 1-3).
    board = Board(game_type="Base+MLP")
    assert [perft(board, d) for d in range(1, 5)] == [7, 294, 6678, 151686]
    assert [perft(Board(), d) for d in range(1, 5)] == [4, 96, 1440, 21600]


@pytest.mark.parametrize("name", GAME_TYPES)
def test_each_game_type_opens_with_its_own_bugs(name):
    # No Queen on the first turn: the other bugs of the game, one cell each, then six cells.
    board = Board(game_type=name)
    bugs = len(GameType.parse(name).bugs) - 1
    assert str(board.game_type) == name and perft(board, 1) == bugs and perft(board, 2) == bugs * 6 * bugs
    assert board.game_string() == f"{name};NotStarted;White[1]"


def test_game_types_are_written_exactly_as_uhp_names_them():
    assert GAME_TYPES == ("Base", "Base+M", "Base+L", "Base+P", "Base+ML", "Base+MP", "Base+LP", "Base+MLP")
    for bad in ("Base+PLM", "Base+", "base", "Base+MM", "Base+X"):
        with pytest.raises(NotationError, match="is not a game type"):
            GameType.parse(bad)


def test_a_piece_outside_the_game_type_is_refused_with_a_reason():
    board = Board(game_type="Base+L")
    with pytest.raises(IllegalMoveError, match=r"not in this game \(Base\+L: no Mosquito\)"):
        board.play(board.parse_move("wM"))
    assert [str(p) for p in board.in_hand("w")][-1] == "wL"


# -- Mosquito ----------------------------------------------------------------------------------
def test_mosquito_touching_a_grasshopper_jumps():
    # wM's only neighbour is bG1, so it jumps east over bG1, bQ and wQ to (4, 0), and nothing else.
    board = layout({(0, 0): "wM", (1, 0): "bG1", (2, 0): "bQ", (3, 0): "wQ"})
    assert dests(board, "wM") == cells((4, 0))


def test_mosquito_touching_only_a_mosquito_cannot_move():
    board = layout({(0, 0): "wM", (1, 0): "bM", (2, 0): "bQ", (3, 0): "wQ"})
    assert dests(board, "wM") == set()


def test_mosquito_copies_the_beetle_on_top_not_the_ant_beneath():
    # bB1 covers bA1 at (1, 0): wM gets the beetle's two slides (SE, NE) and its climb onto
    # the stack, none of the ant's long walks.
    board = layout({(0, 0): "wM", (1, 0): "bA1 bB1", (2, 0): "bQ", (3, 0): "wQ"})
    assert dests(board, "wM") == cells((0, 1), (1, -1), (1, 0))


def test_mosquito_on_top_of_the_hive_moves_only_as_a_beetle():
    # On bQ it touches an ant, but up there it is a beetle: any of the six cells around.
    board = layout({(0, 0): "bQ wM", (1, 0): "wA1", (-1, 0): "wQ"})
    assert dests(board, "wM") == set(ring(Hex(0, 0), 1))


# -- Ladybug -----------------------------------------------------------------------------------
def test_ladybug_climbs_twice_then_comes_down():
    # Up onto wQ, along onto bQ (the only other piece), down to one of bQ's five empty cells.
    board = layout({(0, 0): "wL", (1, 0): "wQ", (2, 0): "bQ"})
    assert dests(board, "wL") == cells((3, 0), (2, 1), (1, 1), (2, -1), (3, -1))


def test_ladybug_never_ends_where_it_started():
    # A triangle: over wQ then bQ, or bQ then wQ, down anywhere around them but (0, 0).
    board = layout({(0, 0): "wL", (1, 0): "wQ", (0, 1): "bQ"})
    assert dests(board, "wL") == cells((1, 1), (0, 2), (-1, 2), (-1, 1), (2, 0), (1, -1), (2, -1))


# -- Pillbug -----------------------------------------------------------------------------------
PILLBUG = {(0, 0): "wP", (-1, 0): "wQ", (1, 0): "bQ", (0, 1): "bA1"}


def test_pillbug_pinned_by_one_hive_still_moves_its_neighbours():
    # wP holds wQ to the hive, so it cannot walk; it can lift each of its three neighbours
    # (none pinned, none covered) onto itself and down on its empty cells SW, NW and NE.
    board = layout(PILLBUG)
    assert dests(board, "wP") == set()
    targets = cells((-1, 1), (0, -1), (1, -1))
    assert dests(board, "bQ") == targets and dests(board, "bA1") == targets
    # wQ also walks to SW and NW itself: one move each, not two.
    assert dests(board, "wQ") == targets
    assert len(board.legal_moves()) == len(set(board.legal_moves()))


def test_the_piece_moved_by_a_pillbug_cannot_move_on_the_next_turn():
    board = layout(PILLBUG)
    board.play(Move(parse_piece("bA1"), Hex(0, 1), Hex(0, -1)))
    assert board.last_moved == parse_piece("bA1") and board.to_move == "Black"
    assert dests(board, "bA1") == set()
    assert set(board.legal_moves()) == brute_moves(board)
    with pytest.raises(IllegalMoveError, match="moved on the previous turn"):
        board.play(Move(parse_piece("bA1"), Hex(0, -1), Hex(1, -1)))


def test_pillbug_cannot_move_the_piece_the_opponent_just_moved():
    board = layout(PILLBUG, last_moved="bQ")
    assert dests(board, "bQ") == set() and dests(board, "bA1") == cells((-1, 1), (0, -1), (1, -1))


def test_pillbug_just_moved_by_the_opponent_cannot_use_its_ability():
    board = layout(PILLBUG, last_moved="wP")
    assert dests(board, "bQ") == dests(board, "bA1") == set()
    assert dests(board, "wQ") == cells((-1, 1), (0, -1))  # only its own slides


def test_pillbug_cannot_move_a_covered_piece_or_a_pinned_one():
    # bB1 covers bA1, and wQ now hangs on bQ: bQ is pinned, the stack is covered, wQ is free.
    board = layout({(0, 0): "wP", (1, 0): "bQ", (0, 1): "bA1 bB1", (2, -1): "wQ"})
    assert dests(board, "bQ") == dests(board, "bA1") == set()
    assert dests(board, "bB1") == set()  # Black's beetle, and White's turn


def test_pillbug_throw_passes_gates_as_a_beetle():
    # Stacks of two at SE (0, 1) and W (-1, 0) close the gate to SW (-1, 1): bQ and wQ can
    # only be put down NE (1, -1).
    board = layout({(0, 0): "wP", (0, 1): "bA1 bB1", (-1, 0): "wG1 wB1", (1, 0): "bQ", (0, -1): "wQ"})
    assert dests(board, "bQ") == cells((1, -1))
    assert Hex(-1, 1) not in dests(board, "wQ")


def test_covered_pillbug_has_no_ability():
    board = layout({(0, 0): "wP bB1", (-1, 0): "wQ", (1, 0): "bQ"})
    assert dests(board, "wQ") == cells((-1, 1), (0, -1))


def test_mosquito_touching_a_pillbug_moves_its_neighbours():
    # wM is pinned (wQ hangs on it) but touches bP, so it may throw wQ to any empty cell beside it.
    spec = {(0, 0): "wM", (1, 0): "bP", (-1, 0): "wQ", (2, 0): "bQ"}
    board = layout(spec)
    assert dests(board, "wM") == set()
    assert dests(board, "wQ") == cells((0, 1), (-1, 1), (0, -1), (1, -1))
    board = layout({**spec, (1, 0): "bG1"})  # the same without the pillbug: only wQ's slides
    assert dests(board, "wQ") == cells((-1, 1), (0, -1))


def test_mosquito_on_top_of_the_hive_has_no_pillbug_ability():
    board = layout({(0, 0): "bA1 wM", (1, 0): "bP", (-1, 0): "wQ", (2, 0): "bQ"})
    assert dests(board, "wQ") == cells((-1, 1), (0, -1))


# -- an established engine's move lists --------------------------------------------------------
def _reference_cases() -> list[tuple[str, str, str]]:
    lines = DATA.read_text(encoding="utf-8").splitlines()
    cases, name, i = [], "", 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("# "):
            name, i = line[2:], i + 1
        elif line.startswith("Base"):
            follow = lines[i + 1] if i + 1 < len(lines) else ""
            expected = follow if follow and not follow.startswith(("#", "Base")) else ""
            cases.append((name, line, expected))
            i += 2 if expected else 1
        else:
            i += 1
    return cases


@pytest.mark.parametrize(("name", "game", "expected"), _reference_cases(), ids=[c[0] for c in _reference_cases()])
def test_valid_moves_match_nokamute(name, game, expected):
    # nokamute treats threefold repetition as a draw, as our default does; Mzinga does not.
    board = Board.from_game_string(game)
    if not expected:
        assert board.outcome is not None
        return
    assert set(board.legal_moves()) == {parse_move_string(board, text) for text in expected.split(";")}
    assert set(board.legal_moves()) == brute_moves(board)


# -- every Hive agent plays every game type ----------------------------------------------------
@pytest.mark.parametrize("agent", ["random", "pso", "pso-plus", "mcts"])
def test_every_hive_agent_plays_the_expansions(agent):
    from swarmtui.agents import make_agent
    from swarmtui.core.rng import seat_rng

    board = Board(game_type="Base+MLP", move_cap=40)
    overrides = [("iterations", "20")] if agent == "mcts" else []
    seats = {s: make_agent(agent, "hive", s, seat_rng(3, s), overrides) for s in board.seats}
    while board.outcome is None:
        board.play(seats[board.to_move].decide(board.copy()).move)  # play() refuses an illegal move
    assert board.ply >= 10


def test_zobrist_keys_the_piece_moved_last_when_the_pillbug_plays():
    import numpy as np

    board, rng = Board(game_type="Base+MLP"), np.random.default_rng(5)
    while board.ply < 40 and board.outcome is None:
        moves = board.legal_moves()
        board.play(moves[int(rng.integers(len(moves)))])
        assert board.zobrist == board.zobrist_from_scratch() == board.copy().zobrist
    same = layout(PILLBUG, last_moved="bQ"), layout(PILLBUG, last_moved="bA1"), layout(PILLBUG)
    assert len({b.zobrist for b in same}) == 3 and len({b.position_key() for b in same}) == 3


def test_the_game_type_is_the_hive_descriptors_rule_variant():
    import typing

    from swarmtui.games import get_game
    from swarmtui.games.hive.rules import HiveRules

    assert set(typing.get_args(typing.get_type_hints(HiveRules)["game_type"])) == set(GAME_TYPES)
    spec = get_game("hive")
    assert str(spec.start().game_type) == "Base"
    for name in GAME_TYPES:
        assert str(spec.start(rules=HiveRules(name)).game_type) == name


async def test_the_tui_setup_offers_the_game_type_and_a_save_keeps_it(tui_app):
    from textual.widgets import Select
    from waiting import settle

    from swarmtui.tui.match import Match
    from swarmtui.tui.screens.game import GameScreen
    from swarmtui.tui.screens.menu import MenuScreen
    from swarmtui.tui.widgets.hive_rack import HiveRack

    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("down", "down", "enter")  # Hive
        await settle(app, pilot, lambda: app.screen.game.id == "hive")
        choice = app.screen.query_one("#rule-game_type", Select)
        assert choice.value == "Base"
        choice.value = "Base+MLP"
        app.screen.query_one("#seed").focus()
        await pilot.press("4", "enter", "enter")  # the seed; Enter goes to Start; Start
        await settle(app, pilot, lambda: isinstance(app.screen, GameScreen))
        match = app.screen.match
        assert str(match.state.game_type) == "Base+MLP"
        racks = " ".join(str(r.render()) for r in app.screen.query(HiveRack))
        assert "M" in racks and "L" in racks and "P" in racks
        match.play(match.state.parse_move("wM"))
        again = Match.from_saved(match.to_saved(), "test")
        assert str(again.state.game_type) == "Base+MLP" and again.move_texts() == ["wM"]


async def test_a_person_throws_an_opponents_piece_with_their_pillbug_from_the_board():
    """The board lets the side to move select an opponent's piece its Pillbug can throw, mark the
    throw's landing cells, and play one (the rules generate these moves; a person must reach them)."""
    from textual.app import App

    from swarmtui.tui.widgets.board_view import BoardView
    from swarmtui.tui.widgets.hive_board import HiveBoard

    chosen: list = []

    class One(App[None]):
        def compose(self):
            yield HiveBoard(layout(PILLBUG), id="board")

        def on_board_view_move_chosen(self, message: BoardView.MoveChosen) -> None:
            chosen.append(message.move)

    app = One()
    async with app.run_test(size=(100, 30)) as pilot:
        board = app.query_one(HiveBoard)
        board.active = True
        await pilot.pause()
        board.in_rack = False
        board.choose_cell(Hex(1, 0))  # the opponent's Queen, beside our Pillbug
        assert board.selected == parse_piece("bQ")
        assert {m.dest for m in board.options} == cells((-1, 1), (0, -1), (1, -1))
        board.choose_cell(Hex(0, -1))
        await pilot.pause()
        assert [(m.piece, m.dest) for m in chosen] == [(parse_piece("bQ"), Hex(0, -1))]
