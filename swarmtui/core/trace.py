"""Decisions and the traces that record how an agent reached them (DESIGN.md, core vocabulary).

Traces are plain data: panels animate them, ``swarmtui sim`` can log them as JSON, tests
assert on them. Each trace kind is a frozen dataclass with a ``kind`` tag and ``to_json()``;
defining the subclass registers its kind, and ``trace_from_json`` (``Trace.from_json``) builds
the right class back from that tag. Kinds every search shares (``NoTrace``, ``SearchTrace``)
live here; an agent's own kind lives beside the agent (``agents/aco_bco/trace.py``,
``agents/pso/trace.py``, ``agents/ga/trace.py``) and registers when its module is imported.
``swarmtui.agents`` declares those modules by kind (``declare_kinds``) without importing them:
``trace_from_json`` imports a kind's module the first time it reads that kind, so a command
that never meets a Halma or Hive trace never loads their trace classes.
"""

from __future__ import annotations

import dataclasses
import importlib
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any, Generic, TypeVar

Move = TypeVar("Move")
T = TypeVar("T", bound="Trace")

_KINDS: dict[str, type[Trace]] = {}
_DECLARED: dict[str, str] = {}
_FINDERS: list[Callable[[], None]] = []
"""Kinds whose class lives in a module not imported yet: kind -> that module's import path."""

Cell = tuple[int, int]
"""A hole as axial ``(q, r)`` (``core.hexgrid.Hex`` is one) — traces stay plain tuples."""
CELL_LIMIT = 1024
"""The largest coordinate a trace read back may give a cell (Halma's star spans -8..8, a Hive
lattice a few dozen): panels draw lines between cells, and a damaged file must not ask for a
line a billion cells long."""


@dataclass(frozen=True)
class Trace:
    """Base of every trace kind: a subclass that sets ``kind`` registers itself under it."""

    kind: str = field(init=False, default="trace")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        declared = cls.__dict__.get("kind")  # the dataclass decorator has not run yet: a Field
        tag = declared.default if isinstance(declared, dataclasses.Field) else declared
        if not isinstance(tag, str):
            return
        known = _KINDS.get(tag)
        if known is not None and (known.__module__, known.__qualname__) != (cls.__module__, cls.__qualname__):
            raise ValueError(f"trace kind {tag!r} is taken by {known.__module__}.{known.__qualname__}")
        _KINDS[tag] = cls

    def summary(self) -> str:
        """One line saying what was played and why (``swarmtui replay``, logs); kinds override it."""
        note = getattr(self, "note", "")
        return note or self.kind

    def proposals(self) -> tuple[str, ...]:
        """The moves this deliberation proposed, in notation, best first (the coach ranks a
        player's move among them: ``core.rating``); empty when it shows none but its choice."""
        return ()

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls: type[T], payload: Any) -> T:
        """The trace ``to_json`` wrote, as its registered class (``ValueError`` for an unknown
        kind, a damaged payload, or a kind that is not ``cls``)."""
        trace = trace_from_json(payload)
        if not isinstance(trace, cls):
            raise ValueError(f"a {trace.kind} trace is not a {cls.__name__}")
        return trace


def declare_kinds(modules: Mapping[str, str]) -> None:
    """Say which module defines each of these kinds (``{"ant": "swarmtui.agents.aco_bco.trace"}``),
    without importing it: ``trace_from_json`` and ``trace_kinds`` import it when they need it."""
    _DECLARED.update(modules)


def declare_finder(finder: Callable[[], None]) -> None:
    """Add ``finder``, which declares more kinds (``declare_kinds``) when a kind is not known yet:
    the agent registry's, which reads its agents' specs only when a trace needs them. Each
    finder runs once."""
    _FINDERS.append(finder)


def _run_finders() -> None:
    while _FINDERS:
        _FINDERS.pop(0)()


def _kind_class(kind: str) -> type[Trace] | None:
    if kind not in _KINDS and kind not in _DECLARED:
        _run_finders()
    if kind not in _KINDS and kind in _DECLARED:
        importlib.import_module(_DECLARED[kind])
        if kind not in _KINDS:
            raise RuntimeError(f"{_DECLARED[kind]} was declared to define trace kind {kind!r} but does not")
    return _KINDS.get(kind)


def trace_kinds() -> dict[str, type[Trace]]:
    """Every registered trace class by its ``kind`` tag (importing the declared ones first)."""
    _run_finders()
    for kind in list(_DECLARED):
        _kind_class(kind)
    return dict(_KINDS)


def trace_from_json(payload: Any) -> Trace:
    """The trace object ``Trace.to_json`` wrote (``ValueError`` for an unknown or damaged one)."""
    kind = payload.get("kind") if isinstance(payload, dict) else None
    if not isinstance(kind, str) or _kind_class(kind) is None:
        raise ValueError(f"unknown trace kind {kind!r}")
    try:
        trace = _dataclass(_KINDS[kind], payload)
    except (TypeError, KeyError, ValueError) as error:
        raise ValueError(f"damaged {kind} trace: {error}") from None
    assert isinstance(trace, Trace)
    return trace


_PLAIN = {str: (str,), int: (int,), float: (int, float), bool: (bool,)}
"""The JSON types a field of each plain annotation takes (``bool`` is never a number here)."""


def _build(annotation: Any, value: Any) -> Any:
    """``value`` (plain JSON) converted to ``annotation``: dataclasses, tuples, optionals; a
    string, number or flag of the wrong type, or a pair of the wrong length, is a ``TypeError``
    (a damaged trace read from a file never reaches the panels that draw it: issue 27)."""
    plain = _PLAIN.get(annotation)
    if plain is not None:
        if not isinstance(value, plain) or (isinstance(value, bool) and annotation is not bool):
            raise TypeError(f"expected {annotation.__name__}, got {type(value).__name__}")
        return value
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        if value is None:
            return None
        options = [a for a in typing.get_args(annotation) if a is not type(None)]
        return _build(options[0], value)
    if dataclasses.is_dataclass(annotation) and isinstance(annotation, type):
        if not isinstance(value, dict):
            raise TypeError(f"expected an object for {annotation.__name__}")
        return _dataclass(annotation, value)
    if origin is tuple:
        args = typing.get_args(annotation)
        if not isinstance(value, (list, tuple)):
            raise TypeError("expected a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_build(args[0], v) for v in value)
        if len(args) != len(value):
            raise TypeError(f"expected {len(args)} items, got {len(value)}")
        built = tuple(_build(a, v) for a, v in zip(args, value, strict=True))
        if annotation == Cell and max(abs(built[0]), abs(built[1])) > CELL_LIMIT:
            raise ValueError(f"cell {built} is off any board")
        return built
    return value


def _dataclass(cls: type, payload: dict[str, Any]) -> Any:
    hints = typing.get_type_hints(cls)
    kwargs = {
        f.name: _build(hints[f.name], payload[f.name])
        for f in dataclasses.fields(cls) if f.init and f.name in payload
    }
    return cls(**kwargs)


@dataclass(frozen=True)
class NoTrace(Trace):
    """The agent has nothing to show (a human, a uniform random choice)."""

    kind: str = field(init=False, default="none")
    note: str = ""


@dataclass(frozen=True)
class CandidateMove:
    """One move a search considered: its notation, a value and (for MCTS) its visit count."""

    move: str
    value: float
    visits: int = 0
    note: str = ""


@dataclass(frozen=True)
class SearchTrace(Trace):
    """Search players (minimax, MCTS): the candidate moves with their values.

    ``value`` is from the mover's point of view: +1 win, 0 draw, -1 loss for exact search.
    ``best`` holds the notations of all moves that tie for the best value; ``chosen`` is the
    one the seeded tie-break picked. Depth-first searches (alpha-beta) also give the ``depth``
    of the deepest iteration, the principal variation ``pv`` (the expected line, chosen move
    first) and the ``seconds`` spent; the others leave them empty. ``plan`` is True when the
    candidates are the moves of one plan in the order it plays them (``beam``), not alternatives
    to the chosen move.
    """

    kind: str = field(init=False, default="search")
    algorithm: str = ""
    candidates: tuple[CandidateMove, ...] = ()
    best: tuple[str, ...] = ()
    chosen: str = ""
    nodes: int = 0
    depth: int = 0
    pv: tuple[str, ...] = ()
    seconds: float = 0.0
    plan: bool = False

    def proposals(self) -> tuple[str, ...]:
        """The candidates in the order the search ranked them (none for a plan's later moves)."""
        return () if self.plan else tuple(c.move for c in self.candidates)

    def summary(self) -> str:
        """``minimax plays b2 (best of 3 tied at +0.00; 549 nodes): a1 0v +0.00, ...``."""
        name = self.algorithm or "search"
        top = ", ".join(f"{c.move} {c.visits}v {c.value:+.2f}" if c.visits else f"{c.move} {c.value:+.2f}"
                        for c in self.candidates[:3])
        chosen = next((c for c in self.candidates if c.move == self.chosen), None)
        why = []
        if chosen is not None:
            why.append(f"value {chosen.value:+.2f}" + (f", {chosen.visits} visits" if chosen.visits else ""))
        if len(self.best) > 1:
            why.append(f"{len(self.best)} moves tied, seeded tie-break")
        if self.nodes:
            why.append(f"{self.nodes} nodes")
        head = f"{name} plays {self.chosen}" if self.chosen else name
        head += f" ({'; '.join(why)})" if why else ""
        return f"{head}; top: {top}" if top else head


@dataclass(frozen=True)
class Decision(Generic[Move]):
    """What ``Agent.decide`` returns: the chosen move and how it was reached."""

    move: Move
    trace: Trace = field(default_factory=NoTrace)
