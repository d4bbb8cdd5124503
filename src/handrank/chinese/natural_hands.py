"""Naturals: hands that win automatically when declared (dragon, six pairs,
three flushes, three straights). Rule: ``docs/rules/chinese-poker.md`` (Naturals)."""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum

from .. import poker
from .rows import SettingLike, _as_setting

class Natural(IntEnum):
    """Naturals (automatic wins), by code; ``NONE`` = no natural. ``DRAGON``
    beats the others, which tie with each other."""

    NONE = 0
    DRAGON = 1
    SIX_PAIRS = 2
    THREE_FLUSHES = 3
    THREE_STRAIGHTS = 4

    @property
    def label(self) -> str:
        """Display name: ``"three flushes"``."""
        return self.name.replace("_", " ").lower()

    def __str__(self) -> str:
        """The display name (:attr:`label`): ``"three flushes"``."""
        return self.label

    def __repr__(self) -> str:
        return f"Natural.{self.name}"


_NATURAL_NAMES = {n.label: n for n in Natural if n != Natural.NONE}


def naturals(setting: SettingLike) -> set[Natural]:
    """Every natural a setting makes (empty set if none): dragon (13 ranks),
    six pairs (quads count as two pairs, trips as one), three flushes, three
    straights (A-2-3 and Q-K-A count in front; a straight flush counts as
    either). A natural's rows are not checked for a foul. ``setting``: a
    :class:`Setting`, a ``(front, middle, back)`` triple or a mapping with
    those keys; raises SettingError / DuplicateCardError / card errors for
    rows that are not a 3 / 5 / 5 setting. Rule: ``docs/rules/chinese-poker.md``."""
    s = _as_setting(setting, "setting")
    out = _card_naturals(s.cards)
    _, m, b = s.strengths
    cm, cb = poker.category(m), poker.category(b)
    fr = sorted({c >> 2 for c in s.front})
    flush_cats = (poker.Category.FLUSH, poker.Category.STRAIGHT_FLUSH)
    straight_cats = (poker.Category.STRAIGHT, poker.Category.STRAIGHT_FLUSH)
    if len({c & 3 for c in s.front}) == 1 and cm in flush_cats and cb in flush_cats:
        out.add(Natural.THREE_FLUSHES)
    front_straight = len(fr) == 3 and (fr[2] - fr[0] == 2 or fr == [0, 1, 12])
    if front_straight and cm in straight_cats and cb in straight_cats:
        out.add(Natural.THREE_STRAIGHTS)
    return out


def _card_naturals(ids: Sequence[int]) -> set[Natural]:
    """The naturals that depend on the 13 cards alone: dragon, six pairs."""
    ranks = [c >> 2 for c in ids]
    out = set()
    if len(set(ranks)) == 13:
        out.add(Natural.DRAGON)
    if sum(ranks.count(r) // 2 for r in set(ranks)) >= 6:
        out.add(Natural.SIX_PAIRS)
    return out


def natural(setting: SettingLike) -> Natural:
    """The best natural the setting makes (dragon first), or ``Natural.NONE``;
    raises as :func:`naturals`. Rule: ``docs/rules/chinese-poker.md`` (Naturals)."""
    made = naturals(setting)
    return min(made) if made else Natural.NONE
