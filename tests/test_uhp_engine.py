"""The UHP engine's full command set: info, perft, bestmove limits honoured by every agent,
options for the agents' main parameters, and a bounded fuzz over command lines and GameStrings."""

from __future__ import annotations

import subprocess
import sys
import time

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swarmtui.uhp import UhpEngine
from swarmtui.uhp.engine import MAX_MESSAGE
from swarmtui.uhp.options import EngineOptions
from swarmtui.uhp.session import BLANK


def engine(agent: str = "random", **params: str) -> UhpEngine:
    eng = UhpEngine(EngineOptions(agent=agent), log=lambda line: None)
    for name, value in params.items():
        assert eng.handle(f"options set {name} {value}")[-1] == "ok"
    return eng


def reply(eng: UhpEngine, line: str) -> list[str]:
    lines = eng.handle(line)
    assert lines[-1] == "ok" and "ok" not in lines[:-1]
    return lines[:-1]


def test_info_declares_the_expansions():
    assert reply(engine(), "info")[1] == "Mosquito;Ladybug;Pillbug"


def test_perft_answers_one_line_per_depth():
    eng = engine()
    reply(eng, "newgame Base+MLP")
    assert reply(eng, "perft 3") == ["1: 7", "2: 294", "3: 6678"]
    reply(eng, "play wA1")
    # Black: 7 bugs x 6 cells; then White: 8 kinds (the Queen now, an ant still in hand) x 3 cells.
    # (After wM, wL or wP White has 7 kinds left: 4 x 1008 + 3 x 882 = 6678, perft(3) above.)
    assert reply(eng, "perft 2") == ["1: 42", "2: 1008"]
    assert reply(eng, "validmoves")[0].count(";") == 41  # 7 bugs x 6 cells
    assert reply(eng, "perft 0")[0].startswith("err perft takes a depth from 1 to")


@pytest.mark.parametrize("line", ["bestmove depth ²", "bestmove depth ٣", "bestmove time 00:00:0²",
                                  "bestmove time ²:00:01", "undo ²", "perft ²", "options set Seed ²",
                                  "bestmove depth 1001", "bestmove time 00:00:00", "bestmove depth 99999999"])
def test_unicode_digits_and_out_of_range_limits_get_err_not_a_crash(line):
    # Issue 16, item 10: str.isdigit accepts '²', int() does not; the engine crashed.
    eng = engine()
    reply(eng, "newgame Base")
    assert reply(eng, line)[0].startswith("err ")


def test_the_real_command_survives_superscript_depth():
    script = "newgame\nbestmove depth ²\nbestmove depth 1\nexit\n"
    result = subprocess.run([sys.executable, "-m", "swarmtui", "uhp"], input=script, capture_output=True,
                            text=True, timeout=120)
    lines = result.stdout.splitlines()
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert lines[5].startswith("err ") and lines[6] == "ok" and lines[7].startswith("w") and lines[8] == "ok"


# -- limits ------------------------------------------------------------------------------------
def _midgame(eng: UhpEngine) -> None:
    reply(eng, "newgame Base+MLP")
    rng = np.random.default_rng(2)
    for _ in range(16):
        moves = reply(eng, "validmoves")[0].split(";")
        move = moves[int(rng.integers(len(moves)))]
        reply(eng, "pass" if move == "pass" else f"play {move}")


@pytest.mark.parametrize(("agent", "params"), [("random", {}), ("pso", {}), ("pso-plus", {}), ("mcts", {}),
                                               ("mcts", {"Trees": "2", "Workers": "1"}), ("alphabeta", {})])
def test_bestmove_time_is_met_within_five_percent_and_50_ms(agent, params):
    """The limit holds on a quiet machine; on a busy one a turn may lose the CPU to others for a
    while, so the bound must hold in one of three tries (a real overshoot fails all three)."""
    tries = []
    for _ in range(3):
        eng = engine(agent, **params)
        _midgame(eng)
        start = time.monotonic()
        move = reply(eng, "bestmove time 00:00:01")
        seconds = time.monotonic() - start
        assert not move[0].startswith(("err", "invalidmove"))
        reply(eng, f"play {move[0]}" if move[0] != "pass" else "pass")
        tries.append(seconds)
        if seconds <= 1.0 * 1.05 + 0.05:
            break
    assert min(tries) <= 1.0 * 1.05 + 0.05, tries
    if agent in ("mcts", "alphabeta"):
        # it thinks for the time it was given, not its default iterations or level (alphabeta's
        # default, easy, answers a one-ply search in milliseconds)
        assert max(tries) >= 0.5, tries


def test_mcts_depth_scales_its_iterations_and_is_reproducible():
    def best(depth: int) -> tuple[str, float]:
        eng = engine("mcts")
        _midgame(eng)
        start = time.monotonic()
        move = reply(eng, f"bestmove depth {depth}")[0]
        return move, time.monotonic() - start

    (a, fast), (b, _) = best(1), best(1)
    assert a == b  # same seed, same iterations: same move
    _, slow = best(4)
    assert slow > fast


def test_a_swarm_says_in_its_log_that_it_ignores_depth():
    notes: list[str] = []
    eng = UhpEngine(EngineOptions(agent="pso"), log=notes.append)
    reply(eng, "newgame Base+MLP")
    reply(eng, "bestmove depth 3")
    assert any("ignored 'depth 3'" in note for note in notes)


# -- options -----------------------------------------------------------------------------------
def test_options_show_the_current_agents_main_parameters():
    eng = engine()
    assert [line.split(";")[0] for line in reply(eng, "options")] == ["Agent", "Seed", "DepthTimeLimit"]
    reply(eng, "options set Agent mcts")
    lines = reply(eng, "options")
    assert lines[3:] == ["Trees;int;1;1;1;64", "Iterations;int;500;500;1;10000000", "Workers;int;0;0;0;64"]
    assert reply(eng, "options set Trees 4") == ["Trees;int;4;1;1;64"]
    assert reply(eng, "options set Trees 65")[0].startswith("err Trees must be between 1 and 64")
    assert reply(eng, "options set Trees x")[0].startswith("err Trees: trees must be a whole number")
    reply(eng, "options set Agent alphabeta")
    assert reply(eng, "options get Difficulty") == ["Difficulty;enum;easy;easy;easy;medium;hard;max"]
    assert reply(eng, "options get Trees")[0].startswith('err The option "Trees" is not valid for agent alphabeta')
    reply(eng, "options set Agent mcts")
    assert reply(eng, "options get Trees") == ["Trees;int;4;1;1;64"]  # kept per agent
    assert eng.options.parameters() == [("trees", "4")]


# -- fuzz --------------------------------------------------------------------------------------
WORDS = ["info", "newgame", "play", "pass", "validmoves", "bestmove", "undo", "options", "perft", "exit",
         "get", "set", "Agent", "Seed", "time", "depth", "random", "pso", "Base", "Base+MLP", "Base+M",
         "wQ", "bQ", "wS1", "bA1", "wM", "bL", "wP", "wB1", "-wS1", "wS1/", "\\bQ", "bG1-", "00:00:01", "1", "2",
         "²", "٣", "-1", "99999999999999999999", ";", "InProgress", "NotStarted", "White[1]", "Black[2]", "\x00", "é",
         "\u3000", "\u2003", "0", "DepthTimeLimit", "Q" * 3000]
GAMES = ["Base+MLP;InProgress;White[3];wS1;bG1 -wS1;wQ \\wS1;bQ bG1-",
         "Base;InProgress;Black[2];wS1;bS1 wS1-;wQ -wS1", "Base+P;NotStarted;White[1]"]

word_lines = st.lists(st.sampled_from(WORDS), min_size=0, max_size=6).map(" ".join)
mangled_games = st.tuples(st.sampled_from(GAMES), st.integers(0, 80), st.integers(0, 80), st.text(max_size=6)).map(
    lambda t: "newgame " + t[0][: t[1]] + t[3] + t[0][t[1] + t[2]:])
raw_lines = st.text(alphabet=st.characters(blacklist_categories=["Cs"], blacklist_characters="\n\r"), max_size=40)
commands = st.one_of(word_lines, mangled_games, raw_lines)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(commands, min_size=1, max_size=12))
def test_fuzzed_command_lines_always_get_a_proper_reply(lines):
    eng = engine()
    for line in lines:
        if line.strip().startswith("perft") and any(c.isdigit() and c not in "012" for c in line):
            continue  # a deep perft is a legitimate long job, not a fault
        out = eng.handle(line)
        if eng.finished:
            assert out == []
            break
        assert out[-1] == "ok" and "ok" not in out[:-1]
        assert all("\n" not in x for x in out)
        if any(x.startswith(("err", "invalidmove")) for x in out):
            assert len(out) == 2  # one err/invalidmove line, then ok
            assert len(out[0]) <= len("invalidmove ") + MAX_MESSAGE  # the input is never echoed whole


def test_fuzzed_lines_through_the_real_command():
    rng = np.random.default_rng(16)
    lines = []
    for _ in range(300):
        words = [WORDS[int(i)] for i in rng.integers(len(WORDS), size=int(rng.integers(1, 5)))]
        line = " ".join(w for w in words if w != "exit")
        if line.startswith("perft"):
            line = "perft 1"
        lines.append(line)
    lines.append("newgame " + GAMES[0][:25] + "²" + GAMES[0][25:])
    script = "\n".join(lines) + "\nexit\n"
    result = subprocess.run([sys.executable, "-m", "swarmtui", "uhp"], input=script, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0 and "Traceback" not in result.stderr
    answered = sum(1 for line in lines if line.strip(BLANK))  # a line of Unicode spaces is answered too
    assert result.stdout.splitlines().count("ok") == answered + 1  # and the greeting
