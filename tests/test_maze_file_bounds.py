"""``maze solve`` under bounds (issue 27 point 9): each defect of the audit as a regression test
(exit 2, one clear line, no traceback, no hang, bounded memory), and a bounded fuzzer of the
maze reader (any bytes: a maze or one ``MazeError``, never another exception)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest
from cli_run import run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swarmtui.mazes import MazeError, build
from swarmtui.mazes.mazefile import MAX_CONTAINERS, read_maze, to_json
from swarmtui.mazes.text import render

GOOD = {"format": "swarmtui-maze", "version": 1, "width": 3, "height": 3, "walls": ["111", "000", "111"],
        "entrance": [1, 0], "exit": [1, 2]}


def run_solve(capsys, path: Path | str) -> tuple[int, str, str]:
    return run_cli(capsys, "maze", "solve", path)


def one_line_error(capsys, path, words: str) -> None:
    code, out, err = run_solve(capsys, path)
    assert code == 2 and out == "" and words in err, err
    assert err.count("\n") == 1 and "Traceback" not in err


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_fifo_is_refused_at_once_not_waited_on(tmp_path):
    fifo = tmp_path / "maze.fifo"
    os.mkfifo(fifo)
    done = subprocess.run([sys.executable, "-m", "swarmtui", "maze", "solve", str(fifo)],
                          capture_output=True, text=True, timeout=120)  # (a hang fails here)
    assert done.returncode == 2 and "not a regular file" in done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_dev_zero_is_refused_before_it_is_read(capsys):
    one_line_error(capsys, "/dev/zero", "not a regular file")


def test_a_sparse_text_maze_is_refused_before_its_grid_is_built(capsys, tmp_path):
    # 70 KB: many one-character lines and one long line; padded it asked for 30000x20001 fields
    sparse = write(tmp_path, "sparse.txt", "#\n" * 20_000 + " " * 30_000 + "\n")
    one_line_error(capsys, sparse, "too large")
    assert peak_bytes(sparse) < 10 * 2**20


def peak_bytes(path: Path) -> int:
    """Python's peak memory while ``read_maze`` refuses ``path``."""
    tracemalloc.start()
    try:
        with pytest.raises(MazeError):
            read_maze(path)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_large_json_is_bounded_in_memory(capsys, tmp_path):
    # 18 MB of pairs beside a tiny maze: parsed JSON costs ~13x its text, so it is refused unparsed
    doc = dict(GOOD, solution=[[i, i] for i in range(MAX_CONTAINERS + 10)])
    big = write(tmp_path, "big.json", json.dumps(doc))
    assert big.stat().st_size > 15_000_000
    one_line_error(capsys, big, "lists and objects")
    assert peak_bytes(big) < 4 * big.stat().st_size  # the text itself, not the parsed lists


def test_a_file_larger_than_any_maze_is_refused_unread(capsys, tmp_path):
    huge = tmp_path / "huge.txt"
    with huge.open("wb") as handle:
        handle.truncate(65 * 2**20)  # sparse: no disk used
    one_line_error(capsys, huge, "too large")


@pytest.mark.parametrize("name, text, words", [
    ("digits.json", json.dumps(GOOD).replace('"width": 3', '"width": ' + "9" * 5000), "integer of 5000 digits"),
    ("deep.json", '{"format": "swarmtui-maze", "walls": ' + "[" * 100_000 + "]" * 100_000 + "}", "nests more than"),
    ("entrance.json", json.dumps(dict(GOOD, entrance=[])), '"entrance" must be a pair'),
    ("infinity.json", json.dumps(GOOD).replace('"width": 3', '"width": Infinity'), "Infinity"),
    ("nan.json", json.dumps(GOOD).replace('"height": 3', '"height": NaN'), "NaN"),
    ("surrogate.json", json.dumps(GOOD).replace('"width"', '"algo": "\\ud800", "width"'), "surrogate"),
    ("width.json", json.dumps(dict(GOOD, width=4001, height=4001)), "too large"),
    ("float.json", json.dumps(dict(GOOD, width=3.0)), '"width" must be a whole number'),
    ("bool.json", json.dumps(dict(GOOD, exit=[True, 2])), '"exit" must be a pair'),
    ("outside.json", json.dumps(dict(GOOD, exit=[1, 3])), "outside the maze"),
    ("rows.json", json.dumps(dict(GOOD, walls=["111", "0x0", "111"])), "only the characters 0 and 1"),
    ("short.json", json.dumps(dict(GOOD, walls=["111", "00", "111"])), "3 characters long"),
    ("version.json", json.dumps(dict(GOOD, version=10**30)), "version"),
    ("other.json", '{"format": "other"}', "not a swarmtui-maze JSON file"),
    ("latin1.txt", None, "not a text file"),
    ("empty.txt", "", "no maze in the text"),
])
def test_each_bad_file_is_one_line_exit_2(capsys, tmp_path, name, text, words):
    if text is None:
        path = tmp_path / name
        path.write_bytes(b"#####\n\xe9   \n#####\n")
    else:
        path = write(tmp_path, name, text)
    one_line_error(capsys, path, words)


def test_names_from_a_file_are_shown_as_text(capsys, tmp_path):
    doc = dict(GOOD, algo="\x1b]0;owned\x07[/x]\ud800")
    path = tmp_path / "named.json"
    path.write_bytes(json.dumps(doc).replace("\\ud800", "").encode())
    code, out, _ = run_solve(capsys, path)
    assert code == 0 and "\x1b" not in out and "\x07" not in out and "[/x]" in out


def test_the_largest_files_we_write_still_read_back(tmp_path):
    maze = build("kruskal", 2001, 2001, seed=1)
    text = tmp_path / "big.txt"
    text.write_text(render(maze, "ascii"))
    assert read_maze(text) == maze
    doc = tmp_path / "big.json"
    doc.write_text(to_json(maze))
    assert read_maze(doc) == maze


# --- the fuzzer: bounded (seconds), every input a maze or one MazeError ------------------------

def read_or_refuse(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "fuzz"
    path.write_bytes(data)
    try:
        read_maze(path)
    except MazeError as error:
        assert str(error) and "\n" not in str(error)


SEEDS = [json.dumps(GOOD).encode(), render(build("prim", 9, 7, seed=1), "unicode").encode(),
         render(build("prim", 9, 7, seed=1), "lines").encode(), render(build("prim", 9, 7, seed=1), "half").encode(),
         render(build("prim", 9, 7, seed=1), "ascii").encode()]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.sampled_from(SEEDS), cuts=st.lists(st.tuples(st.integers(0, 400), st.binary(max_size=6)), max_size=4))
def test_fuzz_mutated_files(tmp_path, seed, cuts):
    data = bytearray(seed)
    for at, junk in cuts:
        at = min(at, len(data))
        data[at:at + len(junk)] = junk
    read_or_refuse(tmp_path, bytes(data))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=st.sampled_from(sorted(GOOD) + ["algo", "seed", "info", "solution"]), value=json_values)
def test_fuzz_json_fields(tmp_path, field, value):
    read_or_refuse(tmp_path, json.dumps(dict(GOOD, **{field: value})).encode())


def test_a_png_mask_is_read_in_a_few_bytes_a_pixel(tmp_path):
    """A PNG mask was converted to RGBA floats: a 6 KB picture of 4000 x 4000 pixels took 444 MB
    to read (audit 3); it is read as 8-bit luminance and alpha."""
    pytest.importorskip("PIL")
    from PIL import Image

    from swarmtui.mazes.masks import read_mask

    side = 2000
    picture = Image.new("RGBA", (side, side), (255, 255, 255, 255))
    picture.paste((0, 0, 0, 255), (0, 0, side // 2, side))  # the left half dark: outside
    path = tmp_path / "mask.png"
    picture.save(path)
    tracemalloc.start()
    try:
        mask = read_mask(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert mask.shape == (side, side) and not mask.inside[:, : side // 2].any() and mask.inside[:, side // 2:].all()
    assert peak < 8 * side * side
