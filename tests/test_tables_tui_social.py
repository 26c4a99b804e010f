"""Tables worth sitting at, through the app with the pilot: chat both ways (cleaned, shown as
text, a notice while the chat is hidden), the turn notice (bell and window title), a rated game
hosted from the setup and the leaderboard and history it leads to, joining by code, and the
rematch with the colours swapped. The other players are scripted ``TableClient``s on the
``hub`` fixture; snapshots of the new screens at 80x24."""

from __future__ import annotations

from textual import events
from textual.widgets import Checkbox, DataTable, Input, Select
from waiting import poll_until, settle

from swarmtui.tui.screens.leaderboard import LeaderboardScreen
from swarmtui.tui.screens.menu import menu_games
from swarmtui.tui.screens.rating_history import RatingHistoryScreen
from swarmtui.tui.screens.setup import SetupScreen
from swarmtui.tui.screens.table_code import TableCode
from swarmtui.tui.screens.table_game_screen import TableGameScreen
from swarmtui.tui.screens.tables import TablesScreen


async def until(pilot, condition) -> None:
    await settle(pilot.app, pilot, condition, workers=False)


def status(screen) -> str:
    return str(screen.query_one("#status").render())


async def open_tables(pilot) -> None:
    await pilot.press(*["down"] * [g.id for g in menu_games(tables=True)].index("tables"), "enter")
    await until(pilot, lambda: isinstance(pilot.app.screen, TablesScreen))


async def host_noughts(pilot, kind: str = "listed") -> TableGameScreen:
    """From the menu: Noughts & Crosses, O left to a connected player, the table ``kind``, seed 1."""
    app = pilot.app
    await pilot.press("enter")  # noughts is the first game
    await until(pilot, lambda: isinstance(app.screen, SetupScreen))
    app.screen.query_one("#seat-1", Select).value = "remote"
    app.screen.query_one("#table-kind", Select).value = kind
    await pilot.pause()
    app.screen.query_one("#seed").focus()
    await pilot.press("1", "enter", "enter")  # the seed; Enter goes to Start; Start
    await until(pilot, lambda: isinstance(app.screen, TableGameScreen))
    return app.screen


async def test_chat_both_ways_shown_as_text_with_a_notice_while_hidden(tui_app, hub):
    host = hub.client("alice").host("noughts", {"X": "human", "O": "human"}, 1, {}, ["X"])
    host.say("welcome")
    app = tui_app(speed="instant", tables=hub.client("bob"))
    async with app.run_test() as pilot:
        await open_tables(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableGameScreen))
        screen = app.screen
        assert screen.chat.lines[-1] == "alice [x] (X): welcome"  # the chat so far, on arrival
        assert screen.chat.has_class("-hidden")  # 80 columns: one panel at a time
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.focused, Input) and not screen.chat.has_class("-hidden"))
        await pilot.press(*"hi alice", "enter")
        poll_until(lambda: host.chat[-1]["text"] == "hi alice")
        assert host.chat[-1]["player"] == "bob [x]" and host.chat[-1]["seat"] == "O"
        await until(pilot, lambda: screen.chat.lines[-1] == "bob [x] (O): hi alice")
        await pilot.press("escape")  # back to the board, not to the menu
        await until(pilot, lambda: app.focused is screen.board)
        assert isinstance(app.screen, TableGameScreen)
        await pilot.press("v")  # the panels cycle: reasoning, moves, chat
        assert screen.shown == "panel"
        notices = []
        app.notify = lambda message, **kw: notices.append(message)
        host.say("[b]bold?[/b] \x1b]2;pwned\x07 ok")
        await until(pilot, lambda: screen.chat.lines[-1].endswith("ok"))
        assert screen.chat.lines[-1] == "alice [x] (X): [b]bold?[/b] ]2;pwned ok"
        assert notices == ["alice [x] (X): [b]bold?[/b] ]2;pwned ok"]


async def test_the_turn_notice_rings_and_titles_the_window_when_the_move_comes_from_elsewhere(tui_app, hub):
    host = hub.client("alice").host("noughts", {"X": "human", "O": "human"}, 1, {}, ["X"])
    app = tui_app(speed="instant", tables=hub.client("bob"))
    async with app.run_test() as pilot:
        bells = []
        app.bell = lambda: bells.append(app.screen)
        await open_tables(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableGameScreen))
        screen = app.screen
        assert app.terminal_title == "X to move - table 1 K7Q-001 - swarmtui" and bells == []
        host.publish(0, "b2")
        await until(pilot, lambda: screen.match.human_to_move)
        assert app.terminal_title == "Your move (O) - table 1 K7Q-001 - swarmtui" and len(bells) == 1
        await pilot.press("1")  # O plays a1: not our turn any more, no bell
        await until(pilot, lambda: len(host.moves) == 2)
        assert app.terminal_title.startswith("X to move") and len(bells) == 1
        host.publish(2, "c1")
        await until(pilot, lambda: screen.match.human_to_move and len(screen.match.moves) == 3)
        assert len(bells) == 2
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, TablesScreen))
        assert app.terminal_title == "swarmtui"


async def test_a_rated_game_from_the_setup_then_the_leaderboard_and_a_players_history(tui_app, hub):
    app = tui_app(speed="instant", tables=hub.client("alice"))
    async with app.run_test() as pilot:
        screen = await host_noughts(pilot, "rated")
        link = screen.link
        assert link.rated and not link.private
        bob = hub.client("bob").join(code="k7q-001")
        for ply, key in enumerate(["1", None, "4", None, "7"]):  # X: a1 a2 a3; O: b1 b2
            if key is None:
                bob.publish(ply, ["b1", "b2"][ply // 2])
                await until(pilot, lambda ply=ply: len(screen.match.moves) == ply + 1)
            else:
                await until(pilot, lambda: screen.match.human_to_move)
                await pilot.press(key)
        await until(pilot, lambda: any(line.startswith("Rated: alice [x] 1500 -> 1662 (+162)")
                                       for line in screen.chat.lines))
        assert "r: rematch, colours swapped" in status(screen)
        await pilot.press("m")
        await open_tables(pilot)
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LeaderboardScreen) and app.screen.standings)
        board = app.screen
        assert [(s["label"], s["wins"], s["losses"]) for s in board.standings] == [("alice [x]", 1, 0),
                                                                                   ("bob [x]", 0, 1)]
        rows = board.query_one("#standings", DataTable)
        assert str(rows.get_row_at(0)[1]) == "> alice [x]" and str(rows.get_row_at(0)[2]) == "1662?"
        await pilot.press("down", "enter")
        await until(pilot, lambda: isinstance(app.screen, RatingHistoryScreen) and app.screen.played)
        history = app.screen.query_one("#played", DataTable)
        assert [str(c) for c in history.get_row_at(0)] == ["2026-05-28 20:26", "  alice [x]", "lost", "1338?",
                                                           "-162", "K7Q-001"]


async def test_join_by_code_and_a_rematch_with_the_colours_swapped(tui_app, hub):
    alice = hub.client("alice")
    host = alice.host("noughts", {"X": "human", "O": "human"}, 1, {}, ["X"], private=True)
    app = tui_app(speed="instant", tables=hub.client("bob"))
    async with app.run_test() as pilot:
        await open_tables(pilot)
        await until(pilot, lambda: "No tables yet" in str(app.screen.query_one("#message").render()))
        await pilot.press("j")
        await until(pilot, lambda: isinstance(app.screen, TableCode))
        await pilot.press(*"zzz", "enter")
        assert "6 letters and digits" in str(app.screen.query_one("#problem").render())
        app.screen.query_one("#code", Input).value = ""
        await pilot.press(*"k7q-0o1", "enter")  # O read as 0
        await until(pilot, lambda: isinstance(app.screen, TableGameScreen))
        screen = app.screen
        assert screen.link.id == host.id and screen.match.table.mine == ("O",)
        await pilot.press("r")  # not over: no rematch
        for ply, move in enumerate(["a1", "b1", "a2", "b2", "a3"]):
            if ply % 2 == 0:
                host.publish(ply, move)
            else:
                await until(pilot, lambda: screen.match.human_to_move)
                await pilot.press(str(["a1", "b1", "c1", "a2", "b2"].index(move) + 1))
            await until(pilot, lambda ply=ply: len(screen.match.moves) == ply + 1)
        await until(pilot, lambda: screen.match.is_over)
        assert host.ask_rematch() == ["bob [x]"]
        await until(pilot, lambda: any("asks for a rematch" in line for line in screen.chat.lines))
        await pilot.press("r")
        await until(pilot, lambda: screen.match.table is not None and screen.match.table.id != host.id)
        assert screen.match.table.mine == ("X",) and screen.match.moves == [] and screen.match.human_to_move
        assert screen.chat.lines[-1] == "Rematch: you play X"
        poll_until(lambda: host.rematch is not None)
        await pilot.press("5")  # bob has X now and opens in b2
        poll_until(lambda: host.rematch.moves == ["b2"])


def test_snapshot_the_chat_beside_the_board(snap_compare, tui_app, hub):
    host = hub.client("alice").host("hive", {"White": "human", "Black": "human"}, 4, {}, ["White"])
    host.publish(0, "wS1")
    host.say("hello, good luck [and no markup]")

    async def run_before(pilot) -> None:
        await open_tables(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(pilot.app.screen, TableGameScreen))
        await pilot.press("c", *"thanks, you too")
        await until(pilot, lambda: pilot.app.focused is not None and getattr(pilot.app.focused, "value", "")
                    == "thanks, you too")

    assert snap_compare(tui_app(speed="instant", tables=hub.client("bob")), terminal_size=(80, 24),
                        run_before=run_before)


def test_snapshot_the_leaderboard(snap_compare, tui_app, hub):
    for name, opponent, score in (("alice", "bob", 1.0), ("carol", "bob", 0.5), ("alice", "carol", 1.0)):
        hub.ratings.record("hive", _contender(name), _contender(opponent), score, table="K7Q001", moves=40)
    from swarmtui.tables.ratings import Contender

    hub.ratings.record("hive", Contender("ai:alphabeta:difficulty=hard", "alphabeta (hard)", "ai"),
                       _contender("bob"), 1.0)

    async def run_before(pilot) -> None:
        await open_tables(pilot)
        await pilot.press("l")
        await until(pilot, lambda: isinstance(pilot.app.screen, LeaderboardScreen) and pilot.app.screen.standings)

    assert snap_compare(tui_app(tables=hub.client("bob")), terminal_size=(80, 24), run_before=run_before)


def test_snapshot_a_players_history(snap_compare, tui_app, hub):
    for opponent, score in (("bob", 1.0), ("carol", 0.5), ("bob", 0.0)):
        hub.ratings.record("noughts", _contender("alice"), _contender(opponent), score, table="K7Q001", moves=7)

    async def run_before(pilot) -> None:
        board = pilot.app.tables.leaderboard("noughts")
        [handle] = [s["player"] for s in board["standings"] if s["label"] == "alice [x]"]
        pilot.app.push_screen(RatingHistoryScreen(pilot.app.tables, "noughts", handle, "alice [x]"))
        await until(pilot, lambda: isinstance(pilot.app.screen, RatingHistoryScreen) and pilot.app.screen.played)

    assert snap_compare(tui_app(tables=hub.client("bob")), terminal_size=(80, 24), run_before=run_before)


def test_snapshot_join_by_code(snap_compare, tui_app, hub):
    async def run_before(pilot) -> None:
        await open_tables(pilot)
        await pilot.press("j")
        await until(pilot, lambda: isinstance(pilot.app.screen, TableCode))
        await pilot.press(*"k7q-2x")
        pilot.app.screen.query_one("#watch", Checkbox).value = True
        await pilot.pause()

    assert snap_compare(tui_app(tables=hub.client("bob")), terminal_size=(80, 24), run_before=run_before)


def _contender(name: str):
    from swarmtui.tables.ratings import Contender

    return Contender(name, f"{name} [x]")



async def test_keys_typed_right_after_c_go_to_the_chat_even_a_q(tui_app, hub):
    host = hub.client("alice").host("noughts", {"X": "human", "O": "human"}, 1, {}, ["X"])
    app = tui_app(speed="instant", tables=hub.client("bob"))
    async with app.run_test() as pilot:
        await open_tables(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableGameScreen))
        for key in "cquit, c":  # c and the line in one go, as a fast typist's keys arrive over SSH
            app.post_message(events.Key(key, key))
        await until(pilot, lambda: isinstance(app.focused, Input) and app.focused.value == "quit, c")
        await pilot.press("enter")
        await until(pilot, lambda: host.chat and host.chat[-1]["text"] == "quit, c")
        assert app.is_running and isinstance(app.screen, TableGameScreen)


async def test_a_finished_game_offers_no_rematch_once_the_other_player_left_and_again_when_back(tui_app, hub):
    app = tui_app(speed="instant", tables=hub.client("alice"))
    async with app.run_test() as pilot:
        screen = await host_noughts(pilot)
        bob_client = hub.client("bob")
        bob = bob_client.join(code="k7q-001")
        for ply, key in enumerate(["1", None, "4", None, "7"]):  # X: a1 a2 a3; O: b1 b2
            if key is None:
                bob.publish(ply, ["b1", "b2"][ply // 2])
                await until(pilot, lambda ply=ply: len(screen.match.moves) == ply + 1)
            else:
                await until(pilot, lambda: screen.match.human_to_move)
                await pilot.press(key)
        await until(pilot, lambda: screen.match.is_over and "r: rematch, colours swapped" in status(screen))
        bob.leave()
        await until(pilot, lambda: screen.link.holder("O") is None)
        await until(pilot, lambda: "left the table: no rematch" in status(screen))
        assert "r: rematch" not in status(screen)  # not offered, so not refused
        app.clear_notifications()
        await pilot.press("r")
        await until(pilot, lambda: any("left the table" in n.message for n in app._notifications))
        assert screen.link.rematch is None
        bob = bob_client.join(screen.link.id)  # back at the table: the rematch is offered again
        await until(pilot, lambda: "r: rematch, colours swapped" in status(screen))
        assert bob.ask_rematch() == ["alice [x]"]
        await pilot.press("r")
        await until(pilot, lambda: screen.link.rematch is None and screen.link.id != bob.id)
