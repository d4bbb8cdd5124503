"""Hold'em hand ranges: the usual shorthand notation, parsed to weighted hole-card combos.

A range is a list of tokens separated by commas, semicolons or spaces (``"QQ+, AKs"``,
``"QQ+; AKs"`` or ``"QQ+ AKs"``; an explicit combo may be written with a space,
``"Ah Ad"``). A bare percentage after a hand with only a space between
(``"AKs 80%"``) is AKs plus the top 80%, with a
:class:`~handrank.errors.RangeNotationWarning` (a weight is ``80%(AKs)`` or
``AKs:80%``):

=====================  ===============================================================
token                  combos
=====================  ===============================================================
``QQ``                 the pair (6 combos)
``QQ+``                QQ, KK, AA (a pair and every higher pair)
``22-55``              22, 33, 44, 55 (either order)
``AKs`` / ``AKo``      suited (4 combos) / offsuit (12 combos)
``AK``                 both (16 combos)
``ATs+``, ``KTo+``     ladder: the kicker climbs to one below the top card
                       (``ATs+`` = ATs, AJs, AQs, AKs; ``KQo+`` is KQo alone, with a
                       :class:`~handrank.errors.RangeNotationWarning`: rs-poker reads
                       it as KQo, AKo)
``A5s-A2s``            same top card, kickers 5 down to 2 (suited / offsuit / both)
``JTs-KQs``, ``87-JT``  connector span: same gap, the top card climbs (JTs, QJs, KQs)
``AsKs``, ``AhAd``     one explicit combo (any card spelling ``parse_cards`` reads)
``random``, ``any``    every one of the 1326 combos (also ``100%``)
``15%``, ``top 15%``   percentage ranges: whole classes of the preflop ordering
``5%-15%``             (:func:`preflop_order`), the prefix nearest to the share
=====================  ===============================================================

Weights: ``0.4(AsKs, AKo)`` gives every combo inside the parentheses weight 0.4,
and ``AKs:0.4`` gives one token's combos weight 0.4; a weight may be a percentage
(``80%(AKs)``, ``.1%(AKs)``, ``AKs:80%``, as eval7 writes them). Weights are
frequencies in ``[0, 1]`` (``0`` removes the combos); without one a combo has weight
1. Text that leaves no combo at all is a RangeSyntaxError. A combo listed twice keeps the later weight. Ranks may be written in either
order (``KA`` = ``AK``); ``T`` or ``10`` is a ten; letters may be either case
(``aks`` = ``AKs`` = ``AKS``). The peers' notations and where they disagree:
``docs/equity.md`` ("Ranges").

The 169 starting-hand classes (:data:`CLASSES`, 13x13 grid order), a range's grid
(:meth:`Range.grid`), its short notation (:meth:`Range.to_string`) and percentage
ranges with any ordering (:meth:`Range.from_percent`) live here too.

Errors: :class:`~handrank.errors.RangeSyntaxError` naming the token and its
0-based character position in the text.
"""

from __future__ import annotations

import functools
import re
import warnings
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal

import numpy as np
import numpy.typing as npt

from ..cards import RANKS, format_card, parse_cards
from ..errors import (ArrayDtypeError, ArrayShapeError, CardRangeError, DuplicateCardError,
                      HandrankError, OptionError, RangeNotationWarning, RangeSyntaxError)
from .._support.checks import check_int

__all__ = ["CLASSES", "CLASS_SIZES", "NUM_COMBOS", "Range", "all_combos", "class_index",
           "parse_range", "preflop_equity", "preflop_order"]

#: Number of two-card combos in one deck.
NUM_COMBOS = 1326

_RANK = {c: i for i, c in enumerate(RANKS)}
_RANK.update({c.lower(): i for i, c in enumerate(RANKS)})
_HAND_RE = re.compile(r"^(10|[2-9TJQKAtjqka])(10|[2-9TJQKAtjqka])([soSO]?)(\+?)$")
_NUMBER_RE = re.compile(r"^(?:\d+(?:\.\d*)?|\.\d+)$")
_BARE_PERCENT_RE = re.compile(r"^(?:\d+(?:\.\d*)?|\.\d+)%$")


def all_combos() -> np.ndarray:
    """All 1326 combos as a ``(1326, 2)`` uint8 array, higher card id first."""
    return np.array([(a, b) for a in range(51, -1, -1) for b in range(a - 1, -1, -1)],
                    dtype=np.uint8)


def _pair(r: int) -> list[tuple[int, int]]:
    return [(4 * r + s1, 4 * r + s2) for s1 in range(3, -1, -1) for s2 in range(s1 - 1, -1, -1)]


def _two_ranks(hi: int, lo: int, kind: str) -> list[tuple[int, int]]:
    out = []
    for s1 in range(3, -1, -1):
        for s2 in range(3, -1, -1):
            if (kind == "s" and s1 != s2) or (kind == "o" and s1 == s2):
                continue
            out.append((4 * hi + s1, 4 * lo + s2))
    return out


# ------------------------------------------------------------------ the 169 classes
#: The 169 starting-hand classes in 13x13 grid order (row-major, ``CLASSES[13 * i + j]``):
#: rows and columns run A, K, ..., 2; the diagonal holds the pairs, above it the suited
#: classes (row = top card), below it the offsuit ones (column = top card):
#: ``CLASSES[0] == "AA"``, ``CLASSES[1] == "AKs"``, ``CLASSES[13] == "AKo"``.
CLASSES: tuple[str, ...] = tuple(
    RANKS[12 - i] * 2 if i == j else
    RANKS[12 - i] + RANKS[12 - j] + "s" if i < j else
    RANKS[12 - j] + RANKS[12 - i] + "o"
    for i in range(13) for j in range(13))

#: Combos in each class (6 for a pair, 4 suited, 12 offsuit), in :data:`CLASSES` order.
CLASS_SIZES: np.ndarray = np.array([6 if c[0] == c[1] else 4 if c[2] == "s" else 12
                                    for c in CLASSES], dtype=np.int64)
CLASS_SIZES.setflags(write=False)


def class_index(combos: npt.ArrayLike) -> np.ndarray:
    """The :data:`CLASSES` index of each combo: ``combos`` a ``(k, 2)`` integer array of
    card ids 0..51 (either card first) -> ``(k,)`` int64 in 0..168. Raises
    ArrayDtypeError (not integers), ArrayShapeError (not ``(k, 2)``), CardRangeError
    (an id outside 0..51)."""
    try:
        c = np.asarray(combos)
    except ValueError as e:  # ragged nested lists
        raise ArrayShapeError(f"combos must be a (k, 2) array of card ids ({e})") from None
    if c.size == 0:
        c = c.reshape(0, 2).astype(np.int64)
    if c.dtype.kind not in "iu":
        raise ArrayDtypeError(f"combos must be integer card ids, got dtype {c.dtype}")
    if c.ndim != 2 or c.shape[1] != 2:
        raise ArrayShapeError(f"combos must be a (k, 2) array of card ids, got shape {c.shape}")
    if c.size and (c.min() < 0 or c.max() > 51):
        raise CardRangeError(f"combos hold card ids outside 0..51 ({int(c.min())}.."
                             f"{int(c.max())})")
    c = c.astype(np.int64)
    r1, r2 = c[:, 0] // 4, c[:, 1] // 4
    hi, lo = np.maximum(r1, r2), np.minimum(r1, r2)
    suited = (c[:, 0] % 4) == (c[:, 1] % 4)
    i = np.where(suited | (hi == lo), 12 - hi, 12 - lo)
    j = np.where(suited | (hi == lo), 12 - lo, 12 - hi)
    out: np.ndarray = i * 13 + j
    return out


def _class_combos(index: int) -> list[tuple[int, int]]:
    """The combos of class ``CLASSES[index]``, higher id first."""
    i, j = divmod(index, 13)
    if i == j:
        return _pair(12 - i)
    if i < j:
        return _two_ranks(12 - i, 12 - j, "s")
    return _two_ranks(12 - j, 12 - i, "o")


@dataclass(frozen=True)
class _Hand:
    hi: int
    lo: int
    kind: str  # "s", "o" or "" (both; pairs have "")
    plus: bool


# ------------------------------------------------------- percentage ranges (ordering)
def preflop_order() -> tuple[str, ...]:
    """The default preflop ordering: the 169 :data:`CLASSES` names, best first, by each
    class's exact all-in equity against one random hand (generated by
    ``tools/gen_preflop_order.py``; ties keep the grid order)."""
    from ._preflop import SCORES
    return tuple(name for name, _ in SCORES)


def preflop_equity() -> dict[str, float]:
    """Each class's exact all-in equity against one random hand (from 0 to 1), the
    numbers behind :func:`preflop_order`."""
    from ._preflop import DEALS_PER_COMBO, SCORES
    size = dict(zip(CLASSES, CLASS_SIZES.tolist()))
    return {name: score / (2 * size[name] * DEALS_PER_COMBO) for name, score in SCORES}


def _ordering_indices(ordering: Iterable[str] | None) -> tuple[int, ...]:
    """:data:`CLASSES` indices of an ordering (None = :func:`preflop_order`): 169 distinct
    class names (``AA``, ``AKs``, ``AKo``, either rank order or case). OptionError
    naming the bad entry otherwise."""
    names = preflop_order() if ordering is None else ordering
    if isinstance(names, (str, bytes)):
        raise OptionError("ordering must be a sequence of 169 class names like 'AKs', "
                          "not one string")
    index = {c: i for i, c in enumerate(CLASSES)}
    out: list[int] = []
    for k, name in enumerate(names):
        h = _read_hand(name) if isinstance(name, str) else None
        if h is None or h.plus or (h.hi != h.lo and not h.kind):
            raise OptionError(f"ordering entry {k}: {name!r} is not one class like 'AA', "
                              f"'AKs' or 'AKo'")
        canon = (RANKS[h.hi] * 2 if h.hi == h.lo else RANKS[h.hi] + RANKS[h.lo] + h.kind)
        out.append(index[canon])
    if len(out) != 169 or len(set(out)) != 169:
        raise OptionError(f"an ordering lists each of the 169 classes once; got {len(out)} "
                          f"entries, {len(set(out))} distinct")
    return tuple(out)


def _percent_classes(percent: float, ordering: Iterable[str] | None = None) -> set[int]:
    """The classes of the top ``percent`` % of the 1,326 combos: the prefix of the
    ordering whose combo count is nearest to ``percent / 100 * 1326`` (whole classes;
    a tie takes the longer prefix)."""
    order = _ordering_indices(ordering)
    target = percent / 100.0 * NUM_COMBOS
    cum = np.concatenate([[0], np.cumsum(CLASS_SIZES[list(order)])])
    k = int(np.argmin(np.abs(cum[::-1] - target)))  # reversed: a tie takes the longer
    return set(order[:len(cum) - 1 - k])


def _read_hand(tok: str) -> _Hand | None:
    m = _HAND_RE.match(tok)
    if not m:
        return None
    a, b = _RANK["T" if m.group(1) == "10" else m.group(1)], \
        _RANK["T" if m.group(2) == "10" else m.group(2)]
    hi, lo = max(a, b), min(a, b)
    return _Hand(hi, lo, m.group(3).lower(), bool(m.group(4)))


def _err(msg: str, tok: str, pos: int) -> RangeSyntaxError:
    e = RangeSyntaxError(f"{msg}: {tok!r} at position {pos}")
    e.token = tok  # type: ignore[attr-defined]
    e.position = pos  # type: ignore[attr-defined]
    return e


def _hand_combos(h: _Hand, tok: str, pos: int) -> list[tuple[int, int]]:
    if h.hi == h.lo:
        if h.kind:
            raise _err("a pair cannot be suited or offsuit", tok, pos)
        ranks = range(h.hi, 13) if h.plus else [h.hi]
        return [c for r in ranks for c in _pair(r)]
    kickers = range(h.lo, h.hi) if h.plus else [h.lo]
    return [c for k in kickers for c in _two_ranks(h.hi, k, h.kind)]


def _span_combos(tok: str, pos: int) -> list[tuple[int, int]]:
    """``22-55``, ``A5s-A2s`` (same top card, a span of kickers) and the connector spans
    ``JTs-KQs`` / ``87-JT`` (same gap, the top card climbs; pokerkit, poker-equity,
    rs-poker), either end first."""
    parts = tok.split("-")
    if len(parts) != 2 or not parts[0] or not parts[1]:
        raise _err("a span needs two hands, like 22-55, A5s-A2s or JTs-KQs", tok, pos)
    a, b = _read_hand(parts[0]), _read_hand(parts[1])
    if a is None or b is None or a.plus or b.plus:
        raise _err("a span needs two hands, like 22-55, A5s-A2s or JTs-KQs", tok, pos)
    if a.hi == a.lo and b.hi == b.lo:
        lo, hi = sorted((a.hi, b.hi))
        return [c for r in range(lo, hi + 1) for c in _pair(r)]
    if a.hi == a.lo or b.hi == b.lo:
        raise _err("a span joins two pairs (22-55) or two non-pairs (A5s-A2s, JTs-KQs), "
                   "not a pair and a non-pair", tok, pos)
    if a.kind != b.kind:
        hint = f"{parts[0].rstrip('soSO')}{a.kind or b.kind}-{parts[1].rstrip('soSO')}" \
            f"{a.kind or b.kind}"
        raise _err(f"both ends of a span need the same suffix (s, o or none); write {hint} "
                   f"for that reading (rs-poker lets one end's suffix cover the span, "
                   f"handrank does not guess)", tok, pos)
    if a.hi == b.hi:
        lo, hi = sorted((a.lo, b.lo))
        return [c for k in range(lo, hi + 1) for c in _two_ranks(a.hi, k, a.kind)]
    gap = a.hi - a.lo
    if b.hi - b.lo != gap:
        raise _err("a span joins hands with the same top card (A5s-A2s) or the same gap "
                   "between the cards (JTs-KQs, 87-JT)", tok, pos)
    lo, hi = sorted((a.hi, b.hi))
    return [c for t in range(lo, hi + 1) for c in _two_ranks(t, t - gap, a.kind)]


def _percent(text: str, tok: str, pos: int) -> float:
    """A percentage ``15`` (from ``15%``) as a number from 0 to 100."""
    if not _NUMBER_RE.match(text):
        raise _err("a percentage is a number from 0 to 100 followed by %", tok, pos)
    p = float(text)
    if p > 100.0:
        raise _err("a percentage is a number from 0 to 100 followed by %", tok, pos)
    return p


def _percent_combos(tok: str, pos: int) -> list[tuple[int, int]]:
    """``15%``, ``top 15%``, ``5%-15%``: classes by the preflop ordering."""
    body = re.sub(r"^top\s+", "", tok.strip(), flags=re.IGNORECASE)
    m = re.match(r"^([^%-]*)%(?:-([^%-]*)%)?$", body)
    if not m:
        raise _err("a percentage range is 15%, top 15% or 5%-15%", tok, pos)
    lo, hi = 0.0, _percent(m.group(1), tok, pos)
    if m.group(2) is not None:
        lo, hi = hi, _percent(m.group(2), tok, pos)
        if lo > hi:
            raise _err("a percentage span goes from the smaller to the larger share "
                       "(5%-15%)", tok, pos)
    classes = _percent_classes(hi) - _percent_classes(lo)
    return [c for i in sorted(classes) for c in _class_combos(i)]


def _token_combos(tok: str, pos: int, notes: list[Warning]) -> list[tuple[int, int]]:
    """The combos of one token; notation warnings are appended to ``notes``."""
    low = tok.lower()
    if low in ("random", "any"):
        return [(int(a), int(b)) for a, b in all_combos().tolist()]
    if low.endswith("%"):
        return _percent_combos(tok, pos)
    if "-" in tok:
        return _span_combos(tok, pos)
    h = _read_hand(tok)
    if h is not None:
        if h.plus and h.hi != h.lo and h.lo == h.hi - 1 and h.hi < 12:
            notes.append(RangeNotationWarning(
                f"{tok!r} at position {pos}: read as {tok[:-1]} alone (the kicker climbs to "
                f"one below the top card, as pokerkit and eval7 read it); rs-poker climbs "
                f"both cards ({tok[:-1]} and every higher connector). Write the classes "
                f"out, or a connector span like {tok[:-1]}-{_connector_top(h)}, to say "
                f"which you mean"))
        return _hand_combos(h, tok, pos)
    try:
        ids = parse_cards(tok)
    except DuplicateCardError:
        raise _err("a card repeats in the combo", tok, pos) from None
    except HandrankError:
        ids = []
    if len(ids) == 2:
        return [(max(ids), min(ids))]
    if len(ids) and len(ids) != 2:
        raise _err("an explicit combo has exactly two cards", tok, pos)
    raise _err("unknown range token", tok, pos)


def _connector_top(h: _Hand) -> str:
    """The top class of a connector ladder (``KQ`` -> ``AK``), as text."""
    gap = h.hi - h.lo
    return f"{RANKS[12]}{RANKS[12 - gap]}{h.kind}"


def _weight(text: str, tok: str, pos: int) -> float:
    """A weight: a number from 0 to 1 (``0.4``, ``.4``) or a percentage from 0 to 100
    (``80%``, ``.1%``, eval7's form)."""
    t = text.strip()
    pct = t.endswith("%")
    num = t[:-1].strip() if pct else t
    if not _NUMBER_RE.match(num):
        raise _err("a weight is a number from 0 to 1 or a percentage like 80%", tok, pos)
    # a percentage is divided exactly (decimal), so 33.3% is 0.333, not 0.33299999999999996
    w = float(Decimal(num) / 100) if pct else float(num)
    if not 0.0 <= w <= 1.0:
        raise _err("a weight is a number from 0 to 1 or a percentage like 80%", tok, pos)
    return w


def _tokens(text: str) -> Iterator[tuple[str, int, float | None]]:
    """Yield (token, position, group weight or None) for each token separated by ``,`` or
    ``;``,
    expanding ``w(a, b, ...)`` groups."""
    i, n = 0, len(text)
    group: float | None = None
    while True:
        j = i
        while j < n and text[j] not in ",;()":
            j += 1
        raw = text[i:j]
        tok = raw.strip()
        start = i + len(raw) - len(raw.lstrip())
        ch = text[j] if j < n else ""
        if ch == "(":
            if group is not None:
                raise _err("weight groups do not nest", tok + "(", start)
            if not tok:
                raise _err("a weight group needs a weight before '('", "(", j)
            group = _weight(tok, tok + "(", start)
            i = j + 1
            continue
        if not tok:
            raise _err("empty token", raw + ch, i)
        yield tok, start, group
        if ch == ")":
            if group is None:
                raise _err("')' without a weight group", tok + ")", start)
            group = None
            k = j + 1
            while k < n and text[k].isspace():
                k += 1
            if k == n:
                break
            if text[k] in ",;":
                i = k + 1
            elif k > j + 1:  # a space separates too
                i = k
            else:
                raise _err("expected ',', ';' or a space after ')'", text[k:k + 6], k)
            continue
        if not ch:
            break
        i = j + 1
    if group is not None:
        raise _err("weight group not closed with ')'", text.strip(), 0)


class Range:
    """An immutable, weighted set of Hold'em hole-card combos.

    ``combos``: ``(k, 2)`` read-only ``uint8`` card ids, higher id first;
    ``weights``: ``(k,)`` read-only ``float64`` in ``(0, 1]``; ``text``: the text it
    came from. ``len(r)`` is the number of combos. Build one with
    :func:`parse_range` (notation in the module docstring), :meth:`from_combos`, or
    ``Range(combos, weights, text)``.

    ``Range(text)`` is :func:`parse_range` (``Range("QQ+, AKs")``);
    ``Range(combos, weights=None, text="")`` takes any ``(k, 2)`` integer array-like of
    card ids (either card first) and ``k`` weights from 0 to 1 (default 1 each); it is
    checked once, here, and the arrays are copied: combos of weight 0 are left out,
    each combo is stored higher id first. Raises RangeSyntaxError naming the first bad
    combo (by 0-based index): not two distinct ids in 0..51, a combo listed twice, a
    weight that is not a number from 0 to 1, or not one weight per combo.
    Ranges compare equal (and hash alike) when they hold the same combos with the
    same weights in the same order; ``text`` is not compared.
    ``str(r)`` is :meth:`to_string` (the shortest standard notation), ``repr(r)``
    shows the text it came from (or that notation) and the combo count.
    """

    __slots__ = ("_masks", "combos", "text", "weights")
    combos: np.ndarray
    weights: np.ndarray
    text: str
    _masks: np.ndarray

    def __init__(self, combos: npt.ArrayLike | str, weights: npt.ArrayLike | None = None,
                 text: str = ""):
        if isinstance(combos, str):
            if weights is not None or text:
                raise TypeError("Range(text) takes the range text alone; weights go in "
                                "the text (0.4(AKs), AKs:0.4)")
            r = parse_range(combos)
            self._set(r.combos, r.weights, r.text)
            return
        c, w = _checked_arrays(combos, weights)
        keep = w > 0
        self._set(np.stack([c.max(axis=1), c.min(axis=1)], axis=1).astype(np.uint8)[keep],
                  w[keep], str(text))

    def _set(self, combos: np.ndarray, weights: np.ndarray, text: str) -> None:
        """Store already-checked arrays (read-only from here on)."""
        one = np.uint64(1)
        masks = (one << combos[:, 0].astype(np.uint64)) | (one << combos[:, 1].astype(np.uint64))
        for name, value in (("combos", combos), ("weights", weights), ("_masks", masks)):
            value.setflags(write=False)
            object.__setattr__(self, name, value)
        object.__setattr__(self, "text", text)

    @classmethod
    def _trusted(cls, combos: np.ndarray, weights: np.ndarray, text: str) -> Range:
        """A range from arrays this module built and checked (no second check):
        ``(k, 2)`` uint8 higher id first, ``(k,)`` float64 weights in ``(0, 1]``."""
        r = object.__new__(cls)
        r._set(np.ascontiguousarray(combos, dtype=np.uint8),
               np.ascontiguousarray(weights, dtype=np.float64), text)
        return r

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Range is immutable (cannot set {name!r})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Range is immutable (cannot delete {name!r})")

    @classmethod
    def from_combos(cls, combos: Iterable[Iterable[int | str] | str],
                    weights: Iterable[float] | None = None, text: str = "") -> Range:
        """A range from explicit combos (pairs of card ids or card texts) and optional weights.

        Raises RangeSyntaxError (a combo not of 2 cards, weights not one per combo or
        outside 0..1) and the card errors of :func:`~handrank.cards.parse_cards`, naming
        the combo's 0-based index; a combo listed twice keeps the later weight."""
        if isinstance(combos, (str, bytes)):
            raise TypeError("combos must be a sequence of combos (e.g. ['AsKs', 'AhKh']), "
                            "not one string")
        combo_list = list(combos)
        weight: dict[tuple[int, int], float] = {}
        ws = list(weights) if weights is not None else None
        if ws is not None and len(ws) != len(combo_list):
            raise RangeSyntaxError(f"{len(ws)} weights for {len(combo_list)} combos: give one "
                                   f"weight per combo")
        for i, c in enumerate(combo_list):
            try:
                ids = parse_cards(c if isinstance(c, str) else list(c))
            except HandrankError as e:
                raise e.with_context(f"combo {i}") from None
            if len(ids) != 2:
                raise RangeSyntaxError(f"combo {i} has {len(ids)} cards, not 2")
            weight[(max(ids), min(ids))] = _number(1.0 if ws is None else ws[i], f"combo {i}")
        return cls._from_dict(weight, text)

    @classmethod
    def _from_dict(cls, weight: dict[tuple[int, int], float], text: str) -> Range:
        items = sorted(((c, w) for c, w in weight.items() if w > 0), reverse=True)
        combos = np.array([c for c, _ in items], dtype=np.uint8).reshape(-1, 2)
        weights = np.array([w for _, w in items], dtype=np.float64)
        return cls._trusted(combos, weights, text)

    def __len__(self) -> int:
        return int(self.combos.shape[0])

    def __repr__(self) -> str:
        return f"Range({self.text or self.to_string()!r}, {len(self)} combos)"

    def __str__(self) -> str:
        return self.to_string()

    def to_string(self) -> str:
        """The range in short standard notation: ``parse_range(r.to_string()) == r``.

        Each class whose combos are all present with one weight is written as a class
        (the rest as explicit combos, ``AsKs``); classes are joined into ``QQ+``,
        ``99-66``, ``ATs+``, ``K9o-K6o``, ``T9-T7`` (suited and offsuit together when
        both are in) and grouped by weight: weight-1 tokens first, then each other
        weight, largest first, as ``0.4(AKs, QQ)``. All 1,326 combos at weight 1 are
        ``random``; an empty range is ``""``. Weights are written as the shortest
        decimal that reads back to the same float (never in exponent form), so they
        come back exactly."""
        if len(self) == NUM_COMBOS and bool(np.all(self.weights == 1.0)):
            return "random"
        by_weight: dict[float, tuple[set[int], list[tuple[int, int]]]] = {}
        cls = class_index(self.combos)
        groups: dict[int, list[int]] = {}
        for k, c in enumerate(cls.tolist()):
            groups.setdefault(c, []).append(k)
        for c, members in groups.items():
            ws = self.weights[members]
            whole = len(members) == CLASS_SIZES[c] and bool(np.all(ws == ws[0]))
            if whole:
                by_weight.setdefault(float(ws[0]), (set(), []))[0].add(c)
            else:
                for k in members:
                    by_weight.setdefault(float(self.weights[k]), (set(), []))[1].append(
                        (int(self.combos[k, 0]), int(self.combos[k, 1])))
        parts = []
        for w in sorted(by_weight, reverse=True):
            classes, singles = by_weight[w]
            toks = _class_tokens(classes) + [format_card(a) + format_card(b)
                                             for a, b in sorted(singles, reverse=True)]
            body = ", ".join(toks)
            parts.append(body if w == 1.0 else
                         f"{np.format_float_positional(w, trim='-')}({body})")
        return ", ".join(parts)

    @classmethod
    def from_percent(cls, percent: float, low: float = 0.0,
                     ordering: Iterable[str] | None = None) -> Range:
        """The top ``percent`` % of hands (``low`` > 0: from ``low`` % to ``percent`` %,
        as ``5%-15%``), by whole classes of an ordering of the 169 classes, best first.

        ``ordering``: None = :func:`preflop_order` (exact equity against one random
        hand), or 169 class names (``"AA"``, ``"AKs"``, ``"AKo"``). The cut is the
        prefix whose combo count is nearest to ``percent / 100 * 1326`` (a tie takes
        the longer prefix). Raises OptionError (a share outside 0..100, ``low`` above
        ``percent``, an ordering that is not the 169 classes once each)."""
        for name, v in (("percent", percent), ("low", low)):
            if isinstance(v, bool) or not isinstance(v, (int, float, np.integer, np.floating)) \
                    or not 0.0 <= float(v) <= 100.0:
                raise OptionError(f"{name} must be a number from 0 to 100, got {v!r}")
        if low > percent:
            raise OptionError(f"low ({low}) is above percent ({percent})")
        classes = _percent_classes(float(percent), ordering) - \
            (_percent_classes(float(low), ordering) if low > 0 else set())
        weight = {c: 1.0 for i in classes for c in _class_combos(i)}
        text = f"{low:g}%-{percent:g}%" if low > 0 else f"{percent:g}%"
        return cls._from_dict(weight, text)

    def grid(self) -> np.ndarray:
        """The 13x13 grid of the range: ``(13, 13)`` float64, cell ``[i, j]`` the class
        ``CLASSES[13 * i + j]`` (pairs on the diagonal, suited above, offsuit below,
        AA top-left), each the weighted fraction of the class's combos in the range
        (sum of their weights / 6, 4 or 12), from 0 to 1, rounded to 12 decimals so a
        class at one weight reads back that weight (0.8, not 0.7999999999999999)."""
        cells = np.bincount(class_index(self.combos), weights=self.weights, minlength=169)
        out: np.ndarray = np.round(cells / CLASS_SIZES, 12).reshape(13, 13)
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Range):
            return NotImplemented
        return bool(np.array_equal(self.combos, other.combos)
                    and np.array_equal(self.weights, other.weights))

    def __hash__(self) -> int:
        return hash((self.combos.tobytes(), self.weights.tobytes()))

    def __reduce__(self) -> tuple[object, ...]:
        return (Range._trusted, (self.combos, self.weights, self.text))

    @property
    def uniform(self) -> bool:
        """True when every combo has the same weight."""
        return bool(len(self) == 0 or np.all(self.weights == self.weights[0]))

    def combo_texts(self) -> list[str]:
        """Each combo as text, e.g. ``"AsKs"``."""
        return [format_card(int(a)) + format_card(int(b)) for a, b in self.combos]

    def masks(self) -> np.ndarray:
        """``(k,)`` read-only uint64 card masks of the combos."""
        return self._masks

    def without(self, mask: int) -> Range:
        """The range minus every combo holding a card of ``mask`` (card removal):
        ``mask`` an int of 52 bits (bit ``c`` = card id ``c``); OptionError otherwise."""
        mask = check_int(mask, "mask", 0, (1 << 52) - 1)
        keep = (self._masks & np.uint64(mask)) == 0
        if keep.all():
            return self
        return Range._trusted(self.combos[keep], self.weights[keep], self.text)


def _runs(values: Iterable[int]) -> list[tuple[int, int]]:
    """Maximal runs of consecutive ints as (low, high), highest run first."""
    out: list[tuple[int, int]] = []
    for v in sorted(values):
        if out and out[-1][1] == v - 1:
            out[-1] = (out[-1][0], v)
        else:
            out.append((v, v))
    return out[::-1]


def _class_tokens(classes: set[int]) -> list[str]:
    """Short tokens for whole classes: pairs (``QQ+``, ``99-66``, ``22``), then for each
    top card the kickers both suited and offsuit (no suffix), suited only, offsuit only,
    each as runs (``ATs+``, ``K9o-K6o``, ``AK``)."""
    toks: list[str] = []
    pairs = {12 - i for i in range(13) if 13 * i + i in classes}
    for lo, hi in _runs(pairs):
        a, b = RANKS[hi] * 2, RANKS[lo] * 2
        toks.append(b if lo == hi else f"{b}+" if hi == 12 else f"{a}-{b}")
    for top in range(12, 0, -1):
        suited = {k for k in range(top) if 13 * (12 - top) + (12 - k) in classes}
        offsuit = {k for k in range(top) if 13 * (12 - k) + (12 - top) in classes}
        for kick, suffix in ((suited & offsuit, ""), (suited - offsuit, "s"),
                             (offsuit - suited, "o")):
            for lo, hi in _runs(kick):
                t, lo_t, hi_t = RANKS[top], RANKS[lo], RANKS[hi]
                if lo == hi:
                    toks.append(f"{t}{lo_t}{suffix}")
                elif hi == top - 1:
                    toks.append(f"{t}{lo_t}{suffix}+")
                else:
                    toks.append(f"{t}{hi_t}{suffix}-{t}{lo_t}{suffix}")
    return toks


def _number(raw: object, where: str) -> float:
    """A weight from 0 to 1 (a real number, not a bool)."""
    if isinstance(raw, (bool, np.bool_)) or not isinstance(raw, (int, float, np.integer,
                                                                   np.floating)):
        raise RangeSyntaxError(f"{where}: weight {raw!r} is not a number")
    w = float(raw)
    if not 0.0 <= w <= 1.0:  # NaN fails too
        raise RangeSyntaxError(f"{where}: weight {w} is outside 0..1")
    return w


def _checked_arrays(combos: npt.ArrayLike, weights: npt.ArrayLike | None
                    ) -> tuple[np.ndarray, np.ndarray]:
    """``(k, 2)`` int64 card ids and ``(k,)`` float64 weights, checked (see :class:`Range`)."""
    if isinstance(combos, (str, bytes)):
        raise TypeError("Range(combos, ...) takes card ids; parse text with parse_range()")
    try:
        c = np.array(combos)
    except ValueError as e:  # ragged nested lists
        raise RangeSyntaxError(f"a Range needs a (k, 2) integer array of card ids ({e})") from None
    if c.size == 0:
        c = c.reshape(0, 2)
    if c.dtype.kind not in "iu" or c.ndim != 2 or c.shape[1] != 2:
        raise RangeSyntaxError(f"a Range needs a (k, 2) integer array of card ids, got "
                               f"dtype {c.dtype}, shape {c.shape}")
    c = c.astype(np.int64)
    bad = (c.min(axis=1, initial=52) < 0) | (c.max(axis=1, initial=-1) > 51) | (c[:, 0] == c[:, 1])
    if bad.any():
        i = int(np.argmax(bad))
        raise RangeSyntaxError(f"combo {i}: {c[i].tolist()} is not two distinct card ids "
                               f"0..51")
    if weights is None:
        w = np.ones(len(c))
    else:
        try:
            w = np.array(weights)
        except ValueError as e:
            raise RangeSyntaxError(f"a Range needs one weight per combo ({e})") from None
        if w.ndim != 1 or len(w) != len(c):
            raise RangeSyntaxError(f"a Range needs one weight per combo: {len(c)} combos, "
                                   f"weights of shape {w.shape}")
        for i, x in enumerate(w.tolist()):
            _number(x, f"combo {i}")
        w = w.astype(np.float64)
    key = np.maximum(c[:, 0], c[:, 1]) * 52 + np.minimum(c[:, 0], c[:, 1])
    uniq, first = np.unique(key, return_index=True)
    if len(uniq) != len(c):
        repeat = np.setdiff1d(np.arange(len(c)), first)
        i = int(repeat[0])
        raise RangeSyntaxError(f"combo {i}: {c[i].tolist()} is listed twice in a Range")
    return c, w


def _split_spaces(tokens: Iterable[tuple[str, int, float | None]], notes: list[Warning]
                  ) -> Iterator[tuple[str, int, float | None]]:
    """Spaces also separate tokens (``"QQ+ AKs"``), except inside one explicit combo
    written with a space (``"Ah Ad"``); notation warnings are appended to ``notes``."""
    for tok, pos, w in tokens:
        if not any(ch.isspace() for ch in tok):
            yield tok, pos, w
            continue
        try:
            whole = len(parse_cards(tok)) == 2
        except HandrankError:
            whole = False
        if whole:
            yield tok, pos, w
            continue
        prev = ""
        for m in re.finditer(r"(?i:top\s+)?\S+", tok):
            piece = m.group()
            if prev and not prev.endswith("%") and _BARE_PERCENT_RE.match(piece):
                notes.append(RangeNotationWarning(
                    f"{piece!r} at position {pos + m.start()}: read as its own token, the "
                    f"top {piece} of hands, added to {prev!r} (a space separates tokens); "
                    f"to give {prev!r} weight {piece} write {piece}({prev}) or "
                    f"{prev}:{piece}"))
            prev = piece
            yield piece, pos + m.start(), w


def parse_range(text: str) -> Range:
    """Parse range text (notation in the module docstring) to a :class:`Range`.

    Raises :class:`~handrank.errors.RangeSyntaxError` naming the bad token and its
    0-based character position; ``TypeError`` if ``text`` is not a string. Text that
    leaves no combo (``0%``, ``5%-5%``, ``AKs, 0(AKs)``) raises RangeSyntaxError naming
    the text: an empty range has no notation to read back. (A :class:`Range` built from
    arrays, or emptied by :meth:`Range.without`, may be empty.)
    """
    if not isinstance(text, str):
        raise TypeError(f"range text must be a str, got {type(text).__name__}")
    r, caught = _parse_cached(text)
    for w in caught:  # the notation warnings of the first parse, every time
        warnings.warn(w, stacklevel=2)
    return r


@functools.lru_cache(maxsize=128)  # at most about 3 MB (a random range: 24 KB)
def _parse_cached(text: str) -> tuple[Range, tuple[Warning, ...]]:
    """:func:`parse_range` of ``text`` and the warnings it gave, kept for the next call
    (a Range is immutable; "random" takes about 1 ms to parse, a quarter of a heads-up
    turn's equity). Errors are not kept: they are raised again each time."""
    notes: list[Warning] = []
    if not text.strip():
        raise RangeSyntaxError("empty range text")
    weight: dict[tuple[int, int], float] = {}
    for tok, pos, group_w in _split_spaces(_tokens(text), notes):
        w = 1.0 if group_w is None else group_w
        if ":" in tok:
            body, _, wt = tok.rpartition(":")
            if group_w is not None:
                raise _err("a token inside a weight group cannot carry its own weight", tok, pos)
            w = _weight(wt, tok, pos)
            tok = body.strip()
            if not tok:
                raise _err("weight without a hand", tok + ":" + wt, pos)
        for c in _token_combos(tok, pos, notes):
            weight[c] = w
    r = Range._from_dict(weight, text.strip())
    if not len(r):
        raise RangeSyntaxError(f"range {text.strip()!r} holds no combo (every weight 0, or "
                               f"an empty percentage band); give at least one hand")
    return r, tuple(notes)
