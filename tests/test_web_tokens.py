"""The browser door's list of players (``web.tokens``) fails closed in every damaged state, and
its visits and login brake (``web.visitors``) stay bounded."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from swarmtui.serve.players import Player, player_label
from swarmtui.web.tokens import MAX_TOKENS_BYTES, TokensError, read_tokens
from swarmtui.web.visitors import MAX_GUEST_VISITS, LoginBrake, Visitors

ALICE = "Qk3v1lJ1b9Wg0mZrS1yP4xTq7N"
BOB = "d2hXcEw0cWl5X2w3Q0ZpTnJ1V2s"


def _file(tmp_path: Path, text: str | bytes, mode: int = 0o600) -> Path:
    path = tmp_path / "tokens"
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    path.chmod(mode)
    return path


def test_a_good_file_finds_each_player_by_token_and_nothing_else(tmp_path):
    tokens = read_tokens(_file(tmp_path, f"# players\n\nalice  {ALICE}\n  bob\t{BOB}  \n"))
    alice, bob = tokens.find(ALICE), tokens.find(BOB)
    assert alice == Player.from_name("alice") and bob == Player.from_name("bob") and alice != bob
    assert alice is not None and alice.id.startswith("web-") and not alice.guest and ALICE not in alice.id
    assert tokens.name_of(alice) == "alice"
    for guess in ("", ALICE[:-1], ALICE + "x", ALICE.lower(), f"alice {ALICE}", ALICE + "\n", "\udc80" * 30):
        assert tokens.find(guess) is None
    assert ALICE not in repr(tokens)  # only digests are kept
    assert player_label("alice", alice).startswith("alice [") and player_label("<b>", alice).startswith("player [")


@pytest.mark.parametrize("text, says", [
    ("", "lists nobody"),
    ("# only a comment\n\n", "lists nobody"),
    ("alice\n", "is not 'NAME TOKEN'"),
    (f"alice {ALICE} extra\n", "is not 'NAME TOKEN'"),
    ("alice short-token\n", "a token is 22 to 256"),
    (f"al/ce {ALICE}\n", "a name is 1 to 16"),
    (f"../x {ALICE}\n", "a name is 1 to 16"),
    (f"averyveryverylongname {ALICE}\n", "a name is 1 to 16"),
    (f"alice {ALICE}\nalice {BOB}\n", "lists alice again"),
    (f"alice {ALICE}\nbob {ALICE}\n", "has the token of line 1"),
    (f"alice {'é' * 30}\n", "a token is 22 to 256"),
])
def test_a_damaged_line_makes_the_whole_file_unusable(tmp_path, text, says):
    with pytest.raises(TokensError, match=says) as error:
        read_tokens(_file(tmp_path, text))
    assert ALICE not in str(error.value)  # a refused line is named, its token never quoted


def test_files_that_are_not_regular_small_private_text_are_refused_at_once(tmp_path):
    with pytest.raises(TokensError, match="does not exist"):
        read_tokens(tmp_path / "missing")
    with pytest.raises(TokensError, match="directory"):
        read_tokens(tmp_path)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(TokensError, match="not a regular file"):
        read_tokens(fifo)  # refused without waiting for a writer
    with pytest.raises(TokensError, match="not a regular file"):
        read_tokens(Path("/dev/zero"))
    with pytest.raises(TokensError, match="accessible by other users"):
        read_tokens(_file(tmp_path, f"alice {ALICE}\n", mode=0o644))
    with pytest.raises(TokensError, match="too large"):
        read_tokens(_file(tmp_path, "#" * (MAX_TOKENS_BYTES + 1)))
    with pytest.raises(TokensError, match="not a text file"):
        read_tokens(_file(tmp_path, b"alice \xff\xfe" + b"x" * 30))


def test_visits_expire_are_capped_and_never_hold_the_token():
    visitors = Visitors(lifetime=10.0, capacity=2, per_player=2, guests=3)
    alice, bob = Player.from_name("alice"), Player.from_name("bob")
    first = visitors.admit(alice, "alice", now=0.0)
    assert visitors.find(first, now=5.0) is not None and visitors.find(first, now=10.0) is None
    assert visitors.find("", now=0.0) is None and visitors.find("x" * 1000, now=0.0) is None
    second, third = visitors.admit(alice, "alice", now=1.0), visitors.admit(alice, "alice", now=2.0)
    assert visitors.find(first, now=3.0) is None  # two visits per player: the oldest went
    assert visitors.find(second, now=3.0) and visitors.find(third, now=3.0)
    for n in range(5):
        visitors.admit(None, "guest", now=3.0 + n)
    assert len(visitors) == 5  # three guests at most, and they made room among guests only
    assert visitors.find(second, now=8.5) and visitors.find(third, now=8.5)
    visitors.admit(bob, "bob", now=8.5)  # the token players' capacity: alice's oldest goes
    assert visitors.find(second, now=8.6) is None and visitors.find(third, now=8.6)
    guest = visitors.admit(None, "guest", now=9.0)
    assert visitors.forget(guest) is not None and visitors.forget(guest) is None
    assert visitors.find(guest, now=9.0) is None


def test_a_flood_of_guest_logins_logs_no_token_player_out():
    visitors = Visitors()
    alice = visitors.admit(Player.from_name("alice"), "alice", now=0.0, token=b"d" * 32)
    for _ in range(5 * MAX_GUEST_VISITS):
        visitors.admit(None, "guest", now=1.0)
    found = visitors.find(alice, now=2.0)
    assert found is not None and found.token == b"d" * 32 and len(visitors) == MAX_GUEST_VISITS + 1


def test_the_login_brake_counts_failures_per_source_and_in_all_within_its_window():
    brake = LoginBrake(per_source=2, total=3, window=60.0)
    assert brake.refusal("10.0.0.1", now=0.0) is None
    brake.failed("10.0.0.1", now=0.0)
    brake.failed("10.0.0.1", now=1.0)
    assert "from your address" in (brake.refusal("10.0.0.1", now=2.0) or "")
    assert brake.refusal("10.0.0.2", now=2.0) is None
    brake.failed("10.0.0.2", now=2.0)
    # past the total, every network that has failed waits; one that has not still tries (a guesser
    # spread over many addresses cannot keep the players out)
    assert "too many failed logins; try again" in (brake.refusal("10.0.0.2", now=3.0) or "")
    assert brake.refusal("10.0.0.3", now=3.0) is None
    brake.failed("10.0.0.3", now=3.0)
    assert "too many failed logins; try again" in (brake.refusal("10.0.0.3", now=3.5) or "")
    assert brake.refusal("10.0.0.1", now=61.5) is None  # the window moved on
