"""The machine owner's external engines: declared with a command line once, chosen by name.

An external engine is another program that plays a seat (a Universal Hive Protocol engine:
Mzinga, nokamute, another ``swarmtui uhp``). Only the machine's owner declares one, in the
config file (``core.config_file``)::

    [engines]
    mzinga = "/opt/mzinga/MzingaEngine"
    nokamute = "nokamute uhp --threads=1"

or for one run with ``--engine NAME=COMMAND`` (``swarmtui``, ``sim run``,
``sim round-robin``, ``serve``). Everything else names an engine: a player entry
``uhp:NAME``, the ``uhp`` agent's parameter ``engine=NAME``, the TUI's setup (a list of the
declared names), a save, a result file, a sweep, a preset, a player of ``swarmtui serve``.
No parameter of any agent carries a command line or a path to a program, so no file, network
peer or remote player can choose one: a name that is not declared here is refused with one
sentence, and a name is a short word (``ENGINE_NAME``), never a command line or a path.

The table is per process: each face fills it at start-up (``declare_engines``); ``sim``'s
pool and Dask workers get their parent's with each task (``sim.execution``), as that task's own
table (a context variable: a Dask worker runs tasks of several runs at once in its threads, and
one run's table must not replace another's under a running task); ``swarmtui
serve`` hands its sessions only the engines its operator offers (``[serve] engines``,
``--offer-engines``; none by default), as ``--engine`` options of each session's app, which
under ``SWARMTUI_CONFINE`` ignores the ``[engines]`` of any config file.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from swarmtui.core.config_file import ConfigError, expect
from swarmtui.core.params import ParamError

ENGINE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.+-]{0,39}")
"""An engine's name: a letter or digit, then up to 39 letters, digits or ``_.+-`` (no space,
no slash, no quote: nothing that could be read as a command line or a path)."""
MAX_COMMAND = 4096
"""Characters of one declared command line."""


@dataclass(frozen=True)
class Engine:
    """One declared engine: its ``name`` and the program with its arguments (``argv``, split
    like a shell line and never run through a shell)."""

    name: str
    argv: tuple[str, ...]

    @property
    def command(self) -> str:
        """The command line, as the owner would type it (for the owner's eyes only)."""
        return shlex.join(self.argv)


def shown_name(text: str) -> str:
    """``text`` as a message quotes a would-be engine name: ``repr``, cut at 48 characters."""
    return repr(text if len(text) <= 48 else text[:47] + "…")


def check_engine_name(text: str) -> str:
    """``text`` when it is an engine name (``ENGINE_NAME``); ``ParamError`` saying so otherwise."""
    if ENGINE_NAME.fullmatch(text):
        return text
    if not text:
        raise ParamError("an external engine is chosen by its name (uhp:NAME); "
                         f"declared here: {declared_list()}")
    raise ParamError(f"{shown_name(text)} is not an engine name: an engine is chosen by the name the machine's "
                     "owner declared for it (letters, digits, '_.+-'), never by a command line or a path")


def parse_engine(name: str, command: str, where: str = "--engine") -> Engine:
    """The engine ``name`` running ``command``; ``ParamError`` naming ``where`` when either is unusable."""
    try:
        check_engine_name(name)
    except ParamError as error:
        raise ParamError(f"{where}: {error}") from None
    if len(command) > MAX_COMMAND:
        raise ParamError(f"{where}: the command line of {name} is longer than {MAX_COMMAND} characters")
    try:
        argv = tuple(shlex.split(command))
    except ValueError as error:
        raise ParamError(f"{where}: the command line of {name} cannot be read ({error})") from None
    if not argv:
        raise ParamError(f"{where}: {name} has an empty command line")
    return Engine(name, argv)


def engine_option(text: str) -> Engine:
    """``--engine NAME=COMMAND`` -> the engine; ``ParamError`` when it is not of that form."""
    name, sep, command = text.partition("=")
    if not sep:
        raise ParamError(f"--engine {shown_name(text)} is not of the form NAME=COMMAND "
                         "(e.g. --engine mzinga=/opt/mzinga/MzingaEngine)")
    return parse_engine(name.strip(), command.strip(), f"--engine {name.strip()}")


def engines_section(document: Mapping[str, Any], where: str) -> dict[str, Engine]:
    """The ``[engines]`` table of a config document; ``ConfigError`` naming the key otherwise."""
    table = expect(document.get("engines", {}), dict, f"{where}: engines", "a table of NAME = \"command line\"")
    engines = {}
    for name, command in table.items():
        here = f"{where}: engines.{name}"
        expect(command, str, here, "the engine's command line in quotes")
        try:
            engines[name] = parse_engine(name, command, here)
        except ParamError as error:
            raise ConfigError(str(error)) from None
    return engines


def offered_section(document: Mapping[str, Any], where: str) -> tuple[str, ...] | None:
    """``[serve] engines``: the names ``swarmtui serve`` offers its players (None: not set).
    Each must be declared under ``[engines]`` of the same file or with ``--engine``; the caller
    checks that, once it knows both."""
    serve = expect(document.get("serve", {}), dict, f"{where}: serve", "a table")
    unknown = set(serve) - {"engines"}
    if unknown:
        raise ConfigError(f"{where}: serve.{sorted(unknown)[0]}: unknown key (known: engines)")
    if "engines" not in serve:
        return None
    names = expect(serve["engines"], list, f"{where}: serve.engines", "a list of engine names")
    for name in names:
        expect(name, str, f"{where}: serve.engines", "a list of engine names")
        if not ENGINE_NAME.fullmatch(name):
            raise ConfigError(f"{where}: serve.engines: {shown_name(name)} is not an engine name")
    return tuple(names)


_DECLARED: dict[str, Engine] = {}
_TASK_TABLE: ContextVar[dict[str, Engine] | None] = ContextVar("swarmtui_task_engines", default=None)
"""The table of the task running in this thread (``with_engines``); None: the process's."""


def _table() -> dict[str, Engine]:
    task = _TASK_TABLE.get()
    return _DECLARED if task is None else task


def declare_engines(engines: Iterable[Engine]) -> None:
    """Make ``engines`` this process's whole table (a face at start-up; a worker per task)."""
    table = {engine.name: engine for engine in engines}
    _DECLARED.clear()
    _DECLARED.update(table)


def declared_engines() -> dict[str, Engine]:
    """This process's engines by name, in declaration order (the running task's, in a worker)."""
    return dict(_table())


def engine_names() -> tuple[str, ...]:
    """The names of the declared engines (what the TUI's setup offers)."""
    return tuple(_table())


def declared_list() -> str:
    """``"mzinga, nokamute"``, or a sentence saying how to declare one when there is none."""
    if _table():
        return ", ".join(_table())
    return ("none (the machine's owner declares engines in the config file's [engines] section, "
            "or with --engine NAME=COMMAND)")


def engine_named(name: str) -> Engine:
    """The declared engine ``name``; ``ParamError`` (one sentence) for any other text."""
    check_engine_name(name)
    table = _table()
    if name not in table:
        raise ParamError(f"no external engine named {name!r} is declared on this machine "
                         f"(declared: {declared_list()})")
    return table[name]


def with_engines(engines: tuple[Engine, ...], function: Any, task: Any) -> Any:
    """``function(task)`` with ``engines`` as the table of this task alone: how a pool or Dask
    worker plays a task of a run whose parent declared engines (picklable with
    ``functools.partial``). Tasks of other runs in the worker's other threads keep their own."""
    token = _TASK_TABLE.set({engine.name: engine for engine in engines})
    try:
        return function(task)
    finally:
        _TASK_TABLE.reset(token)
