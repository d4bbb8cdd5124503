"""Range strings from other libraries' tests: each parses to the peer's combo set, or is
refused with an error naming the token, or (where the peers disagree) is read the
documented handrank way with a RangeNotationWarning naming the token.

Sources (strings and expected counts only, no code):
- pokerkit: ../shared/peer-fixtures/pokerkit_parse_range.json (uoftcprg/pokerkit
  5841c0af, pokerkit/tests/test_analysis.py test_parse_range), combo sets.
- eval7: julianandrews/pyeval7 294bc677, tests/test_rangestring.py.
- rs-poker: elliottneilclark/rs-poker 231a07f9, src/holdem/parse.rs (its tests).
- poker-equity: kruux/poker-equity 129d5570, tests/fixtures/notation.tsv.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

from handrank.cards import parse_cards
from handrank.errors import RangeNotationWarning, RangeSyntaxError
from handrank.equity.ranges import Range, parse_range

FIXTURE = Path(__file__).resolve().parents[2] / ".." / "shared" / "peer-fixtures" / \
    "pokerkit_parse_range.json"


def _pokerkit_cases():
    if not FIXTURE.exists():
        return []
    return json.loads(FIXTURE.read_text())["cases"]


def _combo_set(texts):
    return {tuple(sorted(parse_cards(t), reverse=True)) for t in texts}


def _set(r: Range):
    return {(int(a), int(b)) for a, b in r.combos}


def _parse_quiet(text):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", RangeNotationWarning)
        r = parse_range(text)
    return r, [str(w.message) for w in caught]


@pytest.mark.skipif(not FIXTURE.exists(), reason="peer fixtures not present")
@pytest.mark.parametrize("case", _pokerkit_cases(), ids=lambda c: " | ".join(c["args"]))
def test_pokerkit_parse_range(case):
    # pokerkit.parse_range(*args): the arguments are ranges of their own; a comma joins them
    text = ", ".join(case["args"])
    r, notes = _parse_quiet(text)
    assert _set(r) == _combo_set(case["combos"])
    assert (r.weights == 1.0).all()
    # JTs+ / JTo+: pokerkit's reading (the kicker climbs), with a note naming the token
    connector_plus = [a for a in case["args"] if a in ("JTs+", "JTo+")]
    assert len(notes) == len(connector_plus)
    for tok, note in zip(connector_plus, notes):
        assert repr(tok) in note and "rs-poker" in note
    # the shortest notation reads back to the same range
    assert Range(r.to_string()) == r


# (text, combos) parsed alike by handrank and the peer
AGREE = [
    # eval7 tests/test_rangestring.py
    ("ATs-AQs", 12), ("55-99", 30), ("T7o+", 36), ("88+", 42), ("ATs", 4), ("55", 6),
    ("74o", 12), ("7j", 16), ("ats", 4), ("25o", 12), ("qKs", 4), ("ATs+, 80%(22-55)", 40),
    ("ATs+,KQ, .2(4s9s)", 33), ("AA, 0.8(AKs)", 10), ("AA, 80%(AKs)", 10),
    # rs-poker src/holdem/parse.rs
    ("AK", 16), ("22", 6), ("AKo", 12), ("AKs", 4), ("A9+", 80), ("KK+", 12),
    ("87-JT", 64), ("JT-87", 64), ("TJ-78", 64), ("2c2s", 1), ("6c2c", 1),
    ("KK+, AJs+", 24), ("KK+, A2s+", 60),
    # poker-equity tests/fixtures/notation.tsv
    ("KTs+", 12), ("KAs", 4), ("TJs-67s", 20), ("Ah Ks", 1), ("AKs, 22", 10),
    ("AhKh, QsQd", 2), ("AhKh,QsQd", 2), (" AhKh , QsQd ", 2), ("ahkh", 1), ("AHKH", 1),
    # pokerkit (as the fixture), spans across top cards
    ("JTs-KQs", 12),
]


@pytest.mark.parametrize("text,count", AGREE)
def test_peer_strings_agree(text, count):
    r, notes = _parse_quiet(text)
    assert len(r) == count and not notes
    assert Range(r.to_string()) == r


def test_peer_weights_and_sets():
    # eval7: 'KK+, 0.2(As2d)' = the 12 combos of KK+ at 1 and As2d at 0.2
    r = parse_range("KK+, 0.2(As2d)")
    w = dict(zip(r.combo_texts(), r.weights.tolist()))
    assert w.pop("As2d") == 0.2 and len(w) == 12 and set(w.values()) == {1.0}
    # eval7 writes 'AA, 80%(AKs)' for [('AA', 1.0), ('AKs', 0.8)]; '.1%' is 0.001
    assert parse_range("AA, 80%(AKs)") == parse_range("AA, 0.8(AKs)")
    assert parse_range(".1%(AKs)").weights.tolist() == pytest.approx([0.001] * 4)
    assert parse_range("AKs:86%").weights.tolist() == pytest.approx([0.86] * 4)
    # rs-poker: 'TJ-78' and '87-JT' are the connectors 87, 98, T9, JT (4 x 16 combos)
    assert parse_range("TJ-78") == parse_range("87, 98, T9, JT")
    # poker-equity: TJs-67s = 76s, 87s, 98s, T9s, JTs
    assert parse_range("TJs-67s") == parse_range("76s, 87s, 98s, T9s, JTs")
    # pokerkit: ';' separates like ','
    assert parse_range("4s5h;2s3s") == parse_range("4s5h, 2s3s")


# (text, the token the error names) refused by handrank (and by the peer, unless noted)
REFUSED = [
    # eval7
    ("ATs+, KQ, .2(4s4s)", "4s4s"), ("AX+", "AX+"), ("94o-97s", "94o-97s"),
    ("22-97s", "22-97s"), ("J3s-QQ", "J3s-QQ"), ("77s", "77s"), ("22o", "22o"),
    ("JTn-J8n", "JTn-J8n"),  # eval7's own 'n' (either suitedness) suffix
    ("AA, #comment", "#comment"),          # eval7 keeps '#' comments; handrank refuses
    # rs-poker
    ("88s", "88s"), ("8s8s", "8s8s"), ("6c2co", "6c2co"), ("6h2cs", "6h2cs"), ("4f7", "4f7"),
    ("8Q-62+", "8Q-62+"),
    ("2s2+", "2s2+"),      # rs-poker: pairs holding the 2s; handrank refuses
    ("8D8", "8D8"),        # rs-poker: pairs holding the 8d; handrank refuses
    ("87-JTs", "87-JTs"),  # rs-poker: one end's suffix covers the span; handrank refuses
    ("AK-87s,A2s+", "AK-87s"),
    # poker-equity
    ("22s", "22s"), ("JTs-75s", "JTs-75s"), ("JTs-76o", "JTs-76o"), ("AhXh", "AhXh"),
    ("Ah!h", "Ah!h"), ("AhAh", "AhAh"), ("AhKhQh", "AhKhQh"),
]


@pytest.mark.parametrize("text,token", REFUSED)
def test_peer_strings_refused_name_the_token(text, token):
    with pytest.raises(RangeSyntaxError) as e:
        parse_range(text)
    assert repr(token) in str(e.value)


def test_mixed_suffix_span_says_which_reading_to_write():
    with pytest.raises(RangeSyntaxError, match="write 87s-JTs"):
        parse_range("87-JTs")


@pytest.mark.parametrize("text", ["AhKh,", ",AhKh"])
def test_empty_tokens_refused(text):
    # poker-equity: Empty
    with pytest.raises(RangeSyntaxError, match="empty token"):
        parse_range(text)


@pytest.mark.parametrize("text,handrank,rs_poker", [
    # rs-poker's XY+ climbs both cards (KQ+ = KQ, AK; 32+ = every connector); handrank
    # (pokerkit, eval7) climbs the kicker to one below the top card: the '+' adds nothing
    # here, so the reading is announced
    ("KQ+", 16, 32), ("32+", 16, 192), ("JTs+", 4, 16),
])
def test_connector_plus_is_read_the_documented_way_with_a_note(text, handrank, rs_poker):
    with pytest.warns(RangeNotationWarning) as rec:
        r = parse_range(text)
    assert len(r) == handrank != rs_poker
    msg = str(rec[0].message)
    assert repr(text) in msg and "rs-poker" in msg and f"read as {text[:-1]} alone" in msg


def test_percentage_range_poker_equity_refuses_handrank_reads():
    # poker-equity refuses 'top 15%' (PercentageRange); handrank reads it by its ordering
    assert parse_range("top 15%") == parse_range("15%") == Range.from_percent(15)


def test_bare_percent_after_a_hand_warns_and_says_how_to_weight():
    with pytest.warns(RangeNotationWarning) as rec:
        r = parse_range("AKs 80%")
    assert r == parse_range("AKs, 80%")
    msg = str(rec[0].message)
    assert "'80%' at position 4" in msg and "80%(AKs)" in msg and "AKs:80%" in msg
    with warnings.catch_warnings():
        warnings.simplefilter("error", RangeNotationWarning)
        for quiet in ("AKs, 80%", "top 10% AKs", "AKs; top 80%", "80%(AKs)", "AKs:80%"):
            parse_range(quiet)
