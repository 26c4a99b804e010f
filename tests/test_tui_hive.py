"""Hive in the TUI: the menu, placing and moving pieces by keyboard, a forced pass, a PSO reply
stepped through the Particles panel, the lattice picture, and snapshots at 80x24 and 160x48."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
import pytest
from screens import as_a, top
from textual.widgets import Select
from waiting import settle

from swarmtui.agents import make_agent
from swarmtui.agents.pso.trace import ParticleTrace
from swarmtui.core.hexgrid import Hex, distance
from swarmtui.games.hive.pieces import parse_piece
from swarmtui.games.hive.rules import PASS, Board
from swarmtui.tui.match import Match, MatchConfig
from swarmtui.tui.overlay import BoardOverlay
from swarmtui.tui.panels import particles
from swarmtui.tui.panels.frames import Deliberation
from swarmtui.tui.panels.framesets import frames_for
from swarmtui.tui.screens.game import GameScreen
from swarmtui.tui.screens.menu import MenuScreen
from swarmtui.tui.widgets.hive_board import HiveBoard, step
from swarmtui.tui.widgets.hive_field import HiveField, Scene, draw
from swarmtui.tui.widgets.hive_rack import HiveRack

OPENING = ["wG1", "bA1 \\wG1", "wG2 /wG1", "bA2 bA1/", "wB1 wG2-", "bA3 bA2-", "wQ wB1\\", "bQ bA3\\",
           "wS1 /wG2", "bQ wG1/", "wA1 wQ/", "bA3 \\wA1", "wA2 /wQ", "bA3 wA2-", "wS2 /wS1"]
"""A game (random White, pso Black, seeds 5/3) with Black to move and a swarm move to make."""


async def open_game(app, pilot, agents: tuple[str, str], moves: tuple[str, ...] | list[str] = (),
                    speed: str = "instant") -> GameScreen:
    """A Hive match pushed straight onto the app, ``moves`` played already."""
    match = Match(MatchConfig("hive", agents, seed=3))
    as_a(match.state, Board).play_all(moves)
    await pilot.pause()
    app.push_screen(GameScreen(match, speed=speed))
    await settle(app, pilot, lambda: isinstance(app.screen, GameScreen))
    return top(app, GameScreen)


def swarm_deliberation() -> Deliberation:
    board = Board()
    board.play_all(OPENING)
    trace = as_a(make_agent("pso", "hive", "Black", np.random.default_rng(3)).decide(board).trace, ParticleTrace)
    return Deliberation("Black", "Particle swarm", trace, trace.move)


def status(screen) -> str:
    return str(screen.query_one("#status").render())


async def test_hive_from_the_menu_place_by_keyboard_and_the_swarm_replies(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("down", "down", "enter")  # Hive is the third playable game
        await settle(app, pilot, lambda: app.screen.game.id == "hive")
        app.screen.query_one("#seat-1", Select).value = "pso"
        app.screen.query_one("#seed").focus()
        await pilot.press("4", "enter", "enter")  # the seed; Enter goes to Start; Start
        await settle(app, pilot, lambda: isinstance(app.screen, GameScreen))
        screen = top(app, GameScreen)
        board = as_a(screen.board, HiveBoard)
        assert board.in_rack  # empty board: the rack has the cursor
        await pilot.press("enter")  # select the first piece that may enter (not the Queen on turn one)
        assert board.selected == parse_piece("wS1") and [m.dest for m in board.options] == [Hex(0, 0)]
        assert "1 cell to place" in status(screen)
        await pilot.press("enter")  # its only cell, where the cursor went
        await settle(app, pilot, lambda: len(screen.match.state.history) == 2 and screen.match.human_to_move)
        assert screen.match.state.history[0] == (parse_piece("wS1"), None, Hex(0, 0))
        await pilot.press("tab", "right", "right", "enter")  # the rack again: Q, S2, then the Beetle
        assert board.selected == parse_piece("wB1") and len(board.options) == 3
        target = board.cursor
        assert target in {m.dest for m in board.options}
        assert "[◇]" in "\n".join(line.plain for line in board.query_one("#field", HiveField).picture.lines)
        await pilot.press("enter")
        await settle(app, pilot, lambda: len(screen.match.state.history) == 4)
        assert as_a(screen.match.state, Board).position(parse_piece("wB1")) == target


async def test_select_a_piece_on_the_board_move_it_and_cancel(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await open_game(app, pilot, ("human", "human"), ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"])
        board, state = as_a(screen.board, HiveBoard), as_a(screen.match.state, Board)
        assert board.cursor == state.queen("w")  # the turn starts on the mover's Queen
        await pilot.press("enter")
        assert board.selected == parse_piece("wQ")
        dests = {m.dest for m in board.options}
        assert dests == {m.dest for m in state.moves_for(parse_piece("wQ"))} and len(dests) == 2
        await pilot.press("escape")
        assert board.selected is None and isinstance(app.screen, GameScreen)
        await pilot.press("enter")
        # down a row keeps the column (ties go left: south-west), then east along the row
        await pilot.press("j")
        assert board.cursor == state.queen("w") + Hex(-1, 1)
        await pilot.press("l")
        assert board.cursor == state.queen("w") + Hex(0, 1) and board.cursor in dests
        dest = board.cursor
        await pilot.press("enter")
        assert state.queen("w") == dest and screen.match.to_move == "Black"


async def test_pass_when_it_is_the_only_legal_move(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await open_game(app, pilot, ("human", "human"))
        layout = {Hex(0, 0): [parse_piece("wQ"), parse_piece("bB1")], Hex(1, 0): [parse_piece("bQ")]}
        screen.match.state = Board.from_layout(layout, "White")
        screen.start(screen.match)
        await pilot.pause()
        assert screen.match.state.legal_moves() == [PASS] and as_a(screen.board, HiveBoard).active
        await pilot.press("enter")
        await pilot.pause()
        assert screen.match.state.history == [PASS] and screen.match.to_move == "Black"


async def test_pso_reply_steps_through_the_particles_panel(tui_app) -> None:
    app = tui_app(speed="slow")
    async with app.run_test() as pilot:
        screen = await open_game(app, pilot, ("human", "pso"), OPENING[:-1], speed="slow")
        await pilot.press("p")  # paused before the swarm replies: only the step key advances, however slow the machine
        assert screen.panel.playback.paused
        await pilot.press("tab", "enter", "enter")  # the rack's first piece (wS2) on its first cell
        assert screen.match.state.history[-1].piece == parse_piece("wS2")
        await settle(app, pilot, lambda: screen.panel.deliberation is not None)
        assert screen.panel.playback.phase == 0
        deliberation = screen.panel.deliberation
        assert deliberation is not None
        trace = as_a(deliberation.trace, ParticleTrace)
        assert trace.kind == "particle" and frames_for(trace) is particles.FRAMES

        def picture() -> str:
            return "\n".join(line.plain for line in screen.board.query_one("#field", HiveField).picture.lines)

        seen, overlays, pictures = [str(screen.panel.render())], [screen.board.overlay], [picture()]
        while not screen.panel.done:
            await pilot.press("n")
            seen.append(str(screen.panel.render()))
            overlays.append(screen.board.overlay)
            pictures.append(picture())
        bests = particles.PHASES.index("bests")
        assert overlays[bests] == particles.overlay(trace, bests)  # the game screen hands it to the board
        assert particles.GOAL in pictures[bests] and particles.VICINITY in pictures[bests]
        assert len(seen) == len(particles.phases(deliberation))
        for name, text in zip(particles.phases(deliberation), seen, strict=True):
            assert name in text
        await settle(app, pilot, lambda: screen.match.human_to_move)
        board = Board()
        board.play_all(OPENING)
        assert screen.match.state.history[-1] == board.parse_move(trace.move)


def test_particles_frames_and_overlay_follow_the_trace() -> None:
    d = swarm_deliberation()
    trace = as_a(d.trace, ParticleTrace)
    assert not trace.fallback and particles.phases(d) == particles.PHASES
    velocity = particles.frame(d, particles.PHASES.index("velocity")).plain
    for p in trace.particles:
        assert f"{p.velocity_after[0]:+.2f},{p.velocity_after[1]:+.2f}" in velocity
    intentions = particles.frame(d, particles.PHASES.index("intentions")).plain
    for p in trace.particles:
        if p.score is not None:
            assert sum(f.value for f in p.factors) == p.score and f"= {p.score:g}" in intentions
    assert f"{trace.chosen} moves: {trace.move}" in particles.frame(d, len(particles.PHASES) - 1).plain
    lay = particles.overlay(d, particles.PHASES.index("velocity"))
    assert isinstance(lay, BoardOverlay)
    for p, trail in zip(trace.particles, lay.trails, strict=True):  # one trail per insect
        assert trail.cells[0] == Hex(*p.position) and trail.cells[-1] == Hex(*p.desired)
        assert all(distance(a, b) == 1 for a, b in pairwise(trail.cells))
    goal = [m for m in lay.marks if m.glyph == particles.GOAL]
    assert trace.goal is not None and [m.cell for m in goal] == [Hex(*trace.goal)]


def test_fallback_turns_say_why_and_what() -> None:
    board = Board()
    trace = as_a(make_agent("pso", "hive", "White", np.random.default_rng(1)).decide(board).trace, ParticleTrace)
    d = Deliberation("White", "pso", trace, trace.move)
    assert particles.phases(d) == particles.FALLBACK_PHASES and particles.overlay(d, 1) is None
    text = particles.frame(d, 1).plain
    assert "opponent Queen is not on the board" in text and f"plays {trace.move}" in text


def test_lattice_picture_marks_without_colour() -> None:
    board = Board()
    board.play_all(OPENING)
    queen = board.queen("b")
    assert queen is not None
    moves = board.moves_for(parse_piece("bQ"))
    for glyphs, target in (("unicode", "◇"), ("ascii", "+")):
        targets = frozenset(m.dest for m in moves if m.dest is not None)
        pic = draw(Scene(board, cursor=queen, targets=targets, last=board.history[-1]), glyphs)
        text = "\n".join(line.plain for line in pic.lines)
        assert "[bQ]" in text and text.count(target) == len(moves)
        assert all(str(board.top(c)) in text for c in board.occupied())
        row, start, end = pic.spans[queen]
        assert pic.lines[row].plain[start:end] == "bQ" and pic.cell_at(start, row) == queen
        compact = "\n".join(line.plain for line in draw(Scene(board), glyphs, compact=True).lines)
        assert "q" in compact and "Q" in compact  # compact: upper case White, lower case Black
    cells = set(pic.spans)
    assert step(queen, "left", 2 * queen.q + queen.r, cells).r == queen.r
    down = step(queen, "down", 2 * queen.q + queen.r, cells)
    assert down.r == queen.r + 1 and abs((2 * down.q + down.r) - (2 * queen.q + queen.r)) == 1


def test_stack_shows_its_height() -> None:
    layout = {Hex(0, 0): [parse_piece("wQ"), parse_piece("bB1")], Hex(1, 0): [parse_piece("bQ")]}
    board = Board.from_layout(layout, "White")
    assert "bB1²" in draw(Scene(board)).lines[1].plain
    assert "bB1^2" in draw(Scene(board), "ascii").lines[1].plain


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
def test_snapshot_hive_particles(snap_compare, tui_app, size) -> None:
    async def run_before(pilot) -> None:
        app = pilot.app
        screen = await open_game(app, pilot, ("human", "human"), OPENING)
        d = swarm_deliberation()
        phase = particles.PHASES.index("velocity")
        screen.panel.show_phase(d, phase)
        screen.board.overlay = particles.overlay(d, phase)
        await pilot.pause()

    assert snap_compare(tui_app(speed="instant"), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
def test_snapshot_hive_selection(snap_compare, tui_app, size) -> None:
    async def run_before(pilot) -> None:
        screen = await open_game(pilot.app, pilot, ("human", "human"), OPENING[:-1])
        ant = as_a(screen.match.state, Board).position(parse_piece("wA1"))
        assert ant is not None
        as_a(screen.board, HiveBoard).cursor = ant
        await pilot.press("enter")  # the Ant under the cursor: its destinations show
        await pilot.pause()

    assert snap_compare(tui_app(speed="instant"), terminal_size=size, run_before=run_before)


async def test_mouse_selects_a_rack_piece_and_places_it(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await open_game(app, pilot, ("human", "human"), ["wS1", "bS1 wS1-"])
        board = as_a(screen.board, HiveBoard)
        rack = board.query_one("#rack-w", HiveRack)
        row, start, _, piece = next(span for span in rack._spans if str(span[3]) == "wB1")
        await pilot.click("#rack-w", offset=(start, row))
        assert board.selected == piece and board.options
        field = board.query_one("#field", HiveField)
        dest = board.options[0].dest
        assert dest is not None
        row, start, _ = field.picture.spans[dest]
        await pilot.click("#field",
                          offset=(field._indent() + start - field.scroll_offset.x, row - field.scroll_offset.y))
        assert as_a(screen.match.state, Board).position(piece) == dest and screen.match.to_move == "Black"


NO_COLOR_SCRIPT = """
import asyncio, sys
sys.path.insert(0, "tests")
from test_tui_hive import OPENING, swarm_deliberation
from swarmtui.tui.app import SwarmApp
from swarmtui.tui.match import Match, MatchConfig
from swarmtui.tui.panels import particles
from swarmtui.tui.screens.game import GameScreen

async def main():
    app = SwarmApp(speed="instant")
    assert app.no_color
    async with app.run_test() as pilot:
        match = Match(MatchConfig("hive", ("human", "human"), seed=1))
        match.state.play_all(OPENING[:-1])
        app.push_screen(GameScreen(match))
        await pilot.pause()
        d = swarm_deliberation()
        for phase in range(len(particles.PHASES)):
            app.screen.panel.show_phase(d, phase)
            app.screen.board.overlay = particles.overlay(d, phase)
            await pilot.pause()
            app.export_screenshot()
        await pilot.press("enter", "tab", "enter")
        await pilot.pause()
        app.export_screenshot()
        print("SELECTED", app.screen.board.selected)

asyncio.run(main())
"""


def test_no_color_hive_board_and_particles() -> None:
    """NO_COLOR crashes Line API widgets whose segments lack a style (TEXTUAL_NOTES): not ours."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    done = subprocess.run([sys.executable, "-c", NO_COLOR_SCRIPT], cwd=root, env={**os.environ, "NO_COLOR": "1"},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "SELECTED wS2" in done.stdout


def test_why_a_piece_cannot_move_is_the_rules_reason() -> None:
    from swarmtui.tui.widgets.hive_board import why_stuck

    board = Board()
    assert "first turn" in why_stuck(board, parse_piece("wQ"))
    board.play_all(["wS1", "bS1 wS1-"])
    assert "Queen is placed" in why_stuck(board, parse_piece("wS1"))
    board.play_all(["wQ -wS1", "bQ bS1-"])
    assert "One Hive" in why_stuck(board, parse_piece("wS1"))
    assert "cannot enter before wS1" in why_stuck(Board(), parse_piece("wS2"))


async def test_a_wide_hive_scrolls_to_follow_the_cursor(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await open_game(app, pilot, ("human", "human"))
        names = ["wQ", "wS1", "wS2", "wB1", "wB2", "wG1", "wG2", "wG3", "wA1", "wA2", "wA3", "bQ"]
        screen.match.state = Board.from_layout({Hex(i, 0): [parse_piece(n)] for i, n in enumerate(names)}, "White")
        screen.start(screen.match)
        await pilot.pause()
        board, field = as_a(screen.board, HiveBoard), screen.board.query_one("#field", HiveField)
        view = field.scrollable_content_region.width
        assert field.picture.compact and field.picture.width > view  # even the compact hive is too wide
        for _ in range(12):
            await pilot.press("l")
        await pilot.pause()
        assert board.cursor == Hex(len(names), 0)  # the empty cell east of the line
        row, start, end = field.picture.spans[board.cursor]
        assert field.scroll_offset.x > 0 and field.scroll_offset.x <= start and end <= field.scroll_offset.x + view
        for _ in range(14):
            await pilot.press("h")
        await pilot.pause()
        assert board.cursor == Hex(-1, 0) and field.scroll_offset.x == 0


async def test_setup_offers_the_repetition_draw_and_the_game_ends_on_a_third_repetition(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        await pilot.press("down", "down", "enter")  # Hive's setup
        await settle(app, pilot, lambda: app.screen.game.id == "hive")
        rule = app.screen.query_one("#rule-repetition", Select)
        assert rule.value == "True"  # on by default
        rule.value = "False"
        assert app.screen.chosen_rules() == (("repetition", "False"),)
        rule.value = "True"
        assert app.screen.chosen_rules() == ()
    shuffle = ["wQ -wS1", "bQ bB1-", "wQ \\wS1", "bQ bB1\\"]
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await open_game(app, pilot, ("human", "human"), ["wS1", "bB1 wS1-", "wQ \\wS1", "bQ bB1\\"]
                                 + shuffle * 2)
        outcome = screen.match.state.outcome
        assert screen.match.is_over and outcome is not None and outcome.reason == "threefold repetition"
        assert screen.match.result_text() == "Draw"
