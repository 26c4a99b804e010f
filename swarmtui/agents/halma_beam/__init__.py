"""The ``beam`` agent: plans the fastest crossing of the Halma star and plays it.

The agent's spec; its implementation (``agent.py``) is imported when a game builds it, so the
menus list it without loading it.
"""

from __future__ import annotations

from typing import Any

from swarmtui.core.agent import AgentSpec

SPEC: AgentSpec[Any] = AgentSpec(
    "beam", "Beam crossing", ("halma",), "swarmtui.agents.halma_beam.agent:build",
    "swarmtui.agents.halma_beam.agent:BeamParams",
    description="plans the whole crossing by beam search (alone: Bell's 27-move optimum)",
)
