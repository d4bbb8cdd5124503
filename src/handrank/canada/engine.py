"""A Broken Canada game engine following ``rules/broken-canada.md`` ("Play").

One deal, in order: the deal (1 card each, pit card, 2 each, pit card, the
flip face down, 1 each), betting round, the **switch** (each player in turn
discards up to three set cards and is dealt as many, at once or one at a
time), betting round, the **flip** turned up and claimed (the first claimer
swaps one set card for it, the card given up becomes the new face-up flip;
then every other player in turn may swap once with the current flip), betting
round, **showdown** (:func:`handrank.canada.showdown`, Family Feud for tied Full
Houses) and, if any hand is a Broken Canada or Royal Canadian, the one-time
**redeal** [D]: every set is replaced by four new cards that may not be
changed, except that each holder of the Broken Canada / Royal Canadian may
exchange up to two; pit and flip stay; hands are compared again and a second
Broken Canada does not trigger another redeal.

With five or more players ``ceil(players / 4)`` decks are shuffled together
[D]. Players' decisions come from **strategy objects** (see :class:`Strategy`;
:class:`GreedyBot` is the default, :class:`StandPat` never changes a card).
Chips are the host's business: the engine calls ``hooks.betting_round(game,
number, phase)`` at the three betting points and the host may fold players
there with :meth:`Game.fold`.

Example::

    from handrank.canada.engine import Game
    result = Game(players=5, seed=7).play()
    print("\\n".join(result.log))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from .. import canada
from . import Category, Showdown
from ..cards import format_card, format_cards
from ..errors import OptionError, SettingError

__all__ = [
    "BETTING_PHASES",
    "Game",
    "GameResult",
    "GreedyBot",
    "Hooks",
    "StandPat",
    "Strategy",
    "View",
]

SeedLike = int | np.random.Generator | None

#: The betting points, in order: after the deal, after the switch, before the showdown.
BETTING_PHASES = ("after deal", "after switch", "before showdown")
MAX_PLAYERS = 52


@dataclass(frozen=True)
class View:
    """What a player may see when asked to decide.

    Attributes: ``player`` (index), ``set`` (own 4 card ids, positions 0..3),
    ``pit`` (2 ids), ``flip`` (face-up flip card id, or None), ``players``,
    ``decks``, ``phase`` (``"switch"``, ``"claim"``, ``"swap"``, ``"redeal"``),
    ``allowance`` (how many more cards may be changed now), ``strength`` (of
    set + pit now, see :mod:`handrank.canada`).
    """

    player: int
    set: tuple[int, ...]
    pit: tuple[int, ...]
    flip: int | None
    players: int
    decks: int
    phase: str
    allowance: int
    strength: int


class Strategy(Protocol):
    """A player's decisions. Positions are indices 0..3 into ``view.set``.

    * ``switch(view)``: positions to discard now (at most ``view.allowance``);
      called again after the replacements while the allowance lasts and the
      last answer was not empty (so one card at a time works too).
    * ``claim_flip(view)``: a position to give up for the face-up flip, or None.
    * ``swap_flip(view)``: the same, for the other players' single swap.
    * ``redeal_exchange(view)``: positions (at most 2) to exchange after a
      redeal; only asked of the Broken Canada / Royal Canadian holders.
    """

    def switch(self, view: View) -> Sequence[int]: ...

    def claim_flip(self, view: View) -> int | None: ...

    def swap_flip(self, view: View) -> int | None: ...

    def redeal_exchange(self, view: View) -> Sequence[int]: ...


class StandPat:
    """Never changes a card."""

    def switch(self, view: View) -> Sequence[int]:
        return ()

    def claim_flip(self, view: View) -> int | None:
        return None

    def swap_flip(self, view: View) -> int | None:
        return None

    def redeal_exchange(self, view: View) -> Sequence[int]:
        return ()


class GreedyBot:
    """The default bot. Switch: keep a hand of ``keep`` category or better,
    otherwise discard (up to the allowance, highest first, since the lower
    card wins ties) the set cards that do not help make the current category.
    Flip: take it when swapping it for one set card makes a stronger hand."""

    def __init__(self, keep: Category = Category.IN_HAND_STRAIGHT_PAIR_4):
        self.keep = keep

    def _discards(self, view: View) -> list[int]:
        if view.strength >> 15 >= self.keep:
            return []
        hv = canada.evaluate(list(view.set), list(view.pit), decks=view.decks)
        used = list(hv.cards) if hv.category != Category.NO_HAND else []
        idle = []
        for pos, c in enumerate(view.set):
            if c in used:
                used.remove(c)
            else:
                idle.append(pos)
        if hv.category <= Category.PAIR and not idle:
            idle = list(range(4))
        idle.sort(key=lambda p: -view.set[p])
        return idle[:view.allowance]

    def switch(self, view: View) -> Sequence[int]:
        return self._discards(view)

    def _best_swap(self, view: View) -> int | None:
        if view.flip is None:
            return None
        best, pos = view.strength, None
        for p in range(4):
            s = list(view.set)
            s[p] = view.flip
            v = canada.strength(s, list(view.pit), decks=view.decks)
            if v > best:
                best, pos = v, p
        return pos

    def claim_flip(self, view: View) -> int | None:
        return self._best_swap(view)

    def swap_flip(self, view: View) -> int | None:
        return self._best_swap(view)

    def redeal_exchange(self, view: View) -> Sequence[int]:
        return self._discards(view)


class Hooks:
    """Betting points (override what you need). ``betting_round`` is called with
    the game, the round number (1..3) and its phase from :data:`BETTING_PHASES`."""

    def betting_round(self, game: Game, number: int, phase: str) -> None:
        pass


@dataclass
class GameResult:
    """Outcome of :meth:`Game.play`.

    Attributes: ``showdown`` (the deciding :class:`~handrank.canada.Showdown`,
    player indices as in the game; folded players have strength -1),
    ``winners``, ``redealt`` (whether the one-time redeal happened),
    ``first_showdown`` (before a redeal, else None), ``sets`` (final sets),
    ``pit``, ``flip``, ``log`` (readable lines), ``events`` (tuples
    ``(kind, player, cards...)`` for programs).
    """

    showdown: Showdown
    winners: list[int]
    redealt: bool
    first_showdown: Showdown | None
    sets: list[tuple[int, ...]]
    pit: tuple[int, ...]
    flip: int
    log: list[str] = field(default_factory=list)
    events: list[tuple] = field(default_factory=list)


class Game:
    """One deal of Broken Canada.

    ``players``: a count (2..52; each gets a :class:`GreedyBot`) or a list of
    strategy objects, one per seat. ``seed``: int or numpy Generator (the
    shuffle, the Family Feud draws). ``decks``: default ``ceil(players / 4)``
    [D]. ``dealer``: seat of the dealer; play starts at the seat to the left
    (dealer + 1). ``hooks``: a :class:`Hooks` for the betting points.
    Raises OptionError for a bad player count, strategy, dealer, decks or seed
    (a non-negative int, a numpy Generator or None).
    """

    def __init__(self, players: int | Sequence[Strategy] = 4, *, seed: SeedLike = None,
                 decks: int | None = None, dealer: int = 0, hooks: Hooks | None = None,
                 **unknown: object):
        if unknown:
            raise OptionError(f"unknown option {min(unknown)!r} for Game; accepted options: "
                              f"players, seed, decks, dealer, hooks")
        if isinstance(players, (int, np.integer)) and not isinstance(players, bool):
            if not 2 <= players <= MAX_PLAYERS:
                raise OptionError(f"players must be 2 to {MAX_PLAYERS}, got {players}")
            self.strategies: list[Strategy] = [GreedyBot() for _ in range(int(players))]
        elif isinstance(players, Sequence) and not isinstance(players, str):
            self.strategies = list(players)
            if not 2 <= len(self.strategies) <= MAX_PLAYERS:
                raise OptionError(f"players must be 2 to {MAX_PLAYERS}, got {len(self.strategies)}")
            for i, s in enumerate(self.strategies):
                missing = [m for m in ("switch", "claim_flip", "swap_flip", "redeal_exchange")
                           if not callable(getattr(s, m, None))]
                if missing:
                    raise OptionError(f"player {i}'s strategy lacks {', '.join(missing)}; "
                                      f"accepted: objects with switch, claim_flip, swap_flip, "
                                      f"redeal_exchange (e.g. GreedyBot, StandPat)")
        else:
            raise OptionError(f"players must be a count or a list of strategies, got {players!r}")
        self.n = len(self.strategies)
        self.decks = canada.decks_for(self.n) if decks is None else canada._check_decks(decks)
        if self.decks * 52 < 4 * self.n + 3:
            raise OptionError(f"{self.decks} deck(s) cannot deal {self.n} players")
        if isinstance(dealer, bool) or not isinstance(dealer, (int, np.integer)) or not (
                0 <= dealer < self.n):
            raise OptionError(f"dealer must be a seat 0..{self.n - 1}, got {dealer!r}")
        self.dealer = int(dealer)
        self.hooks = hooks or Hooks()
        self.rng = canada._rng(seed)
        self.shoe: list[int] = []
        self.discards: list[int] = []
        self.sets: list[list[int]] = [[] for _ in range(self.n)]
        self.pit: list[int] = []
        self.flip: int | None = None
        self.flip_up = False
        self.folded: set[int] = set()
        self.log: list[str] = []
        self.events: list[tuple] = []

    # ------------------------------------------------------------------ helpers
    def seats(self, start: int | None = None) -> list[int]:
        """Seats in turn order, from the dealer's left (or from ``start``)."""
        first = (self.dealer + 1) % self.n if start is None else start % self.n
        return [(first + i) % self.n for i in range(self.n)]

    def fold(self, player: int) -> None:
        """Remove a player from the deal (a betting decision of the host)."""
        if not 0 <= player < self.n:
            raise OptionError(f"no player {player} (seats 0..{self.n - 1})")
        self.folded.add(player)
        self._say(f"player {player} folds", ("fold", player))
        if len(self.folded) >= self.n:
            raise SettingError("every player has folded")

    def active(self) -> list[int]:
        """Seats still in the deal (not folded), in turn order from the dealer's left."""
        return [p for p in self.seats() if p not in self.folded]

    def _say(self, text: str, event: tuple) -> None:
        self.log.append(text)
        self.events.append(event)

    def _draw(self) -> int:
        if not self.shoe:  # house detail: reshuffle the discards when the shoe runs out
            if not self.discards:
                raise SettingError("no cards left to deal")
            self.shoe = [int(c) for c in self.rng.permutation(self.discards)]
            self.discards = []
            self._say("the shoe is empty: discards shuffled in", ("reshuffle", -1))
        return self.shoe.pop()

    def _strength(self, p: int) -> int:
        return canada.strength(self.sets[p], self.pit, decks=self.decks)

    def view(self, p: int, phase: str, allowance: int) -> View:
        """What player ``p`` may see now (a :class:`View`); the flip only once face up."""
        return View(player=p, set=tuple(self.sets[p]), pit=tuple(self.pit),
                    flip=self.flip if self.flip_up else None, players=self.n, decks=self.decks,
                    phase=phase, allowance=allowance, strength=self._strength(p))

    def _positions(self, p: int, answer: object, most: int, what: str) -> list[int]:
        if answer is None:
            return []
        try:
            pos = [int(x) for x in answer]  # type: ignore[attr-defined]
        except (TypeError, ValueError):
            raise SettingError(f"player {p}'s {what} must be set positions 0..3, got {answer!r}") from None
        if len(pos) > most or len(set(pos)) != len(pos) or any(not 0 <= x <= 3 for x in pos):
            raise SettingError(f"player {p}'s {what} gave positions {pos}: at most {most} "
                               f"distinct positions 0..3")
        return pos

    def _one(self, p: int, answer: object, what: str) -> int | None:
        if answer is None:
            return None
        if isinstance(answer, bool) or not isinstance(answer, (int, np.integer)) or not (
                0 <= answer <= 3):
            raise SettingError(f"player {p}'s {what} must be a set position 0..3 or None, "
                               f"got {answer!r}")
        return int(answer)

    # ------------------------------------------------------------------ phases
    def deal(self) -> None:
        """Shuffle and deal: 1 each, pit card, 2 each, pit card, flip, 1 each."""
        self.shoe = [int(c) for c in self.rng.permutation(np.repeat(np.arange(52), self.decks))]
        order = self.seats()
        for p in order:
            self.sets[p].append(self._draw())
        self.pit.append(self._draw())
        for p in order:
            self.sets[p] += [self._draw(), self._draw()]
        self.pit.append(self._draw())
        self.flip = self._draw()
        for p in order:
            self.sets[p].append(self._draw())
        self._say(f"{self.n} players, {self.decks} deck{'s' if self.decks > 1 else ''}, "
                  f"dealer player {self.dealer}", ("deal", self.dealer))
        self._say(f"pit: {format_cards(self.pit)}; flip dealt face down", ("pit", -1, *self.pit))
        for p in order:
            self._say(f"player {p} set: {format_cards(self.sets[p])}", ("set", p, *self.sets[p]))

    def betting(self, number: int) -> None:
        """Betting point ``number`` (1..3): logged, then ``hooks.betting_round`` is called."""
        self._say(f"betting round {number} ({BETTING_PHASES[number - 1]})", ("betting", -1, number))
        self.hooks.betting_round(self, number, BETTING_PHASES[number - 1])

    def switch(self) -> None:
        """Each player in turn discards up to three set cards and draws as many."""
        for p in self.active():
            left = 3
            while left > 0:
                pos = self._positions(p, self.strategies[p].switch(self.view(p, "switch", left)),
                                      left, "switch")
                if not pos:
                    break
                old = [self.sets[p][i] for i in pos]
                for i in pos:
                    self.discards.append(self.sets[p][i])
                    self.sets[p][i] = self._draw()
                new = [self.sets[p][i] for i in pos]
                left -= len(pos)
                self._say(f"player {p} switches {format_cards(old)} for {format_cards(new)}",
                          ("switch", p, tuple(old), tuple(new)))
            if left == 3:
                self._say(f"player {p} stands", ("stand", p))

    def flip_round(self) -> None:
        """Turn the flip up; the first claimer swaps, then each other player once."""
        assert self.flip is not None
        self.flip_up = True
        self._say(f"flip turned up: {format_card(self.flip)}", ("flip", -1, self.flip))
        claimer = None
        for p in self.active():
            pos = self._one(p, self.strategies[p].claim_flip(self.view(p, "claim", 1)), "flip claim")
            if pos is not None:
                claimer = p
                self._swap(p, pos, "claims the flip")
                break
        if claimer is None:
            self._say("nobody claims the flip", ("no claim", -1))
            return
        for p in self.seats(claimer + 1):
            if p == claimer or p in self.folded:
                continue
            pos = self._one(p, self.strategies[p].swap_flip(self.view(p, "swap", 1)), "flip swap")
            if pos is not None:
                self._swap(p, pos, "swaps with the flip")

    def _swap(self, p: int, pos: int, words: str) -> None:
        assert self.flip is not None
        given, taken = self.sets[p][pos], self.flip
        self.sets[p][pos] = taken
        self.flip = given
        self._say(f"player {p} {words}: gives {format_card(given)}, takes {format_card(taken)}",
                  ("swap", p, given, taken))

    def showdown(self) -> Showdown:
        """Compare the active players' hands (:func:`handrank.canada.showdown`, Family
        Feud with the game's random source); folded seats get strength -1."""
        act = sorted(self.active())
        # Family Feud draws from the undealt stock (the shoe); a shoe too short for
        # one card each is topped up with the discards (as the deal would), and
        # failing that every card not in an active hand or the pit is used.
        stock: list[int] | None = list(self.shoe)
        if len(self.shoe) < len(act):
            stock = self.shoe + self.discards
            if len(stock) < len(act):
                stock = None
        sd = canada.showdown([self.sets[p] for p in act], self.pit, decks=self.decks,
                             seed=self.rng, stock=stock)
        strengths = [-1] * self.n
        for i, p in enumerate(act):
            strengths[p] = sd.strengths[i]
            self._say(f"player {p}: {canada.format_hand(self.sets[p] + self.pit)}  "
                      f"{canada.describe(sd.strengths[i])}",
                      ("show", p, sd.strengths[i]))
        feud = [canada.FeudDraw(d.round, act[d.player], d.card) for d in sd.feud]
        for d in feud:
            self._say(f"Family Feud round {d.round + 1}: player {d.player} draws "
                      f"{format_card(d.card)}", ("feud", d.player, d.card))
        return Showdown(strengths=strengths, winners=[act[i] for i in sd.winners],
                        tied=[act[i] for i in sd.tied], feud=feud)

    def redeal(self, holders: list[int]) -> None:
        """The one-time redeal [D]: new sets of four; holders may exchange up to two."""
        self._say("Broken Canada at the showdown: the deal is redone once (pit and flip stay)",
                  ("redeal", -1))
        for p in self.active():
            self.discards += self.sets[p]
            self.sets[p] = []
        for p in self.active():
            self.sets[p] = [self._draw() for _ in range(4)]
            self._say(f"player {p} new set: {format_cards(self.sets[p])}", ("set", p, *self.sets[p]))
        for p in self.active():
            if p not in holders:
                continue
            pos = self._positions(p, self.strategies[p].redeal_exchange(self.view(p, "redeal", 2)),
                                  2, "redeal exchange")
            if pos:
                old = [self.sets[p][i] for i in pos]
                for i in pos:
                    self.discards.append(self.sets[p][i])
                    self.sets[p][i] = self._draw()
                self._say(f"player {p} exchanges {format_cards(old)} for "
                          f"{format_cards([self.sets[p][i] for i in pos])}",
                          ("exchange", p, tuple(old)))

    def play(self) -> GameResult:
        """Play the deal from the shuffle to the final showdown."""
        self.deal()
        self.betting(1)
        self.switch()
        self.betting(2)
        self.flip_round()
        self.betting(3)
        first = self.showdown()
        final, redealt = first, False
        holders = [p for p in range(self.n) if first.strengths[p] >= 0 and
                   first.strengths[p] >> 15 in (Category.BROKEN_CANADA, Category.ROYAL_CANADIAN)]
        if holders:
            redealt = True
            self.redeal(holders)
            final = self.showdown()
        words = " and ".join(f"player {p}" for p in final.winners)
        self._say(f"{'winners' if len(final.winners) > 1 else 'winner'}: {words} "
                  f"({canada.name(final.strengths[final.winners[0]])})",
                  ("winners", -1, *final.winners))
        assert self.flip is not None
        return GameResult(showdown=final, winners=final.winners, redealt=redealt,
                          first_showdown=first if redealt else None,
                          sets=[tuple(s) for s in self.sets], pit=tuple(self.pit), flip=self.flip,
                          log=list(self.log), events=list(self.events))
