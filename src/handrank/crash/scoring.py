"""Scoring Crash rounds: :func:`score_round` (one round, any hands) and
:func:`score_many` (many rounds of sorted strengths, vectorised)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .. import errors
from ..cards import card_repr, format_card, format_cards
from .._support.checks import check_bool
from .hands import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    HandsLike,
    Opts,
    _brag_opts,
    _check_players,
    _dense3,
    _tables,
)
from .setting import Setting, _hand_sorted, _parse_hand

# =========================================================================== scoring

@dataclass(frozen=True)
class RoundScore:
    """The result of one round.

    Attributes:
        points: points per player (positions won, plus 1 for the bonus).
        winners: per position (0 = strongest hands), the winning player's index,
            or None (tie at the top, or a high card when those do not count).
        bonus: per player, whether they scored every position (+1 point).
        hands: per player, the hands as compared (sorted strongest first).
    """

    points: tuple[int, ...]
    winners: tuple[int | None, ...]
    bonus: tuple[bool, ...]
    hands: tuple[tuple[tuple[int, int, int], ...], ...]

    def __str__(self) -> str:
        """Card text, one line per player (numbered from 0), then who won each
        position (numbered from 1, as the rules do)."""
        lines = [f"player {p}: {' | '.join(format_cards(h) for h in hs)}  "
                 f"+{self.points[p]}{' (bonus)' if self.bonus[p] else ''}"
                 for p, hs in enumerate(self.hands)]
        lines.append("positions " + ", ".join(
            f"{k + 1}: {'-' if w is None else f'player {w}'}" for k, w in enumerate(self.winners)))
        return "\n".join(lines)

    __repr__ = card_repr("hands")


def _player_hands(p: int, hands: HandsLike | Setting) -> list[tuple[int, int, int]]:
    raw = hands.hands if isinstance(hands, Setting) else hands
    if isinstance(raw, str):
        raise errors.SettingError(f"player {p}: hands must be a sequence of three-card hands, "
                                  f"not one string")
    try:
        raw_list = list(raw)
    except TypeError:
        raise errors.SettingError(f"player {p}: hands must be a sequence of three-card hands, "
                                  f"got {type(raw).__name__}") from None
    out = []
    for i, h in enumerate(raw_list):
        ids = _parse_hand(h, f"player {p}, hand {i}")
        if len(ids) != 3:
            raise errors.HandSizeError(f"player {p}, hand {i} has {len(ids)} cards; "
                                       f"a Brag hand has 3")
        out.append(_hand_sorted(ids))
    return out


def score_round(hands: Sequence[HandsLike | Setting], *, count_high_card: bool = False,
                prial_threes_high: bool = True, a23_top_run: bool = True) -> RoundScore:
    """Score one round of Crash.

    ``hands``: per player (2..5 players), their Brag hands: a :class:`Setting`
    or a sequence of hands (each three cards as text or ids), in any order --
    they are sorted strongest first before comparing. Every player must have
    the same number of hands (1 or more); all cards must be distinct (one deck).

    Position by position, a unique strongest hand scores 1 point; a tie at the
    top scores nobody. With ``count_high_card`` off (default, rules **[D]**) a
    high-card hand cannot score: if the strongest hand in a position is a high
    card, nobody scores it. A player who scores every position gets 1 bonus
    point.

    Raises HandSizeError (a hand not of 3 cards), SettingError (players with
    different hand counts, no hands, a player's entry or hand that is not
    cards), DuplicateCardError (a card held twice,
    naming both places), OptionError (player count, an option that is not
    True/False; ``prial_threes_high`` / ``a23_top_run`` select the Brag order as in
    :mod:`handrank.brag`), and card parsing errors; TypeError if ``hands`` is not a
    sequence of players, or for an unknown keyword.
    Rule: ``docs/rules/brag-and-crash.md`` ("Scoring a round").
    """
    opts = _brag_opts(prial_threes_high, a23_top_run)
    count_high_card = check_bool(count_high_card, "count_high_card")
    if isinstance(hands, (str, Setting)):
        raise TypeError("score_round takes one entry per player")
    try:
        players = list(hands)
    except TypeError:
        raise TypeError(f"score_round takes one entry per player, got "
                        f"{type(hands).__name__}") from None
    n = len(players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise errors.OptionError(f"Crash is for 2..5 players, got {n}")
    per = [_player_hands(p, h) for p, h in enumerate(players)]
    nh = len(per[0])
    if nh == 0:
        raise errors.SettingError("player 0 has no hands")
    for p, hs in enumerate(per):
        if len(hs) != nh:
            raise errors.SettingError(f"player {p} has {len(hs)} hands, player 0 has {nh}: "
                                      f"every player needs the same number")
    seen: dict[int, tuple[int, int]] = {}
    for p, hs in enumerate(per):
        for i, h in enumerate(hs):
            for c in h:
                if c in seen:
                    q, j = seen[c]
                    raise errors.DuplicateCardError(
                        f"card {format_card(c)} appears twice: player {q}, hand {j} and "
                        f"player {p}, hand {i}", card=c)
                seen[c] = (p, i)
    return _score(per, count_high_card, opts)


def _score(per: Sequence[Sequence[tuple[int, int, int]]], count_high_card: bool,
           opts: Opts) -> RoundScore:
    """:func:`score_round` of checked hands (every player the same number of three-card
    hands, all cards distinct) and checked options: the engine's path."""
    n, nh = len(per), len(per[0])
    hc_limit = _tables(opts)[2]
    dense = []
    sorted_hands = []
    for hs in per:
        ds = sorted(((_dense3(h, opts), h) for h in hs), key=lambda t: t[0], reverse=True)
        dense.append([d for d, _ in ds])
        sorted_hands.append(tuple(h for _, h in ds))
    points = [0] * n
    winners: list[int | None] = []
    for k in range(nh):
        col = [dense[p][k] for p in range(n)]
        top = max(col)
        who = [p for p in range(n) if col[p] == top]
        if len(who) == 1 and (count_high_card or top >= hc_limit):
            winners.append(who[0])
            points[who[0]] += 1
        else:
            winners.append(None)
    bonus = [points[p] == nh for p in range(n)]
    for p in range(n):
        if bonus[p]:
            points[p] += 1
    return RoundScore(points=tuple(points), winners=tuple(winners), bonus=tuple(bonus),
                      hands=tuple(sorted_hands))


def score_many(strengths: npt.ArrayLike, *, count_high_card: bool = False,
               prial_threes_high: bool = True, a23_top_run: bool = True) -> np.ndarray:
    """Score many rounds at once (vectorised :func:`score_round`).

    ``strengths``: ``(N, players, hands)`` integer array of :mod:`handrank.brag`
    strengths, each player's hands already sorted strongest first (as
    :func:`set_many` returns them); 2..5 players. Returns ``(N, players)``
    ``int32`` points (positions won plus the bonus), same rules as
    :func:`score_round`. Raises ArrayShapeError / ArrayDtypeError for a bad
    array, OptionError for a player count outside 2..5, SettingError if a
    player's strengths are not sorted strongest first, HandrankError for a value
    that is not a Brag strength (naming the round). The strengths must come
    from the same Brag options as passed here. Rule: ``docs/rules/brag-and-crash.md``
    ("Scoring a round").
    """
    opts = _brag_opts(prial_threes_high, a23_top_run)
    count_high_card = check_bool(count_high_card, "count_high_card")
    try:
        s = np.asarray(strengths)
    except ValueError:  # ragged nested lists
        raise errors.ArrayShapeError("strengths must be (N, players, hands): rows of unequal "
                                     "length") from None
    if s.dtype.kind not in "iu" or s.dtype == np.bool_:
        raise errors.ArrayDtypeError(f"strengths must be an integer array, got dtype {s.dtype}")
    if s.ndim != 3 or s.shape[2] < 1:
        raise errors.ArrayShapeError(f"strengths must be (N, players, hands), got shape {s.shape}")
    _check_players(s.shape[1])
    vals = _tables(opts)[1]
    if s.size:
        idx = np.searchsorted(vals, s)
        bad = (idx >= len(vals)) | (vals[np.minimum(idx, len(vals) - 1)] != s)
        if bad.any():
            r = int(np.argwhere(bad)[0][0])
            raise errors.HandrankError(f"round {r}: {s[bad][0]} is not a Brag strength")
        unsorted = (s[:, :, 1:] > s[:, :, :-1]).any(axis=2)  # no np.diff: unsigned wraps
        if unsorted.any():
            r, p = (int(x) for x in np.argwhere(unsorted)[0])
            raise errors.SettingError(f"round {r}, player {p}: hands are not sorted strongest first")
    return _points(s, count_high_card, int(vals[_tables(opts)[2]]))


def _points(s: np.ndarray, count_high_card: bool, lowest_scoring: int) -> np.ndarray:
    """:func:`score_many` of checked ``(N, players, hands)`` sorted strengths, on any
    order-preserving scale (Brag or dense strengths): ``lowest_scoring`` is the
    weakest strength that scores when high cards do not count (the weakest pair)."""
    top = s.max(axis=1)                                  # (N, hands)
    at_top = s == top[:, None, :]                        # (N, players, hands)
    unique = at_top.sum(axis=1) == 1
    if not count_high_card:
        unique &= top >= lowest_scoring
    won = at_top & unique[:, None, :]
    points = won.sum(axis=2)
    points += points == s.shape[2]
    return points.astype(np.int32)

