"""Who wins: ``compare`` two hands, ``showdown`` one board, ``showdown_many`` many deals."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ..cards import CardsLike, format_card, parse_cards
from ..errors import (
    ArrayShapeError,
    CardRangeError,
    DuplicateCardError,
    HandrankError,
    HandSizeError,
)
from .._support.arrays import int_array
from .._support.checks import each_player
from ._kernel import KIND_RANGE
from .bulk import eval_id_rows
from .hands import HAND_SIZES, strength


def compare(a: CardsLike, b: CardsLike) -> int:
    """1 if hand ``a`` beats ``b``, -1 if it loses, 0 for a split.

    Each hand is 5..7 cards on its own (the two may share cards, e.g. a board),
    given as for :func:`evaluate`, whose errors it raises.
    """
    sa, sb = strength(a), strength(b)
    return (sa > sb) - (sa < sb)


def showdown(board: CardsLike, holes: Sequence[CardsLike]) -> list[int]:
    """Winners among players sharing a board: indices into ``holes``, ascending.

    ``board``: the community cards (text or ids); ``holes``: one entry per
    player (text or ids). Each player's hand is board + hole cards and must
    total 5, 6 or 7 cards. All cards come from one deck: a card appearing twice
    anywhere raises DuplicateCardError naming it and the player. Several
    indices mean a split pot.
    """
    try:
        b = parse_cards(board)
    except HandrankError as e:
        raise e.with_context("board") from None
    seen = {c: "in the board" for c in b}
    strengths = []
    for p, h in each_player(holes, "holes", "one entry (hole cards)", parse_cards, seen,
                            "in player {p}'s hole cards"):
        hand = b + h
        if len(hand) not in HAND_SIZES:
            raise HandSizeError(f"player {p}: board + hole cards make {len(hand)} cards; "
                                f"a poker hand has 5, 6 or 7")
        strengths.append(strength(hand))
    best = max(strengths)
    return [i for i, s in enumerate(strengths) if s == best]


def showdown_many(board: npt.ArrayLike, holes: npt.ArrayLike, *,
                  threads: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Many showdowns at once: each row is one deal of ``board`` + every player's
    ``holes``, all from one deck.

    ``board``: ``(N, b)`` integer card ids (b = 0..5); ``holes``: ``(N, P, h)``
    card ids, P >= 1 players with h hole cards each, b + h in 5..7.
    Returns ``(strengths, winners)``: ``(N, P)`` ``int32`` strengths and an
    ``(N, P)`` ``bool`` array, True for each player holding the best hand of the
    row (several Trues = split pot).
    Raises ArrayShapeError / ArrayDtypeError / HandSizeError for shapes and
    dtypes, CardRangeError for ids outside 0..51 (row, and column in the layout
    board then each player's hole cards), DuplicateCardError naming the row
    when a card appears twice in one deal. Rule: ``docs/rules/poker.md``.
    """
    b, hl = int_array(board, "board"), int_array(holes, "holes")
    if b.ndim != 2 or hl.ndim != 3:
        raise ArrayShapeError(f"board must be (N, b) and holes (N, P, h); got shapes "
                              f"{b.shape} and {hl.shape}")
    n, players, h = hl.shape
    if b.shape[0] != n:
        raise ArrayShapeError(f"board has {b.shape[0]} rows but holes has {n}")
    if players < 1:
        raise HandSizeError("showdown needs at least one player")
    if b.shape[1] + h not in HAND_SIZES:
        raise HandSizeError(f"board ({b.shape[1]} cards) + hole cards ({h}) make "
                            f"{b.shape[1] + h}; a poker hand has 5, 6 or 7")
    if n == 0:
        return np.zeros((0, players), np.int32), np.zeros((0, players), bool)
    # Each player's hand, in the input's own dtype: the kernel is the only
    # check of the ids (range and repeats within a hand); its error is named in
    # the caller's layout, one deal per row: board first, then each player's
    # hole cards in turn.
    nb = b.shape[1]
    dtype = np.result_type(b.dtype, hl.dtype)  # uint64 with a signed type: float64
    dtype = dtype.newbyteorder("=") if dtype.kind in "iu" else np.dtype(np.int64)
    hands = np.empty((n, players, nb + h), dtype=dtype)
    hands[:, :, :nb] = b[:, None, :]
    hands[:, :, nb:] = hl
    strengths, err = eval_id_rows(hands.reshape(n * players, nb + h), threads)
    if err is not None:
        hand_row, col, kind = err
        r, p = divmod(hand_row, players)
        c = col if col < nb else nb + p * h + (col - nb)
        v = int(b[r, col] if col < nb else hl[r, p, col - nb])
        if kind == KIND_RANGE:
            raise CardRangeError(f"row {r}, column {c}: card id {v} is out of range 0..51",
                                 row=r, column=c)
        raise _repeated(r, v)
    # One deck per row (ids now known to be 0..51): the OR of the card bits has every bit once.
    deal = np.concatenate([b.astype(np.uint8), hl.reshape(n, players * h).astype(np.uint8)],
                          axis=1)
    bits = np.left_shift(np.uint64(1), deal.astype(np.uint64))
    repeats = np.bitwise_or.reduce(bits, axis=1) != bits.sum(axis=1, dtype=np.uint64)
    if repeats.any():
        r = int(np.flatnonzero(repeats)[0])
        row = deal[r].tolist()
        raise _repeated(r, next(c for i, c in enumerate(row) if c in row[:i]))
    s = strengths.reshape(n, players)
    return s, s == s.max(axis=1, keepdims=True)


def _repeated(row: int, card: int) -> DuplicateCardError:
    return DuplicateCardError(f"row {row}: card {format_card(card)} appears twice in the deal "
                              f"(board + every player's hole cards)", card=card, row=row)
