"""The shipped agents' strength per game, from the latest ladders in the docs: the one place the
setup screen's difficulty words, ratings, strength order and default opponents come from.

A ladder is a round robin of every agent of a game at its default parameters (and a search
player at each difficulty), rated by ``swarmtui sim report --ratings``: maximum-likelihood Elo
anchored at ``random`` = 0. Each ``Ladder`` names the section of the docs that prints its table,
the commands and the games, so a figure here can be checked against its source; when a ladder
is played again, its figures are replaced here and nowhere else. Elo differences are
comparable within one ladder only (a game's scale depends on its draws: Noughts & Crosses,
where perfect players only draw, compresses the top of its scale).

**Words.** The difficulty word is read from the rating by fixed bands (``WORDS``), the same for
every game, except where a ladder says more than its Elo can (``Ladder.words``: a Noughts &
Crosses player proven perfect is "perfect", whatever its rating).

**Default opponents.** ``Ladder.casual`` is the computer player a new game seats against a
person: one a casual player can beat, chosen from the ladder (``docs/tui.md``, *Opponents*, says
why for each game).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

WORDS: tuple[tuple[int, str], ...] = ((100, "beginner"), (350, "easy"), (550, "medium"), (700, "strong"))
"""(Elo below which, word) in rising order; at or above the last bound: ``"expert"``."""

TOP_WORD = "expert"


def word_for(elo: int) -> str:
    """The difficulty word of a rating (``WORDS``)."""
    return next((word for bound, word in WORDS if elo < bound), TOP_WORD)


@dataclass(frozen=True)
class Ladder:
    """One game's ladder at one number of players: where it is printed, each agent's Elo at its
    default parameters, the Elo of each level of an agent with a ``difficulty`` parameter, and
    the default opponent."""

    game: str
    players: int
    source: str
    """Where the docs print this ladder's table, the commands that played it and its games."""
    ratings: Mapping[str, int]
    """Agent id -> Elo at the agent's default parameters."""
    casual: str
    """The default opponent: an agent a casual player can beat (``docs/tui.md``, *Opponents*)."""
    levels: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    """Agent id -> its ``difficulty`` values -> Elo (the search players' levels)."""
    words: Mapping[str, str] = field(default_factory=dict)
    """Agent id -> a word the ladder shows better than the bands (a proven perfect player)."""

    def word(self, agent_id: str, elo: int | None = None) -> str:
        """The difficulty word of ``agent_id`` (at ``elo``, a level's rating, if given)."""
        if elo is None and agent_id in self.words:
            return self.words[agent_id]
        return word_for(self.ratings[agent_id] if elo is None else elo)


LADDERS: tuple[Ladder, ...] = (
    Ladder(
        "noughts", 2, "docs/noughts.md#ratings (224 games, seed 7)",
        {"random": 0, "alphabeta": 131, "mcts": 477, "minimax": 496, "ga": 503},
        casual="alphabeta",
        levels={"alphabeta": {"easy": 131, "medium": 452, "hard": 483}},
        words={"minimax": "perfect", "ga": "perfect"},
    ),
    Ladder(
        "halma", 2, "docs/halma.md#ratings-every-halma-agent-in-2--and-3-player-races (two players, 220 games)",
        {"random": 0, "mcts": 0, "aco-bco": 147, "halma-search": 250, "greedy": 289, "aco-bco-colony": 439,
         "beam": 476, "aco-bco-plus": 554},
        casual="aco-bco",
        levels={"halma-search": {"easy": 250, "medium": 515, "hard": 733, "max": 788}},
    ),
    Ladder(
        "halma", 3, "docs/halma.md#ratings-every-halma-agent-in-2--and-3-player-races (three players, 165 games)",
        {"random": 0, "mcts": 7, "aco-bco": 109, "halma-search": 163, "greedy": 229, "aco-bco-colony": 390,
         "aco-bco-plus": 448, "beam": 590},
        casual="aco-bco",
        levels={"halma-search": {"easy": 163, "medium": 328, "hard": 603, "max": 602}},
    ),
    Ladder(
        "hive", 2, "docs/hive.md#ratings (92 games, seeds 7 and 4)",
        {"random": 0, "pso": 129, "pso-plus": 157, "mcts": 215, "alphabeta": 302, "pso-verify": 394},
        casual="pso",
        levels={"alphabeta": {"easy": 302, "medium": 349, "hard": 567, "max": 564}},
    ),
)
"""Every ladder, as its doc prints it (Elo rounded to whole points)."""


def ladder_for(game_id: str, players: int | None = None) -> Ladder | None:
    """The ladder of ``game_id`` closest to ``players`` seats (the larger on a tie; Halma's 4 and
    6 seats read its 3-player ladder, its 1-player crossing the 2-player one); None if unrated."""
    ladders = [ladder for ladder in LADDERS if ladder.game == game_id]
    if not ladders:
        return None
    if players is None:
        return ladders[0]
    return min(ladders, key=lambda ladder: (abs(ladder.players - players), -ladder.players))


def rating(game_id: str, agent_id: str, players: int | None = None) -> tuple[str, int] | None:
    """``(word, Elo)`` of ``agent_id`` at its defaults in ``game_id``'s ladder; None if unrated."""
    ladder = ladder_for(game_id, players)
    if ladder is None or agent_id not in ladder.ratings:
        return None
    return ladder.word(agent_id), ladder.ratings[agent_id]


def level_rating(game_id: str, agent_id: str, level: str, players: int | None = None) -> tuple[str, int] | None:
    """``(word, Elo)`` of ``agent_id`` at difficulty ``level``; None if that level is unrated."""
    ladder = ladder_for(game_id, players)
    if ladder is None or level not in ladder.levels.get(agent_id, {}):
        return None
    elo = ladder.levels[agent_id][level]
    return ladder.word(agent_id, elo), elo


def casual_opponent(game_id: str, players: int | None = None) -> str | None:
    """The default opponent of ``game_id`` (``Ladder.casual``); None for a game without a ladder."""
    ladder = ladder_for(game_id, players)
    return None if ladder is None else ladder.casual
