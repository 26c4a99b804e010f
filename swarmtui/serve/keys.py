"""Who may log in: an OpenSSH ``authorized_keys`` file, read as sshd(8) reads it, failing closed.

Each non-blank, non-comment line is ``[options] keytype base64 [comment]``. The options
field is split as OpenSSH splits it (comma-separated, double quotes protect commas and
spaces, a backslash escapes a quote; option names are case-insensitive) and each line is
then parsed by asyncssh's own authorized_keys reader (``asyncssh.import_authorized_keys``),
which also matches ``from=`` patterns at login.

What each option does here (``docs/serve.md`` has the table for operators):

- honoured: ``from="pattern-list"`` (the client's address must match; host-name patterns
  are matched against the address, as sshd does with its default ``UseDNS no``),
  ``expiry-time="YYYYMMDD[HHMM[SS]][Z]"`` (local time unless ``Z``), and every restriction
  the server applies to everyone anyway: ``restrict`` (with ``pty``), ``no-port-forwarding``,
  ``no-agent-forwarding``, ``no-X11-forwarding``, ``no-user-rc``, ``permitopen``,
  ``permitlisten``, ``tunnel`` (nothing is ever forwarded or tunnelled, no rc file is run);
  the grants ``port-forwarding``, ``agent-forwarding``, ``X11-forwarding``, ``user-rc``,
  ``pty`` grant nothing beyond what every session gets; ``no-touch-required`` is accepted,
  but a security key must still assert a touch (stricter than asked).
- refused (the key cannot log in; the reason is logged at start and at each attempt):
  ``command=`` (the server only ever runs the app), ``environment=``, ``no-pty`` and
  ``restrict`` without ``pty`` (the app needs a terminal), ``cert-authority``,
  ``principals=`` (no certificates here) and ``verify-required`` (user verification of
  security keys is not checked).
- any other option, or a line that does not parse, makes the whole file unusable:
  ``AuthorizedKeysError``, so nobody logs in until it is fixed (see ``ServeState``).

The file is read only when it is a regular file of at most ``MAX_KEYS_BYTES`` (a FIFO or a
device in its place is refused without waiting on it: ``core.saves.read_text``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import asyncssh

from swarmtui.core.saves import SaveError, read_text

MAX_KEYS_BYTES = 1024 * 1024
"""A larger authorized_keys file is refused rather than read (it is re-read at every login)."""

HONOURED = frozenset({
    "from", "expiry-time", "restrict", "no-port-forwarding", "no-agent-forwarding", "no-x11-forwarding",
    "no-user-rc", "permitopen", "permitlisten", "tunnel", "port-forwarding", "agent-forwarding",
    "x11-forwarding", "user-rc", "pty", "no-touch-required"})
REFUSED = {
    "command": "command= forces a command, and this server only runs the swarmtui app",
    "environment": "environment= cannot be honoured (the app's environment is fixed)",
    "no-pty": "no-pty: the app needs a terminal",
    "cert-authority": "cert-authority: this server accepts no certificates",
    "principals": "principals= applies to certificates, which this server does not accept",
    "verify-required": "verify-required: user verification of security keys is not checked here",
}
_CANONICAL = {"no-x11-forwarding": "no-X11-forwarding", "x11-forwarding": "X11-forwarding"}


class AuthorizedKeysError(Exception):
    """The authorized_keys file cannot be read or holds no usable key; the message is for the user."""


@dataclass(frozen=True)
class KeyEntry:
    """One line of the file: its key, its parsed restrictions, and why it is refused (if it is)."""

    line: int
    public_data: bytes
    rules: asyncssh.SSHAuthorizedKeys
    """The line alone, parsed by asyncssh; ``rules.validate`` applies its ``from=``."""
    expiry: float | None
    refusal: str | None


@dataclass(frozen=True)
class Verdict:
    """The answer for one offered key: may it log in, and a sentence for the log."""

    allowed: bool
    reason: str


@dataclass(frozen=True)
class AuthorizedKeys:
    """The entries of one authorized_keys file, in file order (the first matching line decides)."""

    path: Path
    entries: tuple[KeyEntry, ...]

    @property
    def refused_lines(self) -> list[KeyEntry]:
        return [e for e in self.entries if e.refusal is not None]

    def check(self, key: asyncssh.SSHKey, address: str, now: float | None = None) -> Verdict:
        """Whether ``key`` may log in from ``address``: like sshd, the first line listing the key
        whose ``from=`` and ``expiry-time`` allow this login decides."""
        now = time.time() if now is None else now
        key = key.convert_to_public()  # asyncssh compares a private key unequal to its public half
        why_not = "it is not listed"
        for entry in self.entries:
            if entry.public_data != key.public_data:
                continue
            if entry.rules.validate(key, address, address) is None:
                why_not = f"line {entry.line}: from= does not allow {address}"
                continue
            if entry.expiry is not None and now >= entry.expiry:
                why_not = f"line {entry.line}: expiry-time has passed"
                continue
            if entry.refusal is not None:
                return Verdict(False, f"line {entry.line}: {entry.refusal}")
            return Verdict(True, f"line {entry.line}")
        return Verdict(False, why_not)


def read_authorized_keys(path: Path) -> AuthorizedKeys:
    """Read and check the whole file; ``AuthorizedKeysError`` when it cannot be read, a line does
    not parse, or it lists no key at all (each of which means: nobody logs in)."""
    try:
        text = read_text(path, limit=MAX_KEYS_BYTES, what="list of authorized keys")
    except SaveError as error:
        raise AuthorizedKeysError(f"cannot read authorized keys: {error}") from None
    entries = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            entries.append(parse_line(line, number))
        except ValueError as error:
            raise AuthorizedKeysError(f"{path} line {number} is not a public key line: {error}") from None
    if not entries:
        raise AuthorizedKeysError(f"{path} lists no public key")
    return AuthorizedKeys(path, tuple(entries))


def parse_line(line: str, number: int = 1) -> KeyEntry:
    """One ``[options] key`` line; ``ValueError`` saying what is wrong with it."""
    try:
        key = asyncssh.import_public_key(line)
        options: list[tuple[str, str | None]] = []
    except (asyncssh.KeyImportError, ValueError):
        if line.split()[0].startswith(("ssh-", "ecdsa-", "sk-")):
            raise ValueError("the key does not decode") from None
        options, rest = split_options(line)
        try:
            key = asyncssh.import_public_key(rest)
        except (asyncssh.KeyImportError, ValueError):
            raise ValueError("no public key after the options") from None
    names = [name for name, _ in options]
    unknown = sorted(set(names) - HONOURED - REFUSED.keys())
    if unknown:
        raise ValueError(f"unknown option {unknown[0]!r}")
    refusal = next((REFUSED[name] for name in names if name in REFUSED), None)
    if refusal is None and "restrict" in names and "pty" not in names:
        refusal = "restrict without pty: the app needs a terminal"
    expiry = None
    for name, value in options:
        if name == "expiry-time":
            expiry = _expiry(value or "")
        elif value is None and name in {"from", "command", "environment", "permitopen", "permitlisten",
                                        "principals", "tunnel", "expiry-time"}:
            raise ValueError(f"{name} needs a value")
    rules = asyncssh.import_authorized_keys(_rebuilt(options, line, key) if options else line)
    return KeyEntry(number, key.public_data, rules, expiry, refusal)


def split_options(line: str) -> tuple[list[tuple[str, str | None]], str]:
    """The options field of a line as (lower-case name, value or None), and the rest of the line.

    OpenSSH's syntax: options up to the first unquoted space or tab, separated by commas;
    inside double quotes commas and spaces are part of the value, ``\\"`` is a quote."""
    options: list[tuple[str, str | None]] = []
    token, quoted, index = "", False, 0
    while index < len(line):
        char = line[index]
        if char == "\\" and line[index + 1:index + 2] == '"':
            token += '"'
            index += 1
        elif char == '"':
            quoted = not quoted
        elif quoted:
            token += char
        elif char in " \t":
            break
        elif char == ",":
            options.append(_option(token))
            token = ""
        else:
            token += char
        index += 1
    if quoted:
        raise ValueError("unbalanced quote in the options")
    options.append(_option(token))
    return options, line[index:].strip()


def _option(token: str) -> tuple[str, str | None]:
    name, sep, value = token.partition("=")
    if not name:
        raise ValueError("an empty option")
    return name.lower(), value if sep else None


def _rebuilt(options: list[tuple[str, str | None]], line: str, key: asyncssh.SSHKey) -> str:
    """The line again with canonical option names, for asyncssh (whose names are case-sensitive)."""
    parts = []
    for name, value in options:
        name = _CANONICAL.get(name, name)
        if value is None:
            parts.append(name)
        else:
            parts.append(name + '="' + value.replace("\\", "\\\\").replace('"', '\\"') + '"')
    return ",".join(parts) + " " + key.export_public_key().decode().strip()


def _expiry(value: str) -> float:
    """``YYYYMMDD[HHMM[SS]][Z]`` as a POSIX time (local time unless it ends in ``Z``), as sshd reads it."""
    utc = value.endswith(("Z", "z"))
    digits = value[:-1] if utc else value
    formats = {8: "%Y%m%d", 12: "%Y%m%d%H%M", 14: "%Y%m%d%H%M%S"}
    if not (digits.isascii() and digits.isdigit()) or len(digits) not in formats:
        raise ValueError(f"expiry-time {value!r} is not YYYYMMDD[HHMM[SS]][Z]")
    try:
        moment = datetime.strptime(digits, formats[len(digits)])
    except ValueError:
        raise ValueError(f"expiry-time {value!r} is not a date") from None
    return (moment.replace(tzinfo=UTC) if utc else moment).timestamp()
