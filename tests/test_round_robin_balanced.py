"""Balanced single-rotation round robins and round robins played in parts (sim/round_robin.py)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from cli_run import run_cli

from swarmtui.core.params import ParamError
from swarmtui.records.results import read_results
from swarmtui.sim.round_robin import balanced_rotation, parse_entrants, schedule, select_groups

HALMA = ["random", "mcts", "greedy", "beam", "aco-bco", "aco-bco-plus", "aco-bco-colony", "halma-search",
         "halma-search:difficulty=medium", "halma-search:difficulty=hard", "halma-search:difficulty=max"]


def seats_taken(pairings) -> Counter:
    return Counter((entrant.label, seat) for p in pairings for seat, entrant in enumerate(p.seats))


def test_eleven_halma_entrants_in_threes_sit_fifteen_times_in_every_seat():
    entrants = parse_entrants(HALMA, "halma")
    pairings = schedule(entrants, 1, seed=1, players=3, rotations="balanced")
    assert len(pairings) == 165  # every triple once, not 495
    assert Counter(frozenset(e.label for e in p.seats) for p in pairings) == Counter(
        frozenset(g) for g in itertools.combinations(HALMA, 3))
    assert set(seats_taken(pairings).values()) == {15}
    # three rounds turn each group through its three rotations, each round from its own opening
    three = schedule(entrants, 3, seed=1, players=3, rotations="balanced")
    assert set(seats_taken(three).values()) == {45}
    orders = Counter(tuple(e.label for e in p.seats) for p in three)
    assert len(orders) == 495 and set(orders.values()) == {1}
    assert len({p.opening_seed for p in three}) == 495


@pytest.mark.parametrize(("size", "players", "spread"), [(7, 2, 0), (7, 3, 0), (10, 3, 0), (7, 4, 0),
                                                           (6, 2, 1), (6, 3, 1), (9, 3, 1), (8, 4, 2)])
def test_every_entrant_sits_in_every_seat_about_equally_often(size, players, spread):
    """Exactly equally when the number of entrants and the group size share no factor."""
    entrants = parse_entrants(["random", *(f"alphabeta:depth={d}" for d in range(1, size))], "noughts")
    pairings = schedule(entrants, 1, seed=2, players=players, rotations="balanced")
    counts = seats_taken(pairings)
    assert len(counts) == size * players
    assert max(counts.values()) - min(counts.values()) == spread


def test_the_rotation_turns_with_the_circle():
    for group in itertools.combinations(range(11), 3):
        turned = sorted((i + 1) % 11 for i in group)
        first = group[balanced_rotation(group, 11)]
        assert turned[balanced_rotation(turned, 11)] == (first + 1) % 11
    assert balanced_rotation((0, 1, 5), 11) == 2  # the widest arc onward (6 places) starts at 5


def test_the_default_schedule_is_unchanged():
    """Every rotation of every group, one opening a group, as before the balanced option."""
    entrants = parse_entrants(["random", "greedy", "beam", "halma-search"], "halma")
    default = schedule(entrants, 2, seed=3, players=3)
    assert default == schedule(entrants, 2, seed=3, players=3, rotations="all")
    assert [tuple(e.label for e in p.seats) for p in default[:3]] == [
        ("random", "greedy", "beam"), ("greedy", "beam", "random"), ("beam", "random", "greedy")]
    assert default[0].opening_seed == default[2].opening_seed != default[3].opening_seed
    # the openings the schedule gave before the option existed (so old result files replay)
    assert (len(default), default[0].opening_seed, default[-1].opening_seed) == (
        24, 1885352687745256909, 1946265520333662750)
    with pytest.raises(ParamError, match="rotations must be one of"):
        schedule(entrants, 1, seed=3, players=3, rotations="some")


def test_selected_groups_keep_their_games_and_complementary_selections_join_into_the_whole():
    entrants = parse_entrants(HALMA, "halma")
    whole = schedule(entrants, 1, seed=1, players=3, rotations="balanced")
    steady = HALMA[:6]
    changed = HALMA[6:]
    within = select_groups(whole, within=steady)
    involving = select_groups(whole, involving=changed)
    assert len(within) == 20 and len(involving) == 145
    assert sorted(within + involving, key=lambda p: p.index) == whole
    assert all(whole[p.index] == p for p in within + involving)
    assert select_groups(whole, within=steady, involving=["beam"]) == [p for p in within
                                                                    if "beam" in {e.label for e in p.seats}]
    with pytest.raises(ParamError, match="'nosuch' is not an entrant"):
        select_groups(whole, within=["nosuch"])
    with pytest.raises(ParamError, match="no group"):
        select_groups(whole, within=["random", "mcts"])




NOUGHTS = ["random", "minimax", "alphabeta:depth=1", "alphabeta:depth=2", "mcts:iterations=20"]


def _games(path):
    return {g.index: (g.players, g.moves, g.seed, g.winner) for g in read_results(path).games}


def test_a_round_robin_played_in_parts_plays_the_same_games_as_the_whole(tmp_path, capsys):
    base = ["sim", "round-robin", "noughts", *NOUGHTS, "--rotations", "balanced", "-w", "1", "--seed", "4"]
    code, _, _ = run_cli(capsys, *base, "-o", str(tmp_path / "whole.jsonl"))
    assert code == 0
    whole = _games(tmp_path / "whole.jsonl")
    assert len(whole) == 10  # every pair once, each entrant moving first twice
    assert Counter(players["X"] for players, *_ in whole.values()) == dict.fromkeys(NOUGHTS, 2)
    code, _, _ = run_cli(capsys, *base, "--within", "random,minimax,alphabeta:depth=1", "-o", str(tmp_path / "a.jsonl"))
    assert code == 0
    code, _, _ = run_cli(capsys, *base, "--involving", "alphabeta:depth=2,mcts:iterations=20",
                      "-o", str(tmp_path / "b.jsonl"))
    assert code == 0
    part_a, part_b = _games(tmp_path / "a.jsonl"), _games(tmp_path / "b.jsonl")
    assert len(part_a) == 3 and len(part_b) == 7
    assert part_a | part_b == whole
    header = read_results(tmp_path / "a.jsonl").header
    assert header["rotations"] == "balanced" and header["within"] == ["random", "minimax", "alphabeta:depth=1"]
    assert header["schedule_entrants"] == NOUGHTS
    code, joined, _ = run_cli(capsys, "sim", "report", "--ratings", tmp_path / "a.jsonl", tmp_path / "b.jsonl")
    code_whole, rated, _ = run_cli(capsys, "sim", "report", "--ratings", str(tmp_path / "whole.jsonl"))
    assert code == code_whole == 0
    assert joined.split("| player | seconds per move")[0] == rated.split("| player | seconds per move")[0]
    # the same seed again plays the same games; another seed other ones
    code, _, _ = run_cli(capsys, *base, "--within", "random,minimax,alphabeta:depth=1", "-o", str(tmp_path / "c.jsonl"))
    assert code == 0 and _games(tmp_path / "c.jsonl") == part_a
    other = [a if a != "4" else "5" for a in base]
    code, _, _ = run_cli(capsys, *other, "-o", str(tmp_path / "d.jsonl"))
    assert code == 0 and [m for _, m, *_ in _games(tmp_path / "d.jsonl").values()] != [
        m for _, m, *_ in whole.values()]


def test_a_default_round_robin_writes_no_schedule_keys(tmp_path, capsys):
    out = tmp_path / "rr.jsonl"
    code, _, _ = run_cli(capsys, "sim", "round-robin", "noughts", "random", "minimax", "-w", "1", "-o", str(out))
    assert code == 0
    assert not {"rotations", "within", "involving", "schedule_entrants"} & set(read_results(out).header)


@pytest.mark.parametrize(("extra", "message"), [
    (["--rotations", "some"], "--rotations must be all or balanced (got 'some')"),
    (["--within", "random,nosuch"], "'nosuch' is not an entrant of this round robin"),
    (["--within", "minimax,alphabeta:depth=1"], "the anchor 'random' plays in none of the selected groups"),
    (["--involving", ""], "no group of this round robin is selected"),
])
def test_bad_schedule_options_get_one_line_and_exit_2(tmp_path, capsys, extra, message):
    out = tmp_path / "rr.jsonl"
    code, text, err = run_cli(capsys, "sim", "round-robin", "noughts", *NOUGHTS, "-w", "1", "-o", str(out), *extra)
    assert code == 2 and message in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 and not out.exists()
