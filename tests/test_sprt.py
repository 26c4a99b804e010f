"""``swarmtui sim sprt``: the pentanomial SPRT against published values, its decisions, resuming,
openings, and small real matches (noughts, Hive)."""

from __future__ import annotations

import json
import math

import pytest
from cli_run import run_cli

from swarmtui.sim.pentanomial import Sprt, logistic_elo, logistic_score, pair_points
from swarmtui.sim.sprt import SprtMatch, Tally, load_sprt


def penta(ll: int, ld: int, wl: int, dd: int, wd: int, ww: int) -> list[int]:
    """fastchess's ``Stats(ll, ld, wl, dd, wd, ww)`` as the five counts (WL and DD share one)."""
    return [ll, ld, wl + dd, wd, ww]


# fastchess's published test values (github.com/Disservin/fastchess, app/tests/sprt_test.cpp at commit
# 0cbac49, "normalized pentanomial 1-2" and "logistic pentanomial 1-2"; its sprt.cpp follows fishtest's
# LLRcalc.py), small enough to live here (tests/data/README.md).
@pytest.mark.parametrize("model, elo0, elo1, counts, llr", [
    ("normalized", 0, 2, penta(365, 16618, 36029, 200, 16974, 390), 2.25),
    ("normalized", -1.75, 0.25, penta(127, 4883, 10311, 401, 5150, 104), 3.01),
    ("logistic", 0.5, 2.5, penta(223, 9863, 20279, 1000, 10037, 246), -3.07),
    ("logistic", 0, 2, penta(871, 26175, 55003, 980, 26678, 821), -4.98),
])
def test_the_llr_matches_the_published_values(model, elo0, elo1, counts, llr):
    assert Sprt(elo0, elo1, model=model).llr(counts) == pytest.approx(llr, abs=0.006)


def test_a_degenerate_pentanomial_has_the_closed_form_llr():
    """104 pairs all won twice: the t-value MLE puts the rest of the mass on LL (a two-point law at
    scores 0 and 1 with P(WW) = q and t = (q - 1/2)/sqrt(q(1 - q))), so the LLR is 104 ln(q1/q0),
    q0 = 1/2. (fastchess's test of this case says 2.94; its root finder stops at 1e-4 there.)"""
    t1 = math.sqrt(2) * 5 / (800 / math.log(10))
    q1 = 0.5 + 0.5 * t1 / math.sqrt(1 + t1 * t1)  # solves (q - 1/2)/sqrt(q(1-q)) = t1
    expected = 104 * math.log(q1 / 0.5)
    assert Sprt(0, 5, model="normalized").llr([0, 0, 0, 0, 104]) == pytest.approx(expected, abs=0.01)


# fastchess's app/tests/elo_test.cpp at commit 2f5e888, "EloPentanomial 1-3": logistic diff and nElo.
@pytest.mark.parametrize("counts, elo, error, nelo, nerror", [
    (penta(34, 54, 31, 32, 64, 75), 55.58, 27.65, 57.94, 28.28),
    (penta(332, 433, 457, 41, 333, 334), -8.64, 10.33, -9.17, 10.96),
    (penta(7895, 8757, 5485, 200, 568, 9999), -21.04, 2.95, -19.01, 2.65),
])
def test_the_elo_estimate_matches_the_published_values(counts, elo, error, nelo, nerror):
    logistic = Sprt().estimate(counts)
    normalised = Sprt(model="normalized").estimate(counts)
    assert logistic.elo == pytest.approx(elo, rel=0.01)
    assert (logistic.high - logistic.low) / 2 == pytest.approx(error, rel=0.01)
    assert normalised.elo == pytest.approx(nelo, rel=0.01)
    assert (normalised.high - normalised.low) / 2 == pytest.approx(nerror, rel=0.01)


@pytest.mark.parametrize("model", ["logistic", "normalized"])
@pytest.mark.parametrize("counts", [[0, 0, 0, 0, 104], [0, 0, 1, 50, 10_000], [10_000, 3, 0, 0, 0], [0, 0, 7, 0, 0]])
def test_one_sided_pentanomials_give_a_finite_llr(model, counts):
    llr = Sprt(0, 10, model=model).llr(counts)
    assert math.isfinite(llr) and (llr > 0) == (counts[4] > counts[0]) or counts == [0, 0, 7, 0, 0]


def test_bounds_elo_and_pairs():
    assert Sprt().bounds == pytest.approx((-2.944438979, 2.944438979))
    assert logistic_elo(0.6) == pytest.approx(70.44, abs=0.01) and logistic_elo(0.75) == pytest.approx(190.85, abs=0.01)
    assert logistic_score(logistic_elo(0.3)) == pytest.approx(0.3)
    pairs = ((0, 0), (0, 0.5), (1, 0), (0.5, 0.5), (1, 0.5), (1, 1))
    assert [pair_points(a, b) for a, b in pairs] == [0, 1, 2, 2, 3, 4]
    with pytest.raises(ValueError):
        pair_points(0.25, 1)


def _until_decided(pattern) -> Tally:
    tally = Tally(Sprt(0, 10))
    while tally.decision is None and tally.pairs < 10_000:
        tally.add_pair(*pattern[tally.pairs % len(pattern)])
    return tally


def test_a_strong_a_is_accepted_and_an_equal_one_rejected():
    strong = _until_decided(((1, 1), (1, 0.5), (1, 0), (0.5, 0.5), (1, 1)))  # 75% of the points: +191 Elo
    assert strong.decision == "H1" and strong.pairs < 200
    equal = _until_decided(((1, 0.5), (0, 0.5), (1, 0), (0.5, 0.5)))  # as many pairs won as lost: 0 Elo
    assert equal.decision == "H0"
    weaker = _until_decided(((0, 0.5), (1, 0), (0.5, 0.5)))  # A behind
    assert weaker.decision == "H0" and weaker.pairs < equal.pairs
    assert equal.llr <= Sprt().bounds[0] < Sprt().bounds[1] <= strong.llr


def test_pairs_count_in_order_whatever_order_the_games_arrive():
    rng = __import__("random").Random(3)
    scores = {i: rng.choice((0.0, 0.5, 1.0, 1.0)) for i in range(400)}
    ordered = Tally(Sprt(0, 20))
    for i in range(0, 400, 2):
        ordered.fold({k: scores[k] for k in range(i + 2)})
    shuffled = Tally(Sprt(0, 20))
    seen: dict[int, float] = {}
    for i in rng.sample(range(400), 400):
        seen[i] = scores[i]
        shuffled.fold(seen)
    assert ordered.decision is not None and (ordered.pairs, ordered.counts, ordered.llr) == (
        shuffled.pairs, shuffled.counts, shuffled.llr)




def _lines(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _played(rows: list[dict]) -> list[tuple]:
    return [(r["index"], r["moves"], r["players"], r["result"]) for r in rows if r["kind"] == "game"]


def test_a_noughts_match_decides_and_a_resumed_one_decides_the_same(capsys, tmp_path):
    whole = tmp_path / "whole.jsonl"
    args = ["noughts", "minimax", "random", "--elo0", "0", "--elo1", "50", "-w", "1", "--seed", "4"]
    code, out, _ = run_cli(capsys, "sim", "sprt", *args, "--out", str(whole))
    assert code == 0 and "H1 accepted" in out
    rows = _lines(whole)
    games = _played(rows)
    assert rows[-1]["kind"] == "summary" and rows[-1]["sprt"]["decision"] == "H1"
    assert len(games) == 2 * rows[-1]["sprt"]["pairs"]
    for index in range(0, len(games), 2):  # a pair: one opening, colours swapped
        pair = games[index:index + 2]
        assert pair[0][1][:2] == pair[1][1][:2] and list(pair[0][2].values()) == list(pair[1][2].values())[::-1]
    cut = tmp_path / "cut.jsonl"  # what a stopped run leaves: the header and the first games, no summary
    cut.write_text("".join(json.dumps(r) + "\n" for r in rows[:1 + len(games) // 2 + 1]))
    assert len(load_sprt(cut).games) == len(games) // 2 + 1
    code, resumed_out, _ = run_cli(capsys, "sim", "sprt", "--resume", str(cut), "-w", "1")
    assert code == 0 and resumed_out == out.replace(str(whole), str(cut))
    assert _played(_lines(cut)) == games and _lines(cut)[-1]["sprt"] == rows[-1]["sprt"]
    code, report, _ = run_cli(capsys, "sim", "report", str(cut))
    assert code == 0 and "H1 accepted" in report and f"pairs {rows[-1]['sprt']['pairs']} " in report


def test_a_pool_plays_the_games_one_process_plays(capsys, tmp_path):
    args = ["sim", "sprt", "noughts", "minimax", "random", "--elo1", "60", "--seed", "1"]
    assert run_cli(capsys, *args, "-w", "1", "--out", str(tmp_path / "one.jsonl"))[0] == 0
    assert run_cli(capsys, *args, "-w", "2", "--out", str(tmp_path / "two.jsonl"))[0] == 0
    one, two = _lines(tmp_path / "one.jsonl"), _lines(tmp_path / "two.jsonl")
    assert _played(one) == _played(two) and one[-1] == two[-1]


def test_a_book_opens_the_pairs(capsys, tmp_path):
    book = tmp_path / "book.txt"
    book.write_text("# noughts openings\nb2; a1\n\na1 ;c3;b2\n")
    out = tmp_path / "book.jsonl"
    code, text, _ = run_cli(capsys, "sim", "sprt", "noughts", "minimax", "random", "--book", str(book), "--elo1", "50",
                         "-w", "1", "--out", str(out), "--max-pairs", "3")
    assert code == 0 and "book of 2 openings" in text
    games = _played(_lines(out))
    assert [g[1][:2] for g in games[:4]] == [["b2", "a1"], ["b2", "a1"], ["a1", "c3"], ["a1", "c3"]]
    assert games[2][1][2] == "b2" and len(games) == 6


def test_a_small_hive_match_runs_in_seconds(capsys):
    code, out, _ = run_cli(capsys, "sim", "sprt", "hive", "alphabeta:depth=1", "random", "--elo1", "100",
                        "--cap", "200", "--max-pairs", "20", "-w", "1")
    assert code == 0 and "H1 accepted" in out and "Elo of A over B (logistic): +" in out


def test_match_settings_round_trip_through_the_header():
    match = SprtMatch("hive", "alphabeta:depth=2", "alphabeta", Sprt(-5, 5, 0.1, 0.2, "normalized"), 9,
                      ("queen_neighbour=12", "game_type=Base+MLP"), 77, 3, (("wS1",),), "st=1", 300)
    assert SprtMatch.from_json(json.loads(json.dumps(match.to_json()))) == match
    a, b = match.players()
    assert ("queen_neighbour", "12") in a.overrides and ("queen_neighbour", "12") in b.overrides
    assert ("depth", "2") in a.overrides and match.rules() == (("game_type", "Base+MLP"),)
    assert (a.label, b.label) == ("alphabeta:depth=2", "alphabeta")
    same = SprtMatch("noughts", "minimax", "minimax")
    assert [p.label for p in same.players()] == ["minimax (A)", "minimax (B)"]


@pytest.mark.parametrize("argv, words", [
    (["noughts", "minimax", "random", "--elo0", "10", "--elo1", "5"], "--elo0 must be below --elo1"),
    (["noughts", "minimax", "random", "--model", "bayes"], "logistic or normalized"),
    (["noughts", "minimax", "random", "--alpha", "0.7"], "--alpha is an error rate"),
    (["noughts", "minimax", "random", "--param", "X.quickest=false"], "the colours alternate"),
    (["noughts", "minimax", "random", "--param", "nonsense=1"], "nonsense"),
    (["noughts", "minimax"], "give the game and the two players"),
    (["noughts", "minimax", "nobody"], "nobody"),
])
def test_nonsense_is_one_line(capsys, argv, words):
    code, out, err = run_cli(capsys, "sim", "sprt", *argv)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and words in err


def test_a_bad_book_or_resume_file_is_one_line(capsys, tmp_path):
    book = tmp_path / "book.txt"
    book.write_text("b2; a1\nb2; b2\n")
    code, _, err = run_cli(capsys, "sim", "sprt", "noughts", "minimax", "random", "--book", str(book))
    assert code == 2 and "line 2, move 2 ('b2')" in err and len(err.splitlines()) == 1
    run_file = tmp_path / "run.jsonl"
    assert run_cli(capsys, "sim", "run", "noughts", "-n", "2", "-w", "1", "--out", str(run_file))[0] == 0
    code, _, err = run_cli(capsys, "sim", "sprt", "--resume", str(run_file))
    assert code == 2 and "not the result file of 'swarmtui sim sprt'" in err
    code, _, err = run_cli(capsys, "sim", "sprt", "noughts", "a", "b", "--resume", str(run_file))
    assert code == 2 and "drop GAME A B" in err
    code, _, err = run_cli(capsys, "sim", "sprt", "--resume", str(tmp_path / "missing.jsonl"))
    assert code == 2 and "does not exist" in err


def test_a_resume_file_with_a_foreign_game_is_refused(capsys, tmp_path):
    out = tmp_path / "m.jsonl"
    assert run_cli(capsys, "sim", "sprt", "noughts", "minimax", "random", "--elo1", "50", "-w", "1",
                "--out", str(out))[0] == 0
    rows = _lines(out)[:-1]
    original = out.read_text()

    def refused(change) -> str:
        changed = json.loads(json.dumps(rows))
        change(changed)
        text = "".join(json.dumps(r) + "\n" for r in changed)
        out.write_text(text)
        code, _, err = run_cli(capsys, "sim", "sprt", "--resume", str(out))
        assert code == 2 and len(err.splitlines()) == 1 and out.read_text() == text  # left as it was
        return err

    assert "game line 2 is not one of this match's games (game noughts, index 1: its players" in refused(
        lambda r: r[2].update(players=r[1]["players"]))  # game 1 seated as game 0
    assert "does not start with its pair's opening" in refused(
        lambda r: r[1].update(moves=r[1]["moves"][1:2] + r[1]["moves"][:1] + r[1]["moves"][2:]))
    assert "but its moves give" in refused(lambda r: r[1].update(winner=None, result="draw", reason="draw"))
    assert "seed" in refused(lambda r: r[3].update(seed=r[3]["seed"] + 1))
    out.write_text("".join(json.dumps(r) + "\n" for r in rows[:3]) + '{"kind": "game", "ga')  # killed mid-line
    assert run_cli(capsys, "sim", "sprt", "--resume", str(out), "-w", "1")[0] == 0
    assert _played(_lines(out)) == _played([json.loads(line) for line in original.splitlines()])


def test_a_dask_cluster_reaches_the_local_decision(capsys, tmp_path):
    distributed = pytest.importorskip("distributed")
    args = ["sim", "sprt", "noughts", "minimax", "random", "--elo1", "60", "--seed", "2"]
    assert run_cli(capsys, *args, "-w", "1", "--out", str(tmp_path / "local.jsonl"))[0] == 0
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        code, _, _ = run_cli(capsys, *args, "--scheduler", cluster.scheduler_address,
                          "--out", str(tmp_path / "dask.jsonl"))
    local, dask = _lines(tmp_path / "local.jsonl"), _lines(tmp_path / "dask.jsonl")
    assert code == 0 and _played(dask) == _played(local) and dask[-1] == local[-1]
