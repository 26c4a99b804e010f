"""Masks: cut a grid to an outline drawn as text or as a picture (issue 32).

A text mask is lines of characters, ``#`` outside and anything else inside (a line shorter than
the longest is inside to its end: editors strip trailing spaces); a PNG mask is dark outside
(luminance below half, transparent pixels outside too) and light inside (Pillow, the optional
``png`` extra). The picture is read as Pillow's 8-bit luminance and alpha (``LA``: ITU-R 601-2
luminance, as ``L``), two bytes a pixel: converted to RGBA floats, a 6 KB picture of 4000 x 4000
pixels took 444 MB to read, and now takes about a third of that. The picture is stretched over
the grid's extent and a cell is inside when the picture is inside at the cell's centre, so one
mask cuts every grid; with no ``--size`` each character (pixel) is one cell
(``Mask.natural_size``).

A mask file is read as every maze file is (``core.saves.open_regular``: a regular file of at
most ``MAX_MASK_BYTES``; a FIFO or a device is refused before anything is read), and its size
is checked before any array is made: a picture of at most ``MAX_MASK_SIDE`` a side.
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from swarmtui.core.bounded_json import SaveError
from swarmtui.core.saves import open_regular
from swarmtui.mazes.grid import MazeError

MAX_MASK_BYTES = 16 * 1024 * 1024
MAX_MASK_SIDE = 4000
"""Characters or pixels a side: a mask finer than the largest grid adds nothing."""
OUTSIDE_CHAR = "#"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@dataclass(frozen=True, eq=False)
class Mask:
    """A picture of the shape: ``inside[row, col]`` (rows top down)."""

    inside: np.ndarray
    source: str = ""

    def __post_init__(self) -> None:
        if self.inside.ndim != 2 or not self.inside.size:
            raise MazeError("a mask is a picture with at least one row and one column")
        if not self.inside.any():
            raise MazeError("the mask has no inside (every character is #, or every pixel dark)")

    @property
    def shape(self) -> tuple[int, int]:
        return int(self.inside.shape[0]), int(self.inside.shape[1])

    def covers(self, centres: np.ndarray, extent: tuple[float, float, float, float]) -> np.ndarray:
        """For each point ``(x, y)`` of a grid with ``extent`` ``(x0, y0, x1, y1)``: inside the shape?"""
        x0, y0, x1, y1 = extent
        rows, cols = self.shape
        col = np.floor((centres[:, 0] - x0) / max(x1 - x0, 1e-9) * cols).astype(np.int64)
        row = np.floor((centres[:, 1] - y0) / max(y1 - y0, 1e-9) * rows).astype(np.int64)
        return self.inside[np.clip(row, 0, rows - 1), np.clip(col, 0, cols - 1)]

    def natural_size(self, kind: str) -> tuple[int, int]:
        """The grid size at which each character (pixel) is about one cell."""
        rows, cols = self.shape
        if kind == "polar":
            return max(2, max(rows, cols) // 2), 0
        return rows, cols


def text_mask(text: str, source: str = "") -> Mask:
    """The mask drawn in ``text`` (``#`` outside, anything else inside)."""
    lines = text.split("\n")
    while lines and not lines[-1].strip("\r"):
        lines.pop()
    lines = [line.rstrip("\r") for line in lines]
    if not lines:
        raise MazeError("the mask is empty")
    width = max(len(line) for line in lines)
    if len(lines) > MAX_MASK_SIDE or width > MAX_MASK_SIDE:
        raise MazeError(f"the mask is {width}x{len(lines)} characters; at most {MAX_MASK_SIDE} a side")
    padded = "".join(line.ljust(width) for line in lines)
    codes = np.frombuffer(padded.encode("utf-32-le"), dtype=np.uint32).reshape(len(lines), width)
    return Mask(codes != ord(OUTSIDE_CHAR), source)


def picture_mask(data: bytes, source: str = "") -> Mask:
    """The mask of a PNG picture (dark or transparent outside)."""
    try:
        from PIL import Image
    except ImportError:
        raise MazeError("a PNG mask needs Pillow: pip install 'swarmtui[png]' (or draw the mask as text)") from None
    try:
        image = Image.open(io.BytesIO(data))
        width, height = image.size
        if width > MAX_MASK_SIDE or height > MAX_MASK_SIDE:
            raise MazeError(f"the mask is {width}x{height} pixels; at most {MAX_MASK_SIDE} a side")
        image.load()
        grey = np.asarray(image.convert("LA"))
    except MazeError:
        raise
    except Exception as error:  # Pillow raises many kinds for a damaged picture
        raise MazeError(f"the mask is not a readable PNG picture ({error.__class__.__name__})") from None
    return Mask((grey[..., 0] >= 128) & (grey[..., 1] >= 128), source)


def read_mask(path: Path) -> Mask:
    """The mask in ``path``: a PNG picture (told by its signature) or text."""
    path = Path(path)
    try:
        with open_regular(path, limit=MAX_MASK_BYTES, what="mask") as handle:
            data = handle.read(min(MAX_MASK_BYTES, os.fstat(handle.fileno()).st_size) + 1)
    except SaveError as error:
        raise MazeError(str(error)) from None
    except OSError as error:
        raise MazeError(f"cannot read {path}: {error.strerror or error}") from None
    if data.startswith(PNG_MAGIC):
        return picture_mask(data, path.name)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise MazeError(f"{path} is neither a PNG picture nor UTF-8 text") from None
    return text_mask(text, path.name)
