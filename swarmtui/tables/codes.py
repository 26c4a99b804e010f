"""Table codes: six characters a player reads out or types to join a table (``K7Q-2XM``).

Every table gets one at random (``secrets``) from Crockford's base-32 alphabet (digits and
letters without I, L, O and U), so a code is easy to read aloud and mistyped letters are read
as the digits they look like (``O`` as 0, ``I`` and ``L`` as 1); case, spaces and dashes do not
matter. A code is how a *private* table is found (it is not listed), so it must not be guessed:
6 characters are 32^6 = 2^30 codes, of which at most ``MAX_TABLES`` (64) are in use, so one
guess finds a table with odds under 1 in 16 million; and ``Guesses`` lets one player (all
guests together count as one) try at most ``WRONG_CODES`` wrong codes a minute, so a day of
guessing at that rate finds a private table with odds under 1 in 1,100 per player. A listed
table's code only saves scrolling.
"""

from __future__ import annotations

import secrets
import time
from collections import deque
from collections.abc import Callable

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
LENGTH = 6
WRONG_CODES = 10
"""Wrong codes one player (or all guests together) may try in ``WINDOW_SECONDS``."""
WINDOW_SECONDS = 60.0
_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1", "-": None, " ": None})


def new_code(taken: set[str] | frozenset[str] = frozenset()) -> str:
    """A fresh random code not in ``taken``."""
    while True:
        code = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
        if code not in taken:
            return code


def read_code(text: object) -> str | None:
    """The code a player typed (any case, dashes, spaces, O for 0, I/L for 1); None when it
    cannot be a code."""
    if not isinstance(text, str) or len(text) > 4 * LENGTH:
        return None
    code = text.upper().translate(_READ_AS)
    return code if len(code) == LENGTH and all(c in ALPHABET for c in code) else None


def shown(code: str) -> str:
    """``K7Q2XM`` -> ``K7Q-2XM``, as screens print it."""
    return f"{code[:3]}-{code[3:]}" if len(code) == LENGTH else code


class Guesses:
    """Wrong codes per player over the last ``WINDOW_SECONDS`` (a sliding window)."""

    def __init__(self, limit: int = WRONG_CODES, window: float = WINDOW_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limit, self.window, self.clock = limit, window, clock
        self.wrong: dict[str, deque[float]] = {}

    def _recent(self, who: str) -> deque[float]:
        recent = self.wrong.setdefault(who, deque())
        now = self.clock()
        while recent and recent[0] <= now - self.window:
            recent.popleft()
        return recent

    def allowed(self, who: str) -> bool:
        return len(self._recent(who)) < self.limit

    def missed(self, who: str) -> None:
        self._recent(who).append(self.clock())
