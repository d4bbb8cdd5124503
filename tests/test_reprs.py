"""Printed objects show card text, not card ids, in ``repr`` too (the attributes stay ids)."""

from __future__ import annotations

import re
from dataclasses import fields

import numpy as np
import pytest

import handrank
from handrank import brag, canada, chinese, crash, poker
from handrank.canada import engine as canada_engine
from handrank.cards import card_repr, format_card, format_cards, parse_cards
from handrank.equity.inputs import read_deal

#: A tuple or list of two or more card ids, as a plain repr prints them.
BARE_IDS = re.compile(r"[(\[]\d+, \d+")


def ids(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


def is_ids(value: object) -> bool:
    """An id, or (nested) tuples / lists of ids, all plain ints."""
    if isinstance(value, (tuple, list)):
        return all(is_ids(v) for v in value)
    return type(value) is int and 0 <= value < 52


def check(obj: object, **shown: object) -> str:
    """``repr(obj)`` shows each named field as the given text, never its ids; the
    attribute itself is still ids. Returns the repr."""
    text = repr(obj)
    assert text.startswith(type(obj).__name__ + "(")
    for name, value in shown.items():
        raw = getattr(obj, name)
        assert is_ids(raw), (name, raw)
        assert f"{name}={value!r}" in text, (name, text)
        if not isinstance(raw, int):
            assert f"{name}={raw!r}" not in text
    return text


def test_hand_values_of_every_game():
    v = poker.evaluate("As Ks Qs Js Ts")
    text = check(v, cards="As Ks Qs Js Ts")
    assert not BARE_IDS.search(text) and "strength=7462" in text
    assert v.cards == (51, 47, 43, 39, 35) and str(v) == "Royal flush [As Ks Qs Js Ts]"
    assert not BARE_IDS.search(repr(brag.evaluate("Ah Ad Ac")))
    assert not BARE_IDS.search(repr(canada.evaluate("8c 8d 8h 2s", "2c 3c")))
    # equality and hash are unchanged
    w = poker.evaluate("Ah Kh Qh Jh Th")
    assert v == w and hash(v) == hash(w) and repr(v) != repr(w)


def test_crash_setting_and_round():
    s = crash.set_hand("As Ad Ac Kh Qh Jh 2c 3d 4s 9s 9d 7c 5h")
    text = check(s, hands=tuple(format_cards(h) for h in s.hands),
                 dropped=format_cards(s.dropped))
    assert "hands=('As Ad Ac', 'Kh Qh Jh'" in text and "dropped='2c'" in text
    assert s.hands[0] == (51, 49, 48)
    rec = crash.Game(["expected-points"] * 4, seed=7).play().rounds[0]
    text = check(rec, dealt=tuple(format_cards(h) for h in rec.dealt),
                 holdings=tuple(format_cards(h) for h in rec.holdings),
                 settings=tuple(tuple(format_cards(h) for h in p) for p in rec.settings))
    assert "score=RoundScore(" in text
    check(rec.score, hands=tuple(tuple(format_cards(h) for h in p) for p in rec.score.hands))
    result = crash.Game(["lexicographic"] * 3, seed=1).play()
    assert repr(result) == f"GameResult(scores={result.scores}, winners={result.winners})"
    view = crash.View(player=0, players=4, holding=ids("As Ad Ac Kh"), cards=13,
                      scores=(0, 0, 0, 0), target=10, count_high_card=False, round=0)
    check(view, holding="As Ad Ac Kh")


def test_canada_objects():
    sd = canada.showdown(["8c 8d 8h 2s", "9c 9d 9h 3s"], "2c 3c", seed=1)
    draw = sd.feud[0]
    assert check(draw, card=format_card(draw.card)) == (
        f"FeudDraw(round=0, player=0, card={format_card(draw.card)!r})")
    assert type(draw.card) is int
    assert f"card={draw.card})" not in repr(sd)
    view = canada_engine.View(player=0, set=ids("Qs Kd Ts 4h"), pit=ids("Kc 3h"), flip=5, players=2,
                       decks=1, phase="switch", allowance=2, strength=0)
    text = check(view, set="Qs Kd Ts 4h", pit="Kc 3h", flip="3d")
    assert not BARE_IDS.search(text)
    down = canada_engine.View(player=0, set=ids("Qs Kd Ts 4h"), pit=ids("Kc 3h"), flip=None,
                       players=2, decks=1, phase="switch", allowance=2, strength=0)
    assert "flip=None" in repr(down)
    r = canada_engine.Game(3, seed=5).play()
    text = check(r, sets=[format_cards(s) for s in r.sets], pit=format_cards(r.pit),
                 flip=format_card(r.flip))
    assert f"sets={r.sets!r}" not in text
    assert "events=" not in text and f"log={r.log!r}" in text and r.events


def test_chinese_objects():
    s = chinese.make_setting("Qs Qd 4c", "Ah Kh Th 7h 2h", "9c 9d 9s 5c 5d")
    assert check(s, front="Qs Qd 4c", middle="Ah Kh Th 7h 2h", back="9c 9d 9s 5c 5d") == (
        "Setting(front='Qs Qd 4c', middle='Ah Kh Th 7h 2h', back='9c 9d 9s 5c 5d')")
    sol = chinese.solve("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac")
    text = repr(sol)
    assert "setting=Setting(front='" in text and "natural=Natural.DRAGON" in text
    assert not BARE_IDS.search(text)
    rec = chinese.Game(["greedy", "greedy"], seed=1).play_round()
    text = check(rec, holdings=tuple(format_cards(h) for h in rec.holdings))
    assert not BARE_IDS.search(text.replace(f"totals={rec.totals!r}", ""))
    result = chinese.Game(["greedy", "greedy"], seed=1, target=10).play()
    assert not BARE_IDS.search(repr(result).replace(repr(result.scores), ""))
    holding = ids("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac")
    view = chinese.View(player=0, players=2, holding=holding, scores=(0, 0), round=0,
                        system="western", target=None, setting=s)
    text = check(view, holding=format_cards(holding))
    assert "setting=Setting(front='Qs Qd 4c'" in text
    t = chinese.score([s, ("2c 3c 4d", "6s 7s 8s Js Ts", "Kc Kd Ks 3h 3s")])
    assert "Setting(front='Qs Qd 4c'" in repr(t)


def test_equity_deal():
    d = read_deal(["As Ks", "Qh Qd"], "2c 3c 4c", "5d")
    text = repr(d)
    assert "board='2c 3c 4c'" in text and "dead='5d'" in text
    assert d.dead == ids("5d") and d.board.tolist() == parse_cards("2c 3c 4c")


def test_card_repr_shapes():
    from dataclasses import dataclass, field

    @dataclass(frozen=True)
    class Thing:
        card: int | None
        rows: tuple[tuple[int, ...], ...]
        many: list[tuple[int, ...]]
        empty: tuple[int, ...]
        array: np.ndarray = field(compare=False)
        count: int = 3
        hidden: tuple[int, ...] = field(default=(1, 2), repr=False)
        bad: tuple[int, ...] = (99,)

        __repr__ = card_repr("card", "rows", "many", "empty", "array", "bad")

    t = Thing(card=51, rows=(ids("As Ks"), ids("2c")), many=[ids("Td 9d")], empty=(),
              array=np.array(ids("Qh Jh"), dtype=np.uint8))
    assert repr(t).endswith(".Thing(card='As', rows=('As Ks', '2c'), many=['Td 9d'], empty='', "
                       "array='Qh Jh', count=3, bad=(99,))")  # the qualified name, as dataclasses
    assert "Thing(card=None, rows=''" in repr(Thing(None, (), [], (), np.zeros(0, np.uint8)))
    assert [f.name for f in fields(t)][0] == "card" and t.card == 51


@pytest.mark.parametrize("cls", [handrank.HandValue, crash.Setting, crash.RoundScore,
                                 crash.RoundRecord, crash.View, canada.FeudDraw, canada_engine.View,
                                 canada_engine.GameResult, chinese.Setting, chinese.View,
                                 chinese.RoundRecord])
def test_declared_on_the_class(cls):
    assert "__repr__" in vars(cls) and vars(cls)["__repr__"].__qualname__.startswith("card_repr")
