"""Result files are read as streams (issue 27 point 11): ``sim report``, ``--resume`` and the
ratings hold one line at a time and each game's light record (or its moves), not the file;
the line limit is what real lines need. ``benchmarks/result_read_memory.py`` measures the same
at full size (180 MiB files, a line at the limit) against an earlier commit.
"""

from __future__ import annotations

import io
import json
import tracemalloc
from pathlib import Path

import pytest
from cli_run import run_cli
from rich.console import Console

from swarmtui.core.bounded_json import LIMITS, SaveError
from swarmtui.records.results import ResultReader, read_results
from swarmtui.sim.report import report

DATA = Path(__file__).parent / "data" / "records"
COPIES = 40




@pytest.fixture(scope="module")
def big_file(tmp_path_factory) -> tuple[Path, int]:
    """About 6 MB: COPIES copies of a traced Hive game line (renumbered), as a long traced run is."""
    header, line = (DATA / "result-hive-traces.jsonl").read_text(encoding="utf-8").splitlines()[:2]
    game = json.loads(line)
    game["traces"] = game["traces"] * (150_000 // len(line) + 1)  # a bigger line, still the game's own plies
    path = tmp_path_factory.mktemp("big") / "big.jsonl"
    with path.open("w", encoding="utf-8") as handle:
        handle.write(header + "\n")
        for index in range(COPIES):
            handle.write(json.dumps({**game, "index": index}) + "\n")
    return path, len(json.dumps(game))


def _peak(work) -> int:
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_report_holds_a_line_at_a_time_not_the_file(big_file):
    path, line = big_file
    size = path.stat().st_size
    peak = _peak(lambda: report([path], Console(file=io.StringIO(), width=100)))
    assert peak < 20 * line < size / 2, (peak, line, size)  # the whole file parsed would be ~15x its size


def test_light_records_keep_what_tables_need(big_file):
    path, _ = big_file
    light = read_results(path, moves=False).games
    assert len(light) == COPIES and all(g.moves == [] and g.traces == [] and g.plies for g in light)


def test_the_reader_yields_as_it_reads(tmp_path):
    """A damaged third game is found after the first two were handed over, not before."""
    header, line = (DATA / "result-noughts-interrupted.jsonl").read_text(encoding="utf-8").splitlines()[:2]
    path = tmp_path / "r.jsonl"
    path.write_text("\n".join([header, line, line, "{not json", line]) + "\n", encoding="utf-8")
    seen = []
    with pytest.raises(SaveError, match="line 4 is not JSON"):
        for kind, _ in ResultReader(path):
            seen.append(kind)
    assert seen == ["run", "game", "game"]


def test_the_line_limit_is_what_real_lines_need():
    """16 MiB: about five times the largest real line measured (a six-player Halma game of
    aco-bco-colony with its traces, 3.4 MB); it was 64 MiB, which cost 3 GB to parse."""
    assert LIMITS.max_line_bytes == 16 * 1024 * 1024


def test_replay_of_one_game_holds_that_game_not_the_file(big_file, capsys):
    path, line = big_file
    size = path.stat().st_size
    argv = ("replay", str(path), "--game", str(COPIES), "--final", "--no-traces")
    run_cli(capsys, *argv)  # imports the game and agents first: their modules are not the file's memory
    peak = _peak(lambda: run_cli(capsys, *argv))
    assert peak < 20 * line < size / 2, (peak, line, size)
    code, out, _ = run_cli(capsys, "replay", str(path), "--game", str(COPIES + 1))
    assert code == 2


def test_the_viewer_lists_light_games_and_reads_the_chosen_one_whole(big_file):
    from swarmtui.records.formats import list_games, read_game

    path, line = big_file
    listed = _peak(lambda: list_games(path))
    assert listed < 20 * line, (listed, line)
    games = list_games(path)
    assert len(games) == COPIES and all(not g.moves and g.plies and g.traces is not None for g in games)
    chosen, count = read_game(path, 3)
    assert count == COPIES and chosen.index == 2 and len(chosen.moves) == chosen.plies
    with pytest.raises(SaveError, match=f"holds {COPIES} game"):
        read_game(path, COPIES + 1)
