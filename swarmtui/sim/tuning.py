"""``swarmtui sim tune``: the thesis' particle swarm turned on an agent's own weights.

McGuile's swarm (eq. 2.1) flies insects over the board; here each **particle is a weight
vector** of one agent (``alphabeta``'s Hive evaluation by default) and the swarm flies over the
space of weights. A position ``x`` holds, for each tuned weight, ``log2`` of its factor over the
default value (``x = 0`` is the agent's default evaluation, ``x_j = 1`` doubles weight ``j``), kept
within ``±span``.

**Fitness** is the score of self-play matches against the **current best** (the incumbent,
``z``): ``pairs`` pairs of games, each pair one seeded opening played twice with the colours
swapped (``sim.sprt``'s games: ``opening_plies`` random plies, ``cap`` plies a draw), the
candidate's points over the games. Every particle of a generation meets the incumbent on the
same openings (common random numbers), so their scores differ by their weights, not by luck of
the openings.

**A generation**: every particle is scored against the incumbent; a particle's personal best
``y`` moves to its position when it scored more than at its personal best; the best-scoring
particle is the **contender**, when it scored more than ``promote`` (default ½: it beat the
incumbent); then every particle flies by eq. 2.1,

    v(t+1) = w·v(t) + c1·r1·(y − x) + c2·r2·(z − x),    x(t+1) = x + v(t+1)

with the thesis' constants ``w = 0.5``, ``c1 = 0.8``, ``c2 = 0.9`` (its code's values, as the
Hive swarm uses them), ``r1``, ``r2`` uniform in [0, 1] drawn once per particle and generation
(as eq. 2.1 writes them, and as ``agents.pso.particles.update_velocity`` draws them; ``draws=
dimension`` draws them per weight), starting velocities uniform in ``±initial_speed`` (4.2.2:
"velocities should be initialised randomly") and starting positions uniform in the box. The
topology is the global best: ``z`` is the best position the swarm knows, the personal best
that scored most (eq. 2.1's "global best ... position known"; ``social=best``), or the incumbent
(``social=incumbent``, the first runs' choice: with the promotion test the incumbent seldom
moves, and a swarm pulled to it is pulled back to the default weights). A personal
best's score was measured against the incumbent of its time (a moving reference, as in any
noisy co-evolution); the incumbent changes only by beating the incumbent head to head.

**The ablation** (``method=random``): every generation draws as many candidates uniformly from
the box, scored and promoted by the same rule on the same openings: a plain random search over
the same number of evaluations. Is the swarm better than chance at tuning?

**Reproducible and resumable.** Everything random comes from ``seed``; the games are seeded as
``sim.sprt``'s, and a fixed-depth player (the default) plays the same games on any machine. The
log (``--out``) is a result file: the run's settings in its header and every game, labelled
``g<generation>p<particle>``; a resumed run replays the swarm from the kept games (each checked
to be the game the replayed swarm plays, ``sim.sprt.misfit``) and plays only what is missing.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

from swarmtui.agents import agent_params, get_spec
from swarmtui.core.params import ParamError, check_range, param_fields
from swarmtui.core.rng import SEED_LIMIT, derive_seed, make_rng
from swarmtui.games import get_game
from swarmtui.records.gamelog import GameLog
from swarmtui.sim.pentanomial import Sprt
from swarmtui.sim.sprt import SprtGame, SprtGames, SprtMatch, Tally, score_of_first, tally_of

METHODS = ("swarm", "random")


@dataclass(frozen=True)
class TuneSettings:
    """What ``sim tune`` runs: the agent and the weights it tunes, the swarm, the matches."""

    game: str
    names: tuple[str, ...]
    agent: str = "alphabeta"
    player: tuple[tuple[str, str], ...] = (("depth", "2"),)
    """Both sides' other parameters in the tuning games (a fixed depth: the same games anywhere)."""
    method: Literal["swarm", "random"] = "swarm"
    particles: int = 8
    generations: int = 10
    pairs: int = 4
    opening_plies: int = 4
    cap: int = 150
    seed: int = 0
    w: float = field(default=0.5, metadata={"help": "inertia w (eq. 2.1; thesis code 0.5)"})
    c1: float = field(default=0.8, metadata={"help": "cognitive constant c1 (eq. 2.1; thesis code 0.8)"})
    c2: float = field(default=0.9, metadata={"help": "social constant c2 (eq. 2.1; thesis code 0.9)"})
    draws: Literal["particle", "dimension"] = "particle"
    social: Literal["best", "incumbent"] = field(default="best", metadata={
        "help": "eq. 2.1's z: the swarm's best personal best, or the incumbent"})
    initial_speed: float = 0.5
    span: float = 2.0
    promote: float = 0.5
    confirm_pairs: int = field(default=30, metadata={"help": "most pairs of the promotion test (0: promote on "
                                                             "the generation's score alone)"})
    confirm_elo1: float = field(default=60.0, metadata={"help": "the promotion test's H1: the contender is this "
                                                                "many Elo stronger (H0: no stronger)"})
    confirm_alpha: float = field(default=0.05, metadata={"help": "the promotion test's chance of promoting a "
                                                                 "contender no stronger than the incumbent"})
    confirm_beta: float = field(default=0.2, metadata={"help": "the promotion test's chance of keeping the "
                                                               "incumbent when the contender is confirm_elo1 "
                                                               "stronger"})

    def __post_init__(self) -> None:
        if self.method not in METHODS:
            raise ParamError(f"--method is {' or '.join(METHODS)}, not {self.method!r}")
        if self.draws not in ("particle", "dimension"):
            raise ParamError("draws is particle or dimension")
        if self.social not in ("best", "incumbent"):
            raise ParamError("social is best or incumbent")
        check_range("particles", self.particles, 1, 1000)
        check_range("generations", self.generations, 1, 10_000)
        check_range("pairs", self.pairs, 1, 10_000)
        check_range("opening_plies", self.opening_plies, 0, 200)
        check_range("cap", self.cap, 1, 1_000_000)
        for name in ("w", "c1", "c2"):
            check_range(name, getattr(self, name), -10.0, 10.0)
        check_range("initial_speed", self.initial_speed, 0.0, 100.0)
        check_range("span", self.span, 0.01, 20.0)
        check_range("promote", self.promote, 0.0, 1.0)
        check_range("confirm_pairs", self.confirm_pairs, 0, 10_000)
        Sprt(0.0, self.confirm_elo1, self.confirm_alpha, self.confirm_beta)  # the test's settings (ParamError)
        if not 0 <= self.seed <= SEED_LIMIT:
            raise ParamError(f"seed {self.seed} is not between 0 and {SEED_LIMIT}")
        if not self.names:
            raise ParamError("name at least one weight to tune")
        hand = self.defaults()
        for name in self.names:
            if not isinstance(hand.get(name), float) or not hand[name]:
                raise ParamError(f"{name!r} is not a non-zero number parameter of {self.agent} (tuned as a factor "
                                 "of its default value)")
        if len(set(self.names)) != len(self.names):
            raise ParamError("a weight is named twice")
        clash = {n for n, _ in self.player} & set(self.names)
        if clash:
            raise ParamError(f"{', '.join(sorted(clash))} is both tuned and set for the player")
        self.entrant(np.zeros(len(self.names)))  # the player's parameters parse (ParamError)

    def defaults(self) -> dict[str, Any]:
        """The agent's parameters at their defaults (the weights it plays unless told otherwise)."""
        params = get_spec(self.agent, self.game).params_for(get_game(self.game))
        if params is None:
            raise ParamError(f"{self.agent} has no parameters to tune")
        defaults = params()
        return {name: getattr(defaults, name) for name in param_fields(params)}

    def weights(self, position: Iterable[float]) -> dict[str, float]:
        """The tuned weights at ``position`` (default value × 2^x), rounded to 4 significant digits."""
        hand = self.defaults()
        return {name: float(f"{hand[name] * 2.0 ** float(x):.4g}")
                for name, x in zip(self.names, position, strict=True)}

    def entrant(self, position: Iterable[float]) -> str:
        """The player at ``position`` as an entrant (``alphabeta:depth=2:queen_neighbour=12.5:...``)."""
        parts = [f"{n}={v}" for n, v in self.player] + [f"{n}={v:g}" for n, v in self.weights(position).items()]
        agent_params(get_spec(self.agent, self.game), self.game, [tuple(p.split("=", 1)) for p in parts])  # type: ignore[misc]
        return ":".join([self.agent, *parts])

    def match(self, generation: int, candidate: Iterable[float], incumbent: Iterable[float]) -> SprtMatch:
        """The evaluation of ``candidate`` against ``incumbent`` in ``generation`` (its openings
        and seeds are the generation's: every particle meets the same)."""
        return SprtMatch(self.game, self.entrant(candidate), self.entrant(incumbent), Sprt(),
                         derive_seed(self.seed, "generation", generation), (), self.pairs, self.opening_plies,
                         (), "", self.cap)

    def confirmation(self, generation: int, contender: Iterable[float], incumbent: Iterable[float]) -> SprtMatch:
        """The promotion test of ``generation``'s contender against ``incumbent`` (module
        docstring): a sequential match on openings of its own, at most ``confirm_pairs`` pairs."""
        return SprtMatch(self.game, self.entrant(contender), self.entrant(incumbent),
                         Sprt(0.0, self.confirm_elo1, self.confirm_alpha, self.confirm_beta),
                         derive_seed(self.seed, "confirmation", generation), (), self.confirm_pairs,
                         self.opening_plies, (), "", self.cap)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "names": list(self.names), "agent": self.agent,
                "player": [list(p) for p in self.player], "method": self.method, "particles": self.particles,
                "generations": self.generations, "pairs": self.pairs, "opening_plies": self.opening_plies,
                "cap": self.cap, "seed": self.seed, "w": self.w, "c1": self.c1, "c2": self.c2, "draws": self.draws,
                "social": self.social,
                "initial_speed": self.initial_speed, "span": self.span, "promote": self.promote,
                "confirm_pairs": self.confirm_pairs, "confirm_elo1": self.confirm_elo1,
                "confirm_alpha": self.confirm_alpha, "confirm_beta": self.confirm_beta}

    @classmethod
    def from_json(cls, payload: Any) -> TuneSettings:
        """The settings of a tuning log's header; ParamError when it does not describe a run."""
        try:
            return cls(str(payload["game"]), tuple(str(n) for n in payload["names"]), str(payload["agent"]),
                       tuple((str(n), str(v)) for n, v in payload["player"]), payload["method"],
                       int(payload["particles"]), int(payload["generations"]), int(payload["pairs"]),
                       int(payload["opening_plies"]), int(payload["cap"]), int(payload["seed"]),
                       float(payload["w"]), float(payload["c1"]), float(payload["c2"]), payload["draws"],
                       payload.get("social", "incumbent"),
                       float(payload["initial_speed"]), float(payload["span"]), float(payload["promote"]),
                       # a log of the first runs (no promotion test) is resumed as it was played
                       int(payload.get("confirm_pairs", 0)), float(payload.get("confirm_elo1", 60.0)),
                       float(payload.get("confirm_alpha", 0.05)), float(payload.get("confirm_beta", 0.2)))
        except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as error:
            if isinstance(error, ParamError):
                raise
            raise ParamError(f"the log's header does not describe a tuning run ({error})") from None


@dataclass
class Generation:
    """What one generation found: each particle's position and score, and the incumbent after it."""

    number: int
    positions: np.ndarray
    scores: list[float]
    promoted: int | None
    incumbent: np.ndarray
    test: Tally | None = None
    """The promotion test of the generation's contender (None: no contender, or no test)."""


@dataclass
class Swarm:
    """The swarm's state between generations (or the random search's: positions only)."""

    settings: TuneSettings
    rng: np.random.Generator
    positions: np.ndarray
    velocities: np.ndarray
    personal: np.ndarray
    personal_scores: np.ndarray
    incumbent: np.ndarray
    history: list[Generation] = field(default_factory=list)

    @classmethod
    def start(cls, settings: TuneSettings) -> Swarm:
        rng = make_rng(settings.seed, "tune", settings.method)
        shape = (settings.particles, len(settings.names))
        positions = rng.uniform(-settings.span, settings.span, size=shape)
        velocities = rng.uniform(-settings.initial_speed, settings.initial_speed, size=shape)
        return cls(settings, rng, positions, velocities, positions.copy(), np.full(settings.particles, -math.inf),
                   np.zeros(len(settings.names)))

    @property
    def generation(self) -> int:
        return len(self.history)

    def matches(self) -> list[SprtMatch]:
        """This generation's evaluations: each particle against the incumbent."""
        return [self.settings.match(self.generation, x, self.incumbent) for x in self.positions]

    def contender(self, scores: Sequence[float]) -> int | None:
        """The particle that may take the incumbent's place: the first of the best scores, when it
        is above ``promote``."""
        best = max(range(len(scores)), key=lambda i: (scores[i], -i))
        return best if scores[best] > self.settings.promote else None

    def confirmation(self, scores: Sequence[float]) -> SprtMatch | None:
        """The promotion test these scores call for (None: no contender, or ``confirm_pairs = 0``)."""
        best = self.contender(scores)
        if best is None or not self.settings.confirm_pairs:
            return None
        return self.settings.confirmation(self.generation, self.positions[best], self.incumbent)

    def advance(self, scores: Sequence[float], test: Tally | None = None) -> Generation:
        """Take the generation's scores and its promotion test's state (``confirmation``): personal
        bests, the incumbent (the contender, when the test accepted H1, or with no test when it
        scored above ``promote``), then the next positions."""
        s = self.settings
        scores = list(scores)
        for i, score in enumerate(scores):
            if score > self.personal_scores[i]:
                self.personal[i], self.personal_scores[i] = self.positions[i], score
        promoted = self.contender(scores)
        if promoted is not None and s.confirm_pairs and (test is None or test.decision != "H1"):
            promoted = None
        if promoted is not None:
            self.incumbent = self.positions[promoted].copy()
        record = Generation(self.generation, self.positions.copy(), scores, promoted, self.incumbent.copy(),
                            test if s.confirm_pairs else None)
        self.history.append(record)
        if s.method == "random":
            self.positions = self.rng.uniform(-s.span, s.span, size=self.positions.shape)
        else:
            self._fly()
        return record

    def social_best(self) -> np.ndarray:
        """Eq. 2.1's ``z``: the personal best that scored most (the first of equals), or the
        incumbent (``social=incumbent``)."""
        if self.settings.social == "incumbent":
            return self.incumbent
        return self.personal[int(np.argmax(self.personal_scores))]

    def _fly(self) -> None:
        """Eq. 2.1 for every particle, positions kept in the box (a velocity that would leave it
        is stopped in that component)."""
        s = self.settings
        shape = (len(self.positions), 1) if s.draws == "particle" else self.positions.shape
        r1, r2 = self.rng.uniform(size=shape), self.rng.uniform(size=shape)
        self.velocities = (s.w * self.velocities + s.c1 * r1 * (self.personal - self.positions)
                           + s.c2 * r2 * (self.social_best() - self.positions))
        moved = self.positions + self.velocities
        outside = np.abs(moved) > s.span
        self.positions = np.clip(moved, -s.span, s.span)
        self.velocities[outside] = 0.0


def group_of(generation: int, particle: int) -> str:
    """The result group of a particle's evaluation games in a tuning log."""
    return f"g{generation}p{particle}"


def confirmation_group(generation: int) -> str:
    """The result group of a generation's promotion test games in a tuning log."""
    return f"g{generation}c"


def settled(test: Tally, match: SprtMatch) -> bool:
    """Whether a promotion test is over: decided, or at its most pairs (undecided: no promotion)."""
    return test.decision is not None or test.pairs >= match.max_pairs


def evaluation_games(swarm: Swarm) -> list[tuple[str, SprtGames]]:
    """This generation's games, each particle's as its result group and match games."""
    return [(group_of(swarm.generation, i), SprtGames(match, range(2 * swarm.settings.pairs)))
            for i, match in enumerate(swarm.matches())]


def score(games: Sequence[GameLog]) -> float:
    """The candidate's (player A's) points per game."""
    return sum(score_of_first(log) for log in games) / len(games)


def tasks_of(evaluations: list[tuple[str, SprtGames]]) -> list[tuple[str, SprtGame]]:
    return [(group, games[k]) for group, games in evaluations for k in range(len(games))]


def replay(settings: TuneSettings, kept: dict[tuple[str, int], GameLog],
           check: Callable[[GameLog, SprtGames], str]) -> tuple[Swarm, dict[tuple[str, int], GameLog]]:
    """The swarm after every generation whose games (its evaluations and, when one was due, its
    settled promotion test) are all in ``kept`` (each checked with ``check``: ParamError for a
    game that is not the one the swarm plays there), and the kept games of the generation it
    stopped at."""
    swarm = Swarm.start(settings)
    used: set[tuple[str, int]] = set()
    while swarm.generation < settings.generations:
        evaluations = evaluation_games(swarm)
        here = _kept_of(kept, evaluations, check)
        complete = len(here) == sum(len(games) for _, games in evaluations)
        test: Tally | None = None
        if complete:
            scores = [score([here[(group, k)] for k in range(len(games))]) for group, games in evaluations]
            match = swarm.confirmation(scores)
            if match is not None:
                group = confirmation_group(swarm.generation)
                proof = _kept_of(kept, [(group, SprtGames(match, range(2 * match.max_pairs)))], check)
                test = tally_of(match, list(proof.values()))
                complete = settled(test, match)
                if complete and len(proof) > 2 * test.pairs:
                    k = min(k for _, k in proof if k >= 2 * test.pairs)
                    raise ParamError(f"the game {k} of {group} comes after its promotion test decided")
                here |= proof
        used |= set(here)
        if not complete:
            stray = set(kept) - used
            if stray:
                group, k = min(stray)
                raise ParamError(f"the game {k} of {group} comes after a generation the log does not finish")
            return swarm, here
        swarm.advance(scores, test)
    stray = set(kept) - used
    if stray:
        group, k = min(stray)
        raise ParamError(f"the game {k} of {group} is not one of the run's")
    return swarm, {}


def _kept_of(kept: dict[tuple[str, int], GameLog], evaluations: list[tuple[str, SprtGames]],
             check: Callable[[GameLog, SprtGames], str]) -> dict[tuple[str, int], GameLog]:
    """The games of ``evaluations`` (result group and its games) that ``kept`` holds, each checked."""
    here = {}
    for group, games in evaluations:
        for k in range(len(games)):
            log = kept.get((group, k))
            if log is not None:
                problem = check(log, games)
                if problem:
                    raise ParamError(f"the game {k} of {group} is not the one the swarm plays there ({problem})")
                here[(group, k)] = log
    return here
