"""Connect Four on a small board: a fourth game that lives only in the tests.

It is the worked example of docs/architecture.md's "Adding a game": ``SPEC`` is all swarmtui
learns about it (one registration: ``register_game(SPEC)`` or the entry point), and with that
one descriptor the conformance suite checks it, the generic agents play it, ``alphabeta`` plays
it because the descriptor provides an evaluation (``evaluation.py``), ``swarmtui sim`` runs it,
and the TUI offers it from the menu through setup to a game and its replay (on the generic
notation board, or on its own ``BoardView`` once the TUI registers ``board.py``). Nothing outside
this package names it.
"""

from __future__ import annotations

from rich.text import Text

from connect_four.rules import SEATS, Board, ConnectFourRules
from swarmtui.games import GameSpec


def new_board(rules: ConnectFourRules = ConnectFourRules()) -> Board:
    return Board(rules)


def render(board: Board, glyphs: str = "unicode") -> Text:
    from connect_four.render import render_board

    return render_board(board, glyphs=glyphs)


SPEC = GameSpec(
    "connect-four", "Connect Four (small)", SEATS, True, new_board,
    "drop discs into columns; four in a row wins (a test-only game)",
    default_players=("mcts", "random"), notation="column letters a-e", render=render,
    rules="connect_four.rules:ConnectFourRules",
    services={"evaluation": "connect_four.evaluation:EVALUATION", "rulebook": "connect_four.rulebook:RULEBOOK"},
)
