"""How the ratings screens write a rating, a player and a day (the leaderboard and a player's
history share them)."""

from __future__ import annotations

import time

from rich.text import Text

from swarmtui.core.safe_text import safe_text

UNCERTAIN_DEVIATION = 110.0
"""Above this RD a rating is shown with ``?`` (lichess's provisional mark)."""


def rating_text(rating: float, deviation: float) -> Text:
    """``1662`` or ``1662?`` (still uncertain)."""
    return Text(f"{rating:.0f}{'?' if deviation > UNCERTAIN_DEVIATION else ''}", justify="right")


def day(seconds: float) -> str:
    return time.strftime("%Y-%m-%d", time.gmtime(seconds)) if seconds else ""


def player_text(label: str, kind: str, mine: bool = False) -> Text:
    """The name as text, ``AI`` after a computer player, ``>`` before your own row."""
    text = Text("> " if mine else "  ", style="bold")
    text.append(safe_text(label, "bold" if mine else "", limit=24))
    if kind == "ai":
        text.append(" AI", "italic dim")
    return text
