"""A Broken Canada game engine following ``docs/rules/broken-canada.md`` ("Play").

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
[D]. Players' decisions come from **strategies** (see :class:`Strategy` and
:mod:`handrank.engine`): the built-ins are named ``"greedy"`` (:class:`GreedyBot`,
the default) and ``"stand-pat"`` (:class:`StandPat`, never changes a card); any
object with a ``name`` and the four decision methods plays too. Every answer is
checked strictly (OptionError naming the player, from 0, and the method).
Chips are the host's business: the engine calls ``hooks.betting_round(game,
number, phase)`` at the three betting points and the host may fold players
there with :meth:`Game.fold`. :func:`head_to_head` pits two strategies against
each other heads-up.

Example::

    from handrank.canada.engine import Game
    result = Game(players=5, seed=7).play()
    print("\\n".join(result.log))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from .. import engine as _engine
from ..engine import HeadToHead
from .._support.checks import check_int, is_int
from .._support.seeds import SeedLike, replayable, rng
from ..cards import card_repr, format_card, format_cards
from ..errors import HandrankError, OptionError, SettingError
from .hands import Category, _check_decks, _strength6, _value, decks_for, describe, format_hand
from .hands import name as category_name
from .showdowns import FeudDraw, Showdown, showdown

__all__ = [
    "BETTING_PHASES",
    "STRATEGIES",
    "Game",
    "GameResult",
    "GreedyBot",
    "Hooks",
    "StandPat",
    "Strategy",
    "View",
    "head_to_head",
    "log_lines",
]

#: The betting points, in order: after the deal, after the switch, before the showdown.
BETTING_PHASES = ("after deal", "after switch", "before showdown")
MAX_PLAYERS = 52
#: The decision methods of a :class:`Strategy`.
METHODS = ("switch", "claim_flip", "swap_flip", "redeal_exchange")


@dataclass(frozen=True)
class View:
    """What a player may see when asked to decide (frozen).

    Attributes: ``player`` (seat index from 0), ``players`` (seats at the table),
    ``set`` (own 4 card ids, positions 0..3), ``pit`` (2 ids), ``flip`` (face-up
    flip card id, or None while face down), ``decks``, ``phase`` (``"switch"``,
    ``"claim"``, ``"swap"``, ``"redeal"``), ``allowance`` (how many more cards may
    be changed now), ``strength`` (of set + pit now, see :mod:`handrank.canada`).
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

    def __str__(self) -> str:
        flip = "face down" if self.flip is None else format_card(self.flip)
        return (f"player {self.player} of {self.players} ({self.phase}, may change "
                f"{self.allowance}): {format_hand(self.set + self.pit)}, flip {flip}")

    __repr__ = card_repr("set", "pit", "flip")


class Strategy(_engine.Strategy, Protocol):
    """A player's decisions (the shared shape of :class:`handrank.engine.Strategy`:
    a ``name`` and methods taking one :class:`View`). Positions are indices 0..3
    into ``view.set``; answers are checked strictly (OptionError otherwise).

    * ``switch(view)``: distinct int positions to discard now, at most
      ``view.allowance`` (an empty sequence stands); called again after the
      replacements while the allowance lasts and the last answer was not empty
      (so one card at a time works too).
    * ``claim_flip(view)``: an int position to give up for the face-up flip, or None.
    * ``swap_flip(view)``: the same, for the other players' single swap.
    * ``redeal_exchange(view)``: distinct positions (at most 2) to exchange after
      a redeal; only asked of the Broken Canada / Royal Canadian holders.
    """

    def switch(self, view: View) -> Sequence[int]: ...

    def claim_flip(self, view: View) -> int | None: ...

    def swap_flip(self, view: View) -> int | None: ...

    def redeal_exchange(self, view: View) -> Sequence[int]: ...


class StandPat:
    """Never changes a card (built-in name ``"stand-pat"``)."""

    name = "stand-pat"

    def switch(self, view: View) -> Sequence[int]:
        return ()

    def claim_flip(self, view: View) -> int | None:
        return None

    def swap_flip(self, view: View) -> int | None:
        return None

    def redeal_exchange(self, view: View) -> Sequence[int]:
        return ()


class GreedyBot:
    """The default bot (built-in name ``"greedy"``). Switch: keep a hand of
    ``keep`` category or better, otherwise discard (up to the allowance, highest
    first, since the lower card wins ties) the set cards that do not help make the
    current category. Flip: take it when swapping it for one set card makes a
    stronger hand."""

    name = "greedy"

    def __init__(self, keep: Category = Category.IN_HAND_STRAIGHT_PAIR_4):
        self.keep = keep

    def _discards(self, view: View) -> list[int]:
        if view.strength >> 15 >= self.keep:
            return []
        hv = _value(view.set + view.pit)  # the engine's cards, checked when dealt
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
            v = _strength6(s + list(view.pit))  # the engine's cards, checked when dealt
            if v > best:
                best, pos = v, p
        return pos

    def claim_flip(self, view: View) -> int | None:
        return self._best_swap(view)

    def swap_flip(self, view: View) -> int | None:
        return self._best_swap(view)

    def redeal_exchange(self, view: View) -> Sequence[int]:
        return self._discards(view)


#: Built-in strategies by name (what ``Game`` and ``head_to_head`` accept as strings).
STRATEGIES: dict[str, Callable[[], Strategy]] = {"greedy": GreedyBot, "stand-pat": StandPat}


def resolve(strategy: Strategy | str, player: int | None = None) -> Strategy:
    """A strategy from a built-in name (:data:`STRATEGIES`) or an object with the
    four decision methods; OptionError naming the player otherwise."""
    what = "strategy" if player is None else f"player {player}'s strategy"
    return _engine.resolve_strategy(strategy, STRATEGIES, METHODS, what)


def _check_position(answer: object, player: int, method: str) -> int | None:
    """A claim / swap answer: an int position 0..3 (not a bool) or None."""
    if answer is None:
        return None
    if not is_int(answer) or not 0 <= int(answer) <= 3:  # type: ignore[call-overload]
        raise OptionError(f"player {player}: {method}() must return a set position 0..3 "
                          f"(an int) or None, got {answer!r}")
    return int(answer)  # type: ignore[call-overload]


class Hooks:
    """Betting points (override what you need). ``betting_round`` is called with
    the game, the round number (1..3) and its phase from :data:`BETTING_PHASES`."""

    def betting_round(self, game: Game, number: int, phase: str) -> None:
        pass


#: An engine event: ``(kind, player, *details)``, player -1 for table events.
Event = tuple[Any, ...]


def _who(player: int, first: int) -> str:
    return f"player {player + first}"


def _event_line(e: Event, first: int, last_show: dict[int, int]) -> str:
    """One log line for an event; ``first`` numbers the players (0 API, 1 command line)."""
    kind, p = e[0], e[1]
    who = _who(p, first)
    if kind == "deal":
        n, decks = e[2], e[3]
        return f"{n} players, {decks} deck{'s' if decks > 1 else ''}, dealer {who}"
    if kind == "pit":
        return f"pit: {format_cards(e[2:])}; flip dealt face down"
    if kind in ("set", "new set"):
        return f"{who} {kind}: {format_cards(e[2:])}"
    if kind == "betting":
        return f"betting round {e[2]} ({BETTING_PHASES[e[2] - 1]})"
    if kind in ("switch", "exchange"):
        verb = "switches" if kind == "switch" else "exchanges"
        return f"{who} {verb} {format_cards(e[2])} for {format_cards(e[3])}"
    if kind == "stand":
        return f"{who} stands"
    if kind == "flip":
        return f"flip turned up: {format_card(e[2])}"
    if kind == "no claim":
        return "nobody claims the flip"
    if kind in ("claim", "swap"):
        words = "claims the flip" if kind == "claim" else "swaps with the flip"
        return f"{who} {words}: gives {format_card(e[2])}, takes {format_card(e[3])}"
    if kind == "show":
        last_show[p] = e[2]
        return f"{who}: {format_hand(e[3:])}  {describe(e[2])}"
    if kind == "feud":
        return f"Family Feud round {e[3] + 1}: {who} draws {format_card(e[2])}"
    if kind == "redeal":
        return "Broken Canada at the showdown: the deal is redone once (pit and flip stay)"
    if kind == "reshuffle":
        return "the shoe is empty: discards shuffled in"
    if kind == "fold":
        return f"{who} folds"
    if kind == "winners":
        words = " and ".join(_who(w, first) for w in e[2:])
        return (f"{'winners' if len(e) > 3 else 'winner'}: {words} "
                f"({category_name(last_show[e[2]])})")
    raise HandrankError(f"unknown event {e!r}")


def log_lines(events: Sequence[Event], first: int = 0) -> list[str]:
    """The readable game log of ``events``, players numbered from ``first``
    (0 in the API, as :attr:`GameResult.log`; the command line passes 1).
    Raises HandrankError naming the first item that is not an engine event (the
    tuples of :attr:`GameResult.events`), OptionError if ``first`` is not an int."""
    first = check_int(first, "first")
    shown: dict[int, int] = {}
    out = []
    for i, e in enumerate(events):
        try:
            out.append(_event_line(e, first, shown))
        except HandrankError as err:
            raise err.with_context(f"event {i}") from None
        except (LookupError, TypeError, ValueError):
            raise HandrankError(f"event {i}: not a game event: {e!r:.200}") from None
    return out


@dataclass
class GameResult:
    """Outcome of :meth:`Game.play`.

    Attributes: ``showdown`` (the deciding :class:`~handrank.canada.Showdown`,
    player indices as in the game; folded players have strength -1),
    ``winners``, ``redealt`` (whether the one-time redeal happened),
    ``first_showdown`` (before a redeal, else None), ``sets`` (final sets),
    ``pit``, ``flip``, ``log`` (readable lines, players from 0), ``events``
    (tuples ``(kind, player, *details)`` for programs, player -1 for table
    events; card ids as ints):

    ``("deal", dealer, players, decks)``, ``("pit", -1, c, c)``, ``("set", p, *4
    cards)``, ``("betting", -1, number)``, ``("switch", p, old, new)``,
    ``("stand", p)``, ``("flip", -1, card)``, ``("claim", p, given, taken)``,
    ``("no claim", -1)``, ``("swap", p, given, taken)``, ``("fold", p)``,
    ``("show", p, strength, *set, *pit)``, ``("feud", p, card, round)``,
    ``("redeal", -1)``, ``("new set", p, *4 cards)``, ``("exchange", p, old,
    new)``, ``("reshuffle", -1)``, ``("winners", -1, *players)``.

    ``repr`` shows ``sets``, ``pit`` and ``flip`` as card text and leaves out
    ``events`` (``log`` tells the same in words).
    """

    showdown: Showdown
    winners: list[int]
    redealt: bool
    first_showdown: Showdown | None
    sets: list[tuple[int, ...]]
    pit: tuple[int, ...]
    flip: int
    log: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list, repr=False)  # (the log says it in text)

    def lines(self, first: int = 0) -> list[str]:
        """The log with players numbered from ``first`` (1 on the command line)."""
        return log_lines(self.events, first)

    def __str__(self) -> str:
        return "\n".join(self.log)

    __repr__ = card_repr("sets", "pit", "flip")


class Game:
    """One deal of Broken Canada.

    ``players``: a count (2..52; each seat gets a :class:`GreedyBot`) or a list with
    one strategy per seat: a built-in name from :data:`STRATEGIES` (``"greedy"``,
    ``"stand-pat"``) or a :class:`Strategy` object. ``seed``: int or numpy
    Generator (the shuffle, the Family Feud draws). ``decks``: default
    ``ceil(players / 4)`` [D]. ``dealer``: seat of the dealer (from 0); play starts
    at the seat to the left (dealer + 1). ``hooks``: a :class:`Hooks` for the
    betting points. Raises OptionError for a bad player count, strategy, dealer,
    decks or seed (a non-negative int, a numpy Generator or None); during play,
    OptionError naming the player (from 0) and the method for a strategy answer
    that is not a valid one.
    """

    def __init__(self, players: int | Sequence[Strategy | str] = 4, *, seed: SeedLike = None,
                 decks: int | None = None, dealer: int = 0, hooks: Hooks | None = None):
        if is_int(players):
            n = check_int(players, "players", 2, MAX_PLAYERS)
            self.strategies: list[Strategy] = [GreedyBot() for _ in range(n)]
        elif isinstance(players, Sequence) and not isinstance(players, str):
            if not 2 <= len(players) <= MAX_PLAYERS:
                raise OptionError(f"players must be 2 to {MAX_PLAYERS}, got {len(players)}")
            self.strategies = [resolve(s, i) for i, s in enumerate(players)]
        else:
            raise OptionError(f"players must be a count or a list of strategies, got {players!r}")
        self.n = len(self.strategies)
        self.decks = decks_for(self.n) if decks is None else _check_decks(decks)
        if self.decks * 52 < 4 * self.n + 3:
            raise OptionError(f"{self.decks} deck(s) cannot deal {self.n} players")
        self.dealer = check_int(dealer, "dealer (a seat from 0)", 0, self.n - 1)
        if hooks is not None and not callable(getattr(hooks, "betting_round", None)):
            raise OptionError(f"hooks must be a Hooks object (with betting_round(game, number, "
                              f"phase)), got {hooks!r}")
        self.hooks = hooks or Hooks()
        self.rng = rng(seed)
        self.shoe: list[int] = []
        self.discards: list[int] = []
        self.sets: list[list[int]] = [[] for _ in range(self.n)]
        self.pit: list[int] = []
        self.flip: int | None = None
        self.flip_up = False
        self.folded: set[int] = set()
        self.events: list[Event] = []

    @property
    def log(self) -> list[str]:
        """The readable log so far (players from 0)."""
        return log_lines(self.events)

    # ------------------------------------------------------------------ helpers
    def seats(self, start: int | None = None) -> list[int]:
        """Seats in turn order, from the dealer's left (or from ``start``)."""
        first = (self.dealer + 1) % self.n if start is None else start % self.n
        return [(first + i) % self.n for i in range(self.n)]

    def fold(self, player: int) -> None:
        """Remove a player (seat from 0) from the deal (a betting decision of the host)."""
        check_int(player, "player (a seat from 0)", 0, self.n - 1)
        self.folded.add(player)
        self._say("fold", player)
        if len(self.folded) >= self.n:
            raise SettingError("every player has folded")

    def active(self) -> list[int]:
        """Seats still in the deal (not folded), in turn order from the dealer's left."""
        return [p for p in self.seats() if p not in self.folded]

    def _say(self, *event: Any) -> None:
        self.events.append(tuple(event))

    def _draw(self) -> int:
        if not self.shoe:  # house detail: reshuffle the discards when the shoe runs out
            if not self.discards:
                raise SettingError("no cards left to deal")
            self.shoe = [int(c) for c in self.rng.permutation(self.discards)]
            self.discards = []
            self._say("reshuffle", -1)
        return self.shoe.pop()

    def _strength(self, p: int) -> int:
        return _strength6(self.sets[p] + self.pit)  # dealt from the shoe: no re-check

    def view(self, p: int, phase: str, allowance: int) -> View:
        """What player ``p`` may see now (a :class:`View`); the flip only once face up.
        OptionError for a ``p`` that is not a seat, SettingError before :meth:`deal`."""
        p = check_int(p, "player (a seat from 0)", 0, self.n - 1)
        if len(self.sets[p]) != 4 or len(self.pit) != 2:
            raise SettingError("no hand to view before the deal: call deal() first")
        return View(player=p, set=tuple(self.sets[p]), pit=tuple(self.pit),
                    flip=self.flip if self.flip_up else None, players=self.n, decks=self.decks,
                    phase=phase, allowance=allowance, strength=self._strength(p))

    def _replace(self, p: int, pos: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Discard the set cards at ``pos`` and deal as many; (old, new) cards."""
        old = tuple(self.sets[p][i] for i in pos)
        for i in pos:
            self.discards.append(self.sets[p][i])
            self.sets[p][i] = self._draw()
        return old, tuple(self.sets[p][i] for i in pos)

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
        self._say("deal", self.dealer, self.n, self.decks)
        self._say("pit", -1, *self.pit)
        for p in order:
            self._say("set", p, *self.sets[p])

    def betting(self, number: int) -> None:
        """Betting point ``number`` (1..3): logged, then ``hooks.betting_round`` is called.
        OptionError for another ``number``."""
        number = check_int(number, "betting round number", 1, len(BETTING_PHASES))
        self._say("betting", -1, number)
        self.hooks.betting_round(self, number, BETTING_PHASES[number - 1])

    def switch(self) -> None:
        """Each player in turn discards up to three set cards and draws as many."""
        for p in self.active():
            left = 3
            while left > 0:
                answer = self.strategies[p].switch(self.view(p, "switch", left))
                pos = _engine.check_positions(answer, p, "switch", 4, left)
                if not pos:
                    break
                old, new = self._replace(p, pos)
                left -= len(pos)
                self._say("switch", p, old, new)
            if left == 3:
                self._say("stand", p)

    def flip_round(self) -> None:
        """Turn the flip up; the first claimer swaps, then each other player once."""
        assert self.flip is not None
        self.flip_up = True
        self._say("flip", -1, self.flip)
        claimer = None
        for p in self.active():
            answer = self.strategies[p].claim_flip(self.view(p, "claim", 1))
            pos = _check_position(answer, p, "claim_flip")
            if pos is not None:
                claimer = p
                self._swap(p, pos, "claim")
                break
        if claimer is None:
            self._say("no claim", -1)
            return
        for p in self.seats(claimer + 1):
            if p == claimer or p in self.folded:
                continue
            answer = self.strategies[p].swap_flip(self.view(p, "swap", 1))
            pos = _check_position(answer, p, "swap_flip")
            if pos is not None:
                self._swap(p, pos, "swap")

    def _swap(self, p: int, pos: int, kind: str) -> None:
        assert self.flip is not None
        given, taken = self.sets[p][pos], self.flip
        self.sets[p][pos] = taken
        self.flip = given
        self._say(kind, p, given, taken)

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
        sd = showdown([self.sets[p] for p in act], self.pit, decks=self.decks,
                      seed=self.rng, stock=stock)
        strengths = [-1] * self.n
        for i, p in enumerate(act):
            strengths[p] = sd.strengths[i]
            self._say("show", p, sd.strengths[i], *self.sets[p], *self.pit)
        feud = [FeudDraw(d.round, act[d.player], d.card) for d in sd.feud]
        for d in feud:
            self._say("feud", d.player, d.card, d.round)
        return Showdown(strengths=strengths, winners=[act[i] for i in sd.winners],
                        tied=[act[i] for i in sd.tied], feud=feud)

    def redeal(self, holders: list[int]) -> None:
        """The one-time redeal [D]: new sets of four; holders may exchange up to two."""
        self._say("redeal", -1)
        for p in self.active():
            self.discards += self.sets[p]
            self.sets[p] = []
        for p in self.active():
            self.sets[p] = [self._draw() for _ in range(4)]
            self._say("new set", p, *self.sets[p])
        for p in self.active():
            if p not in holders:
                continue
            answer = self.strategies[p].redeal_exchange(self.view(p, "redeal", 2))
            pos = _engine.check_positions(answer, p, "redeal_exchange", 4, 2)
            if pos:
                old, new = self._replace(p, pos)
                self._say("exchange", p, old, new)

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
        self._say("winners", -1, *final.winners)
        assert self.flip is not None
        return GameResult(showdown=final, winners=final.winners, redealt=redealt,
                          first_showdown=first if redealt else None,
                          sets=[tuple(s) for s in self.sets], pit=tuple(self.pit), flip=self.flip,
                          log=self.log, events=list(self.events))


def head_to_head(a: Strategy | str = "greedy", b: Strategy | str = "stand-pat",
                 rounds: int = 1_000, *, seed: SeedLike = 0) -> HeadToHead:
    """Strategy ``a`` against ``b`` heads-up, seats swapped over the same deals.

    ``a``, ``b``: built-in names (:data:`STRATEGIES`) or :class:`Strategy` objects.
    ``rounds``: rounds played (1..:data:`handrank.engine.MAX_ROUNDS`, rounded up to an
    even number): each deal is shuffled from its own seed drawn from ``seed`` (an int
    or numpy Generator) and played twice, ``a`` in seat 0 then ``b`` in seat 0
    (dealer seat 0, so seat 1 acts first), so both strategies get the same cards and
    turn order and the luck of the deal cancels.

    Points: a seat's share of the pot in a round: 1 for winning alone, ``1/k`` for a
    pot split ``k`` ways (Family Feud settles tied Full Houses, so splits are rare),
    0 for a loss. Each deal's points are the mean of its two plays, so ``mean_a +
    mean_b == 1`` and ``margin`` is the pot share per round that ``a`` wins beyond
    ``b``. Returns a :class:`handrank.engine.HeadToHead` (``game="canada"``) with the
    95% confidence interval of the margin. Raises OptionError for an unknown name,
    an object lacking a decision method, bad ``rounds`` or ``seed``, or (during play)
    a strategy answer that is not valid.
    """
    n = _engine.paired_deals(rounds)
    sa, sb = resolve(a), resolve(b)
    gen, seed = replayable(seed)
    pa, pb = np.empty(n), np.empty(n)
    for i in range(n):
        deal_seed = int(gen.integers(0, 2**63))
        first = Game([sa, sb], seed=deal_seed, dealer=0).play().winners   # a in seat 0
        second = Game([sb, sa], seed=deal_seed, dealer=0).play().winners  # b in seat 0
        share_a = ((0 in first) / len(first)) + ((1 in second) / len(second))
        share_b = ((1 in first) / len(first)) + ((0 in second) / len(second))
        pa[i], pb[i] = share_a / 2, share_b / 2
    return _engine.head_to_head_result("canada", _engine.strategy_name(sa),
                                       _engine.strategy_name(sb), pa, pb, 2 * n, seed)
