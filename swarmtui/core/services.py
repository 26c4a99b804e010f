"""What a game may provide to agents beyond its rules: capabilities, not game-id lists.

A game's descriptor (``GameSpec.services``) maps service names to the objects that provide them
(or to their import paths, loaded when an agent is built); an agent's spec names the services
it needs (``AgentSpec.needs``) and plays every game that provides them. The well-known names:

- ``EVALUATION`` (``"evaluation"``): an :class:`EvaluationService`, the game's knowledge for a
  search (``alphabeta``): a static score, a position hash, move ordering, threats.
- ``HEURISTIC`` (``"heuristic"``): a :class:`Heuristic`, one move's greedy value for the side to
  move (``greedy``).
- ``RULEBOOK`` (``"rulebook"``): a :class:`Rulebook`, the rules as a player reads them (the
  TUI's rules screen). Not for agents: every game provides one (the conformance suite checks).

A service may carry **weights**: a dataclass of named, overridable numbers (the Hive
evaluation's). An agent that uses such a service takes them as parameters of its own in that
game (:func:`params_with_services`): ``--param``, the setup screen and a tuner set them as they
set the agent's other parameters.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from swarmtui.core.params import ParamError

EVALUATION = "evaluation"
HEURISTIC = "heuristic"
RULEBOOK = "rulebook"


@dataclass(frozen=True)
class Rulebook:
    """The ``rulebook`` service: a game's rules for a person, in Markdown (``text``: a ``#`` title,
    ``##`` sections, paragraphs and lists), from the aim of the game to how it ends, with the
    rule options the game offers named as the setup screen names them. Plain ASCII, so it reads
    the same in every terminal and in ``--ascii`` mode."""

    text: str

    def __post_init__(self) -> None:
        if not self.text.lstrip().startswith("# "):
            raise ValueError("a rulebook starts with a '# ' title line")
        if not self.text.isascii():
            raise ValueError("a rulebook is plain ASCII text")

    @property
    def title(self) -> str:
        """The text of the ``#`` title line."""
        return self.text.lstrip().splitlines()[0].removeprefix("# ").strip()


class ServiceProvider(Protocol):
    """A game as an agent's spec sees it (``GameSpec``): its id and the services it provides."""

    @property
    def id(self) -> str: ...

    def provides(self, name: str) -> bool: ...

    def service(self, name: str) -> Any: ...


class Evaluation(Protocol):
    """A game's knowledge for the search, all from the side to move's point of view.

    * ``evaluate(state)``: a static score of a running position (positive: good for the side
      to move), in units well below the search's mate scores.
    * ``key(state)``: a hash of the position for the transposition table (the Zobrist hash in
      Hive); equal positions must give equal keys.
    * ``order(state, moves)``: one cheap number per move, higher for moves worth trying first.
    * ``urgent(state)``: the side to move faces an immediate threat (search one ply deeper).
    * ``noisy(state)``: the forcing moves searched past the horizon (quiescence), usually none.
    * ``prepare(state)``: the copy the search plays on (may switch off bookkeeping the search
      does not need, such as repetition tracking).
    * ``player(state)``: a function that plays a move known to be legal on ``state`` (the game's
      unchecked move maker when it has one: the search only plays moves it was just given).
    * ``null_move(state)``: a move that passes the turn, for null-move pruning (the player plays
      it and ``undo`` takes it back), or None where passing is no sound guess (a game with
      zugzwang at its heart, or too small to need it).
    """

    def evaluate(self, state: Any) -> float: ...

    def key(self, state: Any) -> Hashable: ...

    def order(self, state: Any, moves: Sequence[Any]) -> list[float]: ...

    def urgent(self, state: Any) -> bool: ...

    def noisy(self, state: Any) -> Sequence[Any]: ...

    def prepare(self, state: Any) -> Any: ...

    def player(self, state: Any) -> Callable[[Any], None]: ...

    def null_move(self, state: Any) -> Any: ...


class NativeSearch(Protocol):
    """A game's compiled tree search under ``alphabeta``'s root (optional: an evaluation that has
    one offers it as ``native(state, entries)``, None when it is not loaded; Hive's base game).

    * ``accepts(state)``: it plays this position's rules.
    * ``begin(state, settings)``: a new search from ``state`` with the searcher's settings
      (``max_extensions``, ``reduce_from``, ``reduce_after``, ``reduce_more_after``,
      ``null_move_from``, ``null_move_reduction``, ``prune_after``, ``quiesce``, ``extend_scout``,
      and ``repetition``: score a position met before as a draw, which the Python search does not).
    * ``root(moves, depth, alpha, beta, reduced, reduction, control)``: one iteration over the
      root moves in order, as ``Searcher._root``: each searched move's score and bound, and how
      many were searched; it stops early once ``control[0]`` is set (``stopped``).
    * ``pv(first)``: the principal variation from its table; ``nodes`` and ``estimates`` since
      ``begin``.
    """

    def accepts(self, state: Any) -> bool: ...

    def begin(self, state: Any, settings: Mapping[str, int]) -> None: ...

    def root(self, moves: Sequence[Any], depth: int, alpha: float, beta: float, reduced: Sequence[bool],
             reduction: int, control: Any) -> tuple[list[float], list[int], int]: ...

    def pv(self, first: Any) -> list[Any]: ...

    @property
    def nodes(self) -> int: ...

    @property
    def estimates(self) -> int: ...

    @property
    def stopped(self) -> bool: ...


@dataclass(frozen=True)
class EvaluationService:
    """The ``evaluation`` service: ``build(weights)`` makes the game's :class:`Evaluation`;
    ``weights`` is the dataclass of its named weights (None: it has none, ``build(None)``);
    ``weights_file(text)`` reads a file of weights a tuner wrote (the path as a player typed it:
    the reader confines it) as checked ``{name: value}``, raising ``SaveError`` with one
    sentence otherwise (None: the game keeps no weights files)."""

    build: Callable[[Any], Evaluation]
    weights: type | None = None
    weights_file: Callable[[str], Mapping[str, float]] | None = None

    def read_file(self, text: str) -> Mapping[str, float]:
        """The weights of the file ``text`` names (``ParamError`` when the game has none)."""
        if self.weights_file is None:
            raise ParamError("this game's evaluation takes no weights file")
        return self.weights_file(text)

    def evaluation(self, params: Any = None, file: str = "") -> Evaluation:
        """The evaluation with its weights read from ``params`` (an agent's parameters in this
        game, which include them: :func:`params_with_services`), or its defaults when None;
        with ``file``, every weight left at its default takes the file's value (a weight set
        as a parameter wins over the file)."""
        weights = weights_of(params, self.weights)
        if file:
            defaults = type(weights)()
            chosen = {name: value for name, value in self.read_file(file).items()
                      if getattr(weights, name) == getattr(defaults, name)}
            weights = dataclasses.replace(weights, **chosen)
        return self.build(weights)


class Heuristic(Protocol):
    """The ``heuristic`` service: what a greedy player maximises.

    * ``scored_moves(state)``: every move worth considering for the side to move with its key
      (a tuple compared lexicographically: higher is better), in a fixed order, so seeded
      tie-breaks replay; the same move may appear more than once (Halma's jump chains).
    * ``reverses(state, move)``: the move merely undoes the side's previous move (taken only
      when nothing else is as good).
    * ``describe(key)``: a few words on a key for the trace (what its parts count).
    """

    def scored_moves(self, state: Any) -> list[tuple[tuple[float, ...], Any]]: ...

    def reverses(self, state: Any, move: Any) -> bool: ...

    def describe(self, key: tuple[float, ...]) -> str: ...


def weights_of(params: Any, weights: type | None) -> Any:
    """The ``weights`` dataclass read off ``params`` (an agent's parameters extended by them,
    :func:`params_with_services`); its defaults when ``params`` does not include them; None
    when the service has no weights."""
    if weights is None:
        return None
    if not isinstance(params, weights):
        return weights()
    return weights(**{f.name: getattr(params, f.name) for f in dataclasses.fields(weights)})


def service_weights(game: ServiceProvider, needs: Sequence[str]) -> tuple[type, ...]:
    """The weight dataclasses of the services ``needs`` names that ``game`` provides."""
    found = (getattr(game.service(name), "weights", None) for name in needs if game.provides(name))
    return tuple(w for w in found if w is not None)


_COMPOSED: dict[tuple[type | None, tuple[type, ...]], type] = {}


def params_with_services(params: type | None, weights: tuple[type, ...]) -> type | None:
    """An agent's parameter dataclass extended by the services' ``weights`` (its own fields
    first, then each service's): one class per combination, so equal settings compare equal."""
    if not weights:
        return params
    key = (params, weights)
    if key not in _COMPOSED:
        bases = (*reversed(weights), *([params] if params is not None else []))
        name = "_".join(base.__name__ for base in (*([params] if params is not None else []), *weights))
        _COMPOSED[key] = dataclasses.make_dataclass(
            name, [], bases=bases, frozen=True,
            namespace={"__reduce__": lambda self: (_rebuild, (params, weights, dataclasses.asdict(self)))})
    return _COMPOSED[key]


def _rebuild(params: type | None, weights: tuple[type, ...], values: dict[str, Any]) -> Any:
    """A composed parameter set read back (pickled to a worker process): the class is made again."""
    composed = params_with_services(params, weights)
    assert composed is not None
    return composed(**values)
