"""Who wins an Omaha pot: :func:`showdown` (high), :func:`showdown_hilo`
(eight-or-better, exact shares) and :func:`showdown_hilo_many` (many deals)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from concurrent.futures import Executor
from fractions import Fraction
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from .._support.arrays import check_id_range, int_array
from .._support.checks import each_player
from ..cards import CardsLike, format_card, parse_cards, rows_with_repeats
from ..errors import ArrayShapeError, DuplicateCardError, HandrankError, HandSizeError
from . import _kernel
from .bulk import evaluate_many, low_many
from .hands import BOARD_SIZE, HOLE_SIZES


SWAPPED = ("the order is (holes, board): the holes first (one entry of 4, 5 or 6 cards per "
           "player), then the 5-card board; these arguments look swapped")


def _looks_swapped(holes: object, board: object) -> bool:
    """Whether ``(holes, board)`` look like ``(board, holes)``: ``holes`` reads as
    one 5-card list and ``board`` as one hole of 4 or 6 cards or a list of holes."""
    try:
        if len(parse_cards(holes)) != BOARD_SIZE:  # type: ignore[arg-type]
            return False
    except (HandrankError, TypeError, ValueError):
        return False
    try:
        if isinstance(board, str):
            return len(parse_cards(board)) in (4, 6)
        items = cast("Sequence[Any]", board)
        return len(items) > 0 and all(len(parse_cards(x)) in HOLE_SIZES for x in items)
    except (HandrankError, TypeError, ValueError):
        return False


def _deal(holes: Sequence[CardsLike], board: CardsLike) -> tuple[list[list[int]], list[int]]:
    """Every player's hole ids and the board's, from one deck, checked: the
    order is (holes, board) (HandSizeError when they look swapped); every
    player holds the same number of hole cards."""
    if _looks_swapped(holes, board):
        raise HandSizeError(SWAPPED)
    try:
        b = parse_cards(board)
    except HandrankError as e:
        raise e.with_context("board") from None
    if len(b) != BOARD_SIZE:
        raise HandSizeError(f"board: an Omaha board has 5 cards at showdown, got {len(b)}")
    seen = {c: "on the board" for c in b}
    out: list[list[int]] = []
    for p, h in each_player(holes, "holes", "one entry (hole cards)", parse_cards, seen,
                            "in player {p}'s hole"):
        if len(h) not in HOLE_SIZES:
            raise HandSizeError(f"player {p}: an Omaha hole has 4, 5 or 6 cards, got {len(h)}")
        if out and len(h) != len(out[0]):
            raise HandSizeError(f"player {p}: {len(h)} hole cards, but player 0 has "
                                f"{len(out[0])}; every player of one Omaha game holds the "
                                f"same number")
        out.append(h)
    return out, b


def showdown(holes: Sequence[CardsLike], board: CardsLike) -> list[int]:
    """Winners of the high pot among players sharing ``board`` (5 cards): indices
    into ``holes`` (4, 5 or 6 cards each, the same count for every player),
    ascending; several = a split. Each hand is two hole + three board cards.

    The order is ``(holes, board)``, as :func:`~handrank.omaha.evaluate` takes
    ``(hole, board)`` (:func:`handrank.poker.showdown` takes the board first).

    Raises HandSizeError (naming the player or the board; players holding
    different counts; arguments that look swapped), DuplicateCardError
    (a card twice anywhere: names it and both places), CardParseError /
    CardRangeError with player or board context; TypeError when ``holes`` is
    a lone string. Rule: ``docs/rules/omaha.md``."""
    hs, b = _deal(holes, board)
    s = [_kernel.high(h, b) for h in hs]
    return [i for i, v in enumerate(s) if v == max(s)]


def _split(amount: int, winners: list[int], out: list[int]) -> None:
    q, r = divmod(amount, len(winners))
    for k, i in enumerate(winners):
        out[i] += q + (1 if k < r else 0)


def showdown_hilo(holes: Sequence[CardsLike], board: CardsLike, *,
                  pot: int | None = None) -> list[Fraction] | list[int]:
    """Each player's share of an Omaha Hi-Lo (eight-or-better) pot.

    Half the pot goes to the best high hand, half to the best qualifying low
    (:func:`~handrank.omaha.low`); with no qualifying low the high takes it all.
    High and low are chosen independently (each two hole + three board cards),
    so one player may win both (a scoop). Tied players split the half they tie for.

    ``holes``: one entry per player (4, 5 or 6 cards, the same count for every
    player); ``board``: 5 cards. The order is ``(holes, board)``, as for
    :func:`showdown`.
    ``pot``: None for exact shares, a list of :class:`fractions.Fraction`
    summing to 1 (a player tied for low with one other and alone for high gets
    1/2 + 1/4 = 3/4); or a number of chips (an int >= 0), for a list of ints
    summing to ``pot``: an odd chip between the halves goes to the high half
    **[D]**, and the odd chips of a half split between tied players go one each
    to the tied players in seat order, lowest index first **[P]**.

    Raises as :func:`showdown`, and OptionError for a ``pot`` that is not an
    int >= 0 (bools and floats included). Rule: ``docs/rules/omaha.md``.
    """
    if pot is not None:
        from .._support.checks import check_int

        pot = check_int(pot, "pot", low=0)
    hs, b = _deal(holes, board)
    highs = [_kernel.high(h, b) for h in hs]
    lows = [_kernel.low(h, b) for h in hs]
    hi_win = [i for i, v in enumerate(highs) if v == max(highs)]
    best_low = max(lows)
    lo_win = [i for i, v in enumerate(lows) if v == best_low] if best_low else []
    if pot is not None:
        chips = [0] * len(hs)
        if not lo_win:
            _split(pot, hi_win, chips)
        else:
            _split(pot - pot // 2, hi_win, chips)
            _split(pot // 2, lo_win, chips)
        return chips
    shares = [Fraction(0)] * len(hs)
    half = Fraction(1, 2) if lo_win else Fraction(1)
    for i in hi_win:
        shares[i] += half / len(hi_win)
    for i in lo_win:
        shares[i] += half / len(lo_win)
    return shares


def showdown_hilo_many(holes: npt.ArrayLike, boards: npt.ArrayLike, *,
                       threads: int | None = None,
                       executor: Executor | None = None) -> tuple[np.ndarray, int]:
    """Many Omaha Hi-Lo showdowns at once, with exact shares.

    ``holes``: an ``(N, P, h)`` integer array of card ids (P >= 1 players, h = 4,
    5 or 6 hole cards each); ``boards``: ``(N, 5)``. Row i is one deal from one
    deck: ``boards[i]`` and every player's ``holes[i, p]``. The order is
    ``(holes, boards)``, as for :func:`showdown`.

    Returns ``(shares, denominator)``: ``shares`` an ``(N, P)`` ``int64`` array
    of each player's share of the pot in units of ``1 / denominator``, where
    ``denominator = 2 * lcm(1..P)`` (every split of a half is whole in it), so
    each row sums to ``denominator`` and ``Fraction(shares[i, p], denominator)``
    is what :func:`showdown_hilo` gives for that deal. ``threads`` as for
    :func:`~handrank.omaha.evaluate_many`; ``executor`` too (the deals are checked in
    process, the P * N hands evaluated in units on it above ``EXECUTOR_UNIT_ROWS``).

    Raises ArrayShapeError / ArrayDtypeError for shapes and dtypes,
    HandSizeError (no player, or a hole count other than 4..6), CardRangeError
    (row and column in the layout board first, then each player's hole cards in
    turn), DuplicateCardError naming the row, the card and both places
    (``player p hole column j`` or ``board column j``) when a card appears
    twice in one deal. Rule: ``docs/rules/omaha.md``.
    """
    hl, b = int_array(holes, "holes"), int_array(boards, "boards")
    if hl.ndim == 2 and b.ndim == 3:
        raise ArrayShapeError(f"{SWAPPED} (holes has shape {hl.shape}, boards {b.shape})")
    if hl.ndim != 3 or b.ndim != 2:
        raise ArrayShapeError(f"holes must be (N, P, h) and boards (N, 5); got shapes "
                              f"{hl.shape} and {b.shape}")
    n, players, h = hl.shape
    if b.shape[0] != n:
        raise ArrayShapeError(f"boards has {b.shape[0]} rows but holes has {n}")
    if players < 1:
        raise HandSizeError("showdown needs at least one player")
    if h not in HOLE_SIZES or b.shape[1] != BOARD_SIZE:
        raise HandSizeError(f"an Omaha deal has 4, 5 or 6 hole cards per player and 5 board "
                            f"cards; got {h} hole cards per player and {b.shape[1]} board "
                            f"cards")
    denominator = 2 * math.lcm(*range(1, players + 1))
    if n == 0:
        return np.zeros((0, players), np.int64), denominator
    deal = np.concatenate([b.astype(np.int64), hl.reshape(n, players * h).astype(np.int64)],
                          axis=1)
    check_id_range(deal)
    deal8 = deal.astype(np.uint8)
    bad = rows_with_repeats(deal8)
    if bad.any():
        r = int(np.flatnonzero(bad)[0])
        row = deal8[r].tolist()
        col = next(i for i, c in enumerate(row) if c in row[:i])
        card = row[col]

        def where(j: int) -> str:
            if j < BOARD_SIZE:
                return f"board column {j}"
            p, k = divmod(j - BOARD_SIZE, h)
            return f"player {p} hole column {k}"

        raise DuplicateCardError(f"row {r}: duplicate card {format_card(card)} "
                                 f"({where(row.index(card))} and {where(col)})", card=card, row=r)
    each_hole = np.ascontiguousarray(deal8[:, BOARD_SIZE:].reshape(n * players, h))
    each_board = np.repeat(deal8[:, :BOARD_SIZE], players, axis=0)
    high = evaluate_many(each_hole, each_board, threads=threads,
                         executor=executor).reshape(n, players)
    low = low_many(each_hole, each_board, threads=threads, executor=executor).reshape(n, players)
    hi_win = high == high.max(axis=1, keepdims=True)
    best_low = low.max(axis=1, keepdims=True)
    lo_win = (low == best_low) & (best_low > 0)
    half = denominator // 2
    hi_part = np.where(best_low > 0, half, denominator) // hi_win.sum(axis=1, keepdims=True)
    lo_part = half // np.maximum(lo_win.sum(axis=1, keepdims=True), 1)
    return (hi_win * hi_part + lo_win * lo_part).astype(np.int64), denominator
