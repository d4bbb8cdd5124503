"""The 13x13 grid (handrank.equity.grid): cells of a range, terminal text, PNG/SVG plots,
and the ``handrank range`` command."""

from __future__ import annotations

import json
import struct
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from handrank.cli import main
from handrank.errors import ArrayShapeError, OptionError
from handrank.equity import grid
from handrank.equity.ranges import CLASS_SIZES, CLASSES, parse_range


def test_from_range_cells():
    r = parse_range("QQ+, AKs, 0.5(AKo), AsQs")
    cells = grid.from_range(r)
    assert cells.shape == (13, 13) and cells.dtype == np.float64
    want = np.zeros(169)
    for name in ("AA", "KK", "QQ", "AKs"):
        want[CLASSES.index(name)] = 1.0
    want[CLASSES.index("AKo")] = 0.5
    want[CLASSES.index("AQs")] = 0.25
    assert np.array_equal(cells.ravel(), want)
    # the weighted combos add back up
    assert (cells.ravel() * CLASS_SIZES).sum() == pytest.approx(r.weights.sum())
    assert np.array_equal(r.grid(), cells)


def test_text_shaded_and_numbers():
    cells = grid.from_range(parse_range("QQ+, AKs, 0.5(AKo)"))
    lines = grid.text(cells).splitlines()
    assert len(lines) == 14
    assert lines[0].split() == list("AKQJT98765432")
    assert lines[1].split()[:3] == ["A", "AA█", "AKs█"]
    assert lines[2].split()[:3] == ["K", "AKo▒", "KK█"]
    assert lines[13].strip() == "2"  # nothing in the 2 row
    nums = grid.text(cells, numbers=True).splitlines()
    assert nums[2].split()[:3] == ["K", "0.50", "1.00"]
    assert "\x1b[" not in grid.text(cells) and "\x1b[48;5;" in grid.text(cells, color=True)


def test_text_any_array_nan_and_scale():
    eq = np.linspace(0.3, 0.85, 169).reshape(13, 13)
    eq[5, 5] = np.nan
    out = grid.text(eq, numbers=True, fmt="{:.1%}").splitlines()
    assert out[1].split()[1] == "30.0%" and out[6].split()[6] == "-"
    shaded = grid.text(eq, vmin=0.3, vmax=0.85).splitlines()
    assert shaded[1][:6].strip() == "A"  # the AA cell is at vmin: blank
    assert shaded[1].split()[1] == "AKs░"
    assert shaded[13].split()[-1] == "22█"


@pytest.mark.parametrize("bad,err", [(np.zeros((13, 12)), ArrayShapeError),
                                     (np.zeros(169), ArrayShapeError)])
def test_text_bad_shape(bad, err):
    with pytest.raises(err, match=r"\(13, 13\)"):
        grid.text(bad)


def test_text_bad_scale():
    with pytest.raises(OptionError, match="vmax"):
        grid.text(np.zeros((13, 13)), vmin=1, vmax=1)


def _png_size(path):
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_plot_png_and_svg(tmp_path):
    pytest.importorskip("matplotlib")
    cells = grid.from_range(parse_range("QQ+, AKs, 0.5(AKo)"))
    # the default 650 x 650 PNG is checked by test_cli_range_plot
    png = grid.plot(cells, tmp_path / "r.png", title="QQ+, AKs, 0.5(AKo)", size=4, dpi=50)
    assert _png_size(png) == (200, 200)
    svg = grid.plot(cells, tmp_path / "r.svg")
    root = ET.parse(svg).getroot()
    assert root.tag.endswith("svg") and root.get("width") == "468pt"
    # 169 class labels and their values, drawn as glyphs
    assert root.get("height") == "468pt" and len(root.findall(".//{*}use")) > 2 * 169


def test_plot_bad_suffix(tmp_path):
    with pytest.raises(OptionError, match=".png or .svg"):
        grid.plot(np.zeros((13, 13)), tmp_path / "r.jpg")


def test_cli_range_text(capsys):
    assert main(["range", "QQ+, AKs"]) == 0
    out = capsys.readouterr().out
    assert "combos    22 of 1,326 = 1.66%" in out and "range     QQ+, AKs" in out
    assert out.splitlines()[1].split()[:3] == ["A", "AA█", "AKs█"]


def test_cli_range_json_and_weights(capsys):
    assert main(["range", "0.5(AKo); JTs-KQs", "-o", "json"]) == 0
    js = json.loads(capsys.readouterr().out)
    assert js["combos"] == 24 and js["weighted_combos"] == 18.0
    assert js["percent"] == pytest.approx(100 * 18 / 1326)
    assert js["notation"] == "KQs, QJs, JTs, 0.5(AKo)"
    assert js["grid"][1][0] == 0.5 and js["notes"] == []


def test_cli_range_note_and_error(capsys):
    assert main(["range", "KQ+"]) == 0
    assert "note: 'KQ+'" in capsys.readouterr().err
    assert main(["range", "QQ+, AKx"]) == 2
    assert "'AKx' at position 5" in capsys.readouterr().err
    assert main(["range", "0%"]) == 2
    assert "'0%' holds no combo" in capsys.readouterr().err


def test_cli_range_plot(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    path = tmp_path / "top.png"
    assert main(["range", "top 15%", "--plot", str(path)]) == 0
    assert _png_size(path) == (650, 650)
    assert main(["range", "AA", "--plot", str(tmp_path / "x.gif")]) == 2
    assert ".png or .svg" in capsys.readouterr().err
