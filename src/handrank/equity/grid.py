"""The 13x13 starting-hand grid: any ``(13, 13)`` array of per-class numbers (a range's
weights, per-class equities) as terminal text or a PNG/SVG image.

Layout (as PokerStove, Equilab and Flopzilla draw it): rows and columns run A, K, ...,
2; cell ``[i, j]`` is the class ``CLASSES[13 * i + j]`` of
:mod:`handrank.equity.ranges`: pairs on the diagonal (``AA`` top-left, ``22``
bottom-right), suited classes above it (row = top card: ``[0, 1]`` is ``AKs``),
offsuit below it (column = top card: ``[1, 0]`` is ``AKo``).

>>> from handrank.equity import grid
>>> from handrank.equity.ranges import parse_range
>>> cells = grid.from_range(parse_range("QQ+, AKs, 0.5(AKo)"))
>>> cells[:2, :3].tolist()
[[1.0, 1.0, 0.0], [0.5, 1.0, 0.0]]
>>> print(grid.text(cells).splitlines()[1])
A AA█  AKs█

``text`` needs nothing; ``plot`` needs matplotlib (``pip install handrank[plot]``),
imported only when ``plot`` is called.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import numpy.typing as npt

from ..cards import RANKS
from .._support.checks import check_bool, check_int
from ..errors import ArrayShapeError, OptionError
from .ranges import CLASSES, Range

__all__ = ["SHADES", "from_range", "plot", "text"]

#: The shade characters of :func:`text`, lightest first (a cell at ``vmin`` or below has
#: the first, a blank).
SHADES = " ░▒▓█"
_HEADER = [RANKS[12 - i] for i in range(13)]


def from_range(r: Range) -> np.ndarray:
    """``(13, 13)`` float64: the weighted fraction of each class's combos in ``r``
    (:meth:`Range.grid <handrank.equity.ranges.Range.grid>`). TypeError if ``r`` is not
    a Range."""
    if not isinstance(r, Range):
        raise TypeError(f"from_range takes a Range (parse text with parse_range), got "
                        f"{type(r).__name__}")
    return r.grid()


def _cells(cells: npt.ArrayLike) -> np.ndarray:
    try:
        a = np.asarray(cells, dtype=np.float64)
    except (ValueError, TypeError) as e:
        raise ArrayShapeError(f"a grid is a (13, 13) array of numbers ({e})") from None
    if a.shape != (13, 13):
        raise ArrayShapeError(f"a grid is a (13, 13) array (cell [i, j] = class "
                              f"CLASSES[13 * i + j]), got shape {a.shape}")
    return a


def _real(value: object, name: str) -> float:
    """A finite real number (not a bool): OptionError otherwise."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(
            value, (int, float, np.integer, np.floating)) or not np.isfinite(float(value)):
        raise OptionError(f"{name} must be a finite number, got {value!r}")
    return float(value)


def _format(fmt: object) -> str:
    """A format string that formats a float: OptionError otherwise."""
    if not isinstance(fmt, str):
        raise TypeError(f"fmt must be a format string like '{{:.2f}}', got {fmt!r}")
    try:
        fmt.format(0.5)
    except (ValueError, IndexError, KeyError) as e:
        raise OptionError(f"fmt {fmt!r} cannot format a number ({e})") from None
    return fmt


def _scale(a: np.ndarray, vmin: object, vmax: object) -> np.ndarray:
    """Cells scaled to 0..1 between vmin and vmax (NaN stays NaN)."""
    vmin, vmax = _real(vmin, "vmin"), _real(vmax, "vmax")
    if not vmax > vmin:
        raise OptionError(f"vmax ({vmax}) must be above vmin ({vmin})")
    return np.clip((a - vmin) / (vmax - vmin), 0.0, 1.0)


def text(cells: npt.ArrayLike, *, numbers: bool = False, fmt: str = "{:.2f}",
         vmin: float = 0.0, vmax: float = 1.0, color: bool = False) -> str:
    """The grid as text, one line per row under a header of ranks.

    ``cells``: any ``(13, 13)`` array of numbers (NaN = no value). Shaded (default):
    each cell is its class name (blank when the value is at ``vmin`` or below, or NaN)
    and one of :data:`SHADES` for its value between ``vmin`` and ``vmax``. With
    ``numbers=True`` each cell is the value through ``fmt`` (NaN as ``-``).
    ``color=True`` adds ANSI 256-colour backgrounds (green, darker = higher); leave it
    False unless writing to a terminal (the CLI turns it on only for a tty).
    Raises ArrayShapeError (not 13x13), OptionError (``vmax <= vmin``)."""
    a = _cells(cells)
    scaled = _scale(a, vmin, vmax)
    numbers, color = check_bool(numbers, "numbers"), check_bool(color, "color")
    fmt = _format(fmt)
    width = max(4, *(len(fmt.format(v)) for v in a.ravel() if not np.isnan(v))) \
        if numbers else 4
    lines = [" " + "".join(f" {h:<{width}}" for h in _HEADER).rstrip()]
    for i in range(13):
        row = [RANKS[12 - i]]
        for j in range(13):
            v, s = a[i, j], scaled[i, j]
            if numbers:
                cell = f"{'-' if np.isnan(v) else fmt.format(v):>{width}}"
            elif np.isnan(v) or s <= 0.0:
                cell = " " * width
            else:
                shade = SHADES[max(1, int(np.ceil(s * (len(SHADES) - 1))))]
                cell = f"{CLASSES[13 * i + j]}{shade}".ljust(width)
            if color and not np.isnan(v):
                level = int(round(s * 5))
                bg = 16 + 6 * level if level else 236  # xterm-256: grey, then dark to bright green
                fg = 16 if level >= 3 else 255
                cell = f"\x1b[48;5;{bg}m\x1b[38;5;{fg}m{cell}\x1b[0m"
            row.append(cell)
        lines.append(" ".join(row).rstrip())
    return "\n".join(lines)


def plot(cells: npt.ArrayLike, path: str | Path, *, title: str | None = None,
         vmin: float = 0.0, vmax: float = 1.0, fmt: str = "{:.0%}", cmap: str = "Greens",
         size: float = 6.5, dpi: int = 100) -> Path:
    """Draw the grid to ``path`` (``.png`` or ``.svg``) with matplotlib and return it.

    Each cell is coloured by its value between ``vmin`` and ``vmax`` (colormap
    ``cmap``; NaN cells white) and labelled with its class name and the value through
    ``fmt``; rows and columns are labelled A..2, with a colour bar. The image is
    ``size`` inches square at ``dpi`` (PNG: ``round(size * dpi)`` pixels a side, 650 by
    default; SVG: ``size * 72`` points). Needs matplotlib (``pip install
    handrank[plot]``): ImportError naming the extra otherwise. Raises ArrayShapeError
    (not 13x13), OptionError (another suffix, ``vmax <= vmin``)."""
    a = _cells(cells)
    scaled = _scale(a, vmin, vmax)
    fmt = _format(fmt)
    size = _real(size, "size")
    dpi = check_int(dpi, "dpi", 10, 1000)
    if not 0.5 <= size <= 50 or size * dpi > 20_000:
        raise OptionError(f"size is 0.5 to 50 inches and size * dpi at most 20,000 pixels, "
                          f"got size {size}, dpi {dpi}")
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be a str or None, got {type(title).__name__}")
    if not isinstance(cmap, str):
        raise TypeError(f"cmap must be a matplotlib colormap name, got {cmap!r}")
    if not isinstance(path, (str, Path)):
        raise TypeError(f"path must be a str or Path, got {type(path).__name__}")
    target = Path(path)
    kind = target.suffix.lower().lstrip(".")
    if kind not in ("png", "svg"):
        raise OptionError(f"plot writes .png or .svg files, got {str(target)!r}")
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError as e:
        raise ImportError("handrank.equity.grid.plot needs matplotlib: "
                          "pip install 'handrank[plot]'") from e
    try:
        from matplotlib import colormaps
        colormaps[cmap]
    except KeyError:
        raise OptionError(f"unknown matplotlib colormap {cmap!r}") from None
    fig = Figure(figsize=(size, size), dpi=dpi)
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0.07, 0.04, 0.78, 0.86) if title else (0.07, 0.04, 0.78, 0.9))
    masked = np.ma.masked_invalid(a)
    im = ax.imshow(masked, cmap=cmap, vmin=vmin, vmax=vmax)
    ax.set_xticks(range(13), _HEADER)
    ax.set_yticks(range(13), _HEADER)
    ax.xaxis.tick_top()
    ax.tick_params(length=0)
    ax.set_xticks(np.arange(-0.5, 13), minor=True)
    ax.set_yticks(np.arange(-0.5, 13), minor=True)
    ax.grid(which="minor", color="white", linewidth=1)
    ax.tick_params(which="minor", length=0)
    for i in range(13):
        for j in range(13):
            v = a[i, j]
            dark = not np.isnan(v) and scaled[i, j] > 0.6
            label = CLASSES[13 * i + j] + ("" if np.isnan(v) else "\n" + fmt.format(v))
            faint = np.isnan(v) or scaled[i, j] <= 0.0
            ax.text(j, i, label, ha="center", va="center", fontsize=6.5,
                    color="white" if dark else "0.55" if faint else "black")
    cax = fig.add_axes((0.88, 0.04, 0.03, 0.86 if title else 0.9))
    fig.colorbar(im, cax=cax)
    if title:
        fig.suptitle(title.replace("$", r"\$"), y=0.985)  # no mathtext
    fig.savefig(target, format=kind, dpi=dpi)
    return target
