"""The server's host key: generated once (Ed25519), kept private (mode 0600), reused.

A new key on every start would make every client warn of a man-in-the-middle; a key other
users can read would let them impersonate the server. So the key is created exclusively
(``O_EXCL``, mode 0600 from the start, never a window with wider rights) and an existing key
readable by group or others is refused with the command that fixes it. An existing key is
read only when it is a regular file of at most ``MAX_HOST_KEY_BYTES`` (a FIFO or a device in
its place is refused without waiting on it: ``core.saves.read_private``).
"""

from __future__ import annotations

import os
from pathlib import Path

import asyncssh

from swarmtui.core.saves import SaveError, read_private

MAX_HOST_KEY_BYTES = 64 * 1024
"""Far more than any private key needs (an RSA 16384-bit key in OpenSSH format is under 13 KiB)."""


class HostKeyError(Exception):
    """The host key cannot be created or used; the message is for the user."""


def default_host_key_path() -> Path:
    from platformdirs import user_data_path

    return user_data_path("swarmtui", appauthor=False) / "serve" / "host_key"


def load_or_create(path: Path) -> asyncssh.SSHKey:
    """The private host key at ``path``, created there first if there is none."""
    if not path.exists():
        return _create(path)
    try:
        return asyncssh.import_private_key(read_private(path, limit=MAX_HOST_KEY_BYTES, what="host key"))
    except SaveError as error:
        raise HostKeyError(f"cannot read host key: {error}") from None
    except (OSError, asyncssh.KeyImportError, ValueError) as error:
        raise HostKeyError(f"cannot read host key {path}: {_reason(error)}") from None


def _create(path: Path) -> asyncssh.SSHKey:
    key = asyncssh.generate_private_key("ssh-ed25519")
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(key.export_private_key())
    except OSError as error:
        raise HostKeyError(f"cannot create host key {path}: {_reason(error)}") from None
    return key


def _reason(error: Exception) -> str:
    return error.strerror if isinstance(error, OSError) and error.strerror else str(error)
