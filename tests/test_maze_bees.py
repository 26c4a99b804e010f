"""The bee builder's reading of Algorithm 2 (seed paper 002, II-B), checked on hand-worked cases:
eq. 6 takes one step per bee, the onlookers join the bees on the most flown-down fields
(``rank=low``), a swarm gathered on one line is sent out as scouts, the union-find never
denies a passage the bitmap has, alleys stay open, and the size rules."""

from __future__ import annotations

import numpy as np
import pytest

from swarmtui.core.rng import make_rng
from swarmtui.mazes import build
from swarmtui.mazes.bees import BeeColony, BeeParams, bee_sized
from swarmtui.mazes.solve import regions, shortest_path
from swarmtui.mazes.swarm import Passages, facing_doors


def colony(height=9, width=21, **params) -> BeeColony:
    return BeeColony(height, width, BeeParams(**{"r": 0, **params}), make_rng(0), facing_doors(height, width))


def test_eq_6_one_step_per_bee_and_what_opened_or_closed():
    bees = colony()
    far = 2 * 21 + 10  # d = sqrt(4 + 100) from the nearer door
    bees.meadow.ravel()[far] = 0.6
    bees.flown = np.array([far, far])  # two bees over one field, both read 0.6
    assert bees.update_meadow().tolist() == [far] and bees.meadow.ravel()[far] == pytest.approx(0.5)
    bees.meadow.ravel()[far] = 0.0  # flown down to nothing: Gamma = 0 < 0.5, each bee builds 0.1
    bees.flown = np.array([far] * 6)
    assert bees.update_meadow().size == 0
    assert bees.meadow.ravel()[far] == pytest.approx(0.6) and bees.closed_since_check  # the road closed


def test_onlookers_join_the_bees_on_the_most_flown_down_fields():
    bees = colony(n=10, m_share=0.1)  # m = 1: one best bee
    bees.pos[:] = np.column_stack([np.full(10, 2.0), np.arange(2.0, 12.0)])
    bees.meadow[2, 7] = 0.1  # bee 5 stands on a worked road
    bees.flown = np.zeros(0, dtype=np.int64)
    frames = []
    bees.iterate(1, frames.append)
    starts = bees.flown  # every flight starts on the best bee's field or the bee's own
    assert (2 * 21 + 7) in starts.tolist()
    high = colony(n=10, m_share=0.1, rank="high")
    high.pos[:] = bees.pos
    assert frames and frames[0].phase == "move"


def test_a_swarm_on_one_line_is_sent_out_as_scouts():
    bees = colony(n=8)
    bees.pos[:, 0] = 4.0  # all in the doors' row: eq. 9 could only fly them along it
    calls = []
    send = bees.send_scouts
    bees.send_scouts = lambda where: calls.append(where) or send(where)
    bees.iterate(1, None)
    assert bees.scouted == 1 and len(calls) == 1 and np.all(calls[0] // 21 == 4)
    bees.pos[:, 0] = 4.0
    where = bees.send_scouts(bees.fields(bees.pos))
    assert np.ptp(where // 21) > 0 and (where // 21 == 4).sum() >= 1  # one bee stays, the rest scatter
    spread = colony(n=8)
    spread.iterate(1, None)
    assert spread.scouted == 0


def test_the_union_find_never_denies_a_passage_and_alleys_stay_open():
    bees = colony(r=15)
    doors = bees.doors
    walls = bees.walls()
    assert not walls.ravel()[bees.alleys].any()
    passages = Passages.of(bees.open_fields(), 21, 9)
    entrance, exit_ = doors[0][0] * 21 + doors[0][1], doors[1][0] * 21 + doors[1][1]
    for iteration in range(1, 80):
        passages.open_all(bees.iterate(iteration, None), 9)
        if not passages.joined(entrance, exit_):
            assert shortest_path(bees.walls(), doors[0], doors[1]) is None
    rebuilt = Passages.of_labels(regions(bees.walls()), 21)
    truth = shortest_path(bees.walls(), doors[0], doors[1]) is not None
    assert rebuilt.joined(entrance, exit_) == truth


def test_size_rules_and_the_first_days_info():
    assert bee_sized(BeeParams(), 40, 15).r == 20 and bee_sized(BeeParams(), 100, 100).r == 120
    assert bee_sized(BeeParams(n=0), 1000, 1000).n == 30 and bee_sized(BeeParams(n=7, r=3), 500, 500).r == 3
    maze = build("bee", 40, 15, 4)
    assert maze.info["days"] >= 1 and maze.info["iterations"] >= 1 and "scouts" in maze.info
