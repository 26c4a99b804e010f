"""Halma (Sternhalma / Chinese Checkers): the star, rules, notation and text rendering."""

from swarmtui.games.halma.rules import Board, HalmaRules, Move

__all__ = ["Board", "HalmaRules", "Move"]
