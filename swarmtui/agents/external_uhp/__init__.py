"""The ``uhp`` agent: a Universal Hive Protocol engine the machine's owner declared plays a Hive seat.

The agent's spec; its implementation (``agent.py``) is imported when a game builds it, so the
menus list it without loading it.
"""

from __future__ import annotations

from typing import Any

from swarmtui.core.agent import AgentSpec

SPEC: AgentSpec[Any] = AgentSpec(
    "uhp", "External UHP engine", ("hive",), "swarmtui.agents.external_uhp.agent:build",
    "swarmtui.agents.external_uhp.agent:UhpParams", check="swarmtui.agents.external_uhp.agent:check",
    external=True,
    description="a Universal Hive Protocol engine the machine's owner declared, chosen by name (uhp:NAME)",
)
