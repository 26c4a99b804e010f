"""Plots of experiment results: in the terminal (Rich text) and as SVG/PNG files (matplotlib).

The terminal versions are for reading a result at a glance, like the papers' figures: a
histogram of game lengths (Halma Fig. 11, Hive's moves-to-win) and a convergence curve (the
GA's best fitness per generation). File export needs the optional extra ``swarmtui[plot]``.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from rich.text import Text

from swarmtui.core.params import ParamError
from swarmtui.core.safe_text import safe_text
from swarmtui.core.saves import write_atomic

PLOT_FORMATS = ("svg", "png")
BAR = "█"


def histogram_bins(values: Sequence[float], bins: int = 12) -> tuple[np.ndarray, np.ndarray]:
    """Counts and edges over ``values`` with at most ``bins`` bins of whole-number width."""
    data = np.asarray(values, dtype=float)
    low, high = float(data.min()), float(data.max())
    width = max(1.0, np.ceil((high - low + 1) / bins))
    edges = np.arange(low, high + width + 1e-9, width)
    if len(edges) < 2:
        edges = np.array([low, low + width])
    counts, edges = np.histogram(data, bins=edges)
    return counts, edges


def histogram_text(values: Sequence[float], title: str, bins: int = 12, width: int = 40) -> Text:
    """A horizontal-bar histogram: one line per bin with its range, bar and count."""
    counts, edges = histogram_bins(values, bins)
    top = max(int(counts.max()), 1)
    text = safe_text(title, "bold").append("\n")
    for count, low, high in zip(counts, edges[:-1], edges[1:], strict=True):
        span = f"{low:g}" if high - low <= 1 else f"{low:g}-{high - 1:g}"
        bar = BAR * int(round(width * count / top))
        text.append(f"{span:>11} ")
        text.append(bar, style="cyan")
        text.append(f" {count}\n")
    return text


def _fractions(values: np.ndarray) -> np.ndarray:
    """Where each value lies between the smallest (0) and the largest (1); halves first, so
    values near the float limits (fitness ``1e308`` and ``-1e308``) do not overflow to NaN."""
    low, high = values.min() / 2, values.max() / 2
    return (values / 2 - low) / max(high - low, 1e-12)


def curve_text(xs: Sequence[float], ys: Sequence[float], title: str, height: int = 10, width: int = 60) -> Text:
    """A line chart drawn with ``*`` on a character grid, y labels on the left."""
    x, y = np.asarray(xs, dtype=float), np.asarray(ys, dtype=float)
    grid = [[" "] * width for _ in range(height)]
    for col, row in zip(np.rint(_fractions(x) * (width - 1)), np.rint(_fractions(y) * (height - 1)), strict=True):
        grid[height - 1 - int(row)][int(col)] = "*"
    text = safe_text(title, "bold").append("\n")
    for i, cells in enumerate(grid):
        share = i / max(height - 1, 1)
        label = y.max() * (1 - share) + y.min() * share  # a weighted mean cannot overflow
        text.append(f"{label:>10.4g} |{''.join(cells).rstrip()}\n")
    text.append(f"{'':>10} +{'-' * width}\n{'':>11}{x.min():<g}{x.max():>{width - len(f'{x.min():g}')}g}\n")
    return text


def _pyplot():
    """pyplot on the file-only backend, every text taken as it is: a title or label from a
    result file (a sweep cell named ``$\\foo$``) is never parsed as mathtext."""
    try:
        import matplotlib
    except ImportError:
        raise ParamError("saving plots needs matplotlib: pip install 'swarmtui[plot]'") from None
    matplotlib.use("Agg")
    matplotlib.rcParams["text.parse_math"] = False
    import matplotlib.pyplot as plt

    return plt


def save_histogram(values: Sequence[float], path: Path, title: str, xlabel: str, bins: int = 12) -> Path:
    """The histogram as an SVG or PNG file (by ``path``'s suffix)."""
    plt = _pyplot()
    _, edges = histogram_bins(values, bins)
    figure, axes = plt.subplots(figsize=(6, 3.5))
    axes.hist(values, bins=edges, color="#3b7dd8", edgecolor="white")
    axes.set(title=title, xlabel=xlabel, ylabel="games")
    return _save(plt, figure, path)


def save_curve(xs: Sequence[float], ys: Sequence[float], path: Path, title: str, xlabel: str, ylabel: str) -> Path:
    """The curve as an SVG or PNG file (by ``path``'s suffix)."""
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(6, 3.5))
    axes.plot(xs, ys, color="#3b7dd8")
    axes.set(title=title, xlabel=xlabel, ylabel=ylabel)
    return _save(plt, figure, path)


def _save(plt, figure, path: Path) -> Path:
    """Render into memory, then write the file atomically (an existing plot file is replaced)."""
    path = Path(path)
    buffer = io.BytesIO()
    try:
        figure.tight_layout()
        figure.savefig(buffer, format=path.suffix.lstrip("."), metadata=_metadata(path))
    finally:
        plt.close(figure)
    return write_atomic(path, buffer.getvalue())


def _metadata(path: Path) -> dict:
    """No creation dates in the files, so the same results give the same plot files."""
    return {"Date": None} if path.suffix == ".svg" else {}
