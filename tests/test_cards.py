import numpy as np
import pytest

from handrank import cards
from handrank.errors import (
    CardParseError,
    CardRangeError,
    DuplicateCardError,
    HandrankError,
)


def test_encoding_matches_documented_layout():
    assert cards.parse_card("2c") == 0
    assert cards.parse_card("2d") == 1
    assert cards.parse_card("2h") == 2
    assert cards.parse_card("2s") == 3
    assert cards.parse_card("As") == 51
    assert cards.parse_card("Td") == 4 * 8 + 1
    assert cards.rank_of(51) == 12 and cards.suit_of(51) == 3
    assert cards.card(12, 3) == 51


@pytest.mark.parametrize("text", ["As", "as", "AS", "A♠", "a♤", "A♠\ufe0f"])
def test_spellings_of_ace_of_spades(text):
    assert cards.parse_card(text) == 51


@pytest.mark.parametrize("text,expected", [
    ("AsKd", ["As", "Kd"]),
    ("As Kd, 10h;2c", ["As", "Kd", "Th", "2c"]),
    ("10d10c", ["Td", "Tc"]),
    ("t♥J♦q♣", ["Th", "Jd", "Qc"]),
    ("  ", []),
])
def test_parse_many(text, expected):
    assert cards.format_cards(cards.parse_cards(text)).split() == expected


def test_round_trip_every_card():
    for c in range(52):
        assert cards.parse_card(cards.format_card(c)) == c
        assert cards.parse_card(cards.format_card(c, unicode=True)) == c


@pytest.mark.parametrize("text,token,pos", [
    ("AsXd", "Xd", 2),
    ("As Kx", "Kx", 3),
    ("1d", "1d", 0),
    ("AsK", "K", 2),
    ("11c", "11", 0),
    ("XsKd2c", "Xs", 0),
    ("AsKd10x", "10x", 4),
])
def test_parse_errors_name_token_and_position(text, token, pos):
    with pytest.raises(CardParseError) as ei:
        cards.parse_cards(text)
    assert ei.value.token == token
    assert ei.value.position == pos
    assert repr(token) in str(ei.value) and f"position {pos}" in str(ei.value)
    assert isinstance(ei.value, ValueError) and isinstance(ei.value, HandrankError)


def test_duplicates_rejected_unless_allowed():
    with pytest.raises(DuplicateCardError, match=r"duplicate card As \(positions 0 and 2\)"):
        cards.parse_cards("AsKdAs")
    assert cards.parse_cards("AsAs", allow_duplicates=True) == [51, 51]


def test_ids_and_mixed_sequences():
    assert cards.parse_cards([51, "Kd", np.uint8(0)]) == [51, 45, 0]
    with pytest.raises(CardRangeError, match="card id 52 at position 1"):
        cards.parse_cards([0, 52])
    with pytest.raises(CardRangeError):
        cards.parse_cards([-1])
    with pytest.raises(TypeError):
        cards.parse_cards([1.5])
    with pytest.raises(TypeError):
        cards.parse_cards(b"As")
    with pytest.raises(CardParseError):
        cards.parse_cards(["AsKd"])  # an item must be one card


def test_masks():
    m = cards.to_mask("2c As")
    assert m == (1 << 0) | (1 << 51)
    assert cards.from_mask(m) == [0, 51]
    with pytest.raises(CardRangeError):
        cards.from_mask(1 << 52)
    with pytest.raises(DuplicateCardError):
        cards.to_mask("AsAs")


def test_deck():
    d = cards.deck()
    assert d.dtype == np.uint8 and d.tolist() == list(range(52))


def test_separators_are_the_same_for_every_spelling():
    nbsp = "\u00a0"
    assert cards.format_cards(cards.parse_cards(f"10h{nbsp}Kd\u2003Qs")) == "Th Kd Qs"
    assert cards.format_cards(cards.parse_cards(f"As{nbsp}Kd")) == "As Kd"


@pytest.mark.parametrize("call", [
    lambda: cards.card(1.5, 0),
    lambda: cards.card(True, 0),
    lambda: cards.format_card("51"),
    lambda: cards.format_card(51.9),
    lambda: cards.format_cards("AsKs"),
    lambda: cards.from_mask("31"),
    lambda: cards.from_mask(31.7),
])
def test_helpers_reject_wrong_types(call):
    with pytest.raises(TypeError):
        call()


def test_rng_is_reproducible_and_rejects_bad_seeds():
    import numpy as np

    from handrank.cards import rng
    from handrank.errors import OptionError

    assert rng(7).integers(0, 2**32) == rng(7).integers(0, 2**32)
    g = np.random.default_rng(1)
    assert rng(g) is g
    assert isinstance(rng(None), np.random.Generator)
    for bad in (-1, 1.5, True, "7"):
        with pytest.raises(OptionError, match="seed must be"):
            rng(bad)
    with pytest.raises(OptionError, match="-3"):
        cards.deal(2, 5, seed=-3)


def test_parse_error_on_huge_text_quotes_only_the_neighbourhood():
    from handrank.errors import CardParseError

    text = "As " * 1000 + "Zz" + " Kd" * 1000
    with pytest.raises(CardParseError) as e:
        cards.parse_cards(text)
    msg = str(e.value)
    assert len(msg) < 300 and "'Zz' at position 3000" in msg and "6,002 characters" in msg
    assert e.value.token == "Zz" and e.value.position == 3000


# ------------------------------------------------------------------ deal: uniformity

def _chi_square(counts: np.ndarray) -> tuple[float, int]:
    """Pearson's statistic against equal cells, and its degrees of freedom."""
    e = counts.sum() / counts.size
    return float(((counts - e) ** 2 / e).sum()), counts.size - 1


def _below_six_sigma(counts: np.ndarray) -> bool:
    # chi-square with d degrees of freedom: mean d, sd sqrt(2d). Seeded, so it cannot
    # flake; a biased draw (an off-by-one in a bound, a card favoured) is far above.
    stat, d = _chi_square(counts)
    return stat < d + 6 * (2 * d) ** 0.5


@pytest.mark.parametrize("k", [7, 52])
def test_deal_is_uniform_per_column_and_per_pair(k):
    n = 120_000
    rows = cards.deal(n, k, seed=20261202).astype(np.int64)
    for j in range(k):  # every column: each card equally often
        assert _below_six_sigma(np.bincount(rows[:, j], minlength=52)), j
    for j0, j1 in ((0, 1), (0, k - 1), (k - 2, k - 1)):  # ordered pairs of two columns
        pairs = np.bincount(rows[:, j0] * 52 + rows[:, j1], minlength=52 * 52)
        pairs = pairs.reshape(52, 52)[~np.eye(52, dtype=bool)]  # a card never pairs itself
        assert _below_six_sigma(pairs), (j0, j1)


def test_deal_uniformity_check_can_fail():
    """The check above rejects a deal that slightly favours one card."""
    rows = cards.deal(120_000, 7, seed=1).astype(np.int64)
    col = rows[:, 0].copy()
    col[:800] = 0  # 800 of 120,000 rows moved to card 0
    assert not _below_six_sigma(np.bincount(col, minlength=52))


@pytest.mark.parametrize("cuts", [[0, 1000], [0, 300, 301, 1000], [0, 255, 256, 257, 999, 1000],
                                  [0, 7, 14, 600, 1000],
                                  # across the four-block groups of the AVX2 deal (1,024 rows)
                                  [0, 1023, 1024, 2053, 3072, 5000], [0, 2, 4100, 5000]])
def test_deal_stream_pieces_equal_one_deal(cuts):
    """deal_stream(seed)(first, n, k) is rows first..first+n of deal(..., seed): a
    chunked simulation deals the same hands whatever its chunk size (unaligned
    starts included: the rows before them in their block are drawn and dropped)."""
    whole = cards.deal(cuts[-1], 7, seed=5)
    take = cards.deal_stream(5)
    pieces = [take(a, b - a, 7) for a, b in zip(cuts, cuts[1:])]
    assert np.array_equal(np.vstack(pieces), whole)
    gen_a, gen_b = np.random.default_rng(9), np.random.default_rng(9)
    assert np.array_equal(cards.deal_stream(gen_a)(40, 3, 13), cards.deal(43, 13, seed=gen_b)[40:])


_DEAL_SCRIPT = """
import hashlib, numpy as np
from handrank import cards
for k in (1, 2, 3, 4, 5, 6, 7, 8, 9, 13):
    for n, seed in ((300_000, 11), (5_000, 2**64 - 1)):
        print(k, n, hashlib.sha256(cards.deal(n, k, seed=seed).tobytes()).hexdigest())
    print(k, "stream", hashlib.sha256(cards.deal_stream(3)(1_500, 4_100, k).tobytes()).hexdigest())
"""


def test_deal_gives_the_same_cards_at_every_simd_level():
    """Rows of up to 8 cards are dealt four blocks at once with AVX2 where the CPU has
    it (``_c/deal.h``, hr_deal4_avx2): the very cards of the plain loop
    (``HANDRANK_SIMD=0``), words it rejects included (about 650 rows of 300,000 with
    k = 7 redo a draw), so a seed deals the same hands on every x86-64 CPU."""
    import os
    import subprocess
    import sys
    outs = {}
    for level in ("0", "2"):
        env = dict(os.environ, HANDRANK_SIMD=level)
        r = subprocess.run([sys.executable, "-c", _DEAL_SCRIPT], capture_output=True, text=True,
                           env=env, timeout=120)
        assert r.returncode == 0, r.stderr
        outs[level] = r.stdout
    assert outs["0"] == outs["2"] and outs["0"].count("\n") == 30
