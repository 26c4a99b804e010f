"""Halma in the TUI: the menu's player count, a human move by keyboard, the board widget, a snapshot."""

from __future__ import annotations

import pytest
from screens import as_a, top
from textual.widgets import Select
from waiting import settle

from swarmtui.core.hexgrid import Hex
from swarmtui.games.halma.notation import ROWS
from swarmtui.games.halma.render import column
from swarmtui.games.halma.rules import Board
from swarmtui.tui.match import Match, MatchConfig
from swarmtui.tui.screens.game import GameScreen
from swarmtui.tui.screens.menu import MenuScreen
from swarmtui.tui.widgets.halma_board import HalmaBoard, hole_at, step


async def open_halma(app, pilot, players: int, seed: int = 7, agents: dict[int, str] | None = None) -> GameScreen:
    """From the menu by keyboard: Halma (its setup screen), the number of players, optional agents, the seed; start."""
    assert isinstance(app.screen, MenuScreen)
    await pilot.press("down", "enter")  # Halma is the second entry
    await pilot.press("shift+tab")  # from the first seat back to the number of players
    counts = [1, 2, 3, 4, 6]
    moves = counts.index(players) - counts.index(2)
    await pilot.press("enter", *(["down"] * moves if moves > 0 else ["up"] * -moves), "enter")
    await settle(app, pilot, lambda: len(app.screen.query("#seats Select")) == players)
    for seat, agent in (agents or {}).items():
        app.screen.query_one(f"#seat-{seat}", Select).value = agent
    app.screen.query_one("#seed").focus()
    await pilot.press(*str(seed), "enter", "enter")  # Enter in the seed goes to Start; Start
    await settle(app, pilot, lambda: isinstance(app.screen, GameScreen))
    return top(app, GameScreen)


async def test_a_human_moves_a_piece_by_keyboard(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await open_halma(app, pilot, players=1)
        board = as_a(screen.board, HalmaBoard)
        state = as_a(screen.match.state, Board)
        assert screen.match.seats == ("1",)
        start = board.cursor
        assert state.occupant(start) == "1"
        await pilot.press("enter")  # select the piece under the cursor
        assert board.selected == start and board.options
        assert "◇" in str(board.render())  # destinations are marked by a glyph, not only colour
        assert "targets" in str(screen.query_one("#status").render())
        await pilot.press("up", "enter")  # the hole above is one of its steps
        assert len(screen.match.state.history) == 1
        move = state.last_move
        assert move is not None and move.start == start and move.end == board.cursor
        assert board.selected is None and "○" in board.render().plain  # the vacated start


async def test_enter_on_an_empty_hole_explains_and_escape_cancels_then_leaves(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await open_halma(app, pilot, players=2, agents={1: "greedy"})
        board = as_a(screen.board, HalmaBoard)
        await pilot.press("up", "up", "enter")  # an empty hole in the middle
        assert "pick one of your pieces" in str(screen.query_one("#status").render())
        await pilot.press("down", "down", "enter")
        assert board.selected is not None
        await pilot.press("escape")
        assert board.selected is None and isinstance(app.screen, GameScreen)
        await pilot.press("escape")  # nothing selected: back to the menu
        await settle(app, pilot, lambda: isinstance(app.screen, MenuScreen))


async def test_six_seats_with_computer_players_take_their_turns(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await open_halma(app, pilot, players=6, agents={i: "random" for i in range(1, 6)})
        assert screen.match.seats == ("1", "2", "3", "4", "5", "6")
        await pilot.press("enter", "up", "enter")  # the human's move, then five AI moves
        await settle(app, pilot, lambda: screen.match.human_to_move and len(screen.match.state.history) == 6)
        text = str(screen.board.render())
        assert all(glyph in text for glyph in "●▲■◆★✚")


def test_cursor_steps_over_the_lattice():
    centre = Hex(0, 0)
    up = step(centre, "up", column(centre))
    assert up.r == -1 and abs(column(up) - column(centre)) == 1
    assert step(up, "down", column(centre)) == centre  # the sticky column brings it back
    left_end, right_end = ROWS[4][0], ROWS[4][-1]
    assert step(left_end, "left", 0) == left_end and step(right_end, "right", 0) == right_end
    assert step(ROWS[0][0], "up", 12) == ROWS[0][0]
    assert hole_at(2 + column(centre), 8) == centre and hole_at(0, 8) is None


def test_match_builds_any_seat_count():
    match = Match(MatchConfig("halma", ("greedy", "random", "greedy"), seed=3))
    assert match.seats == ("1", "2", "3") and match.state.players == 3


@pytest.mark.parametrize("size", [(80, 24), (160, 48)], ids=["80x24", "160x48"])
def test_snapshot_halma_game(snap_compare, tui_app, size) -> None:
    async def run_before(pilot) -> None:
        await open_halma(pilot.app, pilot, players=2, agents={1: "greedy"})
        await pilot.press("enter")  # select the front piece: its destinations show

    assert snap_compare(tui_app(speed="instant"), terminal_size=size, run_before=run_before)


def test_renderer_shows_seats_cursor_targets_and_last_move_without_colour():
    from swarmtui.games.halma.render import render_plain
    from swarmtui.games.halma.rules import Board

    board = Board(6)
    for glyphs, pieces, hole in (("unicode", "●▲■◆★✚", "·"), ("ascii", "123456", ".")):
        text = render_plain(board, glyphs=glyphs)
        lines = text.split("\n")
        assert len(lines) == 17 and all(len(line) == 2 + 27 for line in lines)
        assert all(text.count(p) == 10 for p in pieces) and text.count(hole) == 61
    move = board.legal_moves()[0]
    board.play(move)
    moves = board.moves_from(next(iter(board.pieces(board.to_move))))
    text = render_plain(board, cursor=Hex(0, 0), targets=[m.end for m in moves])
    assert "[.]" in text and "*" in text and "o" in text  # cursor, last move's end and its start
    assert text.count("+") == len(moves)


async def test_setup_offers_the_search_players_difficulty(tui_app) -> None:
    """Halma's setup: a seat given to the search player shows its difficulty as a drop-down of the
    four levels, easy (the one a casual player beats) chosen; the level picked reaches the game."""
    from swarmtui.agents.halma_search.agent import LEVELS

    app = tui_app(seed=3)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("down", "enter")  # Halma's setup
        await settle(app, pilot, lambda: bool(app.screen.query("#seat-1")))
        app.screen.query_one("#seat-1", Select).value = "halma-search"
        await settle(app, pilot, lambda: bool(app.screen.query("#param-difficulty")))
        level = app.screen.query_one("#param-difficulty", Select)
        assert level.value == "easy"
        assert [str(v) for _, v in level._options] == list(LEVELS)
        level.focus()
        await pilot.press("enter", "down", "down", "enter")  # open, easy -> medium -> hard, choose
        await settle(app, pilot, lambda: level.value == "hard")
        assert app.screen.overrides[1] == {"difficulty": "hard"}
        app.screen.query_one("#start").focus()
        await pilot.press("enter")
        await settle(app, pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.screen.match.config.params[1] == (("difficulty", "hard"),)
