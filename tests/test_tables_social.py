"""Tables worth sitting at, at the hub (real Unix socket, scripted players): chat with its limits
and cleaning, table codes and private tables, rated games stored with Glicko-2 and told to the
table, guests kept out of ratings, the leaderboard and a player's history, and the rematch with
colours swapped."""

from __future__ import annotations

import pytest
from waiting import poll_until

from swarmtui.core.glicko2 import Glicko, Result, update
from swarmtui.tables import chat as chat_module
from swarmtui.tables.client import TableError
from swarmtui.tables.codes import ALPHABET, LENGTH, WRONG_CODES, read_code, shown

X_WINS = ["a1", "b1", "a2", "b2", "a3"]


def _events(link) -> list[dict]:
    seen: list[dict] = []
    link.listener = seen.append
    return seen


def _play(first, second, moves: list[str]) -> None:
    """Play ``moves`` alternately from the two links (the first link moves first)."""
    for ply, move in enumerate(moves):
        link = first if ply % 2 == 0 else second
        poll_until(lambda: len(link.moves) == ply)  # noqa: B023 (polled in this iteration)
        link.publish(ply, move)


def test_chat_reaches_everyone_at_the_table_cleaned_and_numbered(hub):
    alice, bob, carol = hub.client("alice"), hub.client("bob"), hub.client("carol")
    host = alice.host("noughts", {"X": "human", "O": "human"}, 1, {}, ["X"])
    guest = bob.join(host.id)
    watcher = carol.join(host.id, watch=True)
    seen = _events(watcher)
    host.say("hello [b]bob[/b] \x1b[2J\x07\nhow are you?")
    guest.say("fine")
    poll_until(lambda: len(watcher.chat) == 2 and len(host.chat) == 2 and len(guest.chat) == 2)
    first, second = watcher.chat
    assert first["text"] == "hello [b]bob[/b] [2J how are you?"  # kept as text; escapes and breaks gone
    assert (first["player"], first["seat"], first["number"]) == ("alice [x]", "X", 1)
    assert (second["player"], second["seat"], second["number"]) == ("bob [x]", "O", 2)
    assert [e["event"] for e in seen] == ["said", "said"]
    watcher.say("go X!")
    poll_until(lambda: len(host.chat) == 3)
    assert host.chat[-1]["seat"] is None
    latecomer = hub.client("dave").join(host.id, watch=True)
    assert [line["text"] for line in latecomer.chat] == ["hello [b]bob[/b] [2J how are you?", "fine", "go X!"]


def test_chat_has_length_and_rate_limits_and_only_the_table_hears_it(hub, monkeypatch):
    alice, bob = hub.client("alice"), hub.client("bob")
    host = alice.host("noughts", {"X": "human", "O": "human"}, 1, {}, ["X"])
    other = bob.host("noughts", {"X": "human", "O": "human"}, 2, {}, ["X"])
    host.say("x" * 5000)
    poll_until(lambda: host.chat)
    assert len(host.chat[0]["text"]) == chat_module.MAX_CHARACTERS and host.chat[0]["text"].endswith("…")
    with pytest.raises(TableError, match="say something"):
        host.say(" \x1b\x07 ")
    with pytest.raises(TableError, match="not at table"):
        alice.request("say", table=other.id, text="hi")
    for n in range(chat_module.BURST - 1):
        host.say(f"line {n}")
    with pytest.raises(TableError, match="talking fast"):
        host.say("one too many")
    other.say("bob is not slowed by alice")
    poll_until(lambda: other.chat)
    assert all(line["text"] != "bob is not slowed by alice" for line in host.chat)


def test_codes_are_short_readable_and_forgiving():
    assert len(ALPHABET) == 32 and not set("ILOU") & set(ALPHABET)
    assert read_code("k7q-2xm") == "K7Q2XM" and read_code("K7Q 2XM") == "K7Q2XM"
    assert read_code("OIL234") == "011234"  # read as the digits they look like
    assert read_code("K7Q2X") is None and read_code("K7Q2XU") is None and read_code(7) is None
    assert shown("K7Q2XM") == "K7Q-2XM" and LENGTH == 6


def test_join_by_code_private_tables_and_wrong_codes_limited(hub):
    alice, bob, eve = hub.client("alice"), hub.client("bob"), hub.client("eve")
    public = alice.host("noughts", {"X": "human", "O": "human"}, 1, {}, ["X"])
    private = alice.host("hive", {"White": "human", "Black": "human"}, 2, {}, ["White"], private=True)
    assert public.code != private.code and read_code(private.code) == private.code
    assert [t["table"] for t in bob.list_tables()] == [public.id]  # the private table is not listed
    assert {t["table"] for t in alice.list_tables()} == {public.id, private.id}  # its host sees it
    with pytest.raises(TableError, match="private"):
        bob.join(private.id)
    seated = bob.join(code=shown(private.code).lower())
    assert seated.id == private.id and seated.mine == ("Black",) and seated.private
    for n in range(WRONG_CODES):
        with pytest.raises(TableError, match="no table has the code"):
            eve.join(code=f"ZZZZZ{ALPHABET[n]}" if f"ZZZZZ{ALPHABET[n]}" != public.code else "ZZZZYY")
    with pytest.raises(TableError, match="too many wrong table codes"):
        eve.join(code=public.code)  # even a right code waits now


def test_a_rated_game_is_stored_and_told_to_the_table(hub):
    alice, bob, carol = hub.client("alice"), hub.client("bob"), hub.client("carol")
    alice.list_tables()  # connected: the hello reply says the server keeps ratings
    assert alice.rated
    host = alice.host("noughts", {"X": "human", "O": "human"}, 1, {}, ["X"], rated=True)
    guest = bob.join(code=host.code)
    watcher = carol.join(host.id, watch=True)
    seen = _events(watcher)
    assert host.rated and guest.rated
    _play(host, guest, X_WINS)
    poll_until(lambda: any(e["event"] == "rated" for e in seen))
    [rated] = [e for e in seen if e["event"] == "rated"]
    won, lost = update(Glicko(), [Result(Glicko(), 1.0)]), update(Glicko(), [Result(Glicko(), 0.0)])
    assert [(c["seat"], c["player"], c["after"]["rating"]) for c in rated["changes"]] == [
        ("X", "alice [x]", won.rating), ("O", "bob [x]", lost.rating)]
    board = carol.leaderboard("noughts")
    assert board["games"] == ["noughts"]
    assert [(s["label"], s["wins"], s["losses"]) for s in board["standings"]] == [
        ("alice [x]", 1, 0), ("bob [x]", 0, 1)]
    handle = board["standings"][0]["player"]
    assert handle.startswith("p-") and "alice" not in handle  # no player's id (their key's hash) is shown
    [game] = bob.history("noughts")
    assert (game["opponent_label"], game["score"], game["table"], game["moves"]) == ("alice [x]", 0.0, host.code, 5)
    assert game["opponent"] == handle
    assert carol.history("noughts", handle)[0]["score"] == 1.0
    with pytest.raises(TableError, match="no such player"):
        carol.history("noughts", "alice")


def test_computer_seats_are_rated_by_agent_and_difficulty(hub):
    alice, bob = hub.client("alice"), hub.client("bob")
    host = alice.host("noughts", {"X": "alphabeta", "O": "human"}, 1, {"X": {"difficulty": "hard"}}, ["X"],
                      rated=True)
    guest = bob.join(host.id)
    seen = _events(guest)
    _play(host, guest, X_WINS)
    poll_until(lambda: any(e["event"] == "rated" for e in seen))
    [first, second] = bob.leaderboard("noughts")["standings"]
    assert (first["player"], first["label"], first["kind"]) == ("ai:alphabeta:difficulty=hard", "alphabeta (hard)",
                                                                 "ai")
    assert (second["label"], second["kind"]) == ("bob [x]", "person")


def test_guests_and_odd_games_are_kept_out_of_ratings(hub):
    alice, guest = hub.client("alice"), hub.client("guest-1", guest=True)
    guest.list_tables()
    assert not guest.rated
    with pytest.raises(TableError, match="guests are not rated"):
        guest.host("noughts", {"X": "human", "O": "human"}, 1, {}, ["X"], rated=True)
    host = alice.host("noughts", {"X": "human", "O": "human"}, 1, {}, ["X"], rated=True)
    with pytest.raises(TableError, match="guests are not rated"):
        guest.join(host.id)
    assert guest.join(host.id, watch=True).watching
    with pytest.raises(TableError, match="against yourself"):
        hub.client("alice").join(host.id)  # alice's second session
    with pytest.raises(TableError, match="game of two"):
        alice.host("halma", {"1": "human", "2": "human", "3": "human"}, 1, {}, ["1"], rated=True)
    with pytest.raises(TableError, match="resumed"):
        alice.host("noughts", {"X": "human", "O": "human"}, 1, {}, ["X"], ["a1", "b1"], rated=True)


def test_a_rematch_swaps_the_colours_once_both_players_ask(hub):
    alice, bob, carol = hub.client("alice"), hub.client("bob"), hub.client("carol")
    host = alice.host("noughts", {"X": "alphabeta", "O": "human"}, 1, {"X": {"difficulty": "hard"}}, ["X"])
    guest = bob.join(host.id)
    watcher = carol.join(host.id, watch=True)
    with pytest.raises(TableError, match="not over"):
        host.ask_rematch()
    heard = _events(guest)
    _play(host, guest, X_WINS)
    with pytest.raises(TableError, match="only the players"):
        watcher.ask_rematch()
    assert host.ask_rematch() == ["bob [x]"]
    poll_until(lambda: any(e["event"] == "rematch_asked" for e in heard))
    assert guest.ask_rematch() == []
    poll_until(lambda: host.rematch is not None and guest.rematch is not None and watcher.rematch is not None)
    again, their, watched = host.rematch, guest.rematch, watcher.rematch
    assert again.id == their.id == watched.id != host.id and again.code != host.code
    assert again.players == {"X": "human", "O": "alphabeta"} and again.params == {"O": {"difficulty": "hard"}}
    assert (again.mine, their.mine, watched.mine) == (("O",), ("X",), ())
    assert their.seed == again.seed and their.moves == []
    their.publish(0, "b2")  # bob has X now, and moves first
    poll_until(lambda: again.moves == ["b2"] and watched.moves == ["b2"])


def test_no_rematch_once_a_player_has_left(hub):
    alice, bob = hub.client("alice"), hub.client("bob")
    host = alice.host("noughts", {"X": "human", "O": "human"}, 1, {}, ["X"])
    guest = bob.join(host.id)
    _play(host, guest, X_WINS)
    guest.leave()
    poll_until(lambda: host.holder("O") is None)
    with pytest.raises(TableError, match="bob .x. left the table"):
        host.ask_rematch()


def test_a_game_the_database_cannot_take_is_told_to_the_table_and_the_hub_goes_on(hub):
    from swarmtui.tables.ratings import RatingsError

    def full(*args, **kwargs):
        raise RatingsError("the ratings database r.sqlite3 cannot grow: the disk is full (the ratings stored "
                           "before are kept)")

    hub.ratings.record = full
    alice, bob = hub.client("alice"), hub.client("bob")
    host = alice.host("noughts", {"X": "human", "O": "human"}, 1, {}, ["X"], rated=True)
    guest = bob.join(host.id)
    seen = _events(guest)
    _play(host, guest, X_WINS)
    poll_until(lambda: any(e["event"] == "unrated" for e in seen))
    [told] = [e for e in seen if e["event"] == "unrated"]
    assert "disk is full" in told["error"] and "stored before are kept" in told["error"]
    assert host.ask_rematch() == ["bob [x]"]  # the hub answers as before
