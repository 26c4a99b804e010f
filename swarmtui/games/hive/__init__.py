"""Hive (base game): pieces, rules, UHP notation, perft and a text renderer."""

from swarmtui.games.hive.pieces import ALL_PIECES, Bug, Piece, parse_piece
from swarmtui.games.hive.rules import PASS, Board, Move

__all__ = ["ALL_PIECES", "Board", "Bug", "Move", "PASS", "Piece", "parse_piece"]
