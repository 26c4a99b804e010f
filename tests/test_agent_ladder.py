"""The ladder table the setup reads (``agents.ladder``): every computer player of the three games
rated, figures found in the docs they cite, default opponents a casual player can beat."""

from __future__ import annotations

import re
import typing
from pathlib import Path

import pytest

from swarmtui.agents import agents_for
from swarmtui.agents.ladder import LADDERS, casual_opponent, ladder_for, level_rating, rating, word_for
from swarmtui.games import GAMES

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("ladder", LADDERS, ids=lambda ladder: f"{ladder.game}-{ladder.players}")
def test_every_shipped_computer_player_is_rated_and_every_rating_plays_the_game(ladder) -> None:
    computers = {a.id for a in agents_for(ladder.game) if not a.interactive and not a.external}
    assert set(ladder.ratings) == computers
    assert ladder.ratings["random"] == 0  # the anchor
    assert ladder.casual in ladder.ratings


@pytest.mark.parametrize("ladder", LADDERS, ids=lambda ladder: f"{ladder.game}-{ladder.players}")
def test_the_figures_are_the_ones_their_doc_prints(ladder) -> None:
    doc = (ROOT / ladder.source.split("#")[0]).read_text()
    anchor = ladder.source.split("#")[1].split(" ")[0]
    slugs = {re.sub(r"[^\w\- ]", "", line.lstrip("#").strip().lower()).replace(" ", "-")
             for line in doc.splitlines() if line.startswith("#")}
    assert anchor in slugs  # the section it cites exists (GitHub's anchor for its heading)
    for agent, elo in ladder.ratings.items():
        assert f"+{elo} " in doc or f"+{elo} |" in doc, (agent, elo)
    for levels in ladder.levels.values():
        for elo in levels.values():
            assert f"+{elo} " in doc, elo


@pytest.mark.parametrize("ladder", LADDERS, ids=lambda ladder: f"{ladder.game}-{ladder.players}")
def test_levels_are_the_agents_difficulties_and_the_default_level_is_its_rating(ladder) -> None:
    from swarmtui.agents import get_spec

    for agent, levels in ladder.levels.items():
        params = get_spec(agent).params_type
        assert params is not None
        hints = typing.get_type_hints(params)
        assert set(levels) <= set(typing.get_args(hints["difficulty"]))
        assert levels[params().difficulty] == ladder.ratings[agent]


def test_the_default_opponents_are_ones_a_casual_player_can_beat() -> None:
    assert {game: casual_opponent(game) for game in ("noughts", "halma", "hive")} == {
        "noughts": "alphabeta", "halma": "aco-bco", "hive": "pso"}
    for ladder in LADDERS:
        assert ladder.word(ladder.casual) in ("beginner", "easy")
        # never the strongest: at least half the ladder's computer players are stronger
        stronger = [a for a, elo in ladder.ratings.items() if elo > ladder.ratings[ladder.casual]]
        assert len(stronger) >= len(ladder.ratings) // 2


def test_words_ratings_and_the_ladder_for_a_number_of_players() -> None:
    assert [word_for(elo) for elo in (0, 99, 100, 349, 350, 549, 550, 699, 700, 2000)] == [
        "beginner", "beginner", "easy", "easy", "medium", "medium", "strong", "strong", "expert", "expert"]
    assert rating("hive", "alphabeta") == ("easy", 302)
    assert level_rating("hive", "alphabeta", "hard") == ("strong", 567)
    assert rating("noughts", "minimax") == ("perfect", 496)  # never loses: more than its Elo says
    assert rating("hive", "uhp") is None and rating("hive", "human") is None
    assert ladder_for("maze") is None and casual_opponent("connect-four") is None
    halma = {n: ladder_for("halma", n) for n in GAMES["halma"].player_counts}
    assert {n: ladder.players for n, ladder in halma.items() if ladder} == {1: 2, 2: 2, 3: 3, 4: 3, 6: 3}
    assert rating("halma", "beam", 2) == ("medium", 476) and rating("halma", "beam", 6) == ("strong", 590)
