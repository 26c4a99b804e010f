"""The rules screen (issue 29): every game's rulebook service on a screen of its own, opened with
F1 from the menu (the highlighted game), the setup and the game screen, scrolled at 80x24, closed
with Escape, F1 or q; a game that provides no rulebook gets one notice."""

from __future__ import annotations

import re

import pytest
from screens import top
from textual.containers import VerticalScroll
from textual.widgets import Markdown
from waiting import settle

from swarmtui.core.services import RULEBOOK, Rulebook
from swarmtui.games import GAMES, GameSpec, register_game, unregister_game
from swarmtui.tui.match import Match, MatchConfig
from swarmtui.tui.screens.game import GameScreen
from swarmtui.tui.screens.help import screen_keys
from swarmtui.tui.screens.menu import MenuScreen
from swarmtui.tui.screens.panel_screen import PanelScreen
from swarmtui.tui.screens.rules import RulesScreen
from swarmtui.tui.screens.setup import SetupScreen

SHIPPED = ("noughts", "halma", "hive")


def markdown_text(screen: RulesScreen) -> str:
    return screen.query_one(Markdown).source


async def open_rules(app, pilot, key: str = "f1") -> RulesScreen:
    await pilot.press(key)
    await settle(app, pilot, lambda: isinstance(app.screen, RulesScreen))
    return top(app, RulesScreen)


async def to_menu(app, pilot) -> MenuScreen:
    await settle(app, pilot, lambda: isinstance(app.screen, MenuScreen))
    return top(app, MenuScreen)


def test_every_shipped_game_provides_its_rules_as_a_service() -> None:
    for game_id in SHIPPED:
        book = GAMES[game_id].service(RULEBOOK)
        assert isinstance(book, Rulebook) and book.title == GAMES[game_id].title.split(" (")[0] or \
            book.title == GAMES[game_id].title
    hive = GAMES["hive"].service(RULEBOOK).text
    for words in ("One hive", "Freedom to move", "fourth turn", "Mosquito", "Ladybug", "Pillbug",
                  "Threefold repetition", "surrounded", "draw"):
        assert words in hive, words
    halma = GAMES["halma"].service(RULEBOOK).text
    for words in ("121 holes", "A step", "A hop", "chained", "opposite point", "3 players", "4 players",
                  "6 players", "Neutral points", "`i5`"):
        assert words in halma, words
    assert "three marks in a row" in GAMES["noughts"].service(RULEBOOK).text


def test_a_rulebook_is_checked_when_it_is_made() -> None:
    with pytest.raises(ValueError, match="title"):
        Rulebook("no title line")
    with pytest.raises(ValueError, match="ASCII"):
        Rulebook("# Rules\n\nthree in a row \u2014 wins")
    assert Rulebook("# Go\n\nSurround.").title == "Go"


async def test_f1_on_the_menu_shows_the_highlighted_games_rules_and_escape_closes_them(tui_app) -> None:
    app = tui_app()
    async with app.run_test(size=(80, 24)) as pilot:
        menu = await to_menu(app, pilot)
        rules = await open_rules(app, pilot)
        assert rules.game.id == "noughts" and "three marks in a row" in markdown_text(rules)
        assert rules.query_one("#rules-box").border_title == "Rules: Noughts & Crosses"
        await pilot.press("escape")
        await settle(app, pilot, lambda: app.screen is menu)
        await pilot.press("down", "down")  # Hive, the third entry
        rules = await open_rules(app, pilot)
        assert rules.game.id == "hive"
        await pilot.press("q")  # q closes the rules, as it closes the help: the app keeps running
        await settle(app, pilot, lambda: app.screen is menu)
        assert app.is_running
        await pilot.press("down")  # Mazes: not a game, so no rules; one notice says what to do
        await pilot.press("f1")
        await settle(app, pilot, lambda: any("Highlight a game" in n.message for n in app._notifications))
        assert app.screen is menu


async def test_the_hive_rules_scroll_at_80x24(tui_app) -> None:
    app = tui_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_menu(app, pilot)
        await pilot.press("down", "down")
        rules = await open_rules(app, pilot)
        box = rules.query_one("#rules-box", VerticalScroll)
        await settle(app, pilot, lambda: box.max_scroll_y > 0)
        assert box.has_focus and box.scroll_y == 0
        await pilot.press("pagedown")
        await settle(app, pilot, lambda: box.scroll_y > 0)
        await pilot.press("end")
        await settle(app, pilot, lambda: box.scroll_y == box.max_scroll_y)
        await pilot.press("f1")
        await settle(app, pilot, lambda: isinstance(app.screen, MenuScreen))


async def test_f1_in_setup_shows_that_games_rules(tui_app) -> None:
    app = tui_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_menu(app, pilot)
        await pilot.press("down", "enter")  # Halma's setup
        await settle(app, pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        rules = await open_rules(app, pilot)
        assert rules.game.id == "halma" and "Neutral points" in markdown_text(rules)
        await pilot.press("escape")
        await settle(app, pilot, lambda: app.screen is setup)


async def test_f1_in_a_game_shows_its_rules_and_the_game_waits(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await to_menu(app, pilot)
        screen = GameScreen(Match(MatchConfig("hive", ("human", "random"), seed=5, rules=(("game_type", "Base+MLP"),))))
        await app.push_screen(screen)
        await settle(app, pilot, lambda: app.screen is screen and screen.match.human_to_move)
        ply = screen.match.state.ply
        rules = await open_rules(app, pilot)
        assert rules.game.id == "hive"
        # the options of the game in progress come first, named as the setup names them
        playing = "This game: UHP game type: Base+MLP; Threefold repetition draw: yes"
        assert rules.playing == playing and playing in str(rules.query_one("#rules-playing").render())
        await pilot.press("escape")
        await settle(app, pilot, lambda: app.screen is screen)
        assert screen.match.state.ply == ply and screen.match.human_to_move
        listed = {what: keys for _, rows in screen_keys(screen) for keys, what in rows}
        assert listed["the rules of this game"] == "f1"  # ? lists it (the footer has no room for it)


async def test_a_game_without_a_rulebook_gets_one_notice(tui_app) -> None:
    noughts = GAMES["noughts"]
    bare = GameSpec("no-rules", "No Rules", noughts.seats, True, noughts.new_state, "a game without a rulebook",
                    render=noughts.render)
    register_game(bare)
    try:
        app = tui_app()
        async with app.run_test(size=(80, 24)) as pilot:
            menu = await to_menu(app, pilot)
            from swarmtui.tui.screens.rules import show_rules

            show_rules(app, bare)
            await settle(app, pilot, lambda: any("provides no rules" in n.message for n in app._notifications))
            assert app.screen is menu
    finally:
        unregister_game(bare.id)


@pytest.mark.parametrize("game_id", SHIPPED)
def test_snapshot_rules_screen(snap_compare, tui_app, game_id) -> None:
    async def run_before(pilot) -> None:
        app = pilot.app
        await settle(app, pilot, lambda: isinstance(app.screen, MenuScreen))
        from swarmtui.tui.screens.rules import show_rules

        show_rules(app, GAMES[game_id])
        await settle(app, pilot, lambda: isinstance(app.screen, RulesScreen)
                     and len(app.screen.query_one(Markdown).children) > 3)

    assert snap_compare(tui_app(), terminal_size=(80, 24), run_before=run_before)


async def test_a_game_from_another_package_shows_its_rules_the_same_way(tui_app) -> None:
    """Connect Four (tests/connect_four) names a rulebook in its descriptor: that is all it takes."""
    from connect_four import SPEC

    register_game(SPEC)
    try:
        app = tui_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await to_menu(app, pilot)
            await pilot.press("down", "down", "down")  # after the three shipped games
            rules = await open_rules(app, pilot)
            assert rules.game is SPEC and "four discs in a line" in markdown_text(rules)
    finally:
        unregister_game(SPEC.id)


def legend_text(screen: PanelScreen) -> str:
    from swarmtui.tui.widgets.board_legend import BoardLegend

    return screen.query_one(BoardLegend).legend.plain


@pytest.mark.parametrize(("game_id", "agents", "words"), [
    ("hive", ("human", "random"), ("Q Queen Bee", "G Grasshopper", "M Mosquito", "P Pillbug", "White upper",
                                   "a stack of two", "where the last move came from")),
    ("halma", ("human", "greedy", "greedy"), ("\u25cf 1  \u25b2 2  \u25a0 3", "a row's last hole", "pheromone")),
    ("noughts", ("human", "random"), ("the winning line", "a1 top left")),
])
async def test_l_shows_the_boards_legend_in_place_of_the_panels(tui_app, game_id, agents, words) -> None:
    app = tui_app(speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await to_menu(app, pilot)
        screen = GameScreen(Match(MatchConfig(game_id, agents, seed=3)))
        await app.push_screen(screen)
        await settle(app, pilot, lambda: app.screen is screen and screen.match.human_to_move)
        legend = screen.query_one("#legend")
        assert not legend.display or legend.has_class("-hidden")
        await pilot.press("L")
        await settle(app, pilot, lambda: not legend.has_class("-hidden"))
        assert screen.panel.has_class("-hidden") and screen.query_one("#log").has_class("-hidden")
        for word in words:
            assert word in legend_text(screen), word
        await pilot.press("L")
        await settle(app, pilot, lambda: legend.has_class("-hidden") and not screen.panel.has_class("-hidden"))
        await pilot.press("L", "v")  # v from the legend brings the panels back too
        await settle(app, pilot, lambda: legend.has_class("-hidden"))


async def test_halma_names_the_seat_glyphs_with_three_or_more_players(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await to_menu(app, pilot)
        screen = GameScreen(Match(MatchConfig("halma", ("human", "greedy", "greedy", "greedy"), seed=3)))
        await app.push_screen(screen)
        await settle(app, pilot, lambda: app.screen is screen and screen.match.human_to_move)
        subtitle = screen.query_one("#board-box").border_subtitle
        assert re.sub(r"\[[^\]]*\]", "", str(subtitle)) == "\u25cf 1  \u25b2 2  \u25a0 3  \u25c6 4"
        two = GameScreen(Match(MatchConfig("halma", ("human", "greedy"), seed=3)))
        await app.push_screen(two)
        await settle(app, pilot, lambda: app.screen is two and two.match.human_to_move)
        assert not two.query_one("#board-box").border_subtitle


def test_the_halma_star_names_each_rows_last_hole_along_its_right_edge() -> None:
    from swarmtui.games.halma.notation import ROW_LETTERS, ROWS, format_cell
    from swarmtui.games.halma.render import EDGE_WIDTH, WIDTH, render_board
    from swarmtui.games.halma.rules import Board
    from swarmtui.tui.widgets.halma_board import LABEL_WIDTH, hole_at

    for glyphs in ("unicode", "ascii"):
        lines = render_board(Board(6), glyphs=glyphs, edges=True).plain.split("\n")
        assert len(lines) == 17 and max(map(len, lines)) == LABEL_WIDTH + WIDTH + EDGE_WIDTH
        for letter, line, row in zip(ROW_LETTERS, lines, ROWS, strict=True):
            assert line.startswith(letter) and line.rstrip().endswith(f" {format_cell(row[-1])}")
        assert all(line.isascii() for line in lines) or glyphs == "unicode"
    assert lines[4].rstrip().endswith("e13") and lines[8].rstrip().endswith("i9") and lines[0].rstrip().endswith("a1")
    # without edges (the CLI's text) the star is drawn as before
    assert render_board(Board(2), glyphs="ascii").plain.split("\n")[4] == "e  " + ". " * 13
    # a click on a hole's glyph still finds the hole; one on a name finds none beyond the row
    centre = lines[8].index(".", LABEL_WIDTH + 1)
    hole = hole_at(centre, 8)
    assert hole is not None and format_cell(hole) == "i1"
    assert hole_at(len(lines[4].rstrip()) + 3, 4) is None


async def test_the_replay_of_a_three_player_halma_game_names_the_seat_glyphs(tui_app) -> None:
    from swarmtui.records.replay import Recording
    from swarmtui.tui.screens.replay import ReplayScreen

    match = Match(MatchConfig("halma", ("greedy", "greedy", "greedy"), seed=3))
    for _ in range(3):
        decision = match.agents[match.to_move].decide(match.state.copy())
        match.play(decision.move, decision.trace)
    recording = Recording.from_log(match.to_saved(), "three.json")
    app = tui_app(speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await to_menu(app, pilot)
        app.push_screen(ReplayScreen(recording, source="three.json", speed="instant"))
        await settle(app, pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        subtitle = replay.query_one("#board-box").border_subtitle
        assert re.sub(r"\[[^\]]*\]", "", str(subtitle)) == "\u25cf 1  \u25b2 2  \u25a0 3"
        # the replay has the legend (L) and the rules (F1) too
        legend, panel = replay.query_one("#legend"), replay.query_one("#panel")
        await pilot.press("L")
        await settle(app, pilot, lambda: not legend.has_class("-hidden") and panel.has_class("-hidden"))
        assert "a row's last hole" in legend_text(replay)
        rules = await open_rules(app, pilot)
        assert rules.game.id == "halma"
        await pilot.press("escape")
        await settle(app, pilot, lambda: app.screen is replay)
        await pilot.press("v")
        await settle(app, pilot, lambda: legend.has_class("-hidden") and not panel.has_class("-hidden"))


async def test_the_command_palette_offers_the_rules_where_f1_does(tui_app) -> None:
    """A terminal that keeps F1 for itself: ctrl+p lists "Rules (f1)" on the menu and in a game."""
    from swarmtui.tui.screens.help import screen_commands

    app = tui_app(speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        menu = await to_menu(app, pilot)
        assert "Rules (f1)" in [command.title for command in screen_commands(menu)]
        screen = GameScreen(Match(MatchConfig("noughts", ("human", "random"), seed=3)))
        await app.push_screen(screen)
        await settle(app, pilot, lambda: app.screen is screen and screen.match.human_to_move)
        titles = [command.title for command in screen_commands(screen)]
        assert "Rules (f1)" in titles and "Legend (L)" in titles


async def test_rules_and_legend_under_no_color(tui_app, monkeypatch) -> None:
    """NO_COLOR (read when the app is made): the rules' Markdown and a legend draw without a crash."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = tui_app(speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await to_menu(app, pilot)
        await pilot.press("down", "down")
        rules = await open_rules(app, pilot)
        await settle(app, pilot, lambda: len(rules.query_one(Markdown).children) > 3)
        await pilot.press("escape")
        screen = GameScreen(Match(MatchConfig("halma", ("human", "greedy", "greedy"), seed=3)))
        await app.push_screen(screen)
        await settle(app, pilot, lambda: app.screen is screen and screen.match.human_to_move)
        await pilot.press("L")
        await settle(app, pilot, lambda: not screen.query_one("#legend").has_class("-hidden"))
        assert app.is_running


@pytest.mark.parametrize(("game_id", "agents"), [("hive", ("human", "random")),
                                                  ("halma", ("human", "greedy", "greedy"))])
def test_snapshot_legend(snap_compare, tui_app, game_id, agents) -> None:
    async def run_before(pilot) -> None:
        app = pilot.app
        await settle(app, pilot, lambda: isinstance(app.screen, MenuScreen))
        screen = GameScreen(Match(MatchConfig(game_id, agents, seed=3)))
        await app.push_screen(screen)
        await settle(app, pilot, lambda: app.screen is screen and screen.match.human_to_move)
        await pilot.press("L")
        await settle(app, pilot, lambda: not screen.query_one("#legend").has_class("-hidden"))

    assert snap_compare(tui_app(speed="instant"), terminal_size=(80, 24), run_before=run_before)


async def test_a_click_on_a_halma_hole_still_finds_it_beside_the_edge_names(tui_app) -> None:
    from swarmtui.games.halma.notation import format_cell, parse_cell
    from swarmtui.games.halma.render import column
    from swarmtui.tui.widgets.halma_board import HalmaBoard

    app = tui_app(speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await to_menu(app, pilot)
        screen = GameScreen(Match(MatchConfig("halma", ("human", "greedy"), seed=3)))
        await app.push_screen(screen)
        await settle(app, pilot, lambda: app.screen is screen and screen.match.human_to_move)
        board = screen.query_one(HalmaBoard)
        n2 = parse_cell("n2")  # beside n1: a label one column off would pick n1 (ties go left)
        await pilot.click(HalmaBoard, offset=(1 + column(n2), 13))  # the row letter takes one column
        await settle(app, pilot, lambda: board.selected is not None)
        assert format_cell(board.cursor) == "n2" and board.selected == n2 and board.options
