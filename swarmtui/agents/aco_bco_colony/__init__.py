"""``aco-bco-colony``: the Halma swarm whose ants and bees carry its strength.

Ants build multi-move plans, spreading out over the moves of a position they share, bees recruit
to the best partial plans (the BCO forward and backward passes), and the best plan persists from
turn to turn; pheromone on moves (eq. 6-8) is a switch, off by default because it costs moves
once the ants spread out. The ablation in docs/halma.md switches each part off against the same
roll-out at the same evaluation budget.

``SPEC`` is the agent's spec; its implementation (``agent.py``) is imported when a game builds
it: importing the package for its trace kind (``aco_bco_colony.trace``) does not load the
colony and the Halma rules.
"""

from __future__ import annotations

from typing import Any

from swarmtui.core.agent import AgentSpec

SPEC: AgentSpec[Any] = AgentSpec(
    "aco-bco-colony", "Ant and bee colony (bees recruit to plans)", ("halma",),
    "swarmtui.agents.aco_bco_colony.agent:build", "swarmtui.agents.aco_bco_colony.params:ColonyParams",
    description="ants build multi-move plans, spreading out over the moves of a position they share, bees "
                "recruit to the best partial plans, the best plan persists between turns; pheromone on moves "
                "is a switch, off by default (ablation in docs/halma.md)",
    traces={"colony": "swarmtui.agents.aco_bco_colony.trace"},
)
