"""The entry point :func:`equity`: checks the input once, plans, and runs the exact
or the Monte Carlo driver."""

from __future__ import annotations

from concurrent.futures import Executor

from .._support.checks import check_bool
from .._support.seeds import SeedLike
from ..cards import CardsLike
from ..errors import OptionError
from . import headsup
from .enumeration import run_exact
from .inputs import Method, PlayersLike, ProgressFn, read_deal, read_options
from .planning import plan
from .results import HoldemEquity
from .sampling import run_monte_carlo


def equity(players: PlayersLike, board: CardsLike | None = None,
           dead: CardsLike | None = None, *, method: Method = "auto",
           samples: int | None = None, target_stderr: float | None = None,
           seed: SeedLike = None, threads: int | None = None,
           progress: ProgressFn | None = None, executor: Executor | None = None,
           part: tuple[int, int] | None = None, by_combo: bool = False) -> HoldemEquity:
    """Hold'em equity of 2 to 10 players, each given as hole cards or a range.

    ``players``: a list or tuple (or an ``(n, 2)`` integer array) of hole cards
    (``"AhAd"``, ``"Ah Ad"``, ``["Ah", "Ad"]``, ``[50, 49]``) or ranges (``"QQ+, AKs"``,
    ``"0.5(AKo), JJ"``, a :class:`~handrank.equity.ranges.Range`); players are
    numbered from 0 in errors. ``board``: 0, 3, 4 or 5 cards; ``dead``: cards out of
    play (mucked, seen).

    ``method``: ``"exact"`` enumerates every remaining board for every compatible
    combination of the players' combos (weighted by the product of the weights);
    ``"monte-carlo"`` samples deals: ``samples`` of them (default
    :data:`DEFAULT_SAMPLES`), or as many as needed for every player's standard
    error to reach ``target_stderr`` (a number between 0 and 1, checked after each
    chunk of :data:`CHUNK_SAMPLES`; ``samples`` then caps the count, else
    :data:`MAX_SAMPLES`); ``"auto"`` (default) is exact when neither ``samples`` nor
    ``target_stderr`` is given and the work is at most :data:`MAX_EXACT_EVALS` hand
    evaluations, else Monte Carlo (heads-up after the flop: always exact, board by
    board for wide ranges, :mod:`handrank.equity.headsup`, where an ``executor`` is
    not used).
    ``seed``: a non-negative int or a ``numpy.random.Generator`` (Monte Carlo only;
    None = fresh entropy, the seed drawn is reported). The result depends only on the
    inputs and the seed, never on ``threads`` or earlier calls.
    ``threads``: None/1 one thread, 0 all cores, n threads; the kernels release the GIL.
    ``progress``: optional ``callback(done, total)`` in hand evaluations (exact) or
    deals (Monte Carlo), called from the calling thread between work chunks.
    ``executor``: any ``concurrent.futures.Executor`` (a ``ProcessPoolExecutor``,
    Dask's ``Client.get_executor()``) to run the work units on instead of threads;
    units pickle and carry integer counts, so the result is bit for bit the same
    (``docs/scale.md``).
    ``part=(i, k)``: compute only the i-th of k slices of the work (exact: of the
    hole-card classes; Monte Carlo: of the seed's chunks, which needs an int ``seed``
    and no ``target_stderr``); :meth:`~handrank.result.EquityResult.merge` of all k
    parts equals the whole run.
    ``by_combo``: also give each player's equity per combo of their range and per
    starting-hand class (``players[i].by_combo`` / ``.by_class``, tables described in
    :mod:`handrank.equity.combos`); exact runs keep the kernel's integer counts per
    combination (about 1.0x to 1.3x the time), Monte Carlo counts the same deals per
    combo (the player totals do not change).

    Everything is checked here, once; the work units trust it.

    Returns a :class:`~handrank.equity.results.HoldemEquity` (the shared
    :class:`~handrank.result.EquityResult`, ``game="holdem"``, one
    :class:`~handrank.result.PlayerEquity` per player in the order given). Pots split
    between ``k`` players give each ``1/k`` (rules: ``docs/rules/poker.md`` for ranking).

    Raises: HandSizeError (not 2-10 players, board not 0/3/4/5 cards, hole cards not
    2 cards), DuplicateCardError (a card shared by players' hole cards, the board or
    dead cards, naming both places), CardParseError (bad card text),
    RangeSyntaxError (bad range token, a range left empty by card removal, ranges
    that can never be dealt together), OptionError (unknown method, bad samples /
    target_stderr / seed / progress, exact enumeration too large to list),
    TypeError (``players`` not a list of players; an unknown keyword; an
    ``executor`` without ``submit``); OptionError for a bad ``part`` (or one with
    ``target_stderr``, or a Monte Carlo part without an int seed).
    """
    opts = read_options(method, samples, target_stderr, seed, threads, progress, executor,
                        part)
    by_combo = check_bool(by_combo, "by_combo")
    if by_combo and opts.part is not None:
        raise OptionError("by_combo=True needs the whole run: it cannot be combined with "
                          "part= (merge the parts first, or run by_combo once)")
    deal = read_deal(players, board, dead)
    if headsup.applies(deal, opts, by_combo):
        return headsup.run_headsup(deal, opts.threads, opts.progress)
    exact = plan(deal, opts.method, opts.monte_carlo)
    if exact is not None:
        return run_exact(deal, exact, opts.threads, opts.progress, opts.executor, opts.part,
                         by_combo)
    if opts.part is not None and opts.reported_seed is None:
        raise OptionError("part= with Monte Carlo needs an int seed (every part must draw "
                          "from the same seed)")
    return run_monte_carlo(deal, opts, by_combo)
