"""The ant-and-bee swarm Halma player (Kuehner & Stock, seed 000, section V).

ACO plans one path per piece over a pheromone field on the star's directed edges; the BCO
backward pass recruits the piece that moves. ``SPEC`` registers the ``aco-bco`` agent; the
experiments of Table V live in ``swarmtui.sim.halma_presets``.
"""

from swarmtui.agents.aco_bco.agent import AcoBcoAgent, _factory
from swarmtui.agents.aco_bco.params import AcoBcoParams
from swarmtui.core.agent import AgentSpec

SPEC = AgentSpec(
    "aco-bco", "Ant and bee swarm (Kuehner & Stock)", ("halma",), _factory, AcoBcoParams,
    description="each piece's ant plans a path on the pheromone field; bees recruit the piece that moves",
)

__all__ = ["SPEC", "AcoBcoAgent", "AcoBcoParams"]
