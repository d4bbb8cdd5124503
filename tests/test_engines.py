"""One engine vocabulary across Crash, Chinese Poker and Broken Canada: the same
``head_to_head(a, b, rounds, *, seed=...)`` shape and meaning, the shared
``HeadToHead`` result, and the same caps (handrank.engine)."""

import inspect

import pytest

from handrank import canada, chinese, crash, engine
from handrank.errors import OptionError

GAMES = {"crash": (crash, "expected-points", "lexicographic"),
         "chinese": (chinese, "solver", "greedy"),
         "canada": (canada, "greedy", "stand-pat")}


@pytest.mark.parametrize("game", GAMES)
def test_head_to_head_has_one_signature(game):
    module, *_ = GAMES[game]
    params = inspect.signature(module.head_to_head).parameters
    kinds = [(n, p.kind) for n, p in params.items()][:3]
    assert kinds == [(n, inspect.Parameter.POSITIONAL_OR_KEYWORD) for n in ("a", "b", "rounds")]
    assert params["seed"].kind is inspect.Parameter.KEYWORD_ONLY and params["seed"].default == 0


@pytest.mark.parametrize("game", GAMES)
def test_rounds_are_rounds_played_each_deal_twice(game):
    module, a, b = GAMES[game]
    r = module.head_to_head(a, b, 5, seed=1)  # 5 rounds -> 3 deals, each played twice
    assert isinstance(r, engine.HeadToHead) and (r.game, r.a, r.b) == (game, a, b)
    assert r.rounds == 6 and r.seed == 1
    lo, hi = r.ci95
    assert lo <= r.margin <= hi
    assert r == module.head_to_head(a, b, 6, seed=1)  # same deals, same result


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("rounds", [0, -2, 2**63, 2.0, True])
def test_rounds_are_capped(game, rounds):
    module, a, b = GAMES[game]
    with pytest.raises(OptionError, match="rounds"):
        module.head_to_head(a, b, rounds)


@pytest.mark.parametrize("game", GAMES)
def test_unknown_strategy_names_the_built_ins(game):
    module, a, _ = GAMES[game]
    with pytest.raises(OptionError, match=a):
        module.head_to_head(a, "no-such-strategy", 2)


def test_paired_deals():
    assert [engine.paired_deals(n) for n in (1, 2, 3, 4, 10**9)] == [1, 1, 2, 2, 5 * 10**8]
    with pytest.raises(OptionError, match="1,000,000,000"):
        engine.paired_deals(10**9 + 1)


@pytest.mark.parametrize("game", ["crash", "chinese"])
@pytest.mark.parametrize("answer", ["bad-card", "repeat", "not-held", 0.5, None, "one string"])
def test_a_bad_setting_answer_is_a_setting_error_in_every_engine(game, answer):
    """The same class for every way a set_hand answer can fail, naming the player."""
    from handrank.errors import SettingError

    class Bad:
        name = "bad"

        def set_hand(self, view):
            held = [c for c in view.holding]
            if answer == "bad-card":
                return ["Xx Ad Ac"] + [held[3 * i:3 * i + 3] for i in range(1, len(held) // 3)] \
                    if game == "crash" else ("Xx Ad Ac", held[3:8], held[8:13])
            if answer == "repeat":
                rows = [held[0:3], held[0:3]] + [held[3 * i:3 * i + 3]
                                                for i in range(2, len(held) // 3)]
                return rows if game == "crash" else (held[0:3], held[0:5], held[5:10])
            if answer == "not-held":
                other = next(c for c in range(52) if c not in view.holding)
                rows = [[other] + held[1:3]] + [held[3 * i:3 * i + 3]
                                               for i in range(1, len(held) // 3)]
                return rows if game == "crash" else ([other] + held[1:3], held[3:8], held[8:13])
            return answer

        def exchange(self, view):
            return False

        def declare(self, view):
            return False

    module, a, _ = GAMES[game]
    seats = [Bad()] + [a] * (3 if game == "crash" else 1)
    with pytest.raises(SettingError, match=r"player 0 \(bad\)"):
        module.Game(seats, seed=1).play_round()


@pytest.mark.parametrize("game", GAMES)
def test_an_unseeded_run_reports_the_seed_that_replays_it(game):
    module, a, b = GAMES[game]
    r = module.head_to_head(a, b, 4, seed=None)
    assert isinstance(r.seed, int) and r.seed >= 0
    assert module.head_to_head(a, b, 4, seed=r.seed) == r


def test_seeded_simulations_do_not_depend_on_the_chunk_size():
    """docs/reliability.md, Determinism: the chunk size only cuts the work; the
    deals (one seeded stream, tests/test_cards.py) and so the results stay the same."""
    from handrank import chinese, crash
    runs = [crash.head_to_head("lexicographic", "expected-points", rounds=600, seed=3, chunk=c)
            for c in (20_000, 7, 256)]
    assert len({(r.mean_a, r.mean_b, r.margin) for r in runs}) == 1
    hu = [chinese.heads_up(300, seed=3, chunk=c) for c in (20_000, 7, 256)]
    assert len({(r.mean, r.stderr, r.declared) for r in hu}) == 1
