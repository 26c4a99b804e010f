"""Games between connected players, driven through the app with the pilot: host a Hive table
from the setup, a second player joins and moves, leaves and the seat waits; the autosave
reopens a table; a guest joins a Halma table from "Play with others" and sees the host's
computer player's reasoning; a third person watches.

The other players are scripted ``TableClient``s on the same hub (the ``hub`` fixture of ``conftest``); the
SSH test (``test_serve_tables``) has two real apps play each other.
"""

from __future__ import annotations

from textual.widgets import Select
from waiting import settle

from swarmtui.agents import make_agent
from swarmtui.core.rng import seat_rng
from swarmtui.games import get_game
from swarmtui.tui.saved_game import describe, list_games
from swarmtui.tui.screens.game import GameScreen
from swarmtui.tui.screens.menu import MenuScreen, menu_games
from swarmtui.tui.screens.saved_games import SavedGamesScreen
from swarmtui.tui.screens.setup import SetupScreen
from swarmtui.tui.screens.tables import TablesScreen


async def until(pilot, condition) -> None:
    """Let the app run until ``condition()`` holds (a remote seat's worker waits on purpose,
    so this does not wait for workers to finish)."""
    await settle(pilot.app, pilot, condition, workers=False)


def status(screen) -> str:
    return str(screen.query_one("#status").render())


def title(screen) -> str:
    return str(screen.query_one("#title").render())


async def host_hive(app, pilot) -> GameScreen:
    """From the menu: Hive, Black left to a connected player, seed 4, Start."""
    assert [g.id for g in menu_games(tables=True)][:3] == ["noughts", "halma", "hive"]
    await pilot.press("down", "down", "enter")
    await until(pilot, lambda: isinstance(app.screen, SetupScreen))
    app.screen.query_one("#seat-1", Select).value = "remote"
    await pilot.pause()
    assert "someone else connected" in str(app.screen.query_one("#params").query("Static").first().render())
    app.screen.query_one("#seed").focus()
    await pilot.press("4", "enter", "enter")  # the seed; Enter goes to Start; Start
    await until(pilot, lambda: isinstance(app.screen, GameScreen))
    return app.screen


async def test_host_a_hive_table_a_player_joins_moves_leaves_and_the_save_reopens_it(tui_app, hub):
    app = tui_app(speed="instant", tables=hub.client("alice"))
    async with app.run_test() as pilot:
        assert "tables" in [o.id for o in app.screen.query_one("#game-list").options]
        screen = await host_hive(app, pilot)
        match = screen.match
        assert match.table is not None and match.remote == {"Black"} and "table 1" in title(screen)
        await pilot.press("enter", "enter")  # White places its first piece, as in a game alone
        await until(pilot, lambda: match.moves == ["wS1"])
        assert "Black to move (nobody there)" in status(screen) and "waiting for a player to join" in status(screen)

        bob = hub.client("bob").join("1")
        assert bob.mine == ("Black",) and bob.moves == ["wS1"] and bob.seed == 4
        await until(pilot, lambda: "(bob [x])" in status(screen))
        assert "waiting for their move" in status(screen)
        bob.publish(1, "bS1 wS1-")
        await until(pilot, lambda: match.moves == ["wS1", "bS1 wS1-"] and match.human_to_move)
        assert "White to move (you)" in status(screen)

        bob.leave()
        await until(pilot, lambda: match.table.holder("Black") is None)
        await pilot.press("tab", "enter", "enter")  # the rack's first piece, on the cell offered first
        await until(pilot, lambda: len(match.moves) == 3)
        await until(pilot, lambda: "waiting for bob [x] to come back" in status(screen))
        await pilot.press("r")  # a table game is not restarted
        assert len(match.moves) == 3

        await pilot.press("m")  # leave: autosaved with the table, and the deserted table closes
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        [entry] = list_games()
        assert entry.game.table == {"id": "1", "mine": ["White"]} and len(entry.game.moves) == 3
        assert hub.client("carol").list_tables() == []

        app.push_screen(SavedGamesScreen())
        await until(pilot, lambda: isinstance(app.screen, SavedGamesScreen) and app.screen.entries)
        assert "at table 1 as White" in describe(entry.game)
        await pilot.press("enter")  # resume: table 1 is gone, so a new table has the game so far
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        resumed = app.screen.match
        assert resumed.table.id == "2" and resumed.moves == entry.game.moves and resumed.remote == {"Black"}
        dave = hub.client("dave").join("2")
        assert dave.mine == ("Black",) and dave.moves == entry.game.moves


async def test_a_guest_joins_a_halma_table_and_sees_the_hosts_computer_player_think(tui_app, hub):
    alice = hub.client("alice")
    host = alice.host("halma", {"1": "human", "2": "greedy", "3": "human"}, 11, {}, ["1", "2"])
    app = tui_app(speed="instant", tables=hub.client("bob"))
    async with app.run_test() as pilot:
        await pilot.press(*["down"] * [g.id for g in menu_games(tables=True)].index("tables"), "enter")
        await until(pilot, lambda: isinstance(app.screen, TablesScreen) and app.screen.tables)
        listed = str(app.screen.query_one("#tables").get_option_at_index(0).prompt)
        assert "Table 1  Halma" in listed and "3 open" in listed and "2 greedy" in listed
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        match = screen.match
        assert match.remote == {"1", "2"} and match.seed == 11 and "table 1" in title(screen)
        assert "(alice [x])" in status(screen)

        state = get_game("halma").start(3)
        first = state.legal_moves()[0]
        host.publish(0, state.format_move(first))
        state.play(first)
        greedy = make_agent("greedy", "halma", "2", seat_rng(11, "2"))
        decision = greedy.decide(state.copy())
        host.publish(1, state.format_move(decision.move), decision.trace.to_json())
        await until(pilot, lambda: len(match.moves) == 2 and match.human_to_move)
        assert match.traces[1] == decision.trace  # the host's AI reasoning, shown and kept here
        await pilot.press("enter")  # seat 3 (at this keyboard) selects its front piece
        assert screen.board.options
        screen.board.cursor = screen.board.options[0].end
        await pilot.press("enter")
        await until(pilot, lambda: len(host.moves) == 3)
        assert host.moves == match.moves

        watcher = hub.client("carol").join("1", watch=True)
        assert watcher.watching and watcher.moves == match.moves
        await pilot.press("m")  # back to the list of tables it was joined from
        await until(pilot, lambda: isinstance(app.screen, TablesScreen))
        [entry] = list_games()
        assert entry.game.table == {"id": "1", "mine": ["3"]}
        assert host.holder("3") is None  # bob got up; his seat is kept for him


async def test_a_watched_game_follows_the_table_and_takes_no_keys(tui_app, hub):
    alice, bob = hub.client("alice"), hub.client("bob")
    host = alice.host("hive", {"White": "human", "Black": "human"}, 2, {}, ["White"])
    guest = bob.join(host.id)
    host.publish(0, "wS1")
    app = tui_app(speed="instant", tables=hub.client("carol"))
    async with app.run_test() as pilot:
        await pilot.press(*["down"] * [g.id for g in menu_games(tables=True)].index("tables"), "enter")
        await until(pilot, lambda: isinstance(app.screen, TablesScreen) and app.screen.tables)
        await pilot.press("w")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        match = app.screen.match
        assert match.table.watching and match.moves == ["wS1"] and "(watching)" in title(app.screen)
        await pilot.press("enter", "enter")
        guest.publish(1, "bS1 wS1-")
        await until(pilot, lambda: match.moves == ["wS1", "bS1 wS1-"])
        assert not match.human_to_move
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, TablesScreen))
        assert list_games() == []  # a watched game in progress is not saved


def test_a_table_save_resumes_on_one_keyboard_outside_serve_and_a_damaged_table_field_is_named():
    import pytest

    from swarmtui.core.saves import SaveError
    from swarmtui.records.gamelog import GameLog
    from swarmtui.tui.table_game import resume_match

    saved = GameLog("hive", {"White": "human", "Black": "human"}, ["wS1", "bS1 wS1-"], 4,
                    table={"id": "1", "mine": ["White"]})
    payload = saved.to_json()
    assert GameLog.from_json(payload, "x.json").table == {"id": "1", "mine": ["White"]}
    match = resume_match(None, GameLog.from_json(payload, "x.json"), "x.json")
    assert match.table is None and match.remote == frozenset() and match.human_to_move
    assert match.moves == ["wS1", "bS1 wS1-"] and match.to_saved().table is None
    for damaged in ({"id": 1, "mine": ["White"]}, {"id": "1", "mine": ["Red"]}, "table 1"):
        with pytest.raises(SaveError, match="'table'"):
            GameLog.from_json({**payload, "table": damaged}, "x.json")


def test_snapshot_tables_list(snap_compare, tui_app, hub):
    """Two tables: Hive waiting for Black; a Halma table full, with a computer seat and a watcher."""
    alice, bob, carol = hub.client("alice"), hub.client("bob"), hub.client("carol")
    alice.host("hive", {"White": "human", "Black": "human"}, 4, {}, ["White"]).publish(0, "wS1")
    bob.host("halma", {"1": "human", "2": "greedy", "3": "human"}, 11, {}, ["1", "2"])
    carol.join("2")
    hub.client("dave").join("2", watch=True)

    async def run_before(pilot) -> None:
        await pilot.press(*["down"] * [g.id for g in menu_games(tables=True)].index("tables"), "enter")
        await until(pilot, lambda: isinstance(pilot.app.screen, TablesScreen) and len(pilot.app.screen.tables) == 2)

    assert snap_compare(tui_app(tables=hub.client("erin")), terminal_size=(80, 24), run_before=run_before)


def test_snapshot_hosting_a_table_waits_for_a_player(snap_compare, tui_app, hub):
    async def run_before(pilot) -> None:
        screen = await host_hive(pilot.app, pilot)
        await pilot.press("enter", "enter")
        await until(pilot, lambda: screen.match.moves == ["wS1"] and "nobody there" in status(screen))

    assert snap_compare(tui_app(speed="instant", tables=hub.client("alice")), terminal_size=(80, 24),
                        run_before=run_before)
