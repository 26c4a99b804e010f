"""The ``minimax`` agent: exact game-theoretic play for small games (noughts), the reference.

The agent's spec; its implementation (``agent.py``) is imported when a game builds it, so the
menus list it without loading it.
"""

from __future__ import annotations

from typing import Any

from swarmtui.core.agent import AgentSpec

SPEC: AgentSpec[Any] = AgentSpec(
    "minimax", "Minimax (perfect)", ("noughts",), "swarmtui.agents.minimax.agent:build",
    "swarmtui.agents.minimax.agent:MinimaxParams",
    description="exact game-tree search; seeded tie-breaks",
)
