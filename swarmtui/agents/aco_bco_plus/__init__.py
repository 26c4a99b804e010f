"""``aco-bco-plus``: a look-ahead planner in the paper's ant-and-bee dress.

The agent's spec; its implementation (``agent.py``) is imported when a game builds it, so the
menus list it without loading it.
"""

from __future__ import annotations

from typing import Any

from swarmtui.core.agent import AgentSpec

SPEC: AgentSpec[Any] = AgentSpec(
    "aco-bco-plus", "Look-ahead planner (ants, bees)", ("halma",), "swarmtui.agents.aco_bco_plus.agent:build",
    "swarmtui.agents.aco_bco_plus.agent:PlusParams",
    description="a four-move greedy roll-out picks the move; the ant trails and bee roulette it keeps "
                "add nothing measurable (ablation in docs/halma.md)",
    check="swarmtui.agents.aco_bco.agent:check_memory",
    traces={kind: "swarmtui.agents.aco_bco.trace" for kind in ("ant", "bee", "swarm")},
)
