"""Elo ratings by maximum likelihood (sim/ratings.py) and round robins (sim/round_robin.py)."""

from __future__ import annotations

import math

import pytest
from cli_run import run_cli

from swarmtui.core.params import ParamError
from swarmtui.records.results import read_results
from swarmtui.sim.ratings import (
    Game,
    RatingError,
    expected_score,
    fit_ratings,
    format_pairs,
    format_ratings,
    pair_records,
)
from swarmtui.sim.round_robin import (
    parse_entrants,
    rate,
    rating_games,
    run_round_robin,
    schedule,
    seconds_per_move,
    win_shares,
)


def games(a: str, b: str, wins: int, draws: int, losses: int) -> list[Game]:
    return [Game(a, b, 1.0)] * wins + [Game(a, b, 0.5)] * draws + [Game(b, a, 1.0)] * losses


def test_two_players_get_the_elo_difference_of_their_score_and_the_fisher_interval():
    played = games("strong", "random", 45, 30, 5)  # 60 points in 80 games: 75%
    ratings = {r.player: r for r in fit_ratings(played, prior_draws=0)}
    assert ratings["random"].elo == 0 and ratings["random"].low == ratings["random"].high == 0
    elo = 400 * math.log10(3)  # E = 0.75 <=> 10^(d/400) = 3
    assert ratings["strong"].elo == pytest.approx(elo, abs=1e-6)
    k = math.log(10) / 400
    sigma = 1 / (k * math.sqrt(80 * 0.75 * 0.25))
    assert ratings["strong"].high - ratings["strong"].elo == pytest.approx(1.96 * sigma, rel=1e-3)
    assert expected_score(elo, 0) == pytest.approx(0.75)


def test_three_players_in_a_chain_are_rated_in_order_and_the_fit_is_the_likelihood_optimum():
    played = games("a", "b", 30, 0, 10) + games("b", "random", 30, 0, 10) + games("a", "random", 36, 0, 4)
    ratings = fit_ratings(played, prior_draws=0)
    assert [r.player for r in ratings] == ["a", "b", "random"]
    elo = {r.player: r.elo for r in ratings}
    # At the optimum each player's expected points equal its actual points (the score equations).
    for player in ("a", "b"):
        actual = sum(g.score if g.first == player else 1 - g.score for g in played if player in (g.first, g.second))
        expected = sum(expected_score(elo[g.first], elo[g.second]) if g.first == player
                       else expected_score(elo[g.second], elo[g.first])
                       for g in played if player in (g.first, g.second))
        assert expected == pytest.approx(actual, abs=1e-6)


def test_a_clean_sweep_needs_the_prior_and_strangers_cannot_be_rated():
    sweep = games("perfect", "random", 10, 0, 0)
    with pytest.raises(RatingError, match="diverge"):
        fit_ratings(sweep, prior_draws=0)
    rated = {r.player: r.elo for r in fit_ratings(sweep)}
    assert 300 < rated["perfect"] < 1000
    with pytest.raises(RatingError, match="never met"):
        fit_ratings(games("a", "random", 3, 0, 3) + games("x", "y", 2, 0, 2))
    with pytest.raises(RatingError, match="anchor"):
        fit_ratings(games("a", "b", 1, 0, 1))


def test_pairs_and_tables():
    played = games("b", "a", 2, 1, 3) + games("a", "random", 1, 0, 0)
    pairs = pair_records(played)
    assert [(p.first, p.second, p.wins, p.draws, p.losses) for p in pairs] == [("a", "b", 3, 1, 2),
                                                                              ("a", "random", 1, 0, 0)]
    assert "| a | b | 3 | 1 | 2 | 58% |" in format_pairs(pairs)
    assert "| random | +0 | anchor |" in format_ratings(fit_ratings(played))


def test_schedule_gives_every_pair_both_colours():
    entrants = parse_entrants(["random", "minimax", "alphabeta:depth=9"], "noughts")
    pairings = schedule(entrants, 2, seed=1)
    assert len(pairings) == 3 * 2 * 2
    colours = {(p.white.label, p.black.label) for p in pairings}
    assert len(colours) == 6
    with pytest.raises(ParamError):
        parse_entrants(["random", "alphabeta:nonsense=1"], "noughts")
    with pytest.raises(ParamError):
        parse_entrants(["random"], "noughts")


def test_a_noughts_round_robin_rates_the_perfect_players_above_random(tmp_path):
    entrants = parse_entrants(["random", "minimax", "alphabeta:depth=9"], "noughts")
    out = tmp_path / "rr.jsonl"
    records = list(run_round_robin("noughts", schedule(entrants, 3, seed=5), 5, opening_plies=0, out=out))
    written = read_results(out)
    assert len(written.games) == len(records) == 18 and written.summary is not None
    assert written.header["experiment"] == "round-robin"
    for r in records:
        loser = None if r["winner"] is None else next(s for s in r["players"] if s != r["winner"])
        assert loser is None or r["players"][loser] == "random"
    ratings, pairs = rate(records)
    elo = {r.player: r.elo for r in ratings}
    assert elo["random"] == 0 and elo["minimax"] > 100 and elo["alphabeta:depth=9"] > 100
    assert set(seconds_per_move(records)) == {"random", "minimax", "alphabeta:depth=9"}




def test_the_cli_plays_a_round_robin_and_reports_ratings(tmp_path, capsys):
    out = tmp_path / "rr.jsonl"
    code, text, _ = run_cli(capsys, "sim", "round-robin", "noughts", "random", "minimax", "-n", "2", "-w", "1",
                         "--opening", "0", "-o", str(out))
    assert code == 0
    assert "| random | +0 | anchor | 4 |" in text and "| minimax | random |" in text
    code, again, _ = run_cli(capsys, "sim", "report", "--ratings", str(out))
    assert code == 0 and again.splitlines()[:4] == text.splitlines()[:4]
    code, _, err = run_cli(capsys, "sim", "round-robin", "noughts", "minimax", "alphabeta", "-w", "1")
    assert code == 2 and "anchor 'random' is not an entrant" in err
    code, _, err = run_cli(capsys, "sim", "round-robin", "noughts", "random", "nosuch")
    assert code == 2 and "unknown agent" in err


def test_three_player_groups_sit_every_entrant_in_every_seat():
    entrants = parse_entrants(["random", "greedy", "beam", "halma-search"], "halma")
    pairings = schedule(entrants, 1, seed=3, players=3)
    assert len(pairings) == 4 * 3  # four groups of three, each in its three rotations
    for label in ("random", "greedy", "beam", "halma-search"):
        for seat in range(3):
            assert sum(p.seats[seat].label == label for p in pairings) == 3
    assert len({p.opening_seed for p in pairings}) == 4  # one opening per group and round
    with pytest.raises(ParamError):
        schedule(entrants[:2], 1, seed=3, players=3)


def test_a_multi_player_game_rates_its_winner_against_the_rest():
    won = {"players": {"1": "a", "2": "b", "3": "c"}, "winner": "2", "moves": []}
    capped = {"players": {"1": "a", "2": "b", "3": "c"}, "winner": None, "moves": []}
    assert rating_games([won]) == [Game("b", "a", 1.0), Game("b", "c", 1.0)]
    assert rating_games([capped]) == [Game("a", "b", 0.5), Game("a", "c", 0.5), Game("b", "c", 0.5)]
    shares = {w.player: w for w in win_shares([won, capped])}
    assert (shares["b"].games, shares["b"].wins, shares["a"].wins) == (2, 1, 0)
    assert shares["b"].low < 0.5 < shares["b"].high


def test_the_cli_plays_a_three_player_halma_round_robin(tmp_path, capsys):
    out = tmp_path / "rr3.jsonl"
    code, text, _ = run_cli(capsys, "sim", "round-robin", "halma", "random", "greedy", "halma-search", "--players", "3",
                         "-w", "1", "--cap", "12", "--opening", "3", "-o", str(out))
    assert code == 0 and "| halma-search | 3 | 0 | 0% |" in text and "CPU seconds per move" in text
    written = read_results(out)
    assert written.header["players"] == 3 and len(written.games) == 3
    assert all(len(g.players) == 3 for g in written.games)
    code, _, err = run_cli(capsys, "sim", "round-robin", "noughts", "random", "minimax", "--players", "3", "-w", "1")
    assert code == 2 and "not played by 3 players" in err
