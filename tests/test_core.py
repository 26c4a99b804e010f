"""Core vocabulary: seeded randomness, parameters, save files, hex geometry."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

import pytest

from swarmtui.core import hexgrid, saves
from swarmtui.core.params import ParamError, apply_overrides, check_range
from swarmtui.core.rng import derive_seed, make_rng


def test_rng_is_reproducible_and_labels_separate_streams():
    first = make_rng(7, "game", 3).integers(1 << 30, size=5).tolist()
    assert first == make_rng(7, "game", 3).integers(1 << 30, size=5).tolist()
    assert make_rng(7, "seat", "X").random() != make_rng(7, "seat", "O").random()
    assert derive_seed(1, "game", 0) == derive_seed(1, "game", 0) != derive_seed(1, "game", 1)
    with pytest.raises(ValueError):
        make_rng(-1)


@dataclass(frozen=True)
class Example:
    rate: float = field(default=0.1, metadata={"help": "a rate"})
    count: int = 3
    mode: Literal["fast", "slow"] = "fast"
    flag: bool = False

    def __post_init__(self):
        check_range("rate", self.rate, 0.0, 1.0)


def test_param_overrides_convert_and_validate():
    p = apply_overrides(Example(), [("rate", "0.5"), ("count", "7"), ("mode", "slow"), ("flag", "yes")])
    assert p == Example(0.5, 7, "slow", True)
    for bad, message in [(("rate", "2"), "between"), (("count", "x"), "whole number"),
                         (("mode", "medium"), "one of"), (("nope", "1"), "unknown parameter"),
                         (("rate", "nan"), "finite")]:
        with pytest.raises(ParamError, match=message):
            apply_overrides(Example(), [bad])


def test_saves_are_atomic_and_damage_is_reported(tmp_path):
    path = tmp_path / "a" / "game.json"
    saves.write_json(path, {"kind": "test", "format": 1, "x": 1})
    assert saves.read_json(path, kind="test")["x"] == 1
    assert [p.name for p in path.parent.iterdir()] == ["game.json"]
    with pytest.raises(saves.SaveError, match="already exists"):
        saves.write_json(path, {"kind": "test", "format": 1}, overwrite=False)
    for content, message in [("{not json", "damaged"), ("[1]", "JSON object"),
                              ('{"kind": "other", "format": 1}', "not a test save"),
                              ('{"kind": "test", "format": 99}', "unsupported format")]:
        path.write_text(content)
        with pytest.raises(saves.SaveError, match=message):
            saves.read_json(path, kind="test")
        assert path.read_text() == content
    path.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(saves.SaveError, match="not a text file"):
        saves.read_json(path, kind="test")
    with pytest.raises(saves.SaveError, match="does not exist"):
        saves.read_json(tmp_path / "missing.json", kind="test")


def test_shipped_files_are_never_overwritten():
    shipped = saves.shipped_dir()
    assert shipped is not None
    listed = (shipped / "MANIFEST").read_text().split()
    assert listed, "the MANIFEST names the shipped files"
    target = shipped / listed[0]
    assert saves.is_shipped(target)
    with pytest.raises(saves.SaveError, match="shipped"):
        saves.write_json(target, {"kind": "x", "format": 1})


def test_saves_dir_prefers_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv(saves.SAVES_ENV, str(tmp_path))
    assert saves.saves_dir() == tmp_path
    monkeypatch.delenv(saves.SAVES_ENV)
    monkeypatch.chdir(tmp_path)
    assert "swarmtui" in str(saves.saves_dir())


def test_hex_geometry():
    o = hexgrid.ORIGIN
    assert len(set(o.neighbours())) == 6
    assert all(hexgrid.distance(o, n) == 1 for n in o.neighbours())
    assert len(hexgrid.ring(o, 2)) == 12 and len(hexgrid.within(o, 2)) == 19
    assert all(hexgrid.distance(o, c) == 3 for c in hexgrid.ring(o, 3))
    assert hexgrid.direction_between(o, hexgrid.Hex(0, 1)) == 1
    # Neighbours on one row are 2k columns apart; rows below are offset by k.
    assert hexgrid.project(hexgrid.Hex(1, 0)) == (4, 0) and hexgrid.project(hexgrid.Hex(0, 1)) == (2, 1)
