"""Save files: where they live, atomic writes, defensive loads (DESIGN.md, Saves).

Location: ``$SWARMTUI_SAVES`` if set, else ``./saves`` when run from a swarmtui checkout, else
the platform's user data directory. Files shipped with swarmtui (the repository's ``saves/``,
packaged into the wheel as ``swarmtui/shipped_saves``) are read-only defaults: ``write_json``
refuses to replace them, so a user run can never overwrite a shipped file.

Every save is JSON with ``"format": <int>`` and ``"kind": <str>``; loading checks both and
turns any damage into one ``SaveError`` sentence. A damaged file is left untouched.
"""

from __future__ import annotations

import errno
import json
import os
import secrets
import stat
from pathlib import Path
from typing import Any, BinaryIO

from swarmtui.core.bounded_json import LIMITS, SaveError, parse

SAVES_ENV = "SWARMTUI_SAVES"
CONFINE_ENV = "SWARMTUI_CONFINE"
MAX_SAVE_BYTES = LIMITS.max_save_bytes
__all__ = ["SaveError"]

_PACKAGE_DIR = Path(__file__).resolve().parent.parent




def checkout_root() -> Path | None:
    """The swarmtui source checkout this package runs from, if any (editable install)."""
    root = _PACKAGE_DIR.parent
    if (root / "pyproject.toml").is_file() and (root / "saves").is_dir():
        return root
    return None


def shipped_dir() -> Path | None:
    """The read-only defaults shipped with swarmtui (wheel data, or the checkout's saves/)."""
    packaged = _PACKAGE_DIR / "shipped_saves"
    if packaged.is_dir():
        return packaged
    root = checkout_root()
    return root / "saves" if root else None


def _cwd_checkout_saves() -> Path | None:
    cwd = Path.cwd()
    pyproject = cwd / "pyproject.toml"
    if (cwd / "saves").is_dir() and pyproject.is_file():
        try:
            if 'name = "swarmtui"' in pyproject.read_text(encoding="utf-8"):
                return cwd / "saves"
        except OSError:
            return None
    return None


def saves_dir() -> Path:
    """Where this run reads and writes the user's saves (see the module docstring)."""
    env = os.environ.get(SAVES_ENV)
    if env:
        return Path(env).expanduser()
    local = _cwd_checkout_saves()
    if local is not None:
        return local
    from platformdirs import user_data_path

    return user_data_path("swarmtui", appauthor=False) / "saves"


def is_shipped(path: Path) -> bool:
    """True when ``path`` is one of the read-only files shipped with swarmtui."""
    shipped = shipped_dir()
    if shipped is None:
        return False
    try:
        resolved = path.resolve()
        return resolved.is_relative_to(shipped.resolve()) and _tracked_as_shipped(resolved, shipped)
    except OSError:
        return False


def _tracked_as_shipped(path: Path, shipped: Path) -> bool:
    """Shipped files are the ones listed in the shipped ``MANIFEST`` (one relative path a line)."""
    manifest = shipped / "MANIFEST"
    try:
        listed = {line.strip() for line in manifest.read_text(encoding="utf-8").splitlines()}
    except OSError:
        return path.exists()
    return path.relative_to(shipped.resolve()).as_posix() in listed


def free_path(path: Path) -> Path:
    """``path`` if nothing is there yet, else the first free ``name-2.ext``, ``name-3.ext``, ...

    For files a run creates under a default name, so an earlier result is never replaced.
    """
    path = Path(path)
    number = 2
    candidate = path
    while candidate.exists():
        candidate = path.with_name(f"{path.stem}-{number}{path.suffix}")
        number += 1
    return candidate


def typed_path(text: str) -> Path:
    """A path the user typed in the app: ``~`` expanded, and under ``SWARMTUI_CONFINE=1``
    (``swarmtui serve``) a relative path taken from the player's saves folder, where every
    file of theirs must lie anyway (``check_confined``); elsewhere from the working folder."""
    path = Path(text.strip()).expanduser()
    if os.environ.get(CONFINE_ENV) and not path.is_absolute():
        return saves_dir() / path
    return path


def check_confined(path: Path, *, reading: bool) -> None:
    """Under ``SWARMTUI_CONFINE=1`` refuse any file outside this run's saves (reads may also
    use the shipped defaults). ``swarmtui serve`` sets it for every player's session, so one
    player's typed paths (a result file, a maze export, ``strategy=FILE``) cannot reach another
    player's saves; symlinks and ``..`` are resolved before the check."""
    if not os.environ.get(CONFINE_ENV):
        return
    roots = [saves_dir()]
    shipped = shipped_dir()
    if reading and shipped is not None:
        roots.append(shipped)
    resolved = Path(path).expanduser().resolve()
    if not any(resolved.is_relative_to(root.expanduser().resolve()) for root in roots):
        raise SaveError(f"{path} is outside your saves folder ({saves_dir()}); "
                        "here each player reads and writes only their own files")


def write_json(path: Path, payload: dict[str, Any], *, overwrite: bool = True) -> Path:
    """Write ``payload`` as JSON atomically (``write_atomic``)."""
    return write_atomic(path, json.dumps(payload, indent=1, sort_keys=False) + "\n", overwrite=overwrite)


def _through_links(path: Path) -> Path:
    """The file a write to ``path`` means: a symlink's final target (the link itself stays)."""
    if not path.is_symlink():
        return path
    return Path(os.path.realpath(path))


def write_atomic(path: Path, content: str | bytes, *, overwrite: bool = True) -> Path:
    """Write ``content`` (text as UTF-8) atomically: temp file in the same folder, fsync, rename.

    A reader never sees a half-written file; a crash leaves the old file intact. Refuses to
    replace a shipped default, or any existing file when ``overwrite`` is False. A ``path``
    that is a symlink is written through: the link's target is replaced (atomically, in the
    target's folder) and the link stays a link; confinement and the shipped-file check apply
    to the target. Returns the path written.

    A new file (``overwrite`` False) is written only where nothing is: not through a symlink
    (one planted in a shared folder, dangling, made an export create a file wherever it
    pointed), and the temporary file is hard-linked into place, which fails if anything
    appeared there meanwhile (a rename would replace it).
    """
    given = Path(path)
    if not overwrite and given.is_symlink():
        raise SaveError(f"{given} is a symbolic link; a new file is written only where nothing is yet "
                        "(choose another name)")
    path = _through_links(given)
    check_confined(path, reading=False)
    if is_shipped(path):
        raise SaveError(f"{path} is a file shipped with swarmtui and is never overwritten")
    if not overwrite and path.exists():
        raise SaveError(f"{path} already exists and is not overwritten")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = _temporary_beside(path)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(content.encode("utf-8") if isinstance(content, str) else content)
                handle.flush()
                os.fsync(handle.fileno())
            if overwrite or not _linked_into_place(tmp, path):
                os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError as error:
        raise SaveError(f"cannot write {path}: {error.strerror or error}") from None
    return given


def _linked_into_place(tmp: str, path: Path) -> bool:
    """Put the new file ``tmp`` at ``path`` with a hard link (``SaveError`` if anything is there,
    however it got there); False where the file system has no hard links (the caller then
    renames, having checked that nothing was there)."""
    try:
        os.link(tmp, path, follow_symlinks=False)
    except FileExistsError:
        raise SaveError(f"{path} already exists and is not overwritten") from None
    except OSError as error:
        if error.errno in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK, errno.ENOSYS):
            return False
        raise
    os.unlink(tmp)
    return True


def _temporary_beside(path: Path) -> tuple[int, str]:
    """A new, empty file in ``path``'s folder to be renamed over it, with the permissions the
    result should have: those of the file it replaces, else what the umask gives a new file
    (``mkstemp``'s 0600 made every rewritten file private, whatever the umask said)."""
    try:
        mode: int | None = stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        mode = None
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOFOLLOW", 0)
    while True:
        tmp = str(path.parent / f".{path.name}.{secrets.token_hex(6)}.tmp")
        try:
            fd = os.open(tmp, flags, 0o666)  # the kernel applies the umask
        except FileExistsError:
            continue
        if mode is not None and hasattr(os, "fchmod"):
            try:
                os.fchmod(fd, mode)
            except OSError:
                os.close(fd)
                os.unlink(tmp)
                raise
        return fd, tmp


def open_regular(path: Path, *, limit: int, what: str) -> BinaryIO:
    """``path`` opened for reading, binary, when it is a regular file of at most ``limit`` bytes.

    A FIFO, a device (``/dev/zero``), a socket or a directory is refused before anything is
    read (opened non-blocking, so a FIFO without a writer cannot block the check), and so is a
    file larger than ``limit``. Any problem is one ``SaveError``; the caller closes the file.
    """
    path = Path(path)
    check_confined(path, reading=True)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise SaveError(f"{path} does not exist") from None
    except IsADirectoryError:
        raise SaveError(f"{path} is a directory, not a {what}") from None
    except OSError as error:
        raise SaveError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise SaveError(f"{path} is a directory, not a {what}")
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(f"{path} is not a regular file (a pipe or a device?), so it is not read as a {what}")
        if info.st_size > limit:
            raise SaveError(f"{path} is too large to be a {what} ({info.st_size} bytes; at most {limit})")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_text(path: Path, *, limit: int, what: str) -> str:
    """The UTF-8 text of ``path`` (a ``what``, a regular file of at most ``limit`` bytes, see
    ``open_regular``); any problem is one ``SaveError``."""
    path = Path(path)
    with open_regular(path, limit=limit, what=what) as handle:
        try:
            # read what the file holds (plus one byte, to see growth past the limit): read(limit + 1)
            # allocated the whole limit up front, 64 MB for a 70 KB maze file
            data = handle.read(min(limit, os.fstat(handle.fileno()).st_size) + 1)
        except OSError as error:
            raise SaveError(f"cannot read {path}: {error.strerror or error}") from None
    if len(data) > limit:
        raise SaveError(f"{path} is too large to be a {what} (more than {limit} bytes)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{path} is not a text file (a damaged {what}?)") from None


def read_private(path: Path, *, limit: int, what: str) -> bytes:
    """The bytes of ``path`` (a ``what`` holding a secret: a regular file of at most ``limit``
    bytes, see ``open_regular``) when no other user may read or write it; any problem is one
    ``SaveError`` (the operator's host key, the browser door's token file)."""
    path = Path(path)
    with open_regular(path, limit=limit, what=what) as handle:
        mode = os.fstat(handle.fileno()).st_mode
        if mode & (stat.S_IRWXG | stat.S_IRWXO):
            raise SaveError(f"{what} {path} is accessible by other users (mode {stat.S_IMODE(mode):o}); "
                            f"run 'chmod 600 {path}'")
        try:
            data = handle.read(limit + 1)
        except OSError as error:
            raise SaveError(f"cannot read {path}: {error.strerror or error}") from None
    if len(data) > limit:
        raise SaveError(f"{path} is too large to be a {what} (more than {limit} bytes)")
    return data


def read_json(path: Path, *, kind: str, formats: tuple[int, ...] = (1,)) -> dict[str, Any]:
    """Load and sanity-check a save file of ``kind``; any problem is one ``SaveError``."""
    path = Path(path)
    payload = parse(read_text(path, limit=MAX_SAVE_BYTES, what="swarmtui save"), str(path))
    if not isinstance(payload, dict):
        raise SaveError(f"{path} is not a swarmtui save (expected a JSON object)")
    if payload.get("kind") != kind:
        raise SaveError(f"{path} is not a {kind} save (kind is {payload.get('kind')!r})")
    if payload.get("format") not in formats:
        raise SaveError(f"{path} has unsupported format {payload.get('format')!r} (this swarmtui reads {formats})")
    return payload
