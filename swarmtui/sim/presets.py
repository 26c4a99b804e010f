"""Named experiments (``swarmtui sim preset GAME NAME``): the papers' protocols, one per preset.

A preset bundles everything a paper's experiment fixes — who plays, with which parameters,
under which protocol, how many games, what the paper reported — behind a name, so a table of
a paper is reproduced with one command. The experiments live with their paper
(``swarmtui.papers``, above ``sim``), whose ``presets`` modules register them here when
imported (``papers.load_presets``); this registry knows no game and no paper.

The options given on the command line travel in a ``PresetRequest``: ``games`` is None when
the user left the paper's count alone; ``params`` are extra ``name=value`` overrides applied
on top of the preset's own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console

from swarmtui.core.params import ParamError


@dataclass(frozen=True)
class PresetRequest:
    """The command line's say in a preset run."""

    games: int | None
    seed: int
    workers: int
    out: Path | None
    params: tuple[str, ...]
    out_console: Console
    err_console: Console
    scheduler: str | None = None
    traces: bool = False


@dataclass(frozen=True)
class Preset:
    """A named experiment of ``game``; ``run`` plays it and prints its table."""

    game: str
    name: str
    summary: str
    run: Callable[[PresetRequest], None]
    no_traces: str = ""
    """Why ``--traces`` is refused for this preset; empty when it keeps every AI decision's trace."""


_PRESETS: dict[tuple[str, str], Preset] = {}


def register(preset: Preset) -> Preset:
    _PRESETS[(preset.game, preset.name)] = preset
    return preset


def presets_for(game: str) -> list[Preset]:
    """The presets of ``game`` registered so far, in registration order."""
    return [p for (g, _), p in _PRESETS.items() if g == game]


def get_preset(game: str, name: str) -> Preset:
    """The preset ``name`` of ``game``; ParamError naming the known ones otherwise."""
    try:
        return _PRESETS[(game, name)]
    except KeyError:
        known = ", ".join(p.name for p in presets_for(game)) or "none yet"
        raise ParamError(f"unknown preset {name!r} for {game} (known: {known})") from None
