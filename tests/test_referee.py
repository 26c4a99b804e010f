"""The referee: clocks, forfeits, resignations, agreed draws, closing, and the one decide call."""

from __future__ import annotations

import threading
import time

import pytest

from swarmtui.core.agent import AgentForfeit, TurnAbandoned
from swarmtui.core.limits import Limit
from swarmtui.core.params import ParamError
from swarmtui.core.saves import SaveError
from swarmtui.core.state import Outcome, Termination
from swarmtui.core.trace import Decision, NoTrace
from swarmtui.games import get_game
from swarmtui.referee import Budgeting, Referee, Seat, TimeControl, check_seats

NOUGHTS = get_game("noughts")


class Scripted:
    """Plays the first legal move (or ``answer(state)``), after ``delay`` seconds; records what it
    was asked and whether it was closed."""

    id = "scripted"

    def __init__(self, answer=None, delay: float = 0.0) -> None:
        self.answer = answer
        self.delay = delay
        self.closed = 0
        self.states: list = []

    def decide(self, state) -> Decision:
        self.states.append(state)
        time.sleep(self.delay)
        move = self.answer(state) if self.answer else state.legal_moves()[0]
        return Decision(move, NoTrace())

    def close(self) -> None:
        self.closed += 1


class Limited(Scripted):
    """A ``Scripted`` agent that honours limits: it keeps each limit it was given."""

    def __init__(self) -> None:
        super().__init__()
        self.limits: list[Limit] = []

    def decide_within(self, state, limit: Limit) -> Decision:
        self.limits.append(limit)
        return self.decide(state)


def read_back(log) -> Outcome:
    """The outcome as a result file's reader reads it from the log's sentences."""
    return Outcome.from_text(log.winner, log.reason, log.result)


def referee(x=None, o=None, **options) -> Referee:
    agents = {"X": x or Scripted(), "O": o or Scripted()}
    return Referee(NOUGHTS, NOUGHTS.start(), agents, seed=1, **options)


# -- time controls ---------------------------------------------------------------------------
@pytest.mark.parametrize("text, control, shown", [
    ("60+1", TimeControl(60, 1), "60+1"), ("60", TimeControl(60), "60"), ("1:30+2", TimeControl(90, 2), "90+2"),
    ("st=5", TimeControl(per_move=5), "st=5"), ("0.5+0.05", TimeControl(0.5, 0.05), "0.5+0.05"),
    ("none", TimeControl(), "none"), ("", TimeControl(), "none"),
])
def test_time_controls_are_spelt_as_cutechess_spells_them(text, control, shown) -> None:
    assert TimeControl.parse(text) == control
    assert str(control) == shown and TimeControl.parse(shown) == control


@pytest.mark.parametrize("text", ["40/60", "60+", "+1", "st=", "st=0", "0", "1e9", "abc", "-5", "60+1+2"])
def test_what_is_not_a_time_control_is_one_sentence(text) -> None:
    with pytest.raises(ParamError):
        TimeControl.parse(text)


def test_the_budget_formula() -> None:
    rule = Budgeting()
    assert rule.budget(TimeControl(), 10) is None
    assert rule.budget(TimeControl(60, 1), 60) == pytest.approx(60 / 30 + 1)
    assert rule.budget(TimeControl(60, 5), 4) == pytest.approx(2.0)  # never more than half what is left
    assert rule.budget(TimeControl(per_move=2), 2) == pytest.approx(1.8)
    assert rule.budget(TimeControl(60), 0.0) == rule.least


def test_an_ai_seat_thinks_within_its_clock_and_pays_for_it() -> None:
    x = Limited()
    game = referee(x, time_control=TimeControl(60, 1))
    game.step()
    assert x.limits[0].time == pytest.approx(3.0)  # 60 / 30 + 1
    assert game.clocks["X"].remaining == pytest.approx(61 - game.think_seconds["X"])
    assert game.clocks["O"].remaining == 60
    assert referee(Limited()).limit("X") is None  # without a clock the agent's own budget: plain decide


def test_a_flag_that_falls_loses_on_time() -> None:
    slow = Scripted(delay=0.6)  # X answers at once; a quarter second leaves it room on a busy machine
    game = referee(o=slow, time_control=TimeControl(per_move=0.25))
    log = game.run()
    assert game.outcome == Outcome("X", "O lost on time", Termination.TIME)
    assert log.winner == "X" and log.reason == "O lost on time" and log.plies == 1
    assert read_back(log).termination is Termination.TIME  # as files read it back
    assert slow.closed


def test_a_person_thinking_too_long_loses_on_time() -> None:
    game = Referee(NOUGHTS, NOUGHTS.start(), {"O": Scripted()}, outside=["X"], time_control=TimeControl(0.05))
    assert not game.check_time()
    time.sleep(0.08)
    assert game.remaining("X") == 0.0
    assert game.check_time() and game.outcome is not None and game.outcome.termination is Termination.TIME


def test_a_persons_move_is_charged_the_time_since_the_turn_began() -> None:
    game = Referee(NOUGHTS, NOUGHTS.start(), {"O": Scripted()}, outside=["X"], time_control=TimeControl(60, 2))
    with pytest.raises(ValueError):
        game.think()  # a person's seat is never asked
    game.play(4, seconds=10)
    assert game.clocks["X"].remaining == 52
    game.step()
    assert game.clocks["O"].remaining == pytest.approx(62 - game.think_seconds["O"])


# -- forfeits --------------------------------------------------------------------------------
def crash(state):
    raise RuntimeError("out of pheromone")


def engine_gone(state):
    raise AgentForfeit("the engine exited")


@pytest.mark.parametrize("answer, reason", [
    (crash, "O forfeits: crashed (RuntimeError: out of pheromone)"),
    (engine_gone, "O forfeits: the engine exited"),
    (lambda state: 0, "O forfeits: illegal move (a1 is already taken)"),
    (lambda state: 42, "O forfeits: illegal move ("),
])
def test_a_seat_that_cannot_go_on_forfeits_with_a_reason(answer, reason) -> None:
    x, o = Scripted(), Scripted(answer)
    log = referee(x, o).run()
    assert log.winner == "X" and log.reason.startswith(reason) and log.result == "X wins"
    assert log.moves == ["a1"]
    assert read_back(log).termination is Termination.ENGINE_ERROR
    assert x.closed and o.closed


def test_an_abandoned_turn_or_a_stop_is_not_a_forfeit_and_the_agents_are_closed() -> None:
    for error in (TurnAbandoned("the table closed"), KeyboardInterrupt()):
        def fail(state, error=error):
            raise error

        x, o = Scripted(), Scripted(fail)
        game = referee(x, o)
        with pytest.raises(type(error)):
            game.run()
        assert game.outcome is None and x.closed and o.closed


def test_a_stale_turn_is_refused() -> None:
    game = referee()
    turn = game.think()
    game.play_turn(turn)
    with pytest.raises(ValueError, match="stale"):
        game.play_turn(turn)


# -- resignations and draws ------------------------------------------------------------------
def test_resigning_loses() -> None:
    game = referee()
    game.resign("X")
    assert game.outcome == Outcome("O", "X resigns", Termination.RESIGNATION)
    assert game.log().result == "O wins"
    with pytest.raises(ValueError):
        game.resign("O")


def test_a_draw_is_agreed_when_every_seat_agrees_and_a_move_ends_the_offer() -> None:
    game = referee()
    with pytest.raises(ValueError):
        game.accept_draw("O")  # nothing offered
    game.offer_draw("X")
    game.step()  # X moves: its own offer lapses
    with pytest.raises(ValueError):
        game.accept_draw("O")
    game.offer_draw("X")
    game.step()  # O moves instead of answering: declined
    with pytest.raises(ValueError):
        game.accept_draw("O")
    game.offer_draw("X")
    assert game.accept_draw("O")
    log = game.log()
    assert game.outcome == Outcome(None, "draw agreed", Termination.AGREEMENT)
    assert (log.result, log.reason) == ("draw", "draw agreed")
    assert read_back(log).termination is Termination.AGREEMENT


# -- the loop --------------------------------------------------------------------------------
def test_isolate_gives_the_agent_a_copy_and_think_changes_nothing() -> None:
    x = Scripted()
    game = referee(x, isolate=True)
    turn = game.think()
    assert x.states[0] is not game.state and game.moves == [] and game.state.ply == 0
    game.play_turn(turn)
    assert game.moves == ["a1"] and game.decisions == {"X": 1, "O": 0}


def test_max_plies_stops_the_game_unfinished() -> None:
    log = referee(max_plies=3).run()
    assert (log.plies, log.result, log.reason) == (3, "unfinished", "stopped after 3 plies")


def test_seated_games_build_each_agent_once_and_replay_from_the_seed() -> None:
    seats = [Seat("X", "mcts", (("iterations", "20"),)), Seat("O", "random")]
    first = Referee.seated("noughts", seats, 5).run()
    again = Referee.seated("noughts", seats, 5, keep_traces=True).run()
    assert first.moves == again.moves and first.params == {"X": {"iterations": "20"}}
    assert again.traces is not None and len(again.traces) == len(again.moves)


def test_seats_are_checked_without_building_an_agent(tmp_path, monkeypatch) -> None:
    import swarmtui.agents as agents
    from swarmtui.core.agent import ANY, AgentSpec

    checked = []

    def never(*args):
        pytest.fail("an agent was built")

    probe = AgentSpec("probe", "Probe", ANY, never, check=lambda game, seat, params: checked.append((game, seat)))
    monkeypatch.setitem(agents._REGISTRY, "probe", probe)
    check_seats("noughts", [Seat("X", "probe"), Seat("O", "ga")])
    assert checked == [("noughts", "X")]
    for seats, words in (([Seat("X", "ga", (("strategy", str(tmp_path / "none.json")),))], "none.json"),
                         ([Seat("X", "mcts", (("iterations", "0"),))], "iterations"),
                         ([Seat("X", "pso")], "does not play noughts")):
        with pytest.raises((ParamError, SaveError), match=words):
            check_seats("noughts", seats)


def test_a_stop_event_reaches_an_agent_under_a_clock() -> None:
    x = Limited()
    stop = threading.Event()
    referee(x, time_control=TimeControl(per_move=1)).think(stop)
    assert x.limits[0].stop is stop


def test_sim_run_plays_on_a_clock_kept_in_its_header(capsys, tmp_path) -> None:
    """``sim run --clock``: a swarm that cannot budget its thinking loses its first move on a
    clock far too short; the header keeps the clock, and the summary says so."""
    import json

    from swarmtui.cli import main

    out = tmp_path / "clock.jsonl"
    with pytest.raises(SystemExit) as exit_info:
        main(["sim", "run", "halma", "-p", "aco-bco-colony,random", "-n", "2", "-w", "1", "--clock", "0.001",
              "-o", str(out)])
    shown = " ".join(capsys.readouterr().out.split())  # the table wraps at the console's width
    assert exit_info.value.code == 0 and "clock 0.001 s (sudden death)" in shown and "2 lost on time" in shown
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert rows[0]["experiment"]["clock"] == "0.001"
    assert [r["reason"] for r in rows if r["kind"] == "game"] == ["1 lost on time"] * 2
    with pytest.raises(SystemExit) as exit_info:
        main(["sim", "run", "noughts", "--clock", "40/60"])
    assert exit_info.value.code == 2 and "not a time control" in capsys.readouterr().err


def test_an_agents_thinking_time_leaves_out_the_clocks_pauses() -> None:
    """The app suspended (Ctrl+Z) while an AI thinks: the stopped time is not charged to it."""
    now = [100.0]

    class Suspended(Scripted):
        def decide(self, state) -> Decision:
            game.pause()
            now[0] += 7.0  # stopped
            game.resume()
            now[0] += 3.0  # thinking
            return super().decide(state)

    game = Referee(NOUGHTS, NOUGHTS.start(), {"X": Suspended(), "O": Scripted()},
                   time_control=TimeControl(60), timer=lambda: now[0])
    turn = game.think()
    assert turn.seconds == 3.0
    game.play_turn(turn)
    assert game.clocks["X"].remaining == 57.0 and game.spent == [3.0]
