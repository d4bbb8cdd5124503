"""The entry point :func:`equity`: checks the input once, plans, and runs the exact
or the Monte Carlo driver."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from . import _kernel as _equity
from .. import cards
from .._support.threads import resolve_threads
from ..cards import CardsLike, format_card
from ..errors import (
    ArrayDtypeError,
    ArrayShapeError,
    DuplicateCardError,
    HandSizeError,
    OptionError,
    RangeSyntaxError,
)
from .enumeration import _exact
from .inputs import _cards, _check_options, _player
from .planning import MAX_EXACT_EVALS, _PAIR_LIMIT, _compatible, _holes, _mask, _suit_classes
from .ranges import Range
from .results import EquityResult, PlayerEquity, _clean
from .sampling import _monte_carlo, _seed_base, _stderr
from .tasks import ProgressFn

_OPTIONS = ("board", "dead", "method", "samples", "target_stderr", "seed", "threads", "progress")


def equity(players: Sequence[object], board: CardsLike | None = None,
           dead: CardsLike | None = None, *, method: str = "auto", samples: int | None = None,
           target_stderr: float | None = None, seed: int | np.random.Generator | None = None,
           threads: int | None = None, progress: ProgressFn | None = None,
           **unknown: object) -> EquityResult:
    """Hold'em equity of 2 to 10 players, each given as hole cards or a range.

    ``players``: a sequence (or an ``(n, 2)`` integer array) of hole cards (``"AhAd"``, ``"Ah Ad"``, ``["Ah", "Ad"]``,
    ``[50, 49]``) or ranges (``"QQ+, AKs"``, ``"0.5(AKo), JJ"``, a
    :class:`~handrank.equity.ranges.Range`). ``board``: 0, 3, 4 or 5 cards; ``dead``: cards
    out of play (mucked, seen).

    ``method``: ``"exact"`` enumerates every remaining board for every compatible
    combination of the players' combos (weighted by the product of the weights);
    ``"monte-carlo"`` samples deals: ``samples`` of them (default
    :data:`DEFAULT_SAMPLES`), or as many as needed for every player's standard
    error to reach ``target_stderr`` (checked after each chunk of
    :data:`CHUNK_SAMPLES`; ``samples`` then caps the count, else
    :data:`MAX_SAMPLES`); ``"auto"`` (default)
    is exact when neither ``samples`` nor ``target_stderr`` is given and the work
    is at most :data:`MAX_EXACT_EVALS` hand evaluations, else Monte Carlo.
    ``seed``: int or ``numpy.random.Generator`` (Monte Carlo only; None = fresh
    entropy, the seed drawn is reported). The result depends only on the inputs
    and the seed, never on ``threads`` or earlier calls.
    ``threads``: None/1 one thread, 0 all cores, n threads; the kernels release the GIL.
    ``progress``: optional ``callback(done, total)`` in hand evaluations (exact) or
    deals (Monte Carlo), called from the calling thread between work chunks.

    Returns an :class:`EquityResult`. Pots split between ``k`` players give each
    ``1/k`` (rules: ``rules/poker.md`` for ranking).

    Raises: HandSizeError (not 2-10 players, board not 0/3/4/5 cards, hole cards not
    2 cards), DuplicateCardError (a card shared by players' hole cards, the board or
    dead cards, naming both places), CardParseError (bad card text),
    RangeSyntaxError (bad range token, a range left empty by card removal, ranges
    that can never be dealt together), OptionError (unknown method, bad samples /
    target_stderr / seed, exact enumeration too large to list, an unknown keyword).
    """
    if unknown:
        raise OptionError(f"unknown option {min(unknown)!r}; accepted: "
                          f"{', '.join(_OPTIONS)}")
    _check_options(method, samples, target_stderr)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a callable(done, total) or None, got "
                        f"{type(progress).__name__}")
    if not isinstance(seed, np.random.Generator):
        cards.rng(seed)  # checked on every path, exact ones too (OptionError)
    if isinstance(players, np.ndarray):  # an (n, 2) integer array of hole-card ids
        if players.dtype.kind not in "iu":
            raise ArrayDtypeError(f"players: expected an integer (n, 2) array of card ids, "
                                  f"got dtype {players.dtype}")
        if players.ndim != 2 or players.shape[1] != 2:
            raise ArrayShapeError(f"players: expected an (n, 2) array of hole-card ids, got "
                                  f"shape {players.shape}")
    if isinstance(players, np.ndarray) and players.ndim >= 1:
        players = list(players)  # e.g. an (n, 2) array of card ids: one row per player
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise TypeError("players must be a sequence (list) of hole cards or ranges")
    n = len(players)
    if not 2 <= n <= 10:
        raise HandSizeError(f"equity needs 2 to 10 players, got {n}")
    board_ids = _cards(board, "board")
    if len(board_ids) not in (0, 3, 4, 5):
        raise HandSizeError(f"the board has 0, 3, 4 or 5 cards, got {len(board_ids)}")
    dead_ids = _cards(dead, "dead cards")
    for c in dead_ids:
        if c in board_ids:
            raise DuplicateCardError(f"{format_card(c)} is both on the board and dead", card=c)
    known: dict[int, str] = {c: "the board" for c in board_ids}
    known.update({c: "the dead cards" for c in dead_ids})
    parsed = [_player(p, i) for i, p in enumerate(players)]
    # Exact hole cards: clash with the board, dead cards or each other is an error.
    for i, (r, label, is_hand) in enumerate(parsed):
        if is_hand:
            for c in r.combos[0].tolist():
                if c in known:
                    raise DuplicateCardError(
                        f"player {i} ({label}): {format_card(c)} is also in {known[c]}", card=c)
            for c in r.combos[0].tolist():
                known[c] = f"player {i}'s hole cards ({label})"
    known_mask = _mask(board_ids) | _mask(dead_ids)
    hands_mask = _mask([c for r, _, h in parsed if h for c in r.combos[0].tolist()])
    ranges: list[Range] = []
    for i, (r, label, is_hand) in enumerate(parsed):
        rr = r if is_hand else r.without(known_mask | hands_mask)
        if len(rr) == 0:
            raise RangeSyntaxError(
                f"player {i}: range {label!r} is empty after card removal (board, dead "
                f"cards, other players' hole cards)" if len(r) else
                f"player {i}: range {label!r} has no combo with a weight above 0")
        ranges.append(rr)
    board_arr = np.array(board_ids, dtype=np.uint8)
    dead_mask = _mask(dead_ids)
    r_cards = 5 - len(board_ids)
    left = _equity.deck_left(board_arr, dead_mask, n)
    if left < r_cards:
        raise HandSizeError(f"only {left} cards are left to deal the {r_cards} board cards "
                            f"({n} players, {len(dead_ids)} dead)")
    threads_n = resolve_threads(threads)
    cards_in_ranges = np.bitwise_or.reduce(np.concatenate([r.masks() for r in ranges]))
    if int(cards_in_ranges).bit_count() < 2 * n:
        raise RangeSyntaxError(
            f"the players' ranges can never be dealt together: {n} players need {2 * n} "
            f"cards but their combos hold only {int(cards_in_ranges).bit_count()} cards")
    listing = _compatible(ranges, _PAIR_LIMIT)
    if listing is not None and len(listing[0]) == 0:
        raise RangeSyntaxError("the players' ranges can never be dealt together: every "
                               "combination shares a card")
    mc = samples is not None or target_stderr is not None or method == "monte-carlo"
    if method == "exact" and listing is None:
        raise OptionError("exact enumeration is too large to list every combination of the "
                          "players' ranges; use method='monte-carlo'")
    plan = None
    if not mc and listing is not None:
        boards_n = math.comb(left, r_cards) * n
        A = len(listing[0])
        if method == "exact" or A * boards_n <= MAX_EXACT_EVALS * 24:
            holes = _holes(ranges, listing[0])
            reps, inverse = _suit_classes(holes, board_ids, dead_ids)
            if method == "exact" or len(reps) * boards_n <= MAX_EXACT_EVALS:
                plan = holes, reps, inverse
    mc = plan is None
    board_text = " ".join(format_card(c) for c in board_ids)
    dead_text = " ".join(format_card(c) for c in dead_ids)
    labels = [label for _, label, _ in parsed]
    if not mc:
        assert listing is not None and plan is not None
        tot, total, boards = _exact(plan[0], listing[1], plan[1], plan[2], board_arr,
                                    dead_mask, threads_n, progress)
        u = float(_equity.SHARE_UNITS)
        out = []
        for p in range(n):
            wins, ties, share = tot[0, p], tot[1, p], tot[2, p]
            eq = share / u / total
            win = wins / total
            tie = (share - u * wins) / u / total  # exact split-pot units, no float noise
            out.append(PlayerEquity(labels[p], len(ranges[p]), float(eq), float(win),
                                    float(tie), _clean(wins), _clean(ties),
                                    _clean(total - wins - ties), 0.0))
        return EquityResult(tuple(out), board_text, dead_text, True, _clean(total),
                            len(listing[0]), boards, None)
    base, used_seed = _seed_base(seed)
    tot, N = _monte_carlo(ranges, board_arr, dead_mask, base, samples, target_stderr,
                          threads_n, progress)
    se = _stderr(tot)
    u = float(_equity.SHARE_UNITS)
    out = []
    for p in range(n):
        wins, ties = int(tot[0, p]), int(tot[1, p])
        eq = tot[2, p] / u / N
        win = wins / N
        tie = int(tot[2, p] - _equity.SHARE_UNITS * wins) / u / N  # split-pot units, exact
        out.append(PlayerEquity(labels[p], len(ranges[p]), float(eq), win, tie,
                                float(wins), float(ties), float(N - wins - ties), float(se[p])))
    return EquityResult(tuple(out), board_text, dead_text, False, float(N), 0, 0, used_seed)

