"""Glicko-2 against Glickman's worked example ("Example of the Glicko-2 system", the paper's
section after step 8): the numbers below are the paper's, not ours."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from swarmtui.core.glicko2 import SCALE, Glicko, Result, idle, update


def test_glickmans_worked_example():
    player = Glicko(1500, 200, 0.06)
    results = [Result(Glicko(1400, 30), 1.0), Result(Glicko(1550, 100), 0.0), Result(Glicko(1700, 300), 0.0)]
    after = update(player, results, tau=0.5)
    # The paper rounds mu' to four places (-0.2069) before step 8: 173.7178 * -0.2069 + 1500 =
    # 1464.06. Unrounded, mu' = -0.206941 and r' = 1464.0507: the paper's figure to its rounding.
    assert round((after.rating - 1500) / SCALE, 4) == -0.2069
    assert round(173.7178 * round((after.rating - 1500) / SCALE, 4) + 1500, 2) == 1464.06
    assert abs(after.rating - 1464.06) < 0.01
    assert round(after.deviation / SCALE, 4) == 0.8722
    assert round(after.deviation, 2) == 151.52
    assert 0.05999 <= after.volatility < 0.06  # the paper's 0.05999 (0.0599960 unrounded)


def test_the_scale_is_glickmans_constant():
    assert round(SCALE, 4) == 173.7178


def test_a_period_without_games_only_widens_the_deviation():
    player = Glicko(1600, 60, 0.06)
    after = update(player, [])
    assert after.rating == 1600 and after.volatility == 0.06
    assert after.deviation == pytest.approx(math.sqrt((60 / SCALE) ** 2 + 0.06**2) * SCALE)
    assert idle(player, 3).deviation == pytest.approx(math.sqrt((60 / SCALE) ** 2 + 3 * 0.06**2) * SCALE)
    assert idle(Glicko(1500, 349), 1000).deviation == 350  # never wider than an unrated player's


@given(st.floats(1000, 2200), st.floats(30, 350), st.floats(1000, 2200), st.floats(30, 350),
       st.sampled_from([0.0, 0.5, 1.0]))
def test_winning_never_lowers_and_losing_never_raises_a_rating(r, rd, r_j, rd_j, score):
    after = update(Glicko(r, rd), [Result(Glicko(r_j, rd_j), score)])
    if score == 1.0:
        assert after.rating > r
    if score == 0.0:
        assert after.rating < r
    assert 0 < after.deviation <= 350 and 0 < after.volatility < 1


def test_a_score_outside_zero_to_one_is_refused():
    with pytest.raises(ValueError, match="score"):
        update(Glicko(), [Result(Glicko(), 2.0)])
