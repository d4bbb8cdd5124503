"""Garbage into every public entry point: a result or a library error, nothing else.

For each public callable (every game's ``__all__``, the top level, cards, equity ranges;
``specs.SPECS`` holds one valid call of each) hypothesis spoils one or two arguments
of the valid call with garbage (None, floats, bools, text, bytes, nested lists, huge
ints, numpy scalars, numpy arrays of every dtype, shape and layout) or adds an unknown
keyword. The property: the call returns, or raises a :class:`handrank.errors.HandrankError`
(a ValueError) or a TypeError; never another exception, never a crash, never a hang
(``conftest.HANG_SECONDS``). Parameters whose large valid values mean long work
(samples, rounds) are spoiled with invalid or tiny integers only (``Spec.slow``).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from .conftest import examples
from .specs import METHOD_SPECS, SPECS, parameters, positional_name, public_callables
from .strategies import ALLOWED, garbage

ALL = {**SPECS, **METHOD_SPECS}
NAMES = sorted(ALL)


def test_every_public_callable_has_a_spec():
    public = public_callables()
    missing = sorted(set(public) - set(SPECS))
    assert not missing, f"public callables the fuzz tier does not cover (add to specs.py): {missing}"
    stale = sorted(set(SPECS) - set(public))
    assert not stale, f"specs.py covers names that are not public: {stale}"
    for name, spec in SPECS.items():
        assert spec.fn is public[name], name


@pytest.mark.parametrize("name", NAMES)
def test_the_valid_call_succeeds(name):
    # The base every garbage example starts from must itself be a good call, or the
    # fuzz would test nothing but the first check.
    spec = ALL[name]
    if spec.requires:
        pytest.importorskip(spec.requires)
    if spec.protocol:
        with pytest.raises(TypeError, match="Protocols cannot be instantiated"):
            spec.fn()
        return
    try:
        spec.fn(*spec.args, **spec.kwargs)
    except spec.abort:
        pass


def _check(name, spec, args, kwargs):
    try:
        spec.fn(*args, **kwargs)
    except ALLOWED:
        pass
    except spec.abort:
        pass
    except Exception as e:
        if any(isinstance(e, t) and re.search(m, str(e)) for t, m in spec.known):
            return  # a known bug, held by a strict xfail test in tests/test_fuzz_findings.py
        if not (spec.enum and type(e) is ValueError):
            raise  # (an Enum looked up by a value it lacks: Python's own ValueError)


@pytest.mark.parametrize("name", NAMES)
@examples(25)
@given(data=st.data())
def test_garbage_arguments(name, data):
    spec = ALL[name]
    if spec.requires:
        pytest.importorskip(spec.requires)
    # exact_odds keeps its aborting progress callback (a valid call runs for seconds)
    slots = [s for s in parameters(spec) if not (spec.abort and s == "progress")]
    if spec.enum:  # only the value: Enum's functional API (names=, type=, ...) is Python's
        slots = ["0"]
    args, kwargs = list(spec.args), dict(spec.kwargs)
    if not slots or data.draw(st.integers(0, 9), label="extra") == 0:
        kwargs[data.draw(st.sampled_from(["bogus", "threads", "seed", "cards"]))] = \
            data.draw(garbage(), label="extra value")
    else:
        chosen = data.draw(st.lists(st.sampled_from(slots), min_size=1, max_size=2, unique=True),
                           label="spoiled")
        for slot in chosen:
            pname = positional_name(spec, int(slot)) if slot.isdigit() else slot
            value = data.draw(garbage(cheap_ints=pname in spec.slow), label=f"{slot}")
            if slot.isdigit():
                args[int(slot)] = value
            else:
                kwargs[slot] = value
    _check(name, spec, args, kwargs)


@pytest.mark.parametrize("name", NAMES)
@examples(4)
@given(data=st.data())
def test_wrong_argument_counts(name, data):
    spec = ALL[name]
    args = list(spec.args)
    more = data.draw(st.lists(garbage(cheap_ints=True), max_size=3), label="more")
    cut = data.draw(st.integers(0, len(args)), label="cut")
    kwargs = dict(spec.kwargs)
    if not data.draw(st.booleans(), label="keep keywords"):
        kwargs = {k: v for k, v in kwargs.items() if k in spec.slow}
    for i in range(cut, len(args)):  # a slow parameter cut off would run its long default
        pname = positional_name(spec, i)
        if pname in spec.slow:
            kwargs[pname] = args[i]
    if spec.abort:
        kwargs["progress"] = spec.kwargs["progress"]
    _check(name, spec, args[:cut] + more, kwargs)
