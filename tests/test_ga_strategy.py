"""Strategy files: round trip, defensive loading, never overwriting a shipped default."""

import json

import numpy as np
import pytest

from swarmtui.agents.ga.genome import random_genomes, to_mapping
from swarmtui.agents.ga.strategy import Strategy, load_strategy, save_strategy, shipped_strategy_path, trained_path
from swarmtui.core.rng import make_rng
from swarmtui.core.saves import SaveError


def _strategy(seed=0):
    return Strategy("O", random_genomes(make_rng(seed), 1)[0], "paper", seed, 12, -40, 600, 100, 7)


def test_round_trip(tmp_path):
    strategy = _strategy()
    path = save_strategy(strategy, tmp_path / "s.json")
    loaded = load_strategy(path)
    assert np.array_equal(loaded.genome, strategy.genome)
    assert (loaded.side, loaded.algorithm, loaded.seed, loaded.generation) == ("O", "paper", 0, 12)
    assert (loaded.fitness, loaded.wins, loaded.draws, loaded.losses) == (-40, 600, 100, 7)
    payload = json.loads(path.read_text())
    assert payload["kind"] == "noughts-strategy" and payload["format"] == 1
    assert payload["genes"]["111111111"] == strategy.genome[0]


def _payload():
    return _strategy().to_json()


HOSTILE = {
    "not json": "{ this is not json",
    "a list": "[1, 2, 3]",
    "wrong kind": json.dumps({**_payload(), "kind": "halma-memory"}),
    "future format": json.dumps({**_payload(), "format": 99}),
    "bad side": json.dumps({**_payload(), "side": "Z"}),
    "genes not a mapping": json.dumps({**_payload(), "genes": [1, 2]}),
    "seed not a number": json.dumps({**_payload(), "seed": "7"}),
    "unknown gene": json.dumps({**_payload(), "genes": {**to_mapping(_strategy().genome), "333333333": 0}}),
    "missing gene": json.dumps({**_payload(), "genes": dict(list(to_mapping(_strategy().genome).items())[1:])}),
    "occupied cell": json.dumps({**_payload(), "genes": {**to_mapping(_strategy().genome), "111121111": 4}}),
    "out of range": json.dumps({**_payload(), "genes": {**to_mapping(_strategy().genome), "111111111": -1}}),
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_damaged_files_give_one_save_error_and_stay_untouched(tmp_path, name):
    path = tmp_path / "strategy.json"
    path.write_text(HOSTILE[name])
    with pytest.raises(SaveError) as caught:
        load_strategy(path)
    message = str(caught.value)
    assert str(path) in message and "\n" not in message
    assert path.read_text() == HOSTILE[name]


def test_missing_file_is_a_save_error(tmp_path):
    with pytest.raises(SaveError, match="does not exist"):
        load_strategy(tmp_path / "nope.json")


def test_shipped_defaults_are_never_overwritten():
    path = shipped_strategy_path("X")
    before = path.read_bytes()
    with pytest.raises(SaveError, match="shipped"):
        save_strategy(_strategy(), path)
    assert path.read_bytes() == before


def test_training_writes_under_the_users_saves(monkeypatch, tmp_path):
    monkeypatch.setenv("SWARMTUI_SAVES", str(tmp_path))
    assert trained_path("x", "subtree", 3) == tmp_path / "noughts" / "trained" / "strategy-x-subtree-seed3.json"
