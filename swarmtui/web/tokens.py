"""Who may play in a browser: the operator's token file, read as ``serve`` reads authorized_keys.

One player a line, ``NAME TOKEN``; ``#`` comments and blank lines are skipped::

    # swarmtui web players: name, then a secret of at least 22 characters
    alice  Qk3v1lJ1b9Wg0mZrS1yP4xTq7N
    bob    d2hXcEw0cWl5X2w3Q0ZpTnJ1V2s

A NAME is what others see at a table (``alice [3f2a9c]``) and chooses the player's saves
(``Player.from_name``); it is 1 to 16 letters, digits, ``_``, ``.`` or ``-``. A TOKEN is 22 to
256 printable ASCII characters without spaces (22 characters of ``secrets.token_urlsafe`` are
128 random bits); ``swarmtui web --new-token`` prints one.

It **fails closed**: while the file cannot be read (missing, not a regular file, over
``MAX_TOKENS_BYTES``, readable or writable by other users, not UTF-8), lists nobody, or has a
line that is not ``NAME TOKEN`` (a short token, a bad name, a name or a token listed twice),
no token logs in; ``TokensError`` says which line. The file is re-read at every login and every
session a visit opens (in a worker thread), so adding a player needs no restart, and removing or
replacing a line ends what its old token opened: the visits it gave open no more sessions.

Only each token's SHA-256 is kept once read, and a login compares the offered token's digest
with every line's (``hmac.compare_digest``, no early exit), so neither the answer's time nor
the server's memory gives a token away. A token is never logged and never leaves this module.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import dataclass
from pathlib import Path

from swarmtui.core.saves import SaveError, read_private
from swarmtui.serve.players import Player

MAX_TOKENS_BYTES = 256 * 1024
"""A larger token file is refused rather than read (it is re-read at every login)."""
MIN_TOKEN_LENGTH = 22
MAX_TOKEN_LENGTH = 256
NAME = re.compile(r"[A-Za-z0-9_.-]{1,16}")
TOKEN = re.compile(rf"[!-~]{{{MIN_TOKEN_LENGTH},{MAX_TOKEN_LENGTH}}}")


class TokensError(Exception):
    """The token file cannot be used; the message is for the operator (it never quotes a token)."""


@dataclass(frozen=True)
class Listed:
    """One player of the file: the name, and the SHA-256 of their token."""

    line: int
    name: str
    digest: bytes


@dataclass(frozen=True)
class Tokens:
    """The players of one token file, as it read."""

    path: Path
    entries: tuple[Listed, ...]

    def find(self, token: str) -> Player | None:
        """The player ``token`` belongs to, or None: compared with every line, in constant time."""
        found = self.listed(token)
        return None if found is None else Player.from_name(found.name)

    def listed(self, token: str) -> Listed | None:
        """The line of ``token``, or None: compared with every line, in constant time."""
        offered = _digest(token)
        found: Listed | None = None
        for entry in self.entries:
            if hmac.compare_digest(entry.digest, offered):
                found = entry
        return found

    def still_lists(self, name: str, digest: bytes) -> bool:
        """Whether the line ``name`` still holds the token of SHA-256 ``digest``: a visit made with
        a token the operator has since removed or replaced ends (``server.WebDoor.websocket``)."""
        return any(e.name == name and hmac.compare_digest(e.digest, digest) for e in self.entries)

    def name_of(self, player: Player) -> str:
        """The listed name of ``player`` (empty if the file no longer lists them)."""
        return next((e.name for e in self.entries if Player.from_name(e.name) == player), "")


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()


def read_tokens(path: Path) -> Tokens:
    """Read and check the whole file; ``TokensError`` when it cannot be used (nobody logs in)."""
    try:
        data = read_private(path, limit=MAX_TOKENS_BYTES, what="token file")
    except SaveError as error:
        raise TokensError(f"cannot read the token file: {error}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise TokensError(f"{path} is not a text file (a damaged token file?)") from None
    return Tokens(path, _entries(path, text))


def _entries(path: Path, text: str) -> tuple[Listed, ...]:
    entries: list[Listed] = []
    names: dict[str, int] = {}
    digests: dict[bytes, int] = {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        fields = line.split()
        where = f"{path} line {number}"
        if len(fields) != 2:
            raise TokensError(f"{where} is not 'NAME TOKEN' (two fields separated by spaces)")
        name, token = fields
        if not NAME.fullmatch(name):
            raise TokensError(f"{where}: a name is 1 to 16 letters, digits, '_', '.' or '-'")
        if not TOKEN.fullmatch(token):
            raise TokensError(f"{where}: a token is {MIN_TOKEN_LENGTH} to {MAX_TOKEN_LENGTH} printable ASCII "
                              "characters without spaces (swarmtui web --new-token prints one)")
        digest = _digest(token)
        if name in names:
            raise TokensError(f"{where} lists {name} again (first on line {names[name]})")
        if digest in digests:
            raise TokensError(f"{where} has the token of line {digests[digest]}: every player needs their own")
        names[name] = digests[digest] = number
        entries.append(Listed(number, name, digest))
    if not entries:
        raise TokensError(f"{path} lists nobody")
    return tuple(entries)
