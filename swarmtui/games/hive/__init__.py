"""Hive (the base game and the Mosquito, Ladybug and Pillbug expansions): pieces, rules, UHP
notation, perft and a text renderer. The game type (UHP's ``Base`` ... ``Base+MLP``) is the
rule variant: ``SPEC.start(rules=HiveRules("Base+MLP"))``.

``SPEC`` is the game's descriptor (``swarmtui.games`` registers it); it imports the rules only
when a game starts, and the package's other names load on first use (PEP 562), so listing the
games stays light.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from swarmtui.games.descriptor import GameSpec

if TYPE_CHECKING:
    from rich.text import Text

    from swarmtui.games.hive.rules import Board, HiveRules

__all__ = ["ALL_PIECES", "Board", "Bug", "GameType", "HiveRules", "Move", "PASS", "Piece", "SPEC", "parse_piece",
           "skip_turn"]
_RULES = ("Board", "HiveRules", "Move", "PASS")
_PIECES = ("ALL_PIECES", "Bug", "GameType", "Piece", "parse_piece")


def _new_board(rules: HiveRules | None = None) -> Board:
    from swarmtui.games.hive.rules import Board

    return Board(game_type=rules.game_type, repetition=rules.repetition) if rules is not None else Board()


def _render(board: Board, glyphs: str = "unicode") -> Text:
    from swarmtui.games.hive.render import render_board

    return render_board(board, glyphs=glyphs)


def _position(text: str, rules: HiveRules | None = None) -> Board:
    """A UHP GameString (its game type is the string's; the repetition rule the ``rules``')."""
    from swarmtui.games.hive.rules import Board

    return Board.from_game_string(text, repetition=rules.repetition if rules is not None else True)


def _position_text(board: Board) -> str:
    return board.game_string()


def skip_turn(board: Board) -> None:
    """Let the side to move skip its turn: McGuile's immobile opponent (Table 4.1) never moves.

    The rules have no voluntary pass, so this applies the forced pass directly; only experiment
    protocols and the replays of their logs call it.
    """
    from swarmtui.games.hive.rules import PASS

    board._apply(PASS)  # noqa: SLF001 - the rules have no voluntary pass


def _prepare() -> None:
    """Load the compiled move generator, evaluation and search (``compiled_search.load``, which
    loads the other two first: about a second from Numba's cache)."""
    from swarmtui.games.hive import compiled_search

    compiled_search.load()


SPEC = GameSpec(
    "hive", "Hive", ("White", "Black"), True, _new_board,
    "base game and the Mosquito/Ladybug/Pillbug expansions, UHP notation; particle swarm with intentions "
    "(McGuile), MCTS",
    default_players=("random", "random"), notation="UHP MoveString", render=_render,
    skip_turn=skip_turn,
    rules="swarmtui.games.hive.rules:HiveRules",
    coach=("alphabeta", (("difficulty", "hard"),)), parse_position=_position, format_position=_position_text,
    prepare=_prepare,
    services={"evaluation": "swarmtui.games.hive.services:EVALUATION",
              "rulebook": "swarmtui.games.hive.rulebook:RULEBOOK"},
)
"""The game's descriptor (``swarmtui.games`` registers it)."""


def __getattr__(name: str) -> Any:
    if name in _RULES:
        from swarmtui.games.hive import rules

        return getattr(rules, name)
    if name in _PIECES:
        from swarmtui.games.hive import pieces

        return getattr(pieces, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
