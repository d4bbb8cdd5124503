"""The pure-Python Crash reference on its own: the rules page's statements as
examples (docs/rules/brag-and-crash.md, Crash section)."""

from __future__ import annotations

from math import comb

import pytest

from handrank.cards import parse_cards
from handrank.crash import reference as ref


def H(text: str) -> list[int]:
    return parse_cards(text)


def test_thirteen_cards_have_200200_settings():
    holding = H("As Ad Ac Kh Qh Jh 2c 3d 4s 9s 9d 7c 5h")
    assert sum(1 for _ in ref.settings(holding)) == 200_200


@pytest.mark.parametrize("n, expected", [(3, 1), (4, 4), (5, 10), (6, 10), (7, 7 * 10),
                                         (9, 280), (10, 10 * 280)])
def test_setting_counts(n, expected):
    holding = list(range(0, 4 * n, 4))[:n]  # n distinct ranks... n <= 13
    assert sum(1 for _ in ref.settings(holding)) == expected


def test_settings_use_each_card_once():
    holding = H("As Kd Qh Jc Ts 9d 8h")
    for hands, dropped in ref.settings(holding):
        used = [c for h in hands for c in h] + list(dropped)
        assert sorted(used) == sorted(holding)
        assert len(dropped) == 1 and all(len(h) == 3 for h in hands)


def test_unique_strongest_scores_tie_scores_nobody():
    # position 1: pair of aces vs pair of kings -> player 0; position 2: equal
    # runs (suits never rank) -> nobody.
    p0 = [H("As Ad 2c"), H("9c Td Jh")]
    p1 = [H("Ks Kd 3c"), H("9d Th Js")]
    assert ref.score_round([p0, p1]) == [1, 0]


def test_high_card_scores_only_with_option():
    p0 = [H("As Kd 9c")]
    p1 = [H("Qs Jd 7c")]
    assert ref.score_round([p0, p1]) == [0, 0]
    # one hand, won: also the bonus for scoring every position
    assert ref.score_round([p0, p1], count_high_card=True) == [2, 0]


def test_bonus_for_every_position():
    p0 = [H("3s 3d 3c"), H("As Ad 2c")]
    p1 = [H("Ks Kd 4c"), H("Qs Qd 5c")]
    p2 = [H("Js Jd 6c"), H("Ts Td 7c")]
    assert ref.score_round([p0, p1, p2]) == [3, 0, 0]


def test_hands_are_sorted_before_comparing():
    # the player lists the weak hand first; the rules sort them
    p0 = [H("2c 5d 9h"), H("As Ah Ac")]
    p1 = [H("Ks Kh Kc"), H("4c 4d 7h")]
    # position 1: AAA > KKK (p0); position 2: 44 pair > high card (p1)
    assert ref.score_round([p0, p1]) == [1, 1]


def test_lexicographic_brute_force_example():
    holding = H("As Ad Ac Kh Qh Jh 2c 3d 4s 9s 9d 7c 5h")
    hands, dropped = ref.lexicographic_setting(holding)
    # prial of aces, K-Q-J running flush, 5-4-3 run, pair of nines with the 7
    assert [sorted(h) for h in hands] == [sorted(H(t)) for t in
                                          ("As Ad Ac", "Kh Qh Jh", "5h 4s 3d", "9s 9d 7c")]
    assert dropped == tuple(H("2c"))


def test_partition_count_formula():
    # 12 cards into four unordered triples: 12! / (3!^4 * 4!) = 15,400
    holding = list(range(12))
    assert sum(1 for _ in ref.settings(holding)) == comb(12, 3) * comb(9, 3) * comb(6, 3) // 24
