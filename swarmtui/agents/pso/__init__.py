"""McGuile's particle-swarm Hive player (``pso``): particles, vicinities, intentions, the agent."""

from swarmtui.agents.pso.agent import SPEC, PsoParams, SwarmAgent

__all__ = ["SPEC", "PsoParams", "SwarmAgent"]
