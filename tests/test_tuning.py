"""``swarmtui sim tune``: eq. 2.1 over weight vectors, the incumbent rule and its promotion test,
the random ablation, small real runs that resume to the same weights (also in the middle of a
promotion test), and the weights files alphabeta plays."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from cli_run import run_cli

from swarmtui.agents import make_agent
from swarmtui.core.params import ParamError
from swarmtui.core.saves import SaveError
from swarmtui.games.hive.evaluation import HiveWeights
from swarmtui.games.hive.tuned_weights import read_weights, write_weights
from swarmtui.sim.pentanomial import Sprt
from swarmtui.sim.sprt import Tally
from swarmtui.sim.tuning import Swarm, TuneSettings

NAMES = ("queen_neighbour", "mobile_ant", "tempo")


def _settings(**changes) -> TuneSettings:
    settings: dict[str, Any] = {"game": "hive", "names": NAMES, "particles": 4, "confirm_pairs": 0}
    return TuneSettings(**(settings | changes))


def test_particles_fly_by_eq_2_1_within_the_box():
    swarm = Swarm.start(_settings(w=0.5, c1=0.8, c2=0.9))
    before = swarm.positions.copy()
    velocity = swarm.velocities.copy()
    swarm.advance([0.75, 0.25, 0.5, 0.6])  # particle 0 beats the incumbent: it takes its place
    assert np.array_equal(swarm.incumbent, before[0])
    assert list(swarm.personal_scores) == [0.75, 0.25, 0.5, 0.6]
    # eq. 2.1 with y = x after the first evaluation: v' = w v + c2 r2 (z - x), r2 in [0, 1] per particle
    for i in range(1, 4):
        inside = swarm.velocities[i] != 0.0  # a component that would leave the box is stopped
        pull = swarm.velocities[i][inside] - 0.5 * velocity[i][inside]
        ratio = pull / (before[0] - before[i])[inside]
        assert inside.any() and np.allclose(ratio, ratio[0]) and 0.0 <= ratio[0] <= 0.9  # one r2 a particle
    assert np.all(np.abs(swarm.positions) <= swarm.settings.span)
    still = Swarm.start(_settings(w=0.0, c1=0.0, c2=0.0))
    start = still.positions.copy()
    still.advance([0.9, 0.1, 0.1, 0.1])
    assert np.array_equal(still.positions, start)  # no inertia, no pull: the flight stops


def test_the_incumbent_changes_only_by_beating_it():
    swarm = Swarm.start(_settings())
    swarm.advance([0.5, 0.5, 0.25, 0.0])  # a draw on points is no promotion
    assert not swarm.incumbent.any() and swarm.history[-1].promoted is None
    swarm.advance([0.5, 0.625, 0.625, 0.0])  # the first of the best takes its place
    assert swarm.history[-1].promoted == 1 and np.array_equal(swarm.incumbent, swarm.history[-1].positions[1])


def test_with_the_promotion_test_only_its_h1_promotes_the_contender():
    swarm = Swarm.start(_settings(confirm_pairs=20))
    scores = [0.5, 0.875, 0.875, 0.0]  # particle 1 is the contender (the first of the best)
    assert swarm.contender(scores) == 1 and swarm.confirmation([0.5, 0.5, 0.25, 0.0]) is None
    match = swarm.confirmation(scores)
    assert match is not None and match.max_pairs == 20 and match.test == Sprt(0.0, 60.0, 0.05, 0.2)
    assert match.first == swarm.settings.entrant(swarm.positions[1])  # on openings of its own:
    assert match.seed != swarm.settings.match(0, swarm.positions[1], swarm.incumbent).seed
    undecided, rejected, accepted = Tally(match.test), Tally(match.test), Tally(match.test)
    for _ in range(3):
        undecided.add_pair(1.0, 0.5)
    while rejected.decision is None:
        rejected.add_pair(0.5, 0.0)
    while accepted.decision is None:
        accepted.add_pair(1.0, 1.0)
    assert (undecided.decision, rejected.decision, accepted.decision) == (None, "H0", "H1")
    for test in (None, undecided, rejected):  # 87.5 % over the generation's pairs is not enough
        swarm.advance(scores, test)
        assert swarm.history[-1].promoted is None and not swarm.incumbent.any()
    positions = swarm.positions.copy()
    swarm.advance(scores, accepted)
    assert swarm.history[-1].promoted == 1 and np.array_equal(swarm.incumbent, positions[1])
    assert swarm.history[-1].test is accepted
    assert TuneSettings.from_json({k: v for k, v in _settings(confirm_pairs=9).to_json().items()
                                   if not k.startswith("confirm")}).confirm_pairs == 0  # a first-runs log


@pytest.mark.parametrize("social", ["best", "incumbent"])
def test_eq_2_1_pulls_to_the_best_personal_best_or_to_the_incumbent(social):
    swarm = Swarm.start(_settings(confirm_pairs=20, social=social, w=0.0, c1=0.0, draws="dimension"))
    before = swarm.positions.copy()
    swarm.advance([0.5, 0.25, 0.875, 0.0])  # no promotion test played: the incumbent stays the hand-set 0
    assert not swarm.incumbent.any() and np.array_equal(swarm.social_best(),
                                                        before[2] if social == "best" else swarm.incumbent)
    target = before[2] if social == "best" else np.zeros_like(before[0])
    for i in (0, 1, 3):  # v' = c2 r2 (z - x): each particle moves straight towards z, never past it
        step, gap = swarm.positions[i] - before[i], target - before[i]
        assert np.all(step * gap >= 0) and np.all(np.abs(step) <= np.abs(gap) * 0.9 + 1e-12)
    assert TuneSettings.from_json({k: v for k, v in _settings().to_json().items() if k != "social"}).social == \
        "incumbent"  # a log of the first runs flies as it flew


def test_the_random_search_draws_fresh_candidates_from_the_box():
    swarm = Swarm.start(_settings(method="random"))
    first = swarm.positions.copy()
    swarm.advance([0.1, 0.2, 0.3, 0.4])
    assert not np.allclose(first, swarm.positions) and np.all(np.abs(swarm.positions) <= 2.0)
    assert len(swarm.matches()) == 4  # as many evaluations as the swarm


def test_the_settings_are_checked():
    with pytest.raises(ParamError, match="not a non-zero number"):
        _settings(names=("own_cover",))  # hand-set to 0: no factor can move it
    with pytest.raises(ParamError, match="not a non-zero number"):
        _settings(names=("noisy_from",))  # a whole number
    with pytest.raises(ParamError, match="both tuned and set"):
        _settings(player=(("tempo", "2"),))
    with pytest.raises(ParamError):
        _settings(player=(("depth", "0"),))
    assert TuneSettings.from_json(json.loads(json.dumps(_settings(c1=1.5).to_json()))) == _settings(c1=1.5)
    with pytest.raises(ParamError):
        _settings(confirm_elo1=-5.0)  # H1 below H0
    with pytest.raises(ParamError):
        _settings(confirm_alpha=0.0)




def test_a_small_run_shows_each_generation_saves_the_weights_and_resumes_the_same(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("SWARMTUI_SAVES", str(tmp_path / "saves"))
    log, weights = tmp_path / "tune.jsonl", tmp_path / "w.json"
    args = ["sim", "tune", "hive", "--weights", ",".join(NAMES), "--particles", "2", "--generations", "2",
            "--pairs", "1", "--player", "depth=1", "-w", "1", "--seed", "5", "--param", "confirm_pairs=0"]
    code, out, _ = run_cli(capsys, *args, "--out", str(log), "--save", str(weights))
    assert code == 0 and "generation 1/2 (swarm)" in out and "generation 2/2" in out and "queen_neighbour" in out
    saved = json.loads(weights.read_text())
    assert saved["kind"] == "hive-weights" and saved["tuning"]["generations"] == 2
    assert set(saved["weights"]) == set(NAMES)
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    assert len([r for r in rows if r["kind"] == "game"]) == 2 * 2 * 2 and rows[-1]["kind"] == "summary"
    whole = log.read_text()
    log.write_text("".join(json.dumps(r) + "\n" for r in rows[:4]))  # stopped in the second generation
    code, resumed_out, _ = run_cli(capsys, "sim", "tune", "--resume", str(log), "-w", "1")
    assert code == 0 and resumed_out == out
    assert json.loads(weights.read_text()) == saved
    games = [r for r in (json.loads(line) for line in whole.splitlines()) if r["kind"] == "game"]
    again = [r for r in (json.loads(line) for line in log.read_text().splitlines()) if r["kind"] == "game"]
    key = [(g["group"], g["index"], g["moves"]) for g in games]
    assert [(g["group"], g["index"], g["moves"]) for g in again] == key
    code, _, err = run_cli(capsys, *args, "--out", str(tmp_path / "other.jsonl"), "--save", str(weights))
    assert code == 2 and "already exists and is not overwritten" in err  # a new run never replaces weights
    forged = rows[:3]
    forged[2] = forged[2] | {"winner": None, "result": "draw", "reason": "draw"}
    log.write_text("".join(json.dumps(r) + "\n" for r in forged))
    code, _, err = run_cli(capsys, "sim", "tune", "--resume", str(log))
    assert code == 2 and "is not the one the swarm plays there" in err and len(err.splitlines()) == 1


def test_a_promotion_test_is_played_logged_shown_and_resumed_in_its_middle(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("SWARMTUI_SAVES", str(tmp_path / "saves"))
    log, weights = tmp_path / "tune.jsonl", tmp_path / "w.json"
    code, out, _ = run_cli(capsys, "sim", "tune", "hive", "--weights", ",".join(NAMES), "--particles", "2",
                           "--generations", "3", "--pairs", "1", "--player", "depth=1", "-w", "1", "--seed", "5",
                           "--param", "confirm_pairs=3", "--param", "promote=0", "--out", str(log), "--save",
                           str(weights))  # promote=0: a contender (a point scored) in every generation
    assert code == 0 and "its promotion test: 3 pairs, LLR" in out
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    groups = [(r["group"], r["index"]) for r in rows if r["kind"] == "game"]
    test = next(g for g, _ in groups if g.endswith("c"))  # the first generation whose contender scored
    assert (test, 5) in groups and (test, 6) not in groups  # at most 3 pairs, in the log's own group
    assert json.loads(weights.read_text())["tuning"]["promotion_test"]["most_pairs"] == 3
    cut = groups.index((test, 3)) + 2  # the header, then the games up to the test's fourth game
    log.write_text("".join(json.dumps(r) + "\n" for r in rows[:cut]))
    code, resumed_out, _ = run_cli(capsys, "sim", "tune", "--resume", str(log), "-w", "1")
    assert code == 0 and resumed_out == out
    again = [(r["group"], r["index"], r["moves"]) for r in map(json.loads, log.read_text().splitlines())
             if r["kind"] == "game"]
    assert again == [(r["group"], r["index"], r["moves"]) for r in rows if r["kind"] == "game"]
    extra = rows[:cut] + [rows[cut - 1] | {"index": 7}]  # a game past the test's last pair
    log.write_text("".join(json.dumps(r) + "\n" for r in extra))
    code, _, err = run_cli(capsys, "sim", "tune", "--resume", str(log))
    assert code == 2 and len(err.splitlines()) == 1 and test in err


@pytest.mark.parametrize("argv, words", [
    (["hive", "--weights", "nonsense"], "nonsense"),
    (["hive", "--method", "annealing"], "--method is swarm or random"),
    (["hive", "--param", "w=eleven"], "w"),
    (["noughts"], "tunes alphabeta's Hive evaluation weights"),
    (["hive", "--resume", "x.jsonl"], "drop GAME"),
])
def test_nonsense_is_one_line(capsys, argv, words):
    code, out, err = run_cli(capsys, "sim", "tune", *argv)
    assert code == 2 and len(err.strip().splitlines()) == 1 and words in err


def test_alphabeta_plays_a_weights_file_and_parameters_win_over_it(tmp_path):
    path = write_weights(tmp_path / "w.json", {"tempo": 7.5, "mobile_ant": 20.0}, {"method": "by hand"})
    assert read_weights(path) == {"tempo": 7.5, "mobile_ant": 20.0}
    agent = make_agent("alphabeta", "hive", "White", np.random.default_rng(0),
                       [("weights", str(path)), ("mobile_ant", "13")])
    weights = agent.evaluation.weights
    assert (weights.tempo, weights.mobile_ant, weights.queen_neighbour) == (7.5, 13.0, HiveWeights().queen_neighbour)
    with pytest.raises(SaveError, match="already exists"):
        write_weights(path, {"tempo": 1.0}, {})


def test_the_shipped_files_are_the_tuned_defaults_and_the_weights_before_them():
    from swarmtui.core.saves import is_shipped, shipped_dir
    from swarmtui.papers.mcguile.tuning import TUNED

    shipped = shipped_dir()
    assert shipped is not None
    tuned, swarm, hand = (shipped / "hive" / name for name in (
        "weights-random-seed32.json", "weights-swarm-seed32.json", "weights-hand-set.json"))
    assert is_shipped(tuned) and is_shipped(swarm) and is_shipped(hand)
    assert read_weights(swarm)["attacker"] == 10.37  # the swarm's accepted weights, not the default
    defaults = HiveWeights()
    assert read_weights(tuned) == {name: getattr(defaults, name) for name in TUNED}  # the defaults came from it
    assert read_weights(hand) == {  # the values before issue 31's tuning, written out here on purpose
        "queen_neighbour": 10.0, "queen_neighbour_sq": 4.0, "queen_mobile": 4.0, "attacker": 5.0,
        "beetle_on_queen": 30.0, "mobile_ant": 12.0, "mobile_beetle": 8.0, "mobile_grasshopper": 6.0,
        "mobile_spider": 4.0, "tempo": 3.0}
    agent = make_agent("alphabeta", "hive", "White", np.random.default_rng(0), [("weights", str(hand))])
    assert agent.evaluation.weights.queen_neighbour == 10.0 and agent.evaluation.weights.own_cover == 0.0


@pytest.mark.parametrize("weights, words", [
    ({"tempo": "3"}, "not a number"), ({"nonsense": 1.0}, "not a Hive evaluation weight"),
    ({"tempo": 1e9}, "beyond"), ({"noisy_from": 2.5}, "whole number"), ([1, 2], "not a table"),
])
def test_a_damaged_weights_file_is_one_sentence_before_any_game(capsys, tmp_path, weights, words):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"kind": "hive-weights", "format": 1, "weights": weights}))
    with pytest.raises(SaveError, match=words):
        read_weights(path)
    code, _, err = run_cli(capsys, "sim", "run", "hive", "-p", "alphabeta,random", "-n", "1",
                        "--param", f"weights={path}")
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1
