"""The ``alphabeta`` agent: an engine-grade search player, the reference every swarm is rated against.

It plays every game that provides an ``evaluation`` (``core.services``). ``SPEC`` is its spec;
the player is ``agent.py`` (budgets, difficulties, rating a move) over the search in
``search.py``, imported when a game builds it.
"""

from __future__ import annotations

from typing import Any

from swarmtui.core.agent import ANY, AgentSpec
from swarmtui.core.services import EVALUATION

SPEC: AgentSpec[Any] = AgentSpec(
    "alphabeta", "Alpha-beta", ANY, "swarmtui.agents.alphabeta.agent:build",
    "swarmtui.agents.alphabeta.agent:AlphaBetaParams", check="swarmtui.agents.alphabeta.agent:check",
    needs=(EVALUATION,), description="engine search, easy to max",
)
