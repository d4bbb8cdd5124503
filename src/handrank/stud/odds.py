"""Seven-card stud equity: :func:`equity` (stud high, stud Hi-Lo eight or better)
and :func:`razz_equity`, on the shared variant-equity engine
(:mod:`handrank._support.showdown_equity`)."""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor

from .._support.checks import check_bool
from .._support.seeds import SeedLike
from .._support.showdown_equity import HIGH, HILO, LOW, make_deal, showdown_equity
from ..cards import CardsLike
from ..equity.inputs import Method, ProgressFn, read_options
from ..result import ShowdownEquity
from . import _kernel
from .deals import read_deal
from .hands import CARDS

_KERNEL = "handrank.stud._kernel"


def _run(game: str, rule: int, option: int, hands: Sequence[CardsLike],
         dead: CardsLike | None, method: Method, samples: int | None,
         target_stderr: float | None, seed: SeedLike, threads: int | None,
         progress: ProgressFn | None, executor: Executor | None,
         part: tuple[int, int] | None) -> ShowdownEquity:
    opts = read_options(method, samples, target_stderr, seed, threads, progress, executor, part)
    deal = read_deal(hands, dead)
    sd = make_deal(game, rule, [list(h) for h in deal.hands], CARDS, [], 0, list(deal.dead),
                   deal.labels, option=option, dead_text=deal.dead_text)
    return showdown_equity(sd, opts, _KERNEL)


def equity(hands: Sequence[CardsLike], dead: CardsLike | None = None, *, hilo: bool = False,
           method: Method = "auto", samples: int | None = None,
           target_stderr: float | None = None, seed: SeedLike = None,
           threads: int | None = None, progress: ProgressFn | None = None,
           executor: Executor | None = None,
           part: tuple[int, int] | None = None) -> ShowdownEquity:
    """Seven-card stud equity of 2 to 7 players, each given by the cards known so far.

    ``hands``: one entry per player, 3 to 7 known cards each (``"AsAd Kc"``, a list
    of card strings or ids); players may know different numbers of cards. ``dead``:
    cards out of play (folded hands, burnt cards). Every player's unknown cards (7
    minus the known) are dealt from the cards left, every completion equally
    likely; the best five of seven play.

    ``hilo=False``: stud high, the best poker hand(s) split the pot. ``hilo=True``:
    stud Hi-Lo eight or better: half to the best high, half to the best
    eight-or-better low of any five (:func:`~handrank.stud.low`), the high takes all
    without a qualifying low; ties split their half (shares exact in pot units).

    Options as :func:`handrank.omaha.equity`: ``method`` ``"auto"`` (exact when the
    enumeration is small enough, else Monte Carlo), ``"exact"`` or
    ``"monte-carlo"``; ``samples`` / ``target_stderr`` / ``seed`` for Monte Carlo
    (a seeded result is the same bits whatever ``threads`` or ``executor``);
    ``threads`` (None or 1: one, 0: all cores); ``progress(done, total)``;
    ``executor`` (a ``concurrent.futures.Executor`` running the work units);
    ``part=(i, k)``: slice ``i`` of ``k`` of the run, merged with
    :meth:`~handrank.result.EquityResult.merge`.

    Returns a :class:`~handrank.result.ShowdownEquity` (``game`` ``"stud"`` or
    ``"stud-hilo"``; ``pot`` ``"high"`` or ``"hi-lo"``, whose players are
    :class:`~handrank.result.HiLoPlayer` with ``scoop``, ``high`` and ``low``).

    Raises HandSizeError for fewer than 2 or more than 7 players (**[D]**: eight
    hands of seven need 56 cards), a player with fewer than 3 or more than 7 known
    cards (naming the player), or dead cards leaving too few cards to finish every
    hand; DuplicateCardError naming the card and both places; CardParseError /
    CardRangeError with the player or ``dead cards`` context; OptionError for a bad
    option; TypeError for ``hands`` given as one string. Rules: ``docs/rules/stud.md``.
    """
    game, rule = ("stud-hilo", HILO) if check_bool(hilo, "hilo") else ("stud", HIGH)
    return _run(game, rule, _kernel.EIGHT, hands, dead, method, samples, target_stderr, seed,
                threads, progress, executor, part)


def razz_equity(hands: Sequence[CardsLike], dead: CardsLike | None = None, *,
                method: Method = "auto", samples: int | None = None,
                target_stderr: float | None = None, seed: SeedLike = None,
                threads: int | None = None, progress: ProgressFn | None = None,
                executor: Executor | None = None,
                part: tuple[int, int] | None = None) -> ShowdownEquity:
    """Razz equity: seven-card stud where the best ace-to-five low of any five of the
    seven cards takes the whole pot (aces low, straights and flushes ignored, pairs
    count; no qualifier, so some player always wins; tied lows split it).

    Arguments, options and errors as :func:`equity`. Returns a
    :class:`~handrank.result.ShowdownEquity` with ``game="razz"`` and
    ``pot="low"``. Rules: ``docs/rules/stud.md``, ``docs/rules/lowball.md``."""
    return _run("razz", LOW, _kernel.RAZZ, hands, dead, method, samples, target_stderr, seed,
                threads, progress, executor, part)
