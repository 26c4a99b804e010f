"""The table hub and its clients over a real Unix socket: hosting, joining, moves both ways,
refusals (illegal, out of turn, not your seat, unknown session), leaving and coming back;
limits per player, silent connections dropped, fuzzed malformed requests answered."""

from __future__ import annotations

import asyncio
import json
import logging
import socket
import threading
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from waiting import poll_until

from swarmtui.core.trace import NoTrace, SearchTrace, trace_from_json
from swarmtui.games import get_game
from swarmtui.tables import hub as hub_module
from swarmtui.tables.client import TableClient, TableClosed, TableError
from swarmtui.tables.hub import MAX_CONNECTIONS_PER_PLAYER, MAX_TABLES_PER_PLAYER, Hub, Member
from swarmtui.tables.remote_seat import RemoteSeat


def _events(link) -> list[dict]:
    seen: list[dict] = []
    link.listener = seen.append
    return seen


_until = poll_until


def _hive_table(hub):
    alice, bob = hub.client("alice"), hub.client("bob")
    host = alice.host("hive", {"White": "human", "Black": "human"}, 7, {}, ["White"])
    return alice, bob, host


def test_host_join_and_play_both_ways(hub):
    alice, bob, host = _hive_table(hub)
    assert host.mine == ("White",) and host.remote == {"Black"}
    tables = bob.list_tables()
    assert [(t["table"], t["game"], [s["open"] for s in t["seats"]]) for t in tables] == [
        (host.id, "hive", [False, True])]
    host_events = _events(host)
    guest = bob.join(host.id)
    assert guest.mine == ("Black",) and guest.moves == [] and (guest.seed, guest.players) == (7, host.players)
    _until(lambda: host.holder("Black") == "bob [x]" and bool(host_events))  # the event itself, too
    assert host_events[-1]["event"] == "seat" and host_events[-1]["present"]

    state = get_game("hive").start()
    white = RemoteSeat(guest, "White", trace_from_json)
    host.publish(0, "wS1")
    decision = white.decide(state)  # the guest's view of White: waits for the host's move
    assert state.format_move(decision.move) == "wS1" and isinstance(decision.trace, NoTrace)
    state.play(decision.move)
    trace = SearchTrace(algorithm="mcts", best=("bS1 wS1-",), chosen="bS1 wS1-").to_json()
    guest.publish(1, "bS1 wS1-", trace)
    black = RemoteSeat(host, "Black", trace_from_json)
    decision = black.decide(state)
    assert state.format_move(decision.move) == "bS1 wS1-"
    assert decision.trace == trace_from_json(trace)  # the deliberation travels with the move
    assert host.moves == guest.moves == ["wS1", "bS1 wS1-"]


def test_the_hub_refuses_illegal_out_of_turn_and_foreign_moves(hub):
    alice, bob, host = _hive_table(hub)
    guest = bob.join(host.id)
    guest.publish(0, "bS1")  # White's turn: Black may not move
    _until(lambda: guest.refused is not None)
    assert "White's turn" in guest.refused and host.moves == []
    host.publish(0, "wQ wS1-")  # not a legal first move (and not even on the board)
    _until(lambda: host.refused is not None)
    assert "cannot be played" in host.refused
    watcher = hub.client("carol").join(host.id, watch=True)
    assert watcher.watching and watcher.remote == {"White", "Black"}
    with pytest.raises(TableError, match="no free seat"):
        hub.client("dave").join(host.id)
    with pytest.raises(TableError, match="there is no table 99"):
        bob.join("99")


def test_an_unknown_session_and_bad_tables_are_refused(hub):
    stranger = TableClient(str(hub.hub.path), "not-a-token")
    with pytest.raises(TableError):
        stranger.list_tables()
    alice = hub.client("alice")
    with pytest.raises(TableError, match="computer player"):
        alice.host("hive", {"White": "human", "Black": "pso"}, 1, {}, ["White"])
    with pytest.raises(TableError, match="free|join"):
        alice.host("hive", {"White": "human", "Black": "pso"}, 1, {}, ["White", "Black"])
    with pytest.raises(TableError, match="seats of Hive"):
        alice.host("hive", {"Black": "human", "White": "human"}, 1, {}, ["Black"])
    with pytest.raises(TableError, match="cannot be played"):
        alice.host("hive", {"White": "human", "Black": "human"}, 1, {}, ["White"], ["wS1", "nonsense"])


def test_a_player_who_leaves_gets_their_seat_back_and_nobody_else_does(hub):
    alice, bob, host = _hive_table(hub)
    guest = bob.join(host.id)
    host.publish(0, "wS1")
    _until(lambda: guest.moves == ["wS1"])
    host_events = _events(host)
    guest.leave()
    # the link updates its seats, then tells its listener: wait for the event itself
    _until(lambda: host.holder("Black") is None and bool(host_events))
    assert host_events[-1] == {"event": "seat", "seat": "Black", "player": "bob [x]", "present": False,
                               "table": host.id}
    with pytest.raises(TableError, match="no free seat"):
        hub.client("mallory").join(host.id)
    again = bob.join(host.id)  # bob comes back (e.g. resuming his autosave)
    assert again.mine == ("Black",) and again.moves == ["wS1"]


def test_a_guests_seat_opens_again_and_a_deserted_table_closes(hub):
    alice = hub.client("alice")
    host = alice.host("halma", {"1": "human", "2": "greedy", "3": "human"}, 3, {}, ["1", "2"])
    guest_client = hub.client("guest-1", guest=True)
    guest = guest_client.join(host.id)
    assert guest.mine == ("3",) and guest.remote == {"1", "2"}
    guest_client.close()  # the guest's connection drops
    _until(lambda: host.holder("3") is None)
    taken = hub.client("erin").join(host.id)
    assert taken.mine == ("3",)
    watcher = hub.client("carol").join(host.id, watch=True)
    seat = RemoteSeat(watcher, "1", trace_from_json)
    host.leave()
    taken.leave()
    with pytest.raises(TableClosed, match="players left"):
        seat.decide(get_game("halma").start(3))
    assert hub.client("bob").list_tables() == []


def test_a_waiting_seat_can_be_cancelled(hub):
    alice, bob, host = _hive_table(hub)
    seat = RemoteSeat(host, "Black", trace_from_json)
    stop = threading.Event()
    seat.cancelled = stop.is_set
    threading.Timer(0.3, stop.set).start()
    started = time.monotonic()
    with pytest.raises(TableClosed):
        seat.decide(get_game("hive").start())
    assert time.monotonic() - started < 3


def test_a_session_that_ends_loses_its_connection_and_seats(hub):
    alice, bob, host = _hive_table(hub)
    guest = bob.join(host.id)
    hub.loop.call_soon_threadsafe(hub.hub.forget, bob.token)
    _until(lambda: guest.closed is not None and host.holder("Black") is None)
    with pytest.raises(TableError):
        bob.list_tables()


# -- limits per player, silent connections, malformed requests (issue 16, item 5) ---------------
def test_limits_count_per_player_not_per_connection(hub):
    connections = [hub.client("alice") for _ in range(MAX_CONNECTIONS_PER_PLAYER)]
    hosted = 0
    for link in connections:  # each connection hosts one table until the player's limit
        if hosted < MAX_TABLES_PER_PLAYER:
            link.host("hive", {"White": "human", "Black": "human"}, 1, {}, ["White"])
            hosted += 1
    with pytest.raises(TableError, match=f"you sit at {MAX_TABLES_PER_PLAYER} tables already"):
        connections[-1].host("hive", {"White": "human", "Black": "human"}, 1, {}, ["White"])
    with pytest.raises(TableError, match=f"you have {MAX_CONNECTIONS_PER_PLAYER} connections"):
        hub.client("alice").list_tables()
    assert len(hub.client("bob").list_tables()) == MAX_TABLES_PER_PLAYER


def test_a_connection_that_never_says_hello_is_dropped(hub, monkeypatch):
    monkeypatch.setattr(hub_module, "HELLO_SECONDS", 0.3)
    with socket.socket(socket.AF_UNIX) as silent:
        silent.settimeout(10)
        silent.connect(str(hub.hub.path))
        started = time.monotonic()
        assert silent.recv(100) == b""  # closed by the hub
    assert time.monotonic() - started < 5


def test_a_hello_nested_too_deep_is_dropped_without_a_traceback(hub, caplog):
    """A deeply nested line raised RecursionError out of the connection's task (the third audit)."""
    caplog.set_level(logging.INFO)
    with socket.socket(socket.AF_UNIX) as deep:
        deep.settimeout(10)
        deep.connect(str(hub.hub.path))
        deep.sendall(b"[" * 200_000 + b"]" * 200_000 + b"\n")
        assert deep.recv(100) == b""  # closed by the hub
    poll_until(lambda: "nested too deep" in caplog.text, timeout=10)
    assert "Traceback" not in caplog.text and "RecursionError" not in caplog.text


class _Writer:
    """Stands in for a connection's stream: keeps what the hub sends."""

    def __init__(self) -> None:
        self.sent: list[dict] = []
        self.transport = self

    def is_closing(self) -> bool:
        return False

    def get_write_buffer_size(self) -> int:
        return 0

    def write(self, data: bytes) -> None:
        self.sent.append(json.loads(data))

    def close(self) -> None:
        pass


_json = st.recursive(st.none() | st.booleans() | st.integers(-3, 10**6) | st.text(max_size=8)
                     | st.sampled_from(["hive", "halma", "noughts", "White", "Black", "human", "1", "wS1"]),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
                         st.sampled_from(["White", "Black", "1", "2", "x"]), inner, max_size=3), max_leaves=8)
_requests = st.fixed_dictionaries(
    {"op": st.sampled_from(["list", "host", "join", "move", "leave", "hello", "nope", "say", "rematch",
                            "leaderboard", "history"]) | _json,
     "re": st.integers(0, 9)},
    optional={key: _json for key in ("game", "players", "seed", "params", "mine", "moves", "table", "watch",
                                     "ply", "move", "trace", "text", "code", "rated", "private", "rules",
                                     "player")})


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_requests, min_size=1, max_size=6))
def test_malformed_requests_get_an_error_reply_and_never_an_exception(requests):
    hub = Hub(Path("unused.sock"))
    writer = _Writer()
    member = Member("alice", "alice [x]", False, writer)
    errors: list[logging.LogRecord] = []
    handler = logging.Handler(logging.ERROR)
    handler.emit = errors.append
    logging.getLogger("swarmtui.serve").addHandler(handler)

    async def answer_each() -> None:
        for request in requests:
            before = len(writer.sent)
            await hub._answer(member, request)
            replies = [m for m in writer.sent[before:] if "re" in m]
            assert [r["re"] for r in replies] == [request["re"]]
            assert replies[0]["ok"] or replies[0]["error"]

    try:
        asyncio.run(answer_each())
    finally:
        logging.getLogger("swarmtui.serve").removeHandler(handler)
    assert not errors, [e.getMessage() for e in errors]
