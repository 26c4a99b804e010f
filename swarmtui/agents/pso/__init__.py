"""McGuile's particle-swarm Hive players: particles, vicinities, intentions, and the three agents.

- ``SPEC``: ``pso``, the thesis swarm (``agent.py``);
- ``PLUS``: ``pso-plus``, the swarm with a look-ahead (``plus.py``);
- ``VERIFIED``: ``pso-verify``, the swarm proposes and a search verifies (``verified.py``).

Each agent's implementation is imported when a game builds it, so importing the package (the
menus, ``pso.trace`` for its trace kind) stays light.
"""

from __future__ import annotations

from typing import Any

from swarmtui.core.agent import AgentSpec

_TRACES = {"particle": "swarmtui.agents.pso.trace"}

SPEC: AgentSpec[Any] = AgentSpec(
    "pso", "Particle swarm with intentions (McGuile)", ("hive",), "swarmtui.agents.pso.agent:build",
    "swarmtui.agents.pso.agent:PsoParams",
    description="PSO insects (eq. 2.1, local vicinities) choosing a move by intentions: Velocity + Danger Theory, "
    "or Direct-to-Goal near the opponent Queen",
    traces=_TRACES,
)

PLUS: AgentSpec[Any] = AgentSpec(
    "pso-plus", "Particle swarm + look-ahead (beyond McGuile)", ("hive",), "swarmtui.agents.pso.plus:build",
    "swarmtui.agents.pso.plus:PlusParams",
    description="the thesis swarm plus a winning look-ahead, Queen safety (no one-move loss), "
    "surround gain for pinned endgames and recall against repetition",
    traces=_TRACES,
)

VERIFIED: AgentSpec[Any] = AgentSpec(
    "pso-verify", "Particle swarm proposes, search verifies", ("hive",), "swarmtui.agents.pso.verified:build",
    "swarmtui.agents.pso.verified:VerifiedParams",
    description="the pso-plus swarm's insects and the hive propose moves; a three-ply alpha-beta picks among them",
    traces=_TRACES,
)
