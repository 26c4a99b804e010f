"""Every limit a save, game log or result file is read under, and JSON parsed under them.

A save or result file may come from anywhere (a download, another player's folder, a
damaged disk), so reading one never trusts its size or shape: these bounds turn a hostile
file into one ``SaveError`` sentence instead of a ``RecursionError`` (deep nesting), a
``ValueError`` (an integer of more than 4,300 digits), ``NaN``/``Infinity``, a reader
blocked on a FIFO, or memory grown without bound. The defaults are far above anything
swarmtui writes (``docs/saves.md`` lists them). ``core.saves`` applies the size limits when
it opens a file, ``parse`` the rest; ``records`` the counts.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any


@dataclass(frozen=True)
class Limits:
    """Bounds on what a reader accepts.

    ``max_depth``: JSON nesting (a game line with particle traces nests 7 deep).
    ``max_int_digits``: digits of one JSON integer (seeds are below 2**63: 19 digits).
    ``max_line_bytes``: one line of a result file: 16 MiB, about five times the largest line
    measured (a 318-ply six-player Halma game of ``aco-bco-colony`` with its traces, 3.4 MB;
    about 10.6 KB a ply, so a game at the 500-move cap is 5.3 MB; a traced Hive game 115-157
    KB). Parsing multiplies a line by 15 (real traces) to 40 (a hostile line of empty
    objects): ``benchmarks/result_read_memory.py``. ``max_save_bytes``: a whole save.
    ``max_result_bytes``: a whole result file, which every reader streams (its memory is one
    line's and each game's light record), so this bounds the reading time, not the memory.
    ``max_games``: games a run header may claim in all (the CLI's ``--games`` bound), so
    ``--resume`` never plans more than a run could have. ``max_moves``: moves of one game.
    ``max_seats``: players of one game. ``max_text``: characters of one move or name;
    ``max_note``: of a result sentence (an engine's forfeit message). ``max_seconds``: a
    game's time or a seat's thinking time (about 31 years: sums and means of any number of
    games stay finite, where ``1e308`` seconds overflowed ``sim report``'s mean).

    A game record from another program (``records.pgn``, ``records.sgf``,
    ``records.text_record``) is read under its own, tighter bounds: ``max_record_bytes`` for
    the file, ``max_record_line`` characters a line (a UHP GameString is one line: 10,000 plies
    fit), ``max_record_moves`` plies a game (``swarmtui sim`` stops a game at 10,000),
    ``max_record_games`` games a file and ``max_tags`` tag pairs a game (each key and value at
    most ``max_text``).
    """

    max_depth: int = 64
    max_int_digits: int = 40
    max_line_bytes: int = 16 * 1024 * 1024
    max_save_bytes: int = 16 * 1024 * 1024
    max_result_bytes: int = 2_000_000_000
    max_games: int = 10_000_000
    max_moves: int = 1_000_000
    max_seats: int = 6
    max_text: int = 1024
    max_note: int = 65536
    max_seconds: float = 1e9
    max_record_bytes: int = 16 * 1024 * 1024
    max_record_line: int = 256 * 1024
    max_record_moves: int = 10_000
    max_record_games: int = 10_000
    max_tags: int = 64


LIMITS = Limits()
"""The limits every reader uses."""


class SaveError(Exception):
    """A save file that cannot be read or written; the message is for the user."""


class _Refused(ValueError):
    """A value the limits refuse (raised inside the decoder's hooks)."""


def _constant(text: str) -> Any:
    raise _Refused(f"holds {text}, which is not a number JSON allows")


def _int(text: str, limits: Limits) -> int:
    digits = len(text.lstrip("-"))
    if digits > limits.max_int_digits:
        raise _Refused(f"holds an integer of {digits} digits (at most {limits.max_int_digits})")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"holds the number {text[:20]}, which is out of range")
    return value


@lru_cache(maxsize=4)
def _decoder(limits: Limits) -> json.JSONDecoder:
    """A decoder checking every number against ``limits`` (built once: ``json.loads`` with a
    hook builds one per call, which costs more than parsing a short line)."""
    return json.JSONDecoder(parse_int=lambda text: _int(text, limits), parse_float=_float, parse_constant=_constant)


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89abcdefABCDEF]")
"""A JSON escape of a UTF-16 surrogate: the only way a lone surrogate gets into parsed text
(UTF-8 cannot encode one, and the decoder refuses the bytes)."""


def _strings(value: Any) -> Iterator[str]:
    """Every string of ``value``, keys included (without recursing)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def lone_surrogate(value: Any) -> bool:
    """Whether a string of ``value`` holds half of a UTF-16 pair (``"\\ud800"`` in JSON): not
    text, and it cannot be printed or written as UTF-8."""
    for text in _strings(value):
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return True
    return False


def depth(value: Any) -> int:
    """How deeply ``value`` nests lists and objects (without recursing: any depth is safe)."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, level)
        stack.extend((child, level + 1) for child in children)
    return deepest


def parse(text: str | bytes, where: str, line: int | None = None, limits: Limits = LIMITS) -> Any:
    """The JSON value of ``text`` (the file ``where``, or its line ``line``); one
    ``SaveError("{where} is damaged: line 3 is not JSON (...)")`` when it is not JSON or breaks
    a limit."""
    subject = f"line {line}" if line is not None else "it"

    def damaged(what: str) -> SaveError:
        return SaveError(f"{where} is damaged: {subject} {what}")

    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        value = _decoder(limits).decode(text)
    except _Refused as error:
        raise damaged(str(error)) from None
    except json.JSONDecodeError as error:
        if line is None:
            raise SaveError(f"{where} is damaged: invalid JSON at line {error.lineno}") from None
        raise damaged(f"is not JSON ({error.msg} at column {error.colno})") from None
    except RecursionError:
        raise damaged(f"nests more than {limits.max_depth} deep") from None
    except UnicodeDecodeError:
        raise damaged("is not UTF-8 text") from None
    except ValueError as error:
        raise damaged(f"is not JSON ({error})") from None
    if text.count("[") + text.count("{") > limits.max_depth and depth(value) > limits.max_depth:
        raise damaged(f"nests more than {limits.max_depth} deep")
    if _SURROGATE_ESCAPE.search(text) and lone_surrogate(value):
        raise damaged("holds half of a UTF-16 surrogate pair (\\ud800-\\udfff alone), which is not text")
    return value
