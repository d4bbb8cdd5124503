"""Game engines against strategies that answer garbage: every answer a strategy gives is
checked (docs/reliability.md, "strategy answers are checked strictly, naming the
player"), so a game either plays to its end or raises a library error (or TypeError)
whose message names the player; never another exception, never a hang.

Each decision of the fuzzed strategy is, at hypothesis' choice, the built-in
strategy's own answer, that answer mangled (a card swapped, dropped or repeated), or
garbage.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from handrank import canada, chinese, crash

from .conftest import examples
from .strategies import ALLOWED, garbage


def _mangle(data, answer):
    """The built-in's answer, a little wrong, or garbage."""
    how = data.draw(st.integers(0, 5), label="answer")
    if how <= 2:
        return answer
    if how == 3:
        return data.draw(garbage(cheap_ints=True), label="garbage answer")
    try:
        items = list(answer)
    except TypeError:
        return data.draw(garbage(cheap_ints=True), label="garbage answer")
    if not items:
        return [data.draw(st.integers(-1, 52), label="invented")]
    i = data.draw(st.integers(0, len(items) - 1), label="where")
    change = data.draw(st.sampled_from(["drop", "repeat", "swap", "nest"]), label="change")
    if change == "drop":
        del items[i]
    elif change == "repeat":
        items.append(items[i])
    elif change == "swap":
        items[i] = data.draw(st.one_of(st.integers(-1, 60), st.sampled_from(["As", "Xx", None])),
                             label="swapped in")
    else:
        items[i] = [items[i]]
    return type(answer)(items) if isinstance(answer, (list, tuple)) else items


class Fuzzed:
    """Wraps a built-in strategy; each decision goes through :func:`_mangle`."""

    def __init__(self, inner, data, methods):
        self.inner, self.data = inner, data
        self.name = "fuzzed"
        for m in methods:
            setattr(self, m, self._wrap(m))

    def _wrap(self, method):
        def decide(view):
            return _mangle(self.data, getattr(self.inner, method)(view))
        return decide


GAMES = {
    "crash": (lambda s, seed: crash.Game([s, "lexicographic", "expected-points"], seed=seed,
                                         target=3, max_rounds=3),
              crash.LexicographicStrategy, ("set_hand", "exchange")),
    "chinese": (lambda s, seed: chinese.Game([s, "greedy"], seed=seed, target=10, max_rounds=2),
                chinese.GreedyStrategy, ("set_hand", "declare")),
    "canada": (lambda s, seed: canada.Game([s, "greedy", "stand-pat"], seed=seed),
               canada.GreedyBot, ("switch", "claim_flip", "swap_flip", "redeal_exchange")),
}


@pytest.mark.parametrize("game", sorted(GAMES))
@examples(25)
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_a_strategy_answering_garbage(game, data, seed):
    make, builtin, methods = GAMES[game]
    g = make(Fuzzed(builtin(), data, methods), seed)
    try:
        g.play()
    except ALLOWED as e:
        msg = str(e)
        assert "player" in msg or "fuzzed" in msg or "seat" in msg, msg
