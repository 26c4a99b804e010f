"""Objects named by import path (``"package.module:name"``), imported when first used.

Descriptors name their heavy parts this way (a game's rule variants and services, an agent's
factory and parameters), so listing games and agents imports none of them. The paths are
written in code by the package that owns them, never read from a file or a peer.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any


def load(path: str) -> Any:
    """The object ``path`` names (``"package.module:name"``); ``ValueError`` for a path without
    a name, ``ImportError``/``AttributeError`` when the module or the name is missing."""
    module, sep, name = path.partition(":")
    if not sep or not module or not name:
        raise ValueError(f"{path!r} is not of the form 'package.module:name'")
    return getattr(import_module(module), name)


def resolved(value: Any) -> Any:
    """``value`` itself, or the object it names when it is an import path (a string)."""
    return load(value) if isinstance(value, str) else value


def load_class(path: str) -> type:
    """The class ``path`` names (``TypeError`` when it names something else)."""
    found = load(path)
    if not isinstance(found, type):
        raise TypeError(f"{path} is not a class")
    return found
