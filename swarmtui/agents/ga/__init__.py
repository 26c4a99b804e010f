"""The noughts genetic algorithm (Ford, seed 003): genome, fitness, GAs, solver and agent.

``SPEC`` is the ``ga`` agent's spec: it plays an evolved strategy file (by default the shipped
one for its seat's side). Its implementation (``agent.py``) is imported when a game builds it,
so importing ``ga.trace`` for its trace kind does not load the GA and the noughts state space.
Training lives in ``swarmtui.papers.ford``.
"""

from __future__ import annotations

from typing import Any

from swarmtui.core.agent import AgentSpec

SPEC: AgentSpec[Any] = AgentSpec(
    "ga", "Genetic algorithm (Ford)", ("noughts",), "swarmtui.agents.ga.agent:build",
    "swarmtui.agents.ga.agent:GaParams", check="swarmtui.agents.ga.agent:check",
    description="plays an evolved strategy genome through its base-case symmetry",
    traces={"genome": "swarmtui.agents.ga.trace"},
)
