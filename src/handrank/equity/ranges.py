"""Hold'em hand ranges: the usual shorthand notation, parsed to weighted hole-card combos.

A range is a list of tokens separated by commas or spaces (``"QQ+, AKs"`` or
``"QQ+ AKs"``; an explicit combo may be written with a space, ``"Ah Ad"``):

=====================  ===============================================================
token                  combos
=====================  ===============================================================
``QQ``                 the pair (6 combos)
``QQ+``                QQ, KK, AA (a pair and every higher pair)
``22-55``              22, 33, 44, 55 (either order)
``AKs`` / ``AKo``      suited (4 combos) / offsuit (12 combos)
``AK``                 both (16 combos)
``ATs+``, ``KTo+``     ladder: the kicker climbs to one below the top card
                       (``ATs+`` = ATs, AJs, AQs, AKs; ``KQo+`` is KQo alone)
``A5s-A2s``            same top card, kickers 5 down to 2 (suited / offsuit / both)
``AsKs``, ``AhAd``     one explicit combo (any card spelling ``parse_cards`` reads)
``random``, ``any``,   every one of the 1326 combos
``100%``
=====================  ===============================================================

Weights: ``0.4(AsKs, AKo)`` gives every combo inside the parentheses weight 0.4,
and ``AKs:0.4`` gives one token's combos weight 0.4. Weights are frequencies
in ``[0, 1]`` (``0`` removes the combos); without one a combo has weight 1.
A combo listed twice keeps the later weight. Ranks may be written in either
order (``KA`` = ``AK``); ``T`` or ``10`` is a ten; letters may be either case
(``aks`` = ``AKs`` = ``AKS``).

Errors: :class:`~handrank.errors.RangeSyntaxError` naming the token and its
0-based character position in the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..cards import RANKS, format_card, parse_cards
from ..errors import DuplicateCardError, HandrankError, RangeSyntaxError
from .._support.checks import check_int

__all__ = ["NUM_COMBOS", "Range", "all_combos", "parse_range"]

#: Number of two-card combos in one deck.
NUM_COMBOS = 1326

_RANK = {c: i for i, c in enumerate(RANKS)}
_RANK.update({c.lower(): i for i, c in enumerate(RANKS)})
_HAND_RE = re.compile(r"^(10|[2-9TJQKAtjqka])(10|[2-9TJQKAtjqka])([soSO]?)(\+?)$")
_NUMBER_RE = re.compile(r"^(?:\d+(?:\.\d*)?|\.\d+)$")


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


@dataclass(frozen=True)
class _Hand:
    hi: int
    lo: int
    kind: str  # "s", "o" or "" (both; pairs have "")
    plus: bool


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


def _token_combos(tok: str, pos: int) -> list[tuple[int, int]]:
    low = tok.lower()
    if low in ("random", "any", "100%"):
        return [(int(a), int(b)) for a, b in all_combos().tolist()]
    if low.endswith("%"):
        raise _err("percentage ranges other than 100% are not supported; list the hands", tok,
                   pos)
    if "-" in tok:
        parts = tok.split("-")
        if len(parts) != 2 or not parts[0] or not parts[1]:
            raise _err("a span needs two hands, like 22-55 or A5s-A2s", tok, pos)
        a, b = _read_hand(parts[0]), _read_hand(parts[1])
        if a is None or b is None or a.plus or b.plus:
            raise _err("a span needs two hands, like 22-55 or A5s-A2s", tok, pos)
        if a.hi == a.lo and b.hi == b.lo:
            lo, hi = sorted((a.hi, b.hi))
            return [c for r in range(lo, hi + 1) for c in _pair(r)]
        if a.hi == a.lo or b.hi == b.lo or a.hi != b.hi or a.kind != b.kind:
            raise _err("a span joins two pairs, or two hands with the same top card and "
                       "suitedness (A5s-A2s)", tok, pos)
        lo, hi = sorted((a.lo, b.lo))
        return [c for k in range(lo, hi + 1) for c in _two_ranks(a.hi, k, a.kind)]
    h = _read_hand(tok)
    if h is not None:
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


def _weight(text: str, tok: str, pos: int) -> float:
    t = text.strip()
    if not _NUMBER_RE.match(t):
        raise _err("a weight is a number from 0 to 1", tok, pos)
    w = float(t)
    if not 0.0 <= w <= 1.0:
        raise _err("a weight is a number from 0 to 1", tok, pos)
    return w


def _tokens(text: str) -> Iterator[tuple[str, int, float | None]]:
    """Yield (token, position, group weight or None) for each comma-separated token,
    expanding ``w(a, b, ...)`` groups."""
    i, n = 0, len(text)
    group: float | None = None
    while True:
        j = i
        while j < n and text[j] not in ",()":
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
            if text[k] == ",":
                i = k + 1
            elif k > j + 1:  # a space separates too
                i = k
            else:
                raise _err("expected ',' or a space after ')'", text[k:k + 6], k)
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

    ``Range(combos, weights=None, text="")`` takes any ``(k, 2)`` integer array-like of
    card ids (either card first) and ``k`` weights from 0 to 1 (default 1 each); it is
    checked once, here, and the arrays are copied: combos of weight 0 are left out,
    each combo is stored higher id first. Raises RangeSyntaxError naming the first bad
    combo (by 0-based index): not two distinct ids in 0..51, a combo listed twice, a
    weight that is not a number from 0 to 1, or not one weight per combo.
    Ranges compare equal (and hash alike) when they hold the same combos with the
    same weights in the same order; ``text`` is not compared.
    """

    __slots__ = ("_masks", "combos", "text", "weights")
    combos: np.ndarray
    weights: np.ndarray
    text: str
    _masks: np.ndarray

    def __init__(self, combos: npt.ArrayLike, weights: npt.ArrayLike | None = None,
                 text: str = ""):
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
        return f"Range({self.text!r}, {len(self)} combos)"

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


def _split_spaces(tokens: Iterable[tuple[str, int, float | None]]
                  ) -> Iterator[tuple[str, int, float | None]]:
    """Spaces also separate tokens (``"QQ+ AKs"``), except inside one explicit combo
    written with a space (``"Ah Ad"``)."""
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
        for m in re.finditer(r"\S+", tok):
            yield m.group(), pos + m.start(), w


def parse_range(text: str) -> Range:
    """Parse range text (notation in the module docstring) to a :class:`Range`.

    Raises :class:`~handrank.errors.RangeSyntaxError` naming the bad token and its
    0-based character position; ``TypeError`` if ``text`` is not a string. A range
    whose every weight is 0 is empty (``len == 0``), not an error here.
    """
    if not isinstance(text, str):
        raise TypeError(f"range text must be a str, got {type(text).__name__}")
    if not text.strip():
        raise RangeSyntaxError("empty range text")
    weight: dict[tuple[int, int], float] = {}
    for tok, pos, group_w in _split_spaces(_tokens(text)):
        w = 1.0 if group_w is None else group_w
        if ":" in tok:
            body, _, wt = tok.rpartition(":")
            if group_w is not None:
                raise _err("a token inside a weight group cannot carry its own weight", tok, pos)
            w = _weight(wt, tok, pos)
            tok = body.strip()
            if not tok:
                raise _err("weight without a hand", tok + ":" + wt, pos)
        for c in _token_combos(tok, pos):
            weight[c] = w
    return Range._from_dict(weight, text.strip())
