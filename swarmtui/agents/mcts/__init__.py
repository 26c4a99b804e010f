"""The ``mcts`` agent: depth-limited UCT Monte Carlo Tree Search with root parallelisation.

The agent's spec; its implementation (``agent.py``) is imported when a game builds it, so the
menus list it without loading it.
"""

from __future__ import annotations

from typing import Any

from swarmtui.core.agent import ANY, AgentSpec

SPEC: AgentSpec[Any] = AgentSpec(
    "mcts", "Monte Carlo tree search (UCT)", ANY, "swarmtui.agents.mcts.agent:build",
    "swarmtui.agents.mcts.agent:MctsParams",
    description="depth-limited UCT, terminal rewards only, root parallelisation (McGuile 3.4.2)",
)
