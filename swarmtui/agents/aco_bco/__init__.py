"""The ant-and-bee swarm Halma player (Kuehner & Stock, seed 000, section V).

ACO plans one path per piece over a pheromone field on the star's directed edges; the BCO
backward pass recruits the piece that moves. ``SPEC`` is the ``aco-bco`` agent's spec; its
implementation (``agent.py``) is imported when a game builds it, so importing the package (the
menus, ``aco_bco.trace`` for its trace kinds) does not load the agent and the Halma rules. The
experiments of Table V live in ``swarmtui.papers.kuehner_stock``.
"""

from __future__ import annotations

from typing import Any

from swarmtui.core.agent import AgentSpec

SPEC: AgentSpec[Any] = AgentSpec(
    "aco-bco", "Ant and bee swarm (Kuehner & Stock)", ("halma",), "swarmtui.agents.aco_bco.agent:build",
    "swarmtui.agents.aco_bco.params:AcoBcoParams", check="swarmtui.agents.aco_bco.agent:check_memory",
    description="each piece's ant plans a path on the pheromone field; bees recruit the piece that moves",
    traces={kind: "swarmtui.agents.aco_bco.trace" for kind in ("ant", "bee", "swarm")},
)
