"""Who wins an Omaha pot: :func:`showdown` (high) and :func:`showdown_hilo`
(eight-or-better, exact shares)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from .._support.checks import each_player
from ..cards import CardsLike, parse_cards
from ..errors import HandrankError, HandSizeError
from . import _kernel
from .hands import BOARD_SIZE, HOLE_SIZES


def _deal(holes: Sequence[CardsLike], board: CardsLike) -> tuple[list[list[int]], list[int]]:
    """Every player's hole ids and the board's, from one deck, checked."""
    try:
        b = parse_cards(board)
    except HandrankError as e:
        raise e.with_context("board") from None
    if len(b) != BOARD_SIZE:
        raise HandSizeError(f"board: an Omaha board has 5 cards at showdown, got {len(b)}")
    seen = {c: "on the board" for c in b}
    out = []
    for p, h in each_player(holes, "holes", "one entry (hole cards)", parse_cards, seen,
                            "in player {p}'s hole"):
        if len(h) not in HOLE_SIZES:
            raise HandSizeError(f"player {p}: an Omaha hole has 4, 5 or 6 cards, got {len(h)}")
        out.append(h)
    return out, b


def showdown(holes: Sequence[CardsLike], board: CardsLike) -> list[int]:
    """Winners of the high pot among players sharing ``board`` (5 cards): indices
    into ``holes`` (4, 5 or 6 cards each; players may hold different counts),
    ascending; several = a split. Each hand is two hole + three board cards.

    Raises HandSizeError (naming the player or the board), DuplicateCardError
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

    ``holes``: one entry per player (4, 5 or 6 cards); ``board``: 5 cards.
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
