"""The ``halma-search`` agent: best-reply alpha-beta for 1 to 6 players racing for real.

The agent's spec; its implementation (``agent.py``) is imported when a game builds it, so the
menus list it without loading it.
"""

from __future__ import annotations

from typing import Any

from swarmtui.core.agent import AgentSpec

SPEC: AgentSpec[Any] = AgentSpec(
    "halma-search", "Search (best-reply alpha-beta)", ("halma",), "swarmtui.agents.halma_search.agent:build",
    "swarmtui.agents.halma_search.agent:HalmaSearchParams",
    description="races for its goal and blocks: 2-6 players, easy to max",
)
