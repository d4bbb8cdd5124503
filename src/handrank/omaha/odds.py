"""Omaha equity (high and Hi-Lo eight or better): the players' exact hole cards, a
board of 0, 3, 4 or 5 cards and dead cards, on the shared showdown-equity engine
(``handrank._support.showdown_equity``; Omaha supplies only its evaluation)."""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor

from .._support import showdown_equity as engine
from .._support.checks import check_bool, each_player, read_cards
from .._support.seeds import SeedLike
from ..cards import CardsLike, format_card, format_cards, parse_cards
from ..equity.inputs import Method, ProgressFn, read_options
from ..errors import DuplicateCardError, HandSizeError
from ..result import ShowdownEquity
from .hands import BOARD_SIZE, HOLE_SIZES

#: Players an Omaha equity takes.
MIN_PLAYERS, MAX_PLAYERS = 2, 6
#: ``method="auto"`` is exact up to this many hand evaluations (deals x players):
#: every preflop deal of up to 6 players (PLO4 heads-up: 2.2 million, about half a
#: second), Monte Carlo beyond (more dead cards than that never make it larger).
MAX_EXACT_EVALS = engine.MAX_EXACT_EVALS
KERNEL = "handrank.omaha._kernel"


def _hole(entry: CardsLike) -> list[int]:
    h = parse_cards(entry)
    if len(h) not in HOLE_SIZES:
        hint = (" (two hole cards is a Hold'em hand: use handrank.equity.equity)"
                if len(h) == 2 else "")
        raise HandSizeError(f"an Omaha hole has 4, 5 or 6 cards, got {len(h)}{hint}")
    return h


def read_deal(holes: Sequence[CardsLike], board: CardsLike | None, dead: CardsLike | None,
              hilo: bool) -> engine.ShowdownDeal:
    """Check the players' holes, the board and the dead cards once (errors name the
    player from 0, the card and both places) and lay them out for the engine."""
    b = read_cards(board, "board")
    if len(b) not in (0, 3, 4, 5):
        raise HandSizeError(f"the board has 0, 3, 4 or 5 cards, got {len(b)}")
    d = read_cards(dead, "dead cards")
    seen = {c: "on the board" for c in b}
    for c in d:
        if c in seen:
            raise DuplicateCardError(f"{format_card(c)} is both on the board and dead", card=c)
        seen[c] = "dead"
    if not isinstance(holes, (str, bytes)) and hasattr(holes, "__len__") and \
            not MIN_PLAYERS <= len(holes) <= MAX_PLAYERS:
        raise HandSizeError(f"Omaha equity needs {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                            f"got {len(holes)}")
    hs: list[list[int]] = []
    for p, h in each_player(holes, "holes", "one entry (hole cards)", _hole, seen,
                            "in player {p}'s hole"):
        if hs and len(h) != len(hs[0]):
            raise HandSizeError(f"player {p}: {len(h)} hole cards, but player 0 has "
                                f"{len(hs[0])}; every player of one Omaha game holds the "
                                f"same number")
        hs.append(h)
    if len(hs) < MIN_PLAYERS:
        raise HandSizeError(f"Omaha equity needs {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                            f"got {len(hs)}")
    labels = tuple("".join(format_card(c) for c in h) for h in hs)
    return engine.make_deal("omaha-hilo" if hilo else "omaha",
                            engine.HILO if hilo else engine.HIGH, hs, len(hs[0]), b,
                            BOARD_SIZE, d, labels, board_text=format_cards(b),
                            dead_text=format_cards(d))


def equity(holes: Sequence[CardsLike], board: CardsLike | None = None,
           dead: CardsLike | None = None, *, hilo: bool = False, method: Method = "auto",
           samples: int | None = None, target_stderr: float | None = None,
           seed: SeedLike = None, threads: int | None = None,
           progress: ProgressFn | None = None, executor: Executor | None = None,
           part: tuple[int, int] | None = None) -> ShowdownEquity:
    """Omaha equity of 2 to 6 players given their exact hole cards.

    ``holes``: one entry per player, 4, 5 or 6 cards each (``"AhKh2c3d"``,
    ``["Ah", "Kh", "2c", "3d"]``, ids), the same count for every player; ``board``:
    0, 3, 4 or 5 cards; ``dead``: cards out of play. Each deal's hands are the best
    two hole + three board cards (``docs/rules/omaha.md``).

    ``hilo``: False (Omaha high: the best high hand(s) split the pot) or True (Omaha
    Hi-Lo eight or better: half the pot to the best high hand(s), half to the best
    qualifying low(s), each half split equally between tied players; with no
    qualifying low the high hand(s) take it all). Shares are exact: each deal's pot
    is 5040 units, so quartered pots and every split are whole numbers.

    ``method``, ``samples``, ``target_stderr``, ``seed``, ``threads``, ``progress``,
    ``executor``, ``part``: as :func:`handrank.equity.equity`. ``"auto"`` enumerates
    every remaining board when that takes at most ``MAX_EXACT_EVALS`` (50 million)
    hand evaluations (every preflop deal of 2 to 6 players does), else Monte Carlo
    (default 1,000,000 deals, in seeded chunks: the same ``seed`` gives the same bits
    on any ``threads`` or ``executor``). ``part=(i, k)`` computes the i-th of k slices
    (exact: of the boards; Monte Carlo: of the seed's chunks, an int ``seed``
    needed); :meth:`~handrank.result.EquityResult.merge` of all k equals the whole.

    Returns a :class:`~handrank.result.ShowdownEquity` (``game`` ``"omaha"`` or
    ``"omaha-hilo"``, ``pot`` ``"high"`` or ``"hi-lo"``); with ``hilo`` each player is
    a :class:`~handrank.result.HiLoPlayer` adding ``scoop`` (takes the whole pot
    alone; also ``win``), ``high`` and ``low`` (expected share of the pot won through
    each half; ``equity == high + low``).

    Raises HandSizeError (not 2-6 players; a hole of other than 4, 5 or 6 cards, a
    2-card hole with a Hold'em hint; players holding different counts; a board of
    1, 2 or 6+ cards), DuplicateCardError (a card twice among the holes, board and
    dead cards, naming both places), CardParseError / CardRangeError (with player,
    board or dead-card context), OptionError (``hilo`` not a bool; options as
    :func:`handrank.equity.equity`), TypeError (``holes`` a lone string; an
    ``executor`` without ``submit``).
    """
    opts = read_options(method, samples, target_stderr, seed, threads, progress, executor,
                        part)
    hilo = check_bool(hilo, "hilo")
    deal = read_deal(holes, board, dead, hilo)
    return engine.showdown_equity(deal, opts, KERNEL, max_exact_evals=MAX_EXACT_EVALS)
