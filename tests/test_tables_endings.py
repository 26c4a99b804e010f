"""Resigning and draws at a table (real hub over its Unix socket, scripted players): a
resignation ends the game for everyone and a rated one counts as the resigner's loss; a draw
offered by one person is accepted or declined by the other, lapses with the next move, and an
agreed draw is rated as one; only the players of a seat may, and only while the game runs."""

from __future__ import annotations

import pytest
from waiting import poll_until

from swarmtui.core.glicko2 import Glicko, Result, update
from swarmtui.tables.client import TableError


def _events(link) -> list[dict]:
    seen: list[dict] = []
    link.listener = seen.append
    return seen


def _kinds(seen: list[dict]) -> list[str]:
    return [str(e.get("event")) for e in seen]


def _rated_table(hub):
    alice, bob, carol = hub.client("alice"), hub.client("bob"), hub.client("carol")
    host = alice.host("noughts", {"X": "human", "O": "human"}, 1, {}, ["X"], rated=True)
    guest = bob.join(host.id)
    watcher = carol.join(host.id, watch=True)
    return host, guest, watcher


def test_a_resignation_ends_the_game_for_everyone_and_is_rated_as_a_loss(hub):
    host, guest, watcher = _rated_table(hub)
    seen, watched = _events(guest), _events(watcher)
    host.publish(0, "b2")
    poll_until(lambda: guest.moves == ["b2"])
    with pytest.raises(TableError, match="you do not hold X"):
        guest.resign("X")
    with pytest.raises(TableError, match="you are not at table"):
        hub.client("dave").request("resign", table=host.id, seat="O")
    guest.resign("O")
    poll_until(lambda: "resigned" in _kinds(watched) and "rated" in _kinds(watched))
    assert host.ending == {"kind": "resign", "seat": "O"} == watcher.ending
    [rated] = [e for e in watched if e["event"] == "rated"]
    won, lost = update(Glicko(), [Result(Glicko(), 1.0)]), update(Glicko(), [Result(Glicko(), 0.0)])
    assert [(c["seat"], c["after"]["rating"]) for c in rated["changes"]] == [("X", won.rating), ("O", lost.rating)]
    with pytest.raises(TableError, match="the game is over"):
        host.client.request("move", table=host.id, ply=1, move="a1")
    with pytest.raises(TableError, match="the game is over"):
        host.resign("X")
    late = hub.client("erin").join(host.id, watch=True)
    assert late.ending == {"kind": "resign", "seat": "O"}  # a latecomer sees how it ended
    assert [t["over"] for t in hub.client("frank").list_tables()] == [True]
    assert host.ask_rematch() == ["bob [x]"]  # a resigned game is over: a rematch may be asked for
    assert "resigned" not in _kinds(seen)  # the resigner is not told its own news


def test_a_draw_offer_is_declined_lapses_with_a_move_and_is_agreed(hub):
    host, guest, watcher = _rated_table(hub)
    offers, answers, watched = _events(guest), _events(host), _events(watcher)
    with pytest.raises(TableError, match="no draw offer stands"):
        guest.answer_draw("O", True)
    host.offer_draw("X")
    poll_until(lambda: guest.draw_offer == ("X", 0))
    with pytest.raises(TableError, match="no draw offer stands"):
        host.answer_draw("X", True)  # one's own offer
    guest.answer_draw("O", False)
    poll_until(lambda: "draw_declined" in _kinds(answers))
    host.offer_draw("X")
    poll_until(lambda: guest.draw_offer == ("X", 0))
    host.publish(0, "b2")  # the offerer moves: the offer lapses
    poll_until(lambda: guest.moves == ["b2"] and guest.draw_offer is None)
    with pytest.raises(TableError, match="no draw offer stands"):
        guest.answer_draw("O", True)
    host.offer_draw("X")
    poll_until(lambda: guest.draw_offer == ("X", 1))
    guest.answer_draw("O", True)
    poll_until(lambda: "draw_agreed" in _kinds(watched) and "rated" in _kinds(watched))
    assert host.ending == {"kind": "draw"} == watcher.ending
    [rated] = [e for e in watched if e["event"] == "rated"]
    drew = update(Glicko(), [Result(Glicko(), 0.5)])
    assert [c["after"]["rating"] for c in rated["changes"]] == [drew.rating, drew.rating]
    assert "draw_offered" in _kinds(offers)


def test_a_draw_offer_that_stands_reaches_who_sits_down_or_watches_later(hub):
    host, guest, _ = _rated_table(hub)
    host.offer_draw("X")
    poll_until(lambda: guest.draw_offer == ("X", 0))
    later = hub.client("erin").join(host.id, watch=True)
    assert later.draw_offer == ("X", 0)
    assert hub.hub.tables[host.id].joined(["X"])["draw_offer"] == {"seat": "X", "ply": 0}
    host.publish(0, "b2")  # a move ends the offer
    poll_until(lambda: guest.draw_offer is None)
    assert hub.client("fred").join(host.id, watch=True).draw_offer is None


def test_draws_need_two_players_and_computers_neither_resign_nor_offer(hub):
    alice, bob = hub.client("alice"), hub.client("bob")
    host = alice.host("halma", {"1": "human", "2": "human", "3": "human"}, 1, {}, ["1"])
    with pytest.raises(TableError, match="draws by agreement need two players; this game has 3"):
        host.offer_draw("1")
    alone = bob.host("noughts", {"X": "human", "O": "human"}, 1, {}, ["X"])
    with pytest.raises(TableError, match="nobody sits at O to answer a draw offer"):
        alone.offer_draw("X")
    ai = hub.client("carl").host("noughts", {"X": "minimax", "O": "human"}, 1, {}, ["X"])
    with pytest.raises(TableError, match="only a person resigns"):
        ai.resign("X")
    with pytest.raises(TableError, match="it answers offers, it makes none"):
        ai.offer_draw("X")


def test_a_player_who_joins_after_the_end_sees_how_it_ended(hub):
    from swarmtui.tui.table_game import join_match

    host, guest, _ = _rated_table(hub)
    guest.resign("O")
    watched = join_match(hub.client("erin"), host.id, watch=True)
    assert watched.is_over and watched.result_text() == "X wins (O resigns)"
    alice, bob = hub.client("gina"), hub.client("hal")
    table = alice.host("noughts", {"X": "human", "O": "human"}, 2, {}, ["X"])
    bob.join(table.id)
    table.offer_draw("X")
    poll_until(lambda: bob.links[table.id].draw_offer == ("X", 0))
    bob.links[table.id].answer_draw("O", True)
    assert join_match(hub.client("ivan"), table.id, watch=True).result_text() == "Draw (draw agreed)"
