"""The source papers' experiments, one package or module per paper, above ``sim``.

Each paper's reproduction reaches into its agents and its game as it must (a Table V game
replaces the swarm's pheromone memory, McGuile's protocol places pieces at random and skips an
immobile seat's turns), so it lives here and not in ``sim``, which knows no game: ``sim`` keeps
the generic runner, batches, round robins, ratings, reports and the Dask path, and the papers use
them. A paper with named experiments registers them with ``sim.presets`` when its ``presets``
module is imported; :func:`load_presets` imports those of the papers on a game (``swarmtui sim
preset GAME`` does), so asking for one game's presets loads no other paper.

=================  =========================================================  =============
module             paper                                                      game
=================  =========================================================  =============
``kuehner_stock``  Kuehner & Stock, *Playing Halma with Swarm Intelligence*:       halma
                   Table V, the best-game memory, the look-ahead planner
``mcguile``        McGuile, *Swarm Artificial Intelligence in Hive*: the           hive
                   experiment protocol, Tables 4.1-4.3, the improved swarm
``polap``          Połap et al., *Is swarm intelligence able to create mazes?*:    (mazes)
                   generation time against size (Fig. 5)
``ford``           Ford, *Finding an optimal Noughts and Crosses strategy using    noughts
                   a GA*: training the strategy genome and its exact optimum
=================  =========================================================  =============
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass


@dataclass(frozen=True)
class Paper:
    """A paper's package and the games its presets play (empty: it has no presets)."""

    module: str
    games: tuple[str, ...] = ()


PAPERS: tuple[Paper, ...] = (
    Paper("kuehner_stock", ("halma",)),
    Paper("mcguile", ("hive",)),
    Paper("polap"),
    Paper("ford"),
)
"""Every paper reproduced here."""


def load_presets(game: str) -> None:
    """Register the presets of the papers whose experiments play ``game`` (``sim.presets``)."""
    for paper in PAPERS:
        if game in paper.games:
            importlib.import_module(f"{__name__}.{paper.module}.presets")
