"""Who is connected, and where their saves live (for every door: no asyncssh here).

A player who logged in with a key is ``key-<first 32 hex digits of the key's SHA-256>``:
the same key finds the same saves next time, whatever user name was typed. Every guest
session is a new player ``guest-<random>`` with a fresh directory, removed when the session
ends (guests cannot come back to a game, so nothing of theirs is kept on the server). A
browser player is ``web-<first 32 hex digits of the SHA-256 of their name>`` (``web.tokens``).

Each player's directory holds ``saves/`` (the child's ``SWARMTUI_SAVES``) and is its
``HOME`` and working directory; the directories are mode 0700 and the child runs with
``SWARMTUI_CONFINE=1``, under which the app refuses any typed path outside its saves.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import asyncssh

_NAME = re.compile(r"[A-Za-z0-9_.-]{1,16}")


@dataclass(frozen=True)
class Player:
    """One connected player: a stable id (key) or a one-off id (guest)."""

    id: str
    guest: bool

    @classmethod
    def from_key(cls, key: asyncssh.SSHKey) -> Player:
        digest = hashlib.sha256(key.public_data).hexdigest()
        return cls(f"key-{digest[:32]}", guest=False)

    @classmethod
    def from_name(cls, name: str) -> Player:
        """A browser player listed by name in the operator's token file: the same name finds the
        same saves whatever their token is now (a token can be replaced without losing them)."""
        digest = hashlib.sha256(f"swarmtui web player {name}".encode()).hexdigest()
        return cls(f"web-{digest[:32]}", guest=False)

    @classmethod
    def new_guest(cls) -> Player:
        return cls(f"guest-{secrets.token_hex(8)}", guest=True)


def player_home(root: Path, player: Player) -> Path:
    """The player's directory under ``root`` (created, mode 0700), with its ``saves/``."""
    root.mkdir(parents=True, exist_ok=True, mode=0o700)
    home = root / player.id
    (home / "saves").mkdir(parents=True, exist_ok=True, mode=0o700)
    home.chmod(0o700)
    return home


def forget_guest(root: Path, player: Player) -> None:
    """Remove a guest's directory when their session ends (keyed players keep theirs)."""
    if player.guest:
        shutil.rmtree(root / player.id, ignore_errors=True)


def player_label(name: str, player: Player) -> str:
    """``"alice [3f2a9c]"``: the name the player gave (when it is a plain short word) and the
    first digits of the player's id, so two players of the same name stay apart at a table."""
    short = player.id.partition("-")[2][:6]
    shown = name if _NAME.fullmatch(name) else ("guest" if player.guest else "player")
    return f"{shown} [{short}]"
