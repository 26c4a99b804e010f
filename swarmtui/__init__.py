"""swarmtui: swarm-intelligence agents play board games and build mazes in a terminal."""

__version__ = "0.1.0"
