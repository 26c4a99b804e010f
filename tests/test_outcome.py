"""Outcomes are data (``Termination``), and files written before the enum still read."""

import pytest

from swarmtui.core.state import Outcome, Termination
from swarmtui.games.halma.rules import Board as HalmaBoard
from swarmtui.games.hive.rules import Board as HiveBoard
from swarmtui.games.noughts.rules import Board as NoughtsBoard


def test_winner_or_not_decides_the_default_termination():
    assert Outcome("X", "three in a row").termination is Termination.WIN
    assert Outcome(None, "board full").termination is Termination.DRAW
    with pytest.raises(ValueError):
        Outcome("X", "nonsense", Termination.DRAW)


def test_json_round_trip_and_refusals():
    for outcome in (Outcome("White", "Black's queen surrounded"), Outcome(None, "board full"),
                    Outcome(None, "move cap of 500 moves reached", Termination.MOVE_CAP),
                    Outcome("O", "X resigned", Termination.RESIGNATION)):
        assert Outcome.from_json(outcome.to_json()) == outcome
    for bad in ([], {"termination": "checkmate"}, {"winner": 3, "termination": "win"}):
        with pytest.raises(ValueError):
            Outcome.from_json(bad)


@pytest.mark.parametrize("winner, reason, result, termination, shown", [
    ("X", "three in a row", "X wins", Termination.WIN, "X wins (three in a row)"),
    (None, "board full", "draw", Termination.DRAW, "Draw (board full)"),
    (None, "move cap of 500 moves reached: unfinished", "draw", Termination.MOVE_CAP,
     "Unfinished (move cap of 500 moves reached)"),
    (None, "move cap of 300 plies", "draw", Termination.MOVE_CAP, "Unfinished (move cap of 300 plies)"),
    (None, "stopped after 10 plies", "unfinished", Termination.STOPPED, "Unfinished (stopped after 10 plies)"),
])
def test_old_text_outcomes_read_as_terminations(winner, reason, result, termination, shown):
    outcome = Outcome.from_text(winner, reason, result)
    assert outcome.termination is termination and outcome.summary() == shown
    assert outcome.finished == termination.by_rule


def test_the_games_say_why_they_ended():
    halma = HalmaBoard(2, max_moves=1)
    halma.play(halma.legal_moves()[0])
    assert halma.outcome is not None and halma.outcome.termination is Termination.MOVE_CAP
    hive = HiveBoard(move_cap=1)
    hive.play(hive.legal_moves()[0])
    assert hive.outcome is not None and hive.outcome.termination is Termination.MOVE_CAP
    noughts = NoughtsBoard()
    for cell in ("a1", "b1", "a2", "b2", "a3"):
        noughts.play(noughts.parse_move(cell))
    assert noughts.outcome is not None and noughts.outcome.termination is Termination.WIN
