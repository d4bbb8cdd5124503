"""Broken Canada showdown: players sharing a pit, tied Full Houses settled by Family Feud."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from .._support.seeds import SeedLike, rng
from ..cards import CardsLike, card_repr, format_card, parse_cards
from ..errors import DuplicateCardError, HandrankError, HandSizeError, OptionError
from .hands import (
    MAX_DECKS,
    TB_BITS,
    Category,
    _check_decks,
    _part,
    _strength6,
    decks_for,
    describe,
)


@dataclass(frozen=True)
class FeudDraw:
    """One Family Feud draw: ``round`` (0 first), ``player`` index (from 0),
    ``card`` id. Prints as ``Family Feud round 1: player 0 draws 7c``."""

    round: int
    player: int
    card: int

    def __str__(self) -> str:
        return f"Family Feud round {self.round + 1}: player {self.player} draws {format_card(self.card)}"

    __repr__ = card_repr("card")


@dataclass(frozen=True)
class Showdown:
    """Result of :func:`showdown`.

    Attributes:
        strengths: each player's strength (list, player order).
        winners: player indices who share the pot, ascending (one player
            after a Family Feud).
        tied: the players tied for best before any Family Feud.
        feud: the Family Feud draws in order (empty when none was needed).
    """

    strengths: list[int]
    winners: list[int]
    tied: list[int]
    feud: list[FeudDraw] = field(default_factory=list)

    def describe(self) -> list[str]:
        """One line per player (from 0): category and words (``folded`` for the -1
        strength the game engine gives a folded seat)."""
        return [f"player {i}: {describe(s) if s >= 0 else 'folded'}"
                for i, s in enumerate(self.strengths)]

    def __str__(self) -> str:
        won = " and ".join(f"player {w}" for w in self.winners)
        return "\n".join([*self.describe(), *map(str, self.feud),
                          f"{'winners' if len(self.winners) > 1 else 'winner'}: {won}"])


def _triple_rank(ids: Sequence[int]) -> int:
    counts = np.bincount([c >> 2 for c in ids], minlength=13)
    return int(np.argmax(counts >= 3)) if (counts >= 3).any() else 13


def showdown(sets: Sequence[CardsLike], pit: CardsLike, *, decks: int | None = None,
             seed: SeedLike = None, stock: CardsLike | None = None) -> Showdown:
    """Showdown of players sharing a pit (rules: "Comparing two hands").

    ``sets``: one 4-card set per player; ``pit``: the 2 pit cards.
    ``decks``: decks in play, default ``ceil(players / 4)`` [D]; the whole
    table (all sets + pit) may hold at most that many copies of a card.
    A better category wins; within a category the lower card wins; identical
    rank lists split; Busted hands lose to everything. Players tied with Full
    Houses play **Family Feud**: each draws one card from ``stock`` (default:
    the undealt cards of the decks), the holder of the lowest triple first;
    the lowest rank (ace high) wins, players tied for lowest draw again. The
    draws use ``seed`` (int or numpy Generator) and are recorded in
    :attr:`Showdown.feud`; if the stock runs out, the drawn cards are shuffled
    back in. Raises HandSizeError, DuplicateCardError (too many copies, naming
    the player; or a ``stock`` card that, with the dealt cards, exceeds the
    decks), CardParseError, OptionError (bad ``decks`` or ``seed``, too many
    players), HandrankError (a Family Feud the stock cannot settle).
    """
    gen = rng(seed)
    if isinstance(sets, (str, bytes)) or sets is None or np.isscalar(sets):
        raise TypeError("sets must be a sequence with one 4-card set per player")
    sets = list(sets)
    if not sets:
        raise HandSizeError("showdown needs at least one player")
    if decks is None and len(sets) > 4 * MAX_DECKS:
        raise OptionError(f"{len(sets)} players would need {-(-len(sets) // 4)} decks; "
                          f"at most {MAX_DECKS} decks ({4 * MAX_DECKS} players) are supported")
    d = _check_decks(decks_for(len(sets)) if decks is None else decks)
    p = _part(pit, "pit", "the pit", 2)
    hands: list[list[int]] = []
    table: list[int] = list(p)
    for i, s in enumerate(sets):
        ids = _part(s, f"player {i}", f"player {i}: a set", 4)
        hands.append(ids + p)
        table += ids
    counts = np.bincount(table, minlength=52)
    if counts.max() > d:
        c = int(np.argmax(counts))
        holders = [i for i, h in enumerate(hands) if c in h[:4]]
        raise DuplicateCardError(
            f"card {format_card(c)} is dealt {counts[c]} times (players {holders}"
            f"{' and the pit' if c in p else ''}) but only {d} deck{'s' if d > 1 else ''} "
            f"in play", card=c)
    strengths = [_strength6(h) for h in hands]
    best = max(strengths)
    tied = [i for i, s in enumerate(strengths) if s == best]
    feud: list[FeudDraw] = []
    winners = tied
    if len(tied) > 1 and best >> TB_BITS == Category.FULL_HOUSE:
        if stock is None:
            left = np.repeat(np.arange(52), d) if d > 1 else np.arange(52)
            left_list = [int(x) for x in left]
            for c in table:
                left_list.remove(c)
            pool = left_list
        else:
            try:
                pool = parse_cards(stock, allow_duplicates=True)
            except HandrankError as e:
                raise e.with_context("stock") from None
            both = np.bincount(table + pool, minlength=52)
            if both.max() > d:
                c = int(np.argmax(both))
                raise DuplicateCardError(
                    f"stock: card {format_card(c)} is in the stock {pool.count(c)} time(s) and "
                    f"dealt {counts[c]} time(s), but only {d} deck{'s' if d > 1 else ''} in play",
                    card=c)
        winners, feud = _family_feud(tied, hands, pool, gen)
    return Showdown(strengths=strengths, winners=winners, tied=tied, feud=feud)


def _family_feud(tied: list[int], hands: list[list[int]], pool: list[int],
                 gen: np.random.Generator) -> tuple[list[int], list[FeudDraw]]:
    """Settle tied Full Houses: draws in order of lowest triple; lowest rank wins (ace high)."""
    order = sorted(tied, key=lambda i: (_triple_rank(hands[i]), i))
    stock = list(pool)
    earlier: list[int] = []  # cards drawn in finished rounds
    draws: list[FeudDraw] = []
    rnd = 0
    while True:
        got = {}
        for player in order:
            if not stock:  # shuffle the cards of earlier rounds back in
                stock, earlier = earlier, []
            if not stock:
                raise HandrankError("Family Feud cannot be settled: no stock left to draw from")
            c = stock.pop(int(gen.integers(len(stock))))
            got[player] = c
            draws.append(FeudDraw(rnd, player, c))
        earlier += list(got.values())
        low = min(c >> 2 for c in got.values())
        order = [pl for pl in order if got[pl] >> 2 == low]
        if len(order) == 1:
            return order, draws
        rnd += 1
        if rnd >= 1000 or len({c >> 2 for c in stock + earlier}) < 2:
            raise HandrankError("Family Feud cannot be settled: the stock holds only one rank")
