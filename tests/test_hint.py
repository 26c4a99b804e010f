"""``swarmtui hint``, the coach's suggestion and its rating of a player's move (issue 29).

The win-in-one positions (one of each game) were built by hand and checked with
``referee.advice.winning_moves``: each has exactly the winning moves named below.
"""

from __future__ import annotations

import pytest
from cli_run import run_cli

from swarmtui.agents import agents_for
from swarmtui.core.rating import MoveRating
from swarmtui.games import GAMES
from swarmtui.referee import build_coach, coach_seat, rate, suggest, winning_moves

NOUGHTS = "XX./OO./..."
HALMA = ("1/11/111/.111/....1......../............/.........../........../........./........../....2222.../"
         ".222......../............./222./.../../. 2 1 40")
HIVE = ("Base;InProgress;White[8];wS1;bS1 wS1-;wQ -wS1;bQ bS1/;wG1 -wQ;bG1 \\bQ;wG1 bQ\\;bG2 bQ/;wA1 wQ\\;"
        "bA1 bG2/;wA1 bG2\\;bA1 \\bG2;wQ \\wS1;bA1 bG2/")
WIN_IN_ONE = {"noughts": (NOUGHTS, {"c1"}), "halma": (HALMA, {"e5-d1"}), "hive": (HIVE, {"wQ -bQ"})}
QUICK = {"alphabeta": [("time_limit", "0.3")], "halma-search": [("difficulty", "medium")],
         "mcts": [("iterations", "300")], "pso-verify": [("verify_depth", "1")]}
"""Small budgets for the agents whose defaults think for a second or more (the tests stay quick)."""




def position(game: str, text: str):
    return GAMES[game].position(text)


@pytest.mark.parametrize("game", sorted(WIN_IN_ONE))
def test_the_positions_have_the_wins_named(game):
    text, wins = WIN_IN_ONE[game]
    state = position(game, text)
    assert {state.format_move(m) for m in winning_moves(state)} == wins


@pytest.mark.parametrize("game", sorted(WIN_IN_ONE))
def test_hint_with_the_default_coach_finds_the_win_itself(capsys, game):
    """The game's default coach (its strongest agent) finds the win in one on its own."""
    text, wins = WIN_IN_ONE[game]
    code, out, err = run_cli(capsys, "hint", game, text)
    assert code == 0, err
    first, *rest = out.splitlines()
    assert first in wins
    assert rest and GAMES[game].coach[0] in rest[0] and "wins at once" not in out  # its own choice, not the guard's
    state = position(game, text)
    agent = build_coach(game, coach_seat(game), state.to_move, 0)
    assert suggest(state, agent).overruled is False


@pytest.mark.parametrize("game, agent", [(game, spec.id) for game in sorted(WIN_IN_ONE) for spec in agents_for(game)
                                         if not spec.interactive and not spec.external])
def test_every_coach_suggests_the_win_in_one(game, agent):
    """Whatever agent coaches, the suggestion wins at once when a move does (an agent that
    missed it is overruled, and the summary says so)."""
    text, wins = WIN_IN_ONE[game]
    state = position(game, text)
    coach = build_coach(game, coach_seat(game, agent, QUICK.get(agent, [])), state.to_move, 3)
    advice = suggest(state, coach)
    assert advice.text in wins
    assert advice.overruled == (advice.choice not in wins)
    assert ("wins at once" in advice.summary()) == advice.overruled
    assert state.ply == position(game, text).ply  # the position asked about is left as it was


def test_hint_prints_the_deliberation_after_the_move(capsys):
    code, out, _ = run_cli(capsys, "hint", "hive", HIVE, "--time", "0.3")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "wQ -bQ"
    assert lines[1].startswith("alphabeta for White (48 legal moves): alphabeta plays wQ -bQ")
    assert any("wins in 1" in line for line in lines[2:])
    code, out, _ = run_cli(capsys, "hint", "noughts", NOUGHTS, "--agent", "random", "--seed", "1")
    assert code == 0 and out.splitlines()[0] == "c1"
    assert "wins at once (the agent chose" in out


def test_rate_gives_both_scores_for_a_search():
    state = position("noughts", NOUGHTS)
    agent = build_coach("noughts", coach_seat("noughts"), "X", 0)
    decision, rating = rate(state, agent, state.parse_move("c3"))
    assert state.format_move(decision.move) == "c1"
    assert (rating.how, rating.score, rating.choice_score) == ("score", -1.0, 1.0)
    assert rating.notes == ("loses in 2", "wins in 1")
    assert rating.verdict() == "c3 scores -1 (loses in 2); minimax prefers c1: +1 (wins in 1)."


def test_alphabeta_rates_both_moves_exactly_at_one_depth():
    state = position("hive", HIVE)
    agent = build_coach("hive", coach_seat("hive", "alphabeta", [("depth", "2")]), "White", 0)
    _, rating = rate(state, agent, state.parse_move("wA1 wG1-"), name="Alpha-beta")
    assert rating.how == "score" and rating.choice == "wQ -bQ"
    assert rating.choice_score == 1000.0 and rating.notes[1] == "wins in 1"
    assert rating.score is not None and rating.score < 1000.0
    assert rating.verdict().startswith("wA1 wG1- scores ") and "Alpha-beta prefers wQ -bQ: +1000 (wins in 1)" in \
        rating.verdict()
    _, same = rate(state, agent, state.parse_move("wQ -bQ"))
    assert same.same and same.score == same.choice_score == 1000.0


def test_halma_search_scores_the_players_move():
    state = position("halma", HALMA)
    agent = build_coach("halma", coach_seat("halma", "halma-search", [("difficulty", "medium")]), "1", 0)
    _, rating = rate(state, agent, state.parse_move("e5-f5"))
    assert rating.how == "score" and rating.choice == "e5-d1"
    assert rating.choice_score is not None and rating.score is not None and rating.choice_score > rating.score
    assert rating.notes == ("", "wins the race")


def test_a_swarm_reports_the_rank_of_the_move():
    state = position("halma", HALMA)
    agent = build_coach("halma", coach_seat("halma", "greedy"), "1", 0)
    _, rating = rate(state, agent, state.parse_move("e5-f5"))
    assert rating.how == "rank" and rating.rank is not None and rating.rank > 1
    assert f"ranked e5-f5 {rating.rank} of {rating.proposals}" in rating.verdict()
    state = position("hive", HIVE)
    swarm = build_coach("hive", coach_seat("hive", "pso"), "White", 0)
    decision, rating = rate(state, swarm, state.parse_move("wA1 wG1-"))
    assert rating.how == "rank" and rating.choice == "wQ -bQ"
    assert rating.rank == list(decision.trace.proposals()).index("wA1 wG1-") + 1


def test_pso_verify_ranks_by_the_verifiers_scores():
    state = position("hive", "Base;InProgress;White[3];wS1;bG1 -wS1;wQ wS1/;bQ /bG1")
    agent = build_coach("hive", coach_seat("hive", "pso-verify", [("verify_depth", "1")]), "White", 0)
    _, rating = rate(state, agent, state.parse_move("wQ wS1-"))
    assert rating.how == "rank" and rating.rank is not None and rating.rank > 1
    assert rating.score is not None and rating.choice_score is not None
    assert "scored" in rating.verdict()


def test_an_agent_that_cannot_rate_says_so():
    state = position("noughts", NOUGHTS)
    agent = build_coach("noughts", coach_seat("noughts", "random"), "X", 0)
    decision, rating = rate(state, agent, state.parse_move("a3"))
    if rating.same:  # the uniform draw happened to be a3
        return
    assert rating.how == "none"
    assert rating.verdict() == (f"random cannot rate a move: it shows no other move it considered. It would play "
                                f"{state.format_move(decision.move)}.")
    assert MoveRating("a1", "a1", "none").verdict().startswith("the coach cannot rate")


def test_hint_rates_a_move_of_yours(capsys):
    code, out, _ = run_cli(capsys, "hint", "noughts", NOUGHTS, "--rate", "c3")
    assert code == 0
    assert out.splitlines()[0] == "c1"
    assert out.splitlines()[-1] == "why not c3? c3 scores -1 (loses in 2); minimax prefers c1: +1 (wins in 1)."


@pytest.mark.parametrize("argv, message", [
    (["hint", "chess", "e4"], "unknown game 'chess'"),
    (["hint", "noughts", "XXX/OO./..."], "the game is over"),
    (["hint", "noughts", "zz"], "not a Noughts & Crosses position"),
    (["hint", "halma", "1/11 2 1"], "not a Halma (Chinese Checkers) position"),
    (["hint", "hive", "Base;InProgress;White[3];wS1"], "not a Hive position"),
    (["hint", "hive", "Base;InProgress;White[2];wS1;bS1 wQ-"], "not a Hive position"),
    (["hint", "noughts", NOUGHTS, "--agent", "human"], "a person"),
    (["hint", "noughts", NOUGHTS, "--agent", "pso"], "does not play noughts"),
    (["hint", "noughts", NOUGHTS, "--param", "depth=2"], "depth"),
    (["hint", "noughts", NOUGHTS, "--rate", "a1"], "a1"),
    (["hint", "noughts", NOUGHTS, "--time", "0"], "--time"),
    (["hint", "hive", HIVE, "--agent", "uhp:nothing"], "nothing"),
])
def test_a_bad_request_is_one_line_and_exit_2(capsys, argv, message):
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("swarmtui: error:") and message in err
