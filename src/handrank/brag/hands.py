"""Evaluating Three-card Brag hands: one hand (:func:`evaluate`, :func:`strength`),
many (:func:`evaluate_many`, Cython kernel), comparison and showdown, and the
strength layout helpers (:func:`category`, :func:`describe`, ...). The layout is
described in :mod:`handrank.brag`."""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from functools import cache, lru_cache

import numpy as np
import numpy.typing as npt

from . import _kernel as _brag
from .._support.checks import check_bool, each_player
from .._support.arrays import as_id_array, as_mask_array, raise_kernel_error, result_array
from .._support._kernel import Team
from .._support.threads import KernelError, run_bulk
from ..cards import RANK_NAMES, RANK_PLURALS, RANKS, CardsLike, parse_cards
from ..errors import ArrayDtypeError, HandrankError, HandSizeError
from ..result import CategoryEnum, HandValue, StrengthScale

RULES_URL = "docs/rules/brag-and-crash.md"

#: Weakest and strongest strengths (under every option setting).
MIN_STRENGTH = 1
MAX_STRENGTH = 741
#: The rule options every function accepts (keyword-only), with their defaults.
OPTIONS = {"prial_threes_high": True, "a23_top_run": True}

HAND_SIZES = (3,)

#: Fastest single-hand call on card ids (no text, no result object):
#: ``strength3(a, b, c, options=3) -> int``; ``options`` an int 0..3, bit 0 =
#: prial_threes_high, bit 1 = a23_top_run (3 = the default rules). Raises
#: CardRangeError / DuplicateCardError / OptionError (ValueErrors), TypeError
#: for a card id that is not an int.
strength3 = _brag.strength3


class Category(CategoryEnum):
    """Brag hand categories, weakest (0) to strongest (5); ``.label`` is the
    display name (``"Running flush"``)."""

    HIGH_CARD = 0
    PAIR = 1
    FLUSH = 2
    RUN = 3
    RUNNING_FLUSH = 4
    PRIAL = 5


_SCALE = StrengthScale("Brag", Category, _brag.category_first(), MIN_STRENGTH, MAX_STRENGTH)


def _option_bits(prial_threes_high: bool, a23_top_run: bool) -> int:
    """The kernel's option bits (bit 0 = prial_threes_high, bit 1 = a23_top_run);
    OptionError naming the option for a value that is not True or False."""
    return (check_bool(prial_threes_high, "Brag option prial_threes_high")
            | check_bool(a23_top_run, "Brag option a23_top_run") << 1)


def _ids(cards: CardsLike) -> list[int]:
    ids = parse_cards(cards)
    if len(ids) != 3:
        raise HandSizeError(f"a Brag hand has 3 cards, got {len(ids)}")
    return ids


def strength(cards: CardsLike, *, prial_threes_high: bool = True, a23_top_run: bool = True) -> int:
    """Strength (1..741, higher = stronger) of one 3-card Brag hand.

    ``cards``: text (``"3s 3h 3d"``) or a sequence of 3 card ids / card strings.
    Options as in the module docstring (rules: ``docs/rules/brag-and-crash.md``).
    Raises CardParseError, CardRangeError, DuplicateCardError, HandSizeError
    (not 3 cards), OptionError (an option that is not True or False) -- all
    ValueErrors -- and TypeError for an item that is neither a card string nor
    an int (a float, a bool), or for an unknown keyword.
    """
    opts = _option_bits(prial_threes_high, a23_top_run)
    a, b, c = _ids(cards)
    return _brag.strength3(a, b, c, opts)


def category(strength: int) -> Category:
    """The :class:`Category` of a strength (1..741; the same under every option).
    Raises HandrankError outside that range, TypeError for a non-integer."""
    return _SCALE.category(strength)


def categories(strengths: npt.ArrayLike) -> np.ndarray:
    """Vectorised :func:`category`: strengths (any shape, integer) -> ``int8``
    category values of the same shape (compare with ``Category`` members).
    Raises HandrankError for a strength outside 1..741, naming its index;
    ArrayDtypeError for non-integers."""
    return _SCALE.categories(strengths)


def name(strength: int) -> str:
    """Category display name of a strength (``"Running flush"``). Raises as :func:`category`."""
    return category(strength).label


@lru_cache(maxsize=4)
def _classes(opts: int) -> tuple[tuple[int, ...], ...]:
    """For each strength (index; 0 unused) the class's ranks, most significant
    first (pairs: pair, pair, kicker; A-2-3: three, two, ace)."""
    table = _brag.table(opts)
    out: list[tuple[int, ...]] = [()] * (MAX_STRENGTH + 1)
    for idx in range(_brag.TABLE_SIZE):
        s = int(table[idx])
        if out[s]:
            continue
        i = idx % _brag.FLUSH_OFFSET
        r = sorted((i // 169, i // 13 % 13, i % 13), reverse=True)
        if r[1] == r[2] and r[0] != r[1]:
            r = [r[1], r[2], r[0]]
        elif r == [12, 1, 0]:
            r = [1, 0, 12]
        out[s] = tuple(r)
    return tuple(out)


def describe(strength: int, *, prial_threes_high: bool = True, a23_top_run: bool = True) -> str:
    """Words for a strength under the given options: ``"Prial of threes"``,
    ``"Run, three-high (A-2-3)"``, ``"Flush, ace-king-nine"``, ``"Pair of
    kings, four kicker"``. Raises as :func:`category`; OptionError for an option
    that is not True or False (TypeError for an unknown keyword)."""
    return _describe(_SCALE.check(strength), _option_bits(prial_threes_high, a23_top_run))


def _describe(s: int, opts: int) -> str:
    """:func:`describe` of a checked strength and option bits."""
    cat = category(s)
    r = _classes(opts)[s]
    N, P = RANK_NAMES, RANK_PLURALS
    if cat == Category.PRIAL:
        return f"Prial of {P[r[0]]}"
    if cat in (Category.RUN, Category.RUNNING_FLUSH):
        seq = "-".join(RANKS[x] for x in reversed(r))
        return f"{cat.label}, {N[r[0]]}-high ({seq})"
    if cat == Category.PAIR:
        return f"Pair of {P[r[0]]}, {N[r[2]]} kicker"
    return f"{cat.label}, " + "-".join(N[x] for x in r)


def evaluate(cards: CardsLike, *, prial_threes_high: bool = True, a23_top_run: bool = True) -> HandValue:
    """Evaluate one 3-card Brag hand to a :class:`~handrank.result.HandValue`
    (``game="brag"``).

    ``cards``: text (``"Ah 2d 3c"``) or a sequence of 3 card ids or card
    strings. The result's ``cards`` are the three cards, most significant first
    (a pair before its kicker; A-2-3 as three, two, ace).
    Rule: ``docs/rules/brag-and-crash.md``. Raises CardParseError (names the token and
    position), CardRangeError, DuplicateCardError, HandSizeError (not 3
    cards), OptionError; TypeError for an item that is neither a card string
    nor an int.
    """
    opts = _option_bits(prial_threes_high, a23_top_run)
    ids = _ids(cards)
    s = _brag.strength3(ids[0], ids[1], ids[2], opts)
    cat, ranks, words = _class_info(s, opts)
    pool = sorted(ids, reverse=True)
    used = []
    for r in ranks:
        c = next(c for c in pool if c >> 2 == r)
        pool.remove(c)
        used.append(c)
    return HandValue(game="brag", category=cat, strength=s, name=cat.label,
                     description=words, cards=tuple(used))


@cache
def _class_info(s: int, opts: int) -> tuple[Category, tuple[int, ...], str]:
    """(category, class ranks most significant first, description) of a strength."""
    return category(s), _classes(opts)[s], _describe(s, opts)


def evaluate_many(cards: np.ndarray | Sequence[CardsLike], *, threads: int | None = None,
                  prial_threes_high: bool = True, a23_top_run: bool = True,
                  out: np.ndarray | None = None,
                  executor: Executor | None = None) -> np.ndarray:
    """Strengths of many 3-card Brag hands at once.

    ``cards``: an ``(N, 3)`` integer array of card ids (``uint8`` is used as
    is; other integer dtypes are range-checked, then cast), an ``(N,)``
    ``uint64`` array of card masks (exactly 3 bits each, bits 52..63 clear), or
    a list of rows (card text or id lists).
    ``threads``: ``None``/1 = one thread, ``0`` = all cores, ``n`` = n threads
    (the kernel releases the GIL; small inputs stay on one thread).
    Options as in the module docstring; each option setting has its own table,
    the default one is as fast as any.
    ``out``: an ``(N,)`` ``int32`` array to write the strengths into (and return),
    reused from batch to batch; None = a new array.
    ``executor``: any ``concurrent.futures.Executor``; inputs above
    ``EXECUTOR_UNIT_ROWS`` rows go to it in units of that many (``docs/scale.md``).

    Returns an ``(N,)`` ``int32`` array of strengths (1..741).
    Raises ArrayDtypeError (a TypeError), ArrayShapeError (also for a bad ``out``), HandSizeError (not 3
    columns / a mask without exactly 3 cards), CardRangeError (row, column),
    DuplicateCardError (row, both columns), OptionError.
    Rule: ``docs/rules/brag-and-crash.md``.
    """
    opts = _option_bits(prial_threes_high, a23_top_run)
    if isinstance(cards, np.ndarray) and cards.ndim == 1:
        if not (cards.dtype.kind == "u" and cards.dtype.itemsize == 8):
            raise ArrayDtypeError(
                f"a 1-D input must be uint64 card masks, got dtype {cards.dtype}; "
                f"card ids go in a 2-D (N, 3) array")
        masks = as_mask_array(cards)
        res = result_array(out, len(masks), (masks,))
        err = run_bulk(_mask_unit, (masks,), res, (opts,), threads=threads, executor=executor)
        if err is not None:
            row, m = err[0], int(masks[err[0]])
            if err[2] == _brag.KIND_SIZE:
                raise HandSizeError(f"row {row}: mask {m:#x} holds {m.bit_count()} cards; "
                                    f"a Brag hand has 3")
            raise_kernel_error(err, masks, HAND_SIZES)
        return res
    ids = as_id_array(cards, HAND_SIZES, what="Brag hand")
    res = result_array(out, ids.shape[0], (ids,))
    err = run_bulk(_id_unit, (ids,), res, (opts,), threads=threads, executor=executor)
    if err is not None:
        raise_kernel_error(err, ids, HAND_SIZES)
    return res


def _mask_unit(masks: np.ndarray, out: np.ndarray, opts: int, *, start: int = 0,
               stop: int | None = None, team: Team | None = None,
               lead: bool = True) -> KernelError | None:
    """``(m,)`` uint64 masks into ``out`` (a ``run_bulk`` unit, team-capable)."""
    return _brag.eval_masks(masks, out, start, len(out) if stop is None else stop, opts,
                            team, lead)


def _id_unit(ids: np.ndarray, out: np.ndarray, opts: int, *, start: int = 0,
             stop: int | None = None, team: Team | None = None,
             lead: bool = True) -> KernelError | None:
    """``(m, 3)`` uint8 ids into ``out`` (a ``run_bulk`` unit, team-capable)."""
    return _brag.eval_ids(ids, out, start, len(out) if stop is None else stop, opts, team, lead)


def compare(a: CardsLike, b: CardsLike, *, prial_threes_high: bool = True,
            a23_top_run: bool = True) -> int:
    """1 if hand ``a`` beats ``b``, -1 if it loses, 0 for a tie.

    Each hand is 3 cards on its own (they may share cards), given as for
    :func:`evaluate`, whose errors it raises (with ``hand 0`` / ``hand 1`` context).
    """
    opts = _option_bits(prial_threes_high, a23_top_run)
    values = []
    for i, h in enumerate((a, b)):
        try:
            x, y, z = _ids(h)
        except HandrankError as e:
            raise e.with_context(f"hand {i}") from None
        values.append(_brag.strength3(x, y, z, opts))
    sa, sb = values
    return (sa > sb) - (sa < sb)


def showdown(hands: Sequence[CardsLike], *, prial_threes_high: bool = True,
             a23_top_run: bool = True) -> list[int]:
    """Winners among players' Brag hands dealt from one deck: indices into
    ``hands``, ascending (several = a tie; suits never break it).

    ``hands``: one 3-card hand per player (text or ids). A card appearing in two
    hands raises DuplicateCardError naming both players; other errors as
    :func:`evaluate`, with ``player i`` context. Rule: ``docs/rules/brag-and-crash.md``.
    """
    opts = _option_bits(prial_threes_high, a23_top_run)
    strengths = [_brag.strength3(ids[0], ids[1], ids[2], opts)
                 for _, ids in each_player(hands, "hands", "one 3-card hand", _ids, {},
                                           "held by player {p}")]
    best = max(strengths)
    return [i for i, s in enumerate(strengths) if s == best]


@lru_cache(maxsize=4)
def _counts(opts: int) -> np.ndarray:
    from itertools import combinations
    hands = np.array(list(combinations(range(52), 3)), dtype=np.uint8)
    out = np.empty(len(hands), dtype=np.int32)
    _brag.eval_ids(hands, out, 0, len(hands), opts)
    counts = np.bincount(out, minlength=MAX_STRENGTH + 1).astype(np.int64)
    counts.setflags(write=False)
    return counts


def strength_counts(*, prial_threes_high: bool = True, a23_top_run: bool = True) -> np.ndarray:
    """How many of all 22,100 three-card hands have each strength: an ``int64``
    array of length 742 indexed by strength (index 0 is 0). Raises OptionError."""
    return _counts(_option_bits(prial_threes_high, a23_top_run)).copy()

