"""Resigning and draws at a table, through the app with the pilot: the host offers a draw, the
other player (a scripted ``TableClient``) declines and then accepts; the other player offers
one and the host answers the question with a key, or it lapses when the offerer moves; the host
resigns a rated game (after asking) and it is rated as the host's loss."""

from __future__ import annotations

from test_tables_tui_social import host_noughts, open_tables
from textual.widgets import Select
from waiting import poll_until, settle

from swarmtui.tui.screens.confirm import Confirm
from swarmtui.tui.screens.setup import SetupScreen
from swarmtui.tui.screens.table_game_screen import TableGameScreen


async def until(pilot, condition) -> None:
    await settle(pilot.app, pilot, condition, workers=False)


def notes(app) -> str:
    return " | ".join(str(n.message) for n in app._notifications)


async def test_a_draw_offered_at_a_table_is_declined_then_agreed(tui_app, hub):
    app = tui_app(speed="instant", tables=hub.client("alice"))
    async with app.run_test() as pilot:
        screen = await host_noughts(pilot)
        bob = hub.client("bob").join(code="k7q-001")
        await until(pilot, lambda: screen.link.holder("O") is not None)
        await pilot.press("d")
        poll_until(lambda: bob.draw_offer == ("X", 0))
        bob.answer_draw("O", False)
        await until(pilot, lambda: "O declines the draw" in notes(app))
        assert not screen.match.is_over
        await pilot.press("d")
        poll_until(lambda: bob.draw_offer == ("X", 0))
        bob.answer_draw("O", True)
        await until(pilot, lambda: screen.match.is_over)
        assert screen.match.result_text() == "Draw (draw agreed)"


async def test_the_other_players_offer_is_answered_with_a_key_or_lapses(tui_app, hub):
    app = tui_app(speed="instant", tables=hub.client("alice"))
    async with app.run_test() as pilot:
        screen = await host_noughts(pilot)
        bob = hub.client("bob").join(code="k7q-001")
        await until(pilot, lambda: screen.link.holder("O") is not None)
        await pilot.press("5")  # X b2
        poll_until(lambda: bob.moves == ["b2"])
        bob.offer_draw("O")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        assert "O (bob [x]) offers a draw. X, do you accept?" in str(app.screen.query_one("Static").render())
        bob.publish(1, "a1")  # the offerer moves: the question closes, the offer lapsed
        await until(pilot, lambda: app.screen is screen and len(screen.match.moves) == 2)
        await until(pilot, lambda: "draw offer lapsed" in notes(app))
        await pilot.press("3")  # X c1
        poll_until(lambda: len(bob.moves) == 3)
        bob.offer_draw("O")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await until(pilot, lambda: screen.match.is_over)
        assert screen.match.result_text() == "Draw (draw agreed)"
        poll_until(lambda: bob.ending == {"kind": "draw"})


async def test_an_offer_made_while_the_player_was_away_is_asked_when_they_are_back(tui_app, hub):
    host = hub.client("alice").host("noughts", {"X": "human", "O": "human"}, 1, {}, ["X"])
    away = hub.client("bob").join(host.id)
    host.offer_draw("X")
    poll_until(lambda: away.draw_offer == ("X", 0))
    away.leave()  # bob's connection drops; his seat and the offer stand
    app = tui_app(speed="instant", tables=hub.client("bob"))
    async with app.run_test() as pilot:
        await open_tables(pilot)
        await pilot.press("enter")  # back to his seat
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        assert "X (alice [x]) offers a draw. O, do you accept?" in str(app.screen.query_one("Static").render())
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, TableGameScreen) and app.screen.match.is_over)
        assert app.screen.match.result_text() == "Draw (draw agreed)"
        poll_until(lambda: host.ending == {"kind": "draw"})


async def test_resigning_a_rated_table_game_is_rated_as_a_loss(tui_app, hub):
    app = tui_app(speed="instant", tables=hub.client("alice"))
    async with app.run_test() as pilot:
        screen = await host_noughts(pilot, "rated")
        bob = hub.client("bob").join(code="k7q-001")
        await until(pilot, lambda: screen.link.holder("O") is not None)
        await pilot.press("R")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await until(pilot, lambda: screen.match.is_over)
        assert screen.match.result_text() == "O wins (X resigns)"
        poll_until(lambda: bob.ending == {"kind": "resign", "seat": "X"})
        await until(pilot, lambda: any(line.startswith("Rated: alice [x] 1500 -> 1338 (-162)")
                                       for line in screen.chat.lines))
        assert "r: rematch, colours swapped" in str(screen.query_one("#status").render())


async def test_the_hosts_computer_player_answers_a_draw_offer_by_its_rule(tui_app, hub):
    app = tui_app(speed="instant", tables=hub.client("alice"))
    async with app.run_test() as pilot:
        await pilot.press("enter")  # noughts
        await until(pilot, lambda: isinstance(app.screen, SetupScreen))
        app.screen.query_one("#seat-0", Select).value = "minimax"
        app.screen.query_one("#seat-1", Select).value = "remote"
        await pilot.pause()
        app.screen.query_one("#seed").focus()
        await pilot.press("1", "enter", "enter")  # the seed; Enter goes to Start; Start
        await until(pilot, lambda: isinstance(app.screen, TableGameScreen))
        screen = app.screen
        bob = hub.client("bob").join(code="k7q-001")
        poll_until(lambda: len(bob.moves) == 1)  # minimax (X) has moved
        await until(pilot, lambda: screen.link.holder("O") is not None)
        bob.offer_draw("O")  # a level game: the computer is not ahead, so it accepts
        await until(pilot, lambda: screen.match.is_over)
        assert screen.match.result_text() == "Draw (draw agreed)"
        poll_until(lambda: bob.ending == {"kind": "draw"})
