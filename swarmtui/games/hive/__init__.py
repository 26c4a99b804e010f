"""Hive (base game): pieces, rules, UHP notation, perft and a text renderer."""

from rich.text import Text

from swarmtui.games.descriptor import GameSpec
from swarmtui.games.hive.pieces import ALL_PIECES, Bug, Piece, parse_piece
from swarmtui.games.hive.rules import PASS, Board, Move


def _render(board: Board, glyphs: str = "unicode") -> Text:
    from swarmtui.games.hive.render import render_board

    return render_board(board, glyphs=glyphs)


def skip_turn(board: Board) -> None:
    """Let the side to move skip its turn: McGuile's immobile opponent (Table 4.1) never moves.

    The rules have no voluntary pass, so this applies the forced pass directly; only experiment
    protocols and the replays of their logs call it.
    """
    board._apply(PASS)  # noqa: SLF001 - the rules have no voluntary pass


SPEC = GameSpec(
    "hive", "Hive", ("White", "Black"), True, Board,
    "base game, UHP notation; particle swarm with intentions (McGuile), MCTS",
    default_players=("random", "random"), notation="UHP MoveString", render=_render,
    board="swarmtui.tui.widgets.hive_board:HiveBoard", skip_turn=skip_turn,
)
"""The game's descriptor (``swarmtui.games`` registers it)."""

__all__ = ["ALL_PIECES", "Board", "Bug", "Move", "PASS", "Piece", "SPEC", "parse_piece", "skip_turn"]
