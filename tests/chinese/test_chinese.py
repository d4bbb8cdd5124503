"""Chinese Poker: fast path against the pure-Python reference, every [D] of
docs/rules/chinese-poker.md, bad input, and the solver."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from handrank import chinese, poker
from handrank.cards import deal, parse_cards
from handrank.errors import (
    ArrayShapeError,
    CardRangeError,
    DuplicateCardError,
    HandrankError,
    HandSizeError,
    OptionError,
    SettingError,
)
from handrank.chinese import reference as ref

SYSTEMS = chinese.SYSTEMS


def ids(text: str) -> list[int]:
    return parse_cards(text)


def player(front: str, middle: str, back: str, declare: bool = False) -> ref.Player:
    return ref.Player(ids(front), ids(middle), ids(back), declare)


def score2(a: tuple, b: tuple, system: str, **kw) -> int:
    return chinese.score([a, b], system, **kw).matrix[0][1]


# ------------------------------------------------------------------ fronts

def test_front_strength_exhaustive_matches_reference_order():
    """All 22,100 fronts: equal strengths exactly when the reference values are
    equal, and the same order."""
    fronts = np.array(list(itertools.combinations(range(52), 3)), dtype=np.uint8)
    fast = chinese.evaluate_many(fronts)
    vals = [ref.front_value(f) for f in fronts.tolist()]
    order = {v: i + 1 for i, v in enumerate(sorted(set(vals)))}
    assert len(order) == chinese.FRONT_MAX
    assert [order[v] for v in vals] == fast.tolist()


def test_evaluate_many_rows_and_lists():
    assert chinese.evaluate_many(["QsQd4c", "2c 3d 4h"]).tolist() == [409, 1]
    five = chinese.evaluate_many(["AsKsQsJsTs"])
    assert five.tolist() == [poker.MAX_STRENGTH]
    with pytest.raises(DuplicateCardError, match="row 1"):
        chinese.evaluate_many(np.array([[0, 1, 2], [3, 3, 4]]))
    with pytest.raises(HandSizeError):
        chinese.evaluate_many(np.zeros((2, 4), np.uint8))
    with pytest.raises(CardRangeError, match="row 0, column 2"):
        chinese.evaluate_many(np.array([[0, 1, 60]]))


def test_front_layout_and_words():
    assert chinese.front_strength("2c3d4h") == 1  # straights do not count in front
    assert chinese.front_strength("AsAdAc") == 455
    assert chinese.front_category(chinese.front_strength("Qs Qd 4c")) == chinese.FrontCategory.PAIR
    assert chinese.front_category(286) == chinese.FrontCategory.HIGH_CARD
    assert chinese.front_category(443) == chinese.FrontCategory.THREE_OF_A_KIND
    assert chinese.describe_front(chinese.front_strength("QsQd4c")) == "Pair of queens, four kicker"
    v = chinese.evaluate("4c Qs Qd")
    assert v.game == "chinese-front" and v.cards[2] == ids("4c")[0]
    assert chinese.evaluate("AsKsQsJsTs").name == "Royal flush"
    with pytest.raises(HandSizeError):
        chinese.evaluate("AsKs")
    with pytest.raises(HandrankError):
        chinese.front_category(456)


def test_front_vs_middle_matches_reference_random():
    rng = np.random.default_rng(5)
    d = deal(4000, 8, rng)
    got = [chinese.front_beats_middle(r[:3], r[3:]) for r in d.tolist()]
    want = [ref.front_beats_middle(r[:3], r[3:]) for r in d.tolist()]
    assert got == want


def test_front_vs_middle_all_classes_against_reference():
    """Every front class against middles built to share its ranks (the close calls)."""
    rng = np.random.default_rng(11)
    checked = 0
    for f in itertools.combinations_with_replacement(range(13), 3):
        if f[0] == f[2] == f[1] and False:
            continue
        front = [4 * r + i for i, r in enumerate(f)]
        used = {c >> 2 for c in front}
        pool = [c for c in range(52) if c not in front]
        for _ in range(6):
            # middles mostly from the front's ranks, so categories and ranks collide
            near = [c for c in pool if c >> 2 in used]
            cand = rng.permutation(near)[:3].tolist() + rng.permutation(pool)[:5].tolist()
            mid = list(dict.fromkeys(cand))[:5]
            assert chinese.front_beats_middle(front, mid) == ref.front_beats_middle(front, mid)
            checked += 1
    assert checked > 2000


def test_D_front_equal_ranks_middle_is_stronger():
    """[D] docs/rules/chinese-poker.md: when every front rank equals the middle's,
    the middle is the stronger (no foul)."""
    # pair of kings + ace vs pair of kings + ace, queen, jack
    assert not chinese.front_beats_middle("KsKdAc", "KhKcAd Qc Jc")
    assert not chinese.is_foul("KsKdAc", "KhKcAdQcJc", "2c2d2h3c3d")
    # high card A-K-Q against A-K-Q-5-3
    assert not chinese.front_beats_middle("AsKdQc", "AhKhQd5c3c")
    # front kicker higher than the middle's first kicker: foul
    assert chinese.front_beats_middle("KsKdAc", "KhKcQdJcTh")
    # category first: trips in front beat two pair in the middle
    assert chinese.front_beats_middle("5s5d5c", "AhAcKdKc2h")
    assert not chinese.front_beats_middle("AsAdAc", "2h3h4h5h6h")
    # the scoring kernel and the reference agree (not fouled: no foul penalty)
    equal = ("KsKdAc", "KhKcAdQcJc", "2c2d2h3c3d")
    other = ("4s5s7d", "6s6d8c9cTd", "QsQdQhJsJd")
    t = chinese.score([equal, other], "western")
    assert t.fouls == (False, False) and t.matrix[0][1] == 2  # wins front and middle
    assert not ref.is_foul(*(ids(r) for r in equal))


def test_D_back_equal_to_middle_is_legal():
    """docs/rules/chinese-poker.md: back equal to middle is legal."""
    assert not chinese.is_foul("2c3d5h", "AsKsQdJc9h", "AhKhQcJd9c")
    assert chinese.is_foul("2c3d5h", "AsKsQdJc9h", "AhKhQcJd8c")
    # the scoring kernel and the reference agree
    equal = ("2c3d5h", "AsKsQdJc9h", "AhKhQcJd9c")
    other = ("2s3s4d", "7s7d8c8dTd", "QsQhTsTh8h")
    t = chinese.score([equal, other], "basic")
    assert t.fouls == (False, False) and t.matrix[0][1] == -1  # wins front, loses middle, back
    assert not ref.is_foul(*(ids(r) for r in equal))


def test_is_foul_matches_reference_random():
    rng = np.random.default_rng(3)
    for row in deal(3000, 13, rng).tolist():
        f, m, b = row[:3], row[3:8], row[8:]
        assert chinese.is_foul(f, m, b) == ref.is_foul(f, m, b)


# ------------------------------------------------------------------ naturals

NATURAL_CASES = [
    ("2c3d4h", "5s6c7d8h9s", "TcJdQhKsAc", {"dragon", "three straights"}),
    ("2c2d3h", "3s4c4d5h5s", "6c6d7h7sAc", {"six pairs"}),
    ("2c2d2h", "3s3c4d4h5s", "5c6d6h7s7c", {"six pairs"}),  # five pairs and trips
    ("2c2d2h", "2s3c3d4h4s", "5c5d6h6s7c", {"six pairs"}),  # quads count as two
    ("2c5c9c", "3d6d8dTdQd", "4h7hJhKh9h", {"three flushes"}),
    ("Ac2d3h", "4s5c6d7h8s", "9cTdJhQsKc", {"dragon", "three straights"}),  # A-2-3 front
    ("QcKdAh", "2s3c4d5h6s", "7c8d9hTsJc", {"dragon", "three straights"}),  # Q-K-A front
    ("2c3c4c", "5s6s7s8s9s", "TdJdQdKdAd", {"dragon", "three straights", "three flushes"}),
    ("Kc Ad 2h", "3s4c5d6h7s", "8c9dThJsQc", {"dragon"}),  # K-A-2 is no straight
    ("2c3c4d", "5s6s7s8s9s", "TdJdQdKdAd", {"dragon", "three straights"}),
]


@pytest.mark.parametrize("front,middle,back,want", NATURAL_CASES)
def test_naturals_examples(front, middle, back, want):
    """docs/rules/chinese-poker.md Naturals: straight flushes count as either; A-2-3
    and Q-K-A are straights in front."""
    s = chinese.make_setting(front, middle, back)
    got = {n.label for n in chinese.naturals(s)}
    assert got == want == ref.naturals(s.front, s.middle, s.back)


def test_naturals_match_reference_random_and_kernel():
    rng = np.random.default_rng(17)
    tables = deal(1500, 26, rng).reshape(1500, 2, 13)
    det = chinese.score_many(tables, details=True)
    rows = tables.transpose(1, 0, 2).reshape(3000, 13)
    for k, row in enumerate(rows.tolist()):
        s = chinese.Setting(tuple(row[:3]), tuple(row[3:8]), tuple(row[8:]))
        want = ref.naturals(s.front, s.middle, s.back)
        assert {n.label for n in chinese.naturals(s)} == want
        best = chinese.natural(s)
        assert int(det["naturals"][k % 1500, k // 1500]) == int(best)
        assert bool(det["fouls"][k % 1500, k // 1500]) == ref.is_foul(s.front, s.middle, s.back)


# ------------------------------------------------------------------ scoring: [D] rules

def test_basic_western_eastern_mandarin_examples():
    a = ("AsAdKc", "QsQdQcJdJh", "9s9d9h9c2d")      # pair of aces; queens full; quad nines
    b = ("2c3d5h", "KsKdKhTcTd", "3s4s5s6s7s")      # high card; kings full; straight flush
    # a wins the front only
    assert score2(a, b, "basic") == -1
    assert score2(a, b, "western") == -2
    # eastern: front won with a pair = 1; middle lost to a full house -2; back lost to a SF -5
    assert score2(a, b, "eastern") == 1 - 2 - 5
    # mandarin: front 1; middle -(1 + 2); back -(1 + 5)
    assert score2(a, b, "mandarin") == 1 - 3 - 6
    assert score2(b, a, "mandarin") == 8


def test_D_western_ties_majority_point():
    """[D] docs/rules/chinese-poker.md: western with tied rows: 1-0 with two ties
    scores 2, 2-0 with one tie 3, 1-1 with one tie 0."""
    a = ("2c3d5h", "AsKsQdJc9h", "8s8d8h8c6c")
    b = ("2d3c5c", "AhKhQcJd9c", "7s7d7h7c3s")  # front tie, middle tie, a wins back
    assert score2(a, b, "western") == 2
    b2 = ("2d3c4c", "AhKhQcJd9c", "7s7d7h7c3s")  # a wins front and back, middle tie
    assert score2(a, b2, "western") == 3
    b3 = ("2d3c6d", "AhKhQcJd9c", "7s7d7h7c3s")  # b wins front, tie middle, a wins back
    assert score2(a, b3, "western") == 0
    # the reference agrees on the same tables
    for bb, want in ((b, 2), (b2, 3), (b3, 0)):
        assert ref.pair_score(player(*a), player(*bb), "western") == want


def test_western_sweep_is_four():
    a = ("AsAdKc", "QsQdQcJdJh", "9s9d9h9c2d")
    b = ("2c3d5h", "4s4d7c8dTh", "6s6d6hKhAh")
    assert score2(a, b, "western") == 4
    assert score2(a, b, "basic") == 3


def test_D_foul_pays_four_in_every_system():
    """[D] docs/rules/chinese-poker.md: a fouled hand pays 4 to every non-fouler, no
    bonuses or multipliers; two fouls score 0."""
    good = ("2c3d5h", "AsQdJcTc9h", "8s8d8h8c2d")          # back quads (a bonus hand)
    foul = ("AhAcKd", "7s7d7c6c6d", "Ts9c6h4h3h")           # middle beats back
    foul2 = ("QhQcJd", "Th9d5s4s3s", "KhKcKsJsJh")          # front pair beats middle high card
    assert chinese.is_foul(*foul) and chinese.is_foul(*foul2)
    for system in SYSTEMS:
        assert score2(good, foul, system) == 4
        assert score2(foul, good, system) == -4
        assert score2(foul, foul2, system) == 0
        t = chinese.score([good, foul, foul2], system)
        assert t.totals == (8, -4, -4)


TOP = ("AsAdAc", "KsKdKhKc2h", "QsJsTs9s8s")    # trips; quads; straight flush
WEAK = [("2c3d5h", "4s4d6c7d9h", "6s6d6hJhJd"),
        ("2d3c7s", "4h4c5c8d9c", "5s5d7h7cTc"),
        ("2s3h9d", "8h8c3sJcAh", "QhQdQcThTd")]
FOULED = ("QhQdQc", "8h8c3sJcAh", "2s3h9dThTd")  # the same cards as WEAK[2]: trips in front


def test_D_foul_prevents_home_run():
    """[D] docs/rules/chinese-poker.md: a foul is never a shot, so a fouled opponent
    prevents a home run (mandarin, four players)."""
    assert chinese.is_foul(*FOULED)
    t = chinese.score([TOP] + WEAK, "mandarin")
    assert t.home_runs == (True, False, False, False)
    # row values tripled: front trips 3*3; middle 3*1 + 8; back 3*1 + 5
    assert t.matrix[0][1:] == (28, 28, 28)
    t2 = chinese.score([TOP] + WEAK[:2] + [FOULED], "mandarin")
    assert t2.home_runs == (False, False, False, False)
    assert t2.matrix[0][1:] == (23, 23, 4)  # shots: doubled row values; the foul pays 4
    # with three players there is no home run
    assert chinese.score([TOP] + WEAK[:2], "mandarin").matrix[0][1:] == (23, 23)


def test_mandarin_shot_doubles_row_values_not_bonuses():
    a, b = TOP, WEAK[0]
    # front trips 3 doubled = 6; middle 1 doubled + 8; back 1 doubled + 5
    assert score2(a, b, "mandarin") == 6 + 10 + 7
    # eastern: front trips 3, middle quads 8, back straight flush 5
    assert score2(a, b, "eastern") == 3 + 8 + 5
    assert score2(a, b, "western") == 4


DRAGON = {"front": "2c3d4h", "middle": "5s6c7d8h9s", "back": "TcJdQhKcAc", "natural": True}
FLUSHES = {"front": "2h5h9h", "middle": "2d4d6d8dTd", "back": "4s7sJsKsAs", "natural": True}
PLAIN = ("2s3c4c", "5c5d6h6s7c", "8c8s9c9dTh")
REST = ("3s3h7h", "KhKdJhJcTs", "AhAdQsQdQc")   # the other 13 cards, legal
STRAIGHTS = {"front": "QcKdAh", "middle": "5c6h7c8c9c", "back": "TcJcQsKhAd",
             "natural": "three straights"}


def test_D_declared_naturals():
    """[D] docs/rules/chinese-poker.md: a declared natural scores a plain sweep (3
    basic/eastern, 4 western, 6 mandarin, 9 mandarin home run); dragon beats
    the other naturals, which tie; no foul penalty against a natural; a
    natural's rows are not checked for a foul; declaring a natural the cards
    do not make is an error."""
    for system, sweep in chinese.SWEEP.items():
        assert score2(DRAGON, PLAIN, system) == sweep
        assert score2(PLAIN, FLUSHES, system) == -sweep
        assert score2(DRAGON, FLUSHES, system) == sweep
        assert score2(FLUSHES, STRAIGHTS, system) == 0
    # flushes set so that the middle beats the back (a foul if played): still a natural
    fouled_flushes = dict(FLUSHES, middle=FLUSHES["back"], back=FLUSHES["middle"],
                          natural="three flushes")
    assert chinese.is_foul(fouled_flushes["front"], fouled_flushes["middle"],
                           fouled_flushes["back"])
    assert score2(fouled_flushes, PLAIN, "western") == 4
    # against a fouled opponent the natural scores its sweep, no extra foul penalty
    foul = ("QcQdJc", "Th9d5c4c3c", "KdKhAdAh2s")
    assert chinese.is_foul(*foul)
    assert score2(DRAGON, foul, "western") == 4
    assert score2(DRAGON, foul, "mandarin") == 6
    # home run with a natural: four players, none fouled or declaring
    others = [dict(FLUSHES, natural=False), PLAIN, REST]
    t = chinese.score([DRAGON] + others, "mandarin")
    assert t.home_runs[0] and t.matrix[0][1:] == (9, 9, 9)
    assert chinese.score([DRAGON] + others, "western").matrix[0][1:] == (4, 4, 4)
    # a declared lesser natural among them: no home run for the dragon? It still
    # beats it, so it is a home run; a foul among them prevents it [D]
    t = chinese.score([DRAGON, FLUSHES, PLAIN, REST], "mandarin")
    assert t.matrix[0][1:] == (9, 9, 9) and t.matrix[1][2:] == (6, 6)
    # declared but not made
    with pytest.raises(SettingError, match="player 1"):
        chinese.score([PLAIN, dict(zip(chinese.ROWS, foul), natural=True)])
    with pytest.raises(SettingError, match="three flushes"):
        chinese.score([PLAIN, dict(DRAGON, natural="three flushes")])
    with pytest.raises(OptionError, match="accepted"):
        chinese.score([PLAIN, dict(DRAGON, natural="royal")])


def test_D_fouled_opponent_prevents_natural_home_run():
    """[D] docs/rules/chinese-poker.md: a fouled opponent prevents a home run, also
    for a natural (it still scores its 6 against each)."""
    foul_rest = ("AhAdQs", "KhKdJhJcTs", "3s3h7hQdQc")
    assert chinese.is_foul(*foul_rest)
    t = chinese.score([DRAGON, dict(FLUSHES, natural=False), PLAIN, foul_rest], "mandarin")
    assert not t.home_runs[0] and t.matrix[0][1:] == (6, 6, 6)


def test_undeclared_natural_is_played_as_set():
    dragon = (DRAGON["front"], DRAGON["middle"], DRAGON["back"])
    assert score2(dragon, PLAIN, "western") == 3  # front tie (4-3-2), straights beat two pair
    assert ref.pair_score(player(*dragon), player(*PLAIN), "western") == 3


def test_zero_sum_and_breakdown_add_up():
    rng = np.random.default_rng(23)
    for k in range(40):
        n = 2 + k % 3
        d = deal(1, 13 * n, rng)[0]
        settings = [d[13 * i:13 * i + 13] for i in range(n)]
        if k % 2:
            settings = [chinese.greedy_many(s[None])[0] for s in settings]
        players = [(s[:3].tolist(), s[3:8].tolist(), s[8:].tolist()) for s in settings]
        for system in SYSTEMS:
            t = chinese.score(players, system)
            m = np.array(t.matrix)
            assert (m == -m.T).all() and sum(t.totals) == 0
            for p in t.pairs:
                if p.kind == "rows":
                    extra = 0
                    if system == "western":
                        w = sum(1 for _, win, _ in p.rows if win == p.a)
                        lo = sum(1 for _, win, _ in p.rows if win == p.b)
                        extra = (w > lo) - (lo > w)
                    assert sum(v for _, _, v in p.rows) + extra == p.points
                assert p.points == t.matrix[p.a][p.b]
            assert "totals:" in t.text()


# ------------------------------------------------------------------ scoring: differential

def _random_tables(rng, n_tables: int, n_players: int):
    """Tables mixing greedy (legal) settings, random (often fouled) ones,
    strong hand-picked rows and declared naturals."""
    d = deal(n_tables, 13 * n_players, rng).reshape(n_tables, n_players, 13)
    g = chinese.greedy_many(d.reshape(-1, 13)).reshape(d.shape)
    use_greedy = rng.random((n_tables, n_players)) < 0.7
    settings = np.where(use_greedy[:, :, None], g, d)
    det = chinese.score_many(settings, details=True)
    declare = (det["naturals"] > 0) & (rng.random((n_tables, n_players)) < 0.7)
    return settings, declare


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("n_players", [2, 3, 4])
def test_score_many_matches_reference(system, n_players):
    rng = np.random.default_rng(100 + n_players + 10 * SYSTEMS.index(system))
    settings, declare = _random_tables(rng, 400, n_players)
    fast = chinese.score_many(settings, declare, system)
    for t in range(len(settings)):
        players = [ref.Player(s[:3], s[3:8], s[8:], bool(dc))
                   for s, dc in zip(settings[t].tolist(), declare[t])]
        assert fast[t].tolist() == ref.score_table(players, system), t


def test_score_many_reference_on_stacked_decks_mandarin():
    """Four-player tables where one seat gets the strongest cards: shots and home runs."""
    rng = np.random.default_rng(8)
    n = 300
    hands = []
    for _ in range(n):
        order = rng.permutation(52)
        top = np.sort(order[:20])[::-1]  # not really top; mix: high cards for seat 0
        deck = np.argsort(-(np.arange(52) + rng.normal(0, 12, 52)))  # high cards first, noisy
        hands.append(deck[:52])
        del top
    hands = np.array(hands)[:, :52].astype(np.uint8)
    settings = chinese.greedy_many(hands.reshape(-1, 13)).reshape(n, 4, 13)
    det = chinese.score_many(settings, None, "mandarin", details=True)
    assert det["home"].any()
    for t in range(n):
        players = [ref.Player(s[:3], s[3:8], s[8:]) for s in settings[t].tolist()]
        assert det["pairs"][t].tolist() == ref.score_table(players, "mandarin")


def test_score_single_matches_many():
    rng = np.random.default_rng(4)
    settings, declare = _random_tables(rng, 50, 3)
    many = chinese.score_many(settings, declare, "eastern")
    for t in range(50):
        players = [{"front": s[:3], "middle": s[3:8], "back": s[8:], "natural": bool(dc)}
                   for s, dc in zip(settings[t].tolist(), declare[t])]
        assert chinese.score(players, "eastern").matrix == tuple(map(tuple, many[t].tolist()))


# ------------------------------------------------------------------ bad input

def test_bad_input_errors_name_the_culprit():
    plain = ("2s3s4s", "5c5d6c6d7c", "8c8d8s9c9d")
    other = ("2c3c4c", "5s5h6s6h7s", "8h9h9sTcTd")
    with pytest.raises(SettingError, match="front needs 3"):
        chinese.make_setting("2s3s", "5c5d6c6d7c", "8c8d8s9c9d")
    with pytest.raises(SettingError, match="player 0: the middle needs 5 cards, got 4 .12 cards"):
        chinese.score([("2s3s4s", "5c5d6c6d", "8c8d8s9c9d"), other])
    with pytest.raises(SettingError, match="back needs 5 cards, got 6 .14 cards"):
        chinese.score([other, ("2s3s4s", "5c5d6c6d7c", "8c8d8s9c9dAs")])
    with pytest.raises(DuplicateCardError, match="front and the back"):
        chinese.make_setting("2s3s4s", "5c5d6c6d7c", "8c8d8s9c2s")
    with pytest.raises(DuplicateCardError, match="player 0 and player 1"):
        chinese.score([plain, ("2s3c4c", "5s5h6s6h7s", "8h9h9sTcTd")])
    with pytest.raises(SettingError, match="Ac in the back is not in the holding"):
        chinese.make_setting("2s3s4s", "5c5d6c6d7c", "8c8d8s9cAc",
                             holding="2s3s4s5c5d6c6d7c8c8d8s9c9d")
    with pytest.raises(OptionError, match="basic, western, eastern, mandarin"):
        chinese.score([plain, other], "texas")
    with pytest.raises(OptionError):
        chinese.solve("2s3s4s5c5d6c6d7c8c8d8s9c9d", "nope")
    with pytest.raises(SettingError, match="2 to 4 players"):
        chinese.score([plain])
    with pytest.raises(HandSizeError, match="13 cards"):
        chinese.solve("2s3s4s5c5d6c6d7c8c8d8s9c")
    with pytest.raises(HandrankError, match="player 1.*Xx|Xx"):
        chinese.score([plain, ("2c3c4c", "5s5h6s6h7s", "8h9h9sTcXx")])


def test_wrong_card_counts_are_a_foul():
    """docs/rules/chinese-poker.md (Setting): "Foul (improperly set): wrong card
    counts". A player's 13 cards set 4 / 4 / 5 (or any split but 3 / 5 / 5)
    foul: is_foul says so and score() makes the player pay 4 to each
    non-fouler, in every system; the breakdown says why. Other totals are an
    error (not a player's hand)."""
    plain = ("2s3s4s", "5c5d6c6d7c", "8c8d8s9c9d")
    other = ("2c3c4c", "5s5h6s6h7s", "8h9h9sTcTd")
    wrong = ("2s3s4s5c", "5d6c6d7c", "8c8d8s9c9d")  # plain's 13 cards, 4 / 4 / 5
    assert chinese.is_foul(*wrong) and ref.is_foul(*(ids(r) for r in wrong))
    assert chinese.is_foul("2s3s", "4s5c5d6c6d7c", "8c8d8s9c9d")
    assert not chinese.is_foul(*plain)
    for system in SYSTEMS:
        t = chinese.score([wrong, other], system)
        assert t.matrix[0][1] == -4 and t.fouls == (True, False)
        assert t.miscounts == ("front has 4 cards, middle has 4 cards", None)
        assert t.settings[0] is None and t.strengths[0] == (0, 0, 0)
        assert "wrong card counts" in t.pairs[0].text and "wrong card counts" in t.text()
        other_wrong = ("2c3c4c5s", "5h6s6h7s", "8h9h9sTcTd")
        assert chinese.score([wrong, other_wrong], system).matrix[0][1] == 0  # both foul
    # a fouled opponent prevents a home run (mandarin, four players)
    t = chinese.score([TOP, WEAK[0], WEAK[1], (WEAK[2][0] + WEAK[2][1][:2], WEAK[2][1][2:],
                                                WEAK[2][2])], "mandarin")
    assert t.matrix[0][1:] == (23, 23, 4) and not t.home_runs[0]
    # it may still declare a dragon (the cards alone make it), not three straights
    dragon = {"front": "2c3d4h5s", "middle": "6c7d8h9s", "back": "TcJdQhKcAc", "natural": True}
    assert chinese.score([dragon, PLAIN], "western").matrix[0][1] == 4
    with pytest.raises(SettingError, match="makes none"):
        chinese.score([dict(zip(chinese.ROWS, wrong), natural=True), other])
    with pytest.raises(SettingError, match="three straights"):
        chinese.score([dict(dragon, natural="three straights"), PLAIN])
    # the reference agrees
    for system in SYSTEMS:
        players = [ref.Player(*(ids(r) for r in wrong)), ref.Player(*(ids(r) for r in other))]
        assert ref.score_table(players, system)[0][1] == -4


def test_miscounted_tables_match_reference():
    """Random tables where some players re-split their 13 cards into wrong counts."""
    rng = np.random.default_rng(77)
    splits = [(4, 4, 5), (2, 6, 5), (3, 4, 6), (5, 5, 3), (0, 8, 5)]
    for k in range(300):
        n = 2 + k % 3
        d = deal(1, 13 * n, rng)[0]
        g = chinese.greedy_many(d.reshape(n, 13))
        players, refs = [], []
        for i in range(n):
            cards = g[i].tolist()
            sizes = splits[rng.integers(len(splits))] if rng.random() < 0.4 else (3, 5, 5)
            rows = [cards[:sizes[0]], cards[sizes[0]:sizes[0] + sizes[1]],
                    cards[sizes[0] + sizes[1]:]]
            nat = sizes != (3, 5, 5) and bool(ref.naturals(*rows)) and rng.random() < 0.5
            players.append({"front": rows[0], "middle": rows[1], "back": rows[2], "natural": nat})
            refs.append(ref.Player(*rows, declare=nat))
        system = SYSTEMS[k % 4]
        assert [list(r) for r in chinese.score(players, system).matrix] == \
            ref.score_table(refs, system), k


def test_setting_checks_its_rows():
    """A Setting built directly is checked like make_setting (no silent
    mis-scoring of wrong rows)."""
    with pytest.raises(SettingError, match="front needs 3"):
        chinese.Setting((0, 1), (2, 3, 4, 5, 6), (7, 8, 9, 10, 11, 12))
    with pytest.raises(DuplicateCardError, match="2c"):
        chinese.Setting((0, 0, 1), (2, 3, 4, 5, 6), (7, 8, 9, 10, 11))
    with pytest.raises(CardRangeError, match="99"):
        chinese.Setting((0, 99, 1), (2, 3, 4, 5, 6), (7, 8, 9, 10, 11))
    with pytest.raises(TypeError, match="make_setting"):
        chinese.Setting(("As", "Ks", "Qs"), (2, 3, 4, 5, 6), (7, 8, 9, 10, 11))
    s = chinese.Setting(np.array([0, 1, 2]), [3, 4, 5, 6, 7], (8, 9, 10, 11, 12))
    assert s.front == (0, 1, 2) and s.middle == (3, 4, 5, 6, 7)


def test_non_card_values_raise_typeerror_naming_the_player():
    plain = ("2s3s4s", "5c5d6c6d7c", "8c8d8s9c9d")
    for bad in (None, 5, [1.5, 2, 3], [True, 1, 2]):
        with pytest.raises(TypeError, match="player 0: front"):
            chinese.score([{"front": bad, "middle": plain[1], "back": plain[2]}, PLAIN])
    with pytest.raises(TypeError, match="player 0: holding"):
        chinese.score([dict(zip(chinese.ROWS, plain), holding=7), PLAIN])
    with pytest.raises(TypeError, match="names"):
        chinese.score([plain, PLAIN], names=5)
    with pytest.raises(TypeError, match="solver_tables"):
        chinese.solve("2s3s4s5c5d6c6d7c8c8d8s9c9d", tables=5)


def test_heads_up_bad_options():
    for kw in ({"deals": 1}, {"deals": 10.5}, {"deals": 10, "chunk": 0},
               {"deals": 10, "seed": "x"}, {"deals": 10, "seed": -1}, {"deals": True}):
        with pytest.raises(OptionError):
            chinese.heads_up(**kw)


def test_bulk_bad_input():
    d = deal(3, 26, 1).reshape(3, 2, 13)
    bad = d.astype(np.int64)
    bad[1, 1, 4] = 52
    with pytest.raises(CardRangeError, match="52"):
        chinese.score_many(bad)
    dup = d.copy()
    dup[2, 1, 0] = dup[2, 0, 5]
    with pytest.raises(DuplicateCardError, match="table 2"):
        chinese.score_many(dup)
    with pytest.raises(ArrayShapeError):
        chinese.score_many(d[:, :, :12])
    with pytest.raises(ArrayShapeError):
        chinese.score_many(np.zeros((1, 5, 13), np.uint8))
    with pytest.raises(SettingError, match="table 0, player 1"):
        chinese.score_many(np.ascontiguousarray(d[:1]), np.array([[False, True]]))
    with pytest.raises(DuplicateCardError, match="holding 0"):
        chinese.solve_many(np.zeros((1, 13), np.uint8))
    with pytest.raises(ArrayShapeError):
        chinese.solve_many(np.zeros((2, 12), np.uint8))
    with pytest.raises(CardRangeError):
        chinese.solve_many(np.full((1, 13), -1))


# ------------------------------------------------------------------ solver

def _categories():
    front = [0] + [int(chinese.front_category(s)) for s in range(1, 456)]
    five = [0] + poker.categories(np.arange(1, 7463, dtype=np.int32)).tolist()
    return [front, five, five]


@pytest.fixture(scope="module")
def small_model():
    """A coarse opponent model (few bins) so that the reference is quick."""
    rng = np.random.default_rng(99)
    counts = [np.zeros(456, np.int64), np.zeros(7463, np.int64), np.zeros(7463, np.int64)]
    for c in counts:
        idx = rng.integers(1, len(c), 40)
        np.add.at(c, idx, rng.integers(1, 50, 40))
    return counts, chinese.solver_tables(*counts), ref.OpponentRows(counts, _categories())


@pytest.mark.parametrize("system", SYSTEMS)
def test_expected_score_matches_reference(system, small_model):
    _counts, tables, opp = small_model
    rng = np.random.default_rng(7)
    settings = chinese.greedy_many(deal(120, 13, rng))
    fast = chinese.expected_scores(settings, system, tables=tables)
    for row, ev in zip(settings.tolist(), fast):
        f, m, b = row[:3], row[3:8], row[8:]
        vals = (ref.front_value(f), ref.rp.value5(m), ref.rp.value5(b))
        st = [chinese.front_strength(f), poker.strength(m), poker.strength(b)]
        want = ref.expected_score(vals, st, opp, system)
        assert ev == pytest.approx(want, abs=1e-9)


def _all_settings_of(holding: np.ndarray) -> np.ndarray:
    out = []
    pos = range(13)
    for back in itertools.combinations(pos, 5):
        rest = [p for p in pos if p not in back]
        for mid in itertools.combinations(rest, 5):
            front = [p for p in rest if p not in mid]
            out.append(front + list(mid) + list(back))
    return holding[np.array(out)]


@pytest.mark.parametrize("system", SYSTEMS)
def test_solver_finds_the_best_of_all_72072_settings(system):
    """The kernel's choice has the maximal expected score among every setting
    (scored one by one by setting_ev)."""
    rng = np.random.default_rng(31 + SYSTEMS.index(system))
    for holding in deal(2, 13, rng):
        every = _all_settings_of(holding)
        assert len(every) == 72072
        evs = chinese.expected_scores(every, system)
        sol = chinese.solve(holding.tolist(), system)
        assert not sol.setting.foul
        assert sol.expected == pytest.approx(np.nanmax(evs), abs=1e-12)
        assert set(sol.setting.cards) == set(holding.tolist())


def test_solver_declares_naturals():
    sol = chinese.solve("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac")
    assert sol.natural == chinese.Natural.DRAGON and sol.declare and sol.value == 4
    sol = chinese.solve("2h5h9h 2d4d6d8dTd 4s7sJsKsAs", "basic")
    assert sol.natural == chinese.Natural.THREE_FLUSHES
    assert chinese.Natural.THREE_FLUSHES in chinese.naturals(sol.natural_setting)
    sol = chinese.solve("2c2d3h3s4c4d5h5s6c6d7h7sAc")
    assert sol.natural == chinese.Natural.SIX_PAIRS
    sol = chinese.solve("As Ad Ac Ah Ks Kd Kc Kh Qs Qd Qc Qh 2c", "mandarin")
    assert sol.natural == chinese.Natural.SIX_PAIRS and not sol.declare  # plays the quads
    assert sol.expected > 6


def test_solver_never_fouls_and_uses_the_holding():
    rng = np.random.default_rng(12)
    h = deal(500, 13, rng)
    for system in SYSTEMS:
        r = chinese.solve_many(h, system)
        assert not np.isnan(chinese.expected_scores(r["setting"], system)).any()
        assert (np.sort(r["setting"], 1) == np.sort(h, 1)).all()


def test_greedy_baseline():
    g = chinese.greedy("As Ad Ac Ah Ks Kd 2c 3d 5h 7s 9c Jd Qh")
    assert poker.category(poker.strength(g.back)) == poker.Category.FOUR_OF_A_KIND
    assert not g.foul


def test_heads_up_small_fixed_seed_solver_beats_greedy():
    """A small fixed-seed run of the benchmarks/chinese_sim.py simulation."""
    r = chinese.heads_up(2000, seed=2026)
    assert r.deals == 2000 and r.solver_fouls == 0
    assert r.ci95[0] > 0
    assert r == chinese.heads_up(2000, seed=2026)  # reproducible


def test_tables_committed_and_consistent():
    f, m, b = (c for c in __import__("handrank.chinese._kernel", fromlist=["x"]).default_counts())
    from handrank.chinese import _kernel as _chinese
    assert _chinese.TABLE_SAMPLES == f[1:].sum() == m[1:].sum() == b[1:].sum() > 0
    t = chinese.default_tables()
    pw, pl = t.arrays[2][0], t.arrays[2][1]
    assert np.all(pw[1:] + pl[1:] <= 1 + 1e-12)
    assert np.all(np.diff(pw[1:]) >= 0)


# ------------------------------------------------------------------ hypothesis, kernel safety, slow

from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st


@hsettings(max_examples=150, deadline=None)
@given(deck=st.permutations(list(range(52))), n_players=st.integers(2, 4),
       system=st.sampled_from(SYSTEMS), greedy_mask=st.integers(0, 15),
       declare_mask=st.integers(0, 15))
def test_hypothesis_score_matches_reference(deck, n_players, system, greedy_mask, declare_mask):
    hands = np.array(deck[:13 * n_players], dtype=np.uint8).reshape(n_players, 13)
    g = chinese.greedy_many(hands)
    settings = np.where((np.array([greedy_mask >> i & 1 for i in range(n_players)],
                                  bool))[:, None], g, hands)[None]
    made = chinese.score_many(settings, details=True)["naturals"][0] > 0
    declare = made & np.array([declare_mask >> i & 1 for i in range(n_players)], bool)
    fast = chinese.score_many(settings, declare[None], system)[0].tolist()
    players = [ref.Player(s[:3], s[3:8], s[8:], bool(d))
               for s, d in zip(settings[0].tolist(), declare)]
    assert fast == ref.score_table(players, system)


def test_kernels_check_ids_themselves():
    """Direct calls of the private kernels with bad ids raise instead of reading
    out of bounds."""
    from handrank.chinese import _kernel as _chinese
    bad = np.full((1, 13), 200, np.uint8)
    out13 = np.zeros((1, 13), np.uint8)
    with pytest.raises(ValueError):
        _chinese.greedy(bad, out13, 0, 1)
    with pytest.raises(ValueError):
        _chinese.solve(bad, 1, chinese.default_tables(), out13, np.zeros(1), np.zeros(1, np.int8),
                       out13.copy(), 0, 1)
    with pytest.raises(ValueError):
        _chinese.setting_ev(bad, 1, chinese.default_tables(), np.zeros(1))
    with pytest.raises(ValueError):
        _chinese.front_strengths(np.array([[0, 0, 1]], np.uint8), np.zeros(1, np.int32))
    raw = _chinese.Tables.__new__(_chinese.Tables)  # never initialised: no NULL tables reach C
    good = np.arange(13, dtype=np.uint8)[None]
    with pytest.raises(ValueError, match="not initialised"):
        _chinese.solve(good, 1, raw, out13, np.zeros(1), np.zeros(1, np.int8), out13.copy(), 0, 1)
    with pytest.raises(ValueError, match="not initialised"):
        _chinese.setting_ev(good, 1, raw, np.zeros(1))
    with pytest.raises(TypeError):
        _chinese.setting_ev(good, 1, None, np.zeros(1))
    arrays = [list(r) for r in chinese.default_tables().arrays]
    arrays[1][2] = np.full(7463, np.nan)
    with pytest.raises(ValueError, match="finite"):
        _chinese.Tables(arrays, 1)
    t = np.zeros((1, 2, 13), np.uint8)
    with pytest.raises(ValueError):
        _chinese.score_tables(t, np.zeros((1, 2), np.uint8), 1, np.zeros((1, 2, 2), np.int32),
                              np.zeros((1, 2, 3), np.int32), np.zeros((1, 2), np.uint8),
                              np.zeros((1, 2), np.uint8), np.zeros((1, 2), np.uint8), 0, 1)


@pytest.mark.slow
@pytest.mark.parametrize("system", SYSTEMS)
def test_slow_reference_search_agrees_with_kernel(system, small_model):
    """The pure-Python naive search (every setting, reference values and the
    27-outcome expected score) finds the same best expected score as the kernel."""
    _counts, tables, opp = small_model
    holding = deal(1, 13, 1234 + SYSTEMS.index(system))[0].tolist()

    def strength_of(r):
        return chinese.front_strength(r) if len(r) == 3 else poker.strength5(*r)

    ev, (f, m, b) = ref.solve(holding, opp, strength_of, system)
    sol = chinese.solve(holding, system, tables=tables)
    assert sol.expected == pytest.approx(ev, abs=1e-9)
    assert not ref.is_foul(f, m, b)


@pytest.mark.slow
def test_slow_heads_up_10000_deals():
    r = chinese.heads_up(10_000, seed=7)
    assert r.ci95[0] > 0.5 and r.solver_fouls == 0


def test_threads_give_the_same_results():
    h = deal(300, 13, 3)
    one, two = chinese.solve_many(h, "mandarin"), chinese.solve_many(h, "mandarin", threads=2)
    assert all((one[k] == two[k]).all() for k in one)
    assert (chinese.greedy_many(h) == chinese.greedy_many(h, threads=0)).all()
    t = deal(3000, 52, 4).reshape(3000, 4, 13)
    assert (chinese.score_many(t) == chinese.score_many(t, threads=2)).all()
    bad = np.zeros((3000, 4), bool)
    bad[2999, 3] = bad[2000, 1] = True  # not naturals: the lowest bad table is named
    nat = chinese.score_many(t, details=True)["naturals"]
    assert not nat[2000, 1] and not nat[2999, 3]
    with pytest.raises(SettingError, match="table 2000, player 1"):
        chinese.score_many(t, bad, threads=2)


def test_table_generator_is_deterministic_and_matches_the_header():
    """tools/gen_chinese_tables.py: same seed, same output; the committed header
    records the parameters the docs state (100,000 holdings per pass, 1 pass)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent.parent / "tools" / "gen_chinese_tables.py"
    spec = importlib.util.spec_from_file_location("gen_chinese_tables", path)
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    a = gen.generate(300, 1, 5, None, log=lambda s: None)
    b = gen.generate(300, 1, 5, None, log=lambda s: None)
    assert a[1] == b[1] and all(c[1:].sum() == 300 for c in a[0])
    assert a[1] != gen.generate(300, 1, 6, None, log=lambda s: None)[1]
    header = gen.OUT.read_text()
    assert "#define HRC_TABLE_SAMPLES 100000" in header and "#define HRC_TABLE_PASSES 1" in header


def test_is_foul_needs_a_players_13_cards():
    """Wrong row sizes of 13 cards are a foul (rules: "wrong card counts"); rows that do
    not hold 13 cards at all are not a player's hand: SettingError."""
    from handrank.errors import SettingError

    assert chinese.is_foul("2s 3s 4s 5s", "5c 5d 6c 6d", "8c 8d 8s 9c 9d") is True
    for rows in (("2s 3s 4s", "5c 5d 6c 6d 7c", "8c 8d 8s 9c"), ("", "", "")):
        with pytest.raises(SettingError, match="13 cards"):
            chinese.is_foul(*rows)


def test_flags_are_real_bools_and_keywords_real():
    settings = np.array([list(range(13)) + list(range(13, 26))], dtype=np.uint8).reshape(1, 2, 13)
    with pytest.raises(OptionError, match="details must be True or False, got 1"):
        chinese.score_many(settings, details=1)  # type: ignore[call-overload]
    with pytest.raises(TypeError):
        chinese.score_many(settings, detail=True)  # type: ignore[call-overload]
    with pytest.raises(TypeError):
        chinese.solve("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac", sytem="basic")  # type: ignore[call-arg]
