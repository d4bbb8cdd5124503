"""One valid call of every public entry point, for the garbage fuzz to spoil.

``SPECS`` maps a public name (``"poker.evaluate_many"``) to a :class:`Spec`: the callable,
a valid call (positional and keyword arguments), the parameters whose large valid values
mean long work (``slow``: fuzzed with invalid or tiny integers only) and whether plain
``ValueError`` is the documented error (an Enum looked up by a value it lacks).
``test_every_public_callable_has_a_spec`` keeps it complete.
"""

from __future__ import annotations

import inspect
import os
import tempfile
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

import handrank
from handrank import (brag, canada, cards, chinese, crash, engine, equity, lowball, omaha, poker,
                      rules, shortdeck, stud)
from handrank.canada import engine as canada_engine
from handrank.equity import grid as equity_grid
from handrank.equity import ranges

#: The modules whose ``__all__`` is the public API the fuzz tier covers (the top level
#: also names ``engine`` and ``rules``; ``canada.engine`` adds ``log_lines``).
MODULES = {"handrank": handrank, "cards": cards, "poker": poker, "equity": equity,
           "equity.ranges": ranges, "equity.grid": equity_grid, "brag": brag, "crash": crash,
           "chinese": chinese, "canada": canada, "canada.engine": canada_engine,
           "engine": engine, "rules": rules, "lowball": lowball, "omaha": omaha,
           "shortdeck": shortdeck, "stud": stud}


@dataclass
class Spec:
    fn: Callable[..., Any]
    args: tuple = ()
    kwargs: dict = field(default_factory=dict)
    slow: tuple[str, ...] = ()
    enum: bool = False
    #: exceptions a valid call may end with by design (an aborting progress callback)
    abort: tuple[type[BaseException], ...] = ()
    #: a typing.Protocol: no valid call (instantiating one is a TypeError)
    protocol: bool = False
    #: known bugs tolerated here, as (exception type, message regex) pairs; each one has
    #: a strict xfail test in tests/test_fuzz_findings.py and goes when that is fixed
    known: tuple = ()
    #: an optional extra's module the call needs (the tests skip without it, as the
    #: sanitized venv of tools/sanitize.sh has no extras)
    requires: str | None = None


def S(fn, *args, slow=(), enum=False, abort=(), known=(), requires=None, **kwargs) -> Spec:
    return Spec(fn, args, kwargs, tuple(slow), enum, tuple(abort),
                protocol=bool(getattr(fn, "_is_protocol", False)), known=known,
                requires=requires)


class Abort(Exception):
    """Raised by the progress callback that keeps exact_odds short."""


def _abort(*_):
    raise Abort


H5, H5B = "As Ks Qs Js Ts", "2c 3d 4h 5s 7c"
H7 = "As Ks Qs Js Ts 2c 3d"
B3, B3B = "As Ks Qs", "3c 3d 3h"
CP = "2s3s4s5c5d6c6d7c8c8d8s9c9d"                 # a Chinese Poker holding
CP_ROWS = ("2s 3s 4s", "5c 5d 6c 6d 7c", "8c 8d 8s 9c 9d")
CP2_ROWS = ("Ah Kh Qd", "2d 2h 3d 3h 4d", "Td Jd Js Qs Ks")
CRASH = "As Ad Ac Kh Qh Jh 2c 3d 4s 9s 9d 7c 5h"
CRASH_HANDS = ["As Ad Ac", "Kh Qh Jh", "2c 3d 4s", "9s 9d 7c"]
CA_SET, CA_PIT = "2s 3s 4s 5s", "6h 7h"
CA_SET2 = "Kd Kc Qd Jc"
OM_HOLE, OM_BOARD = "Ac 4c Kh Qc", "2c 3d 7h Ks Kd"    # an Omaha hand

_r = poker.evaluate(H7)
_eq = equity.equity(["AhAd", "KsKc"], board="2c3c4c")
_pe = _eq.players[0]
_combo_rows = equity.equity(["AhAd", "KK"], board="2c3c4c", by_combo=True).players[1].by_combo
_dist = equity.distribution("QQ+", "2c 3c 4c 5d", "JJ")
_cs = chinese.score([CP_ROWS, CP2_ROWS])
_crash_view = crash.View(0, 4, tuple(cards.parse_cards(CRASH)), 13, (0, 0, 0, 0), 10, False, 1)
_canada_view = canada.View(0, (0, 1, 2, 3), (4, 5), None, 4, 1, "set", 2, 5)
_crash_setting = crash.set_hand(CRASH)
_cp_setting = chinese.make_setting(*CP_ROWS)
_cp_solution = chinese.solve(CP)
_ca_showdown = canada.showdown([CA_SET, CA_SET2], CA_PIT, seed=1)
_crash_round = crash.score_round([CRASH_HANDS, ["2h 2d 2s", "Th Jd Qc", "5c 6d 7s", "8h 8c Ah"]])
_crash_game = crash.Game(["lexicographic", "lexicographic"], seed=1, target=3).play()
_cp_game = chinese.Game(["greedy", "greedy"], seed=1, target=3, max_rounds=2).play()
_ca_game = canada.Game(2, seed=1).play()
_h2h = crash.head_to_head(rounds=2, seed=1)


def _resolve_greedy(seat):
    return engine.resolve_strategy(seat, {"greedy": chinese.GreedyStrategy},
                                   ("set_hand", "declare"))


def _same_fields(obj, cls=None):
    """A record rebuilt from an instance's own fields (a valid call of its class, or
    of ``cls``, a base class, from the fields ``cls`` has)."""
    import dataclasses
    cls = cls or type(obj)
    return S(cls, **{f.name: getattr(obj, f.name) for f in dataclasses.fields(cls)
                     if f.init})


SPECS: dict[str, Spec] = {
    # ---------------------------------------------------------------- top level, cards
    "handrank.HandValue": _same_fields(_r),
    "handrank.HandrankError": S(handrank.HandrankError, "message"),
    "handrank.format_card": S(handrank.format_card, 51, unicode=False),
    "handrank.format_cards": S(handrank.format_cards, [51, 50], sep=" ", unicode=False),
    "handrank.parse_card": S(handrank.parse_card, "As"),
    "handrank.parse_cards": S(handrank.parse_cards, "As Ks", allow_duplicates=False),
    "cards.card": S(cards.card, 12, 3),
    "cards.check_cards": S(cards.check_cards, [1, 2, 3]),
    "cards.deal": S(cards.deal, 3, 5, seed=1, slow=("n", "k")),
    "cards.deal_stream": S(cards.deal_stream, 1),
    "cards.rng": S(cards.rng, 1),
    "cards.deck": S(cards.deck),
    "cards.decode_rows": S(cards.decode_rows, ["As Ks Qs Js Ts", "2c 3c 4c 5c 6c"], 5),
    "cards.format_card": S(cards.format_card, 0),
    "cards.format_cards": S(cards.format_cards, [0, 1]),
    "cards.from_mask": S(cards.from_mask, 31),
    "cards.parse_card": S(cards.parse_card, "2c"),
    "cards.parse_cards": S(cards.parse_cards, [0, 1, 2]),
    "cards.rank_of": S(cards.rank_of, 51),
    "cards.rows_with_repeats": S(cards.rows_with_repeats, np.array([[1, 2], [3, 3]], np.uint8)),
    "cards.suit_of": S(cards.suit_of, 51),
    "cards.to_mask": S(cards.to_mask, "As Ks"),
    # ---------------------------------------------------------------------------- poker
    "poker.Category": S(poker.Category, 1, enum=True),
    "poker.categories": S(poker.categories, [1, 7462]),
    "poker.category": S(poker.category, 7462),
    "poker.compare": S(poker.compare, H5, H5B),
    "poker.describe": S(poker.describe, 1),
    "poker.evaluate": S(poker.evaluate, H7),
    "poker.evaluate_many": S(poker.evaluate_many, [H5, H5B], threads=1, out=None,
                             executor=None),
    "poker.name": S(poker.name, 1),
    "poker.showdown": S(poker.showdown, "2c 3d 4h 9s Tc", ["As Ad", "Ks Kd"]),
    "poker.showdown_many": S(poker.showdown_many, np.array([[0, 5, 10, 15, 20]]),
                             np.array([[[48, 49], [44, 45]]]), threads=1),
    "poker.strength": S(poker.strength, H5),
    "poker.strength5": S(poker.strength5, 0, 1, 2, 3, 51),
    "poker.strength6": S(poker.strength6, 0, 1, 2, 3, 50, 51),
    "poker.strength7": S(poker.strength7, 0, 1, 2, 3, 49, 50, 51),
    "poker.strength_counts": S(poker.strength_counts, 5),
    # --------------------------------------------------------------------------- equity
    "equity.EquityResult": _same_fields(brag.equity(B3)),
    "equity.HoldemEquity": _same_fields(_eq),
    "equity.PlayerEquity": _same_fields(_pe, equity.PlayerEquity),
    "equity.Range": S(equity.Range, np.array([[0, 1], [2, 3]]), [1.0, 0.5], text="x"),
    "equity.equity": S(equity.equity, ["AhAd", "KsKc"], "2c3c4c", None, method="auto",
                       samples=None, target_stderr=None, seed=1, threads=1, progress=None,
                       executor=None, part=None, by_combo=False, slow=("samples", "target_stderr")),
    "equity.HoldemPlayer": _same_fields(_pe),
    "equity.ComboEquity": S(equity.ComboEquity, _combo_rows.array, True),
    "equity.EquityDistribution": _same_fields(_dist),
    "equity.vs_range": S(equity.vs_range, "AhAd", "KK, AKs", "Kc 7h 2d 9s", None,
                         threads=1),
    "equity.distribution": S(equity.distribution, "QQ+, AKs", "Kc 7h 2d 9s", "JJ", None,
                             bins=10, threads=1),
    "equity.parse_range": S(equity.parse_range, "QQ+, AKs"),
    "equity.ranges.Range": S(ranges.Range, [[0, 1]]),
    "equity.ranges.all_combos": S(ranges.all_combos),
    "equity.ranges.parse_range": S(ranges.parse_range, "22-55, 0.5(AsKs)"),
    "equity.ranges.class_index": S(ranges.class_index, [[51, 47], [3, 0]]),
    "equity.ranges.preflop_order": S(ranges.preflop_order),
    "equity.ranges.preflop_equity": S(ranges.preflop_equity),
    "equity.grid.from_range": S(equity_grid.from_range, ranges.parse_range("QQ+, 0.5(AKs)")),
    "equity.grid.text": S(equity_grid.text, np.eye(13), numbers=False, fmt="{:.2f}",
                          vmin=0.0, vmax=1.0, color=False),
    "equity.grid.plot": S(equity_grid.plot, np.eye(13),
                          os.path.join(tempfile.gettempdir(), "handrank-fuzz-grid.svg"),
                          title="t", size=2.0, dpi=20, requires="matplotlib"),
    # ----------------------------------------------------------------------------- brag
    # ---------------------------------------------------------------------------- omaha
    "omaha.Category": S(omaha.Category, 1, enum=True),
    "omaha.categories": S(omaha.categories, [1, 7462]),
    "omaha.category": S(omaha.category, 7462),
    "omaha.describe": S(omaha.describe, 1),
    "omaha.describe_low": S(omaha.describe_low, 56),
    "omaha.evaluate": S(omaha.evaluate, OM_HOLE, OM_BOARD),
    "omaha.evaluate_many": S(omaha.evaluate_many, [OM_HOLE, "2h 3h 4h 5h"],
                             [OM_BOARD, "7c 8c 9c Td Jd"], threads=1, out=None,
                             executor=None),
    "omaha.low": S(omaha.low, OM_HOLE, OM_BOARD),
    "omaha.low_many": S(omaha.low_many, np.array([[0, 4, 8, 12]]),
                        np.array([[16, 20, 24, 48, 51]]), threads=1, out=None,
                        executor=None),
    "omaha.low_ranks": S(omaha.low_ranks, 1),
    "omaha.name": S(omaha.name, 1),
    "omaha.showdown": S(omaha.showdown, [OM_HOLE, "Jc Jd 9s 9h"], OM_BOARD),
    "omaha.showdown_hilo": S(omaha.showdown_hilo, [OM_HOLE, "Jc Jd 9s 9h"], OM_BOARD, pot=7),
    "omaha.showdown_hilo_many": S(omaha.showdown_hilo_many,
                                  np.array([[[0, 4, 8, 12], [1, 5, 9, 13]]]),
                                  np.array([[16, 20, 24, 48, 51]]), threads=1,
                                  executor=None),
    "omaha.strength": S(omaha.strength, OM_HOLE, OM_BOARD),
    "brag.BragEquity": _same_fields(brag.equity(B3)),
    "brag.Category": S(brag.Category, 1, enum=True),
    # ----------------------------------------------------------------------------- lowball
    "lowball.AceToFiveCategory": S(lowball.AceToFiveCategory, 1, enum=True),
    "lowball.BadugiCategory": S(lowball.BadugiCategory, 1, enum=True),
    "lowball.DeuceToSevenCategory": S(lowball.DeuceToSevenCategory, 1, enum=True),
    "brag.categories": S(brag.categories, [1, 741]),
    "brag.category": S(brag.category, 741),
    "brag.compare": S(brag.compare, B3, B3B, prial_threes_high=True, a23_top_run=False),
    "brag.describe": S(brag.describe, 741, prial_threes_high=False),
    "brag.equity": S(brag.equity, B3, 2, samples=500, seed=1, threads=1, dead="2c", executor=None,
                     slow=("samples",)),
    "brag.evaluate": S(brag.evaluate, B3),
    "brag.evaluate_many": S(brag.evaluate_many, [B3, B3B], threads=1, out=None,
                             executor=None),
    "brag.name": S(brag.name, 1),
    "brag.showdown": S(brag.showdown, [B3, B3B]),
    "brag.strength": S(brag.strength, B3, a23_top_run=True),
    "brag.strength3": S(brag.strength3, 0, 1, 2, 3),
    "brag.strength_counts": S(brag.strength_counts, prial_threes_high=False),
    # ---------------------------------------------------------------------------- crash
    "crash.ExpectedPointsStrategy": S(crash.ExpectedPointsStrategy),
    "crash.Game": S(crash.Game, ["lexicographic", "expected-points"], seed=1, target=5,
                    cards=9, count_high_card=False, max_rounds=10),
    "crash.GameResult": _same_fields(_crash_game),
    "crash.HeadToHead": _same_fields(_h2h),
    "crash.LexicographicStrategy": S(crash.LexicographicStrategy),
    "crash.RoundRecord": _same_fields(_crash_game.rounds[0]),
    "crash.RoundScore": _same_fields(_crash_round),
    "crash.Setting": _same_fields(_crash_setting),
    "crash.Strategy": S(crash.Strategy),
    "crash.TableInfo": _same_fields(_crash_view),
    "crash.View": _same_fields(_crash_view),
    "crash.brag_strength": S(crash.brag_strength, 740),
    "crash.check_setting": S(crash.check_setting, CRASH, CRASH_HANDS),
    "crash.default_cards": S(crash.default_cards, 4),
    "crash.default_exchange": S(crash.default_exchange, _crash_view),
    "crash.dense_strength": S(crash.dense_strength, B3),
    "crash.hand_count": S(crash.hand_count, 13),
    "crash.head_to_head": S(crash.head_to_head, "expected-points", "lexicographic", 2, seed=1,
                            players=2, cards=6, threads=1, chunk=2, slow=("rounds", "chunk")),
    "crash.score_many": S(crash.score_many, np.array([[[741, 5], [700, 3]]])),
    "crash.score_round": S(crash.score_round, [CRASH_HANDS[:2], ["2h 2d 2s", "Th Jd Qc"]]),
    "crash.set_hand": S(crash.set_hand, CRASH, "expected-points", players=3),
    "crash.set_many": S(crash.set_many, [CRASH], "lexicographic", threads=1, executor=None),
    "crash.strategy": S(crash.strategy, "lexicographic"),
    "crash.win_table": S(crash.win_table, 13, 4, False),
    # -------------------------------------------------------------------------- chinese
    "chinese.FrontCategory": S(chinese.FrontCategory, 1, enum=True),
    "chinese.Game": S(chinese.Game, ["solver", "greedy"], seed=1, system="basic", target=5,
                      max_rounds=2),
    "chinese.GameResult": _same_fields(_cp_game),
    "chinese.GreedyStrategy": S(chinese.GreedyStrategy),
    "chinese.HeadsUp": _same_fields(chinese.heads_up(2, seed=1)),
    "chinese.Natural": S(chinese.Natural, 0, enum=True),
    "chinese.PairScore": _same_fields(_cs.pairs[0]),
    "chinese.RoundRecord": _same_fields(_cp_game.rounds[0]),
    "chinese.Setting": _same_fields(_cp_setting),
    "chinese.Solution": _same_fields(_cp_solution),
    "chinese.SolverStrategy": S(chinese.SolverStrategy),
    "chinese.Strategy": S(chinese.Strategy),
    "chinese.TableScore": _same_fields(_cs),
    "chinese.View": S(chinese.View, 0, 2, tuple(cards.parse_cards(CP)), (0, 0), 1, "western", None),
    "chinese.default_tables": S(chinese.default_tables),
    "chinese.describe_front": S(chinese.describe_front, 455),
    "chinese.evaluate": S(chinese.evaluate, "As Ad Kc"),
    "chinese.evaluate_many": S(chinese.evaluate_many, ["As Ad Kc", "2c 3c 4c"], out=None,
                               threads=1, executor=None),
    "chinese.expected_scores": S(chinese.expected_scores, [cards.parse_cards(" ".join(CP_ROWS))],
                                 "eastern"),
    "chinese.front_beats_middle": S(chinese.front_beats_middle, CP_ROWS[0], CP_ROWS[1]),
    "chinese.front_category": S(chinese.front_category, 455),
    "chinese.front_strength": S(chinese.front_strength, "As Ad Kc"),
    "chinese.greedy": S(chinese.greedy, CP),
    "chinese.greedy_many": S(chinese.greedy_many, [cards.parse_cards(CP)], threads=1),
    "chinese.head_to_head": S(chinese.head_to_head, "solver", "greedy", 2, seed=1,
                              system="mandarin", threads=1, slow=("rounds",)),
    "chinese.heads_up": S(chinese.heads_up, 2, 1, "western", threads=1, chunk=1,
                          slow=("deals", "chunk")),
    "chinese.is_foul": S(chinese.is_foul, *CP_ROWS),
    "chinese.make_setting": S(chinese.make_setting, *CP_ROWS, holding=CP),
    "chinese.natural": S(chinese.natural, CP_ROWS),
    "chinese.naturals": S(chinese.naturals, _cp_setting),
    "chinese.score": S(chinese.score, [CP_ROWS, CP2_ROWS], "western", names=["a", "b"]),
    "chinese.score_many": S(chinese.score_many,
                            [[cards.parse_cards(" ".join(CP_ROWS)),
                              cards.parse_cards(" ".join(CP2_ROWS))]],
                            [[0, 0]], "western", threads=1, details=False),
    "chinese.solve": S(chinese.solve, CP, "western"),
    "chinese.solve_many": S(chinese.solve_many, [cards.parse_cards(CP)], "basic", threads=1,
                            executor=None),
    "chinese.solver_tables": S(chinese.solver_tables,
                               *(np.ones(n) for n in (456, 7463, 7463))),
    # --------------------------------------------------------------------------- canada
    "canada.CanadaEquity": _same_fields(canada.equity(CA_SET, CA_PIT, samples=10, seed=1)),
    "canada.Category": S(canada.Category, 0, enum=True),
    "canada.FeudDraw": S(canada.FeudDraw, 1, 0, 5),
    "canada.Game": S(canada.Game, 2, seed=1, decks=1, dealer=1),
    "canada.GameResult": _same_fields(_ca_game),
    "canada.GreedyBot": S(canada.GreedyBot, canada.Category(13)),
    "canada.Hooks": S(canada.Hooks),
    "canada.Showdown": _same_fields(_ca_showdown),
    "canada.StandPat": S(canada.StandPat),
    "canada.Strategy": S(canada.Strategy),
    "canada.View": _same_fields(_canada_view),
    "canada.categories": S(canada.categories, [0, canada.MAX_STRENGTH]),
    "canada.category": S(canada.category, canada.MAX_STRENGTH),
    "canada.compare": S(canada.compare, (CA_SET, CA_PIT), (CA_SET2, CA_PIT), decks=1),
    "canada.decks_for": S(canada.decks_for, 5),
    "canada.describe": S(canada.describe, 0),
    "canada.equity": S(canada.equity, CA_SET, CA_PIT, 2, samples=50, seed=1, threads=1,
                       decks=1, executor=None, slow=("samples",)),
    "canada.evaluate": S(canada.evaluate, CA_SET, CA_PIT, decks=1),
    "canada.evaluate_many": S(canada.evaluate_many, [CA_SET, CA_SET2], CA_PIT, decks=1,
                              threads=1, out=None, executor=None),
    "canada.exact_odds": S(canada.exact_odds, threads=1, progress=_abort, naive=False,
                           executor=None, part=(0, 2), abort=(Abort,)),
    "canada.head_to_head": S(canada.head_to_head, "greedy", "stand-pat", 2, seed=1,
                             slow=("rounds",)),
    "canada.lower_cards": S(canada.lower_cards, canada.MAX_STRENGTH),
    "canada.merge_odds": S(canada.merge_odds, np.arange(35), np.arange(35)),
    "canada.name": S(canada.name, 0),
    "canada.odds_rows": S(canada.odds_rows, np.arange(35)),
    "canada.showdown": S(canada.showdown, [CA_SET, CA_SET2], CA_PIT, decks=1, seed=1),
    "canada.strength": S(canada.strength, CA_SET, CA_PIT),
    "canada.engine.Game": S(canada_engine.Game, ["greedy", "stand-pat"], seed=2),
    "canada.engine.GameResult": _same_fields(_ca_game),
    "canada.engine.GreedyBot": S(canada_engine.GreedyBot),
    "canada.engine.Hooks": S(canada_engine.Hooks),
    "canada.engine.StandPat": S(canada_engine.StandPat),
    "canada.engine.Strategy": S(canada_engine.Strategy),
    "canada.engine.View": _same_fields(_canada_view),
    "canada.engine.head_to_head": S(canada_engine.head_to_head, "stand-pat", "greedy", 3,
                                    seed=5, slow=("rounds",)),
    "canada.engine.log_lines": S(canada_engine.log_lines, _ca_game.events, 1),
    # --------------------------------------------------------- shared engine, rules
    "engine.HeadToHead": _same_fields(_h2h),
    "engine.Strategy": S(engine.Strategy),
    "engine.Table": S(engine.Table),
    "engine.check_flag": S(engine.check_flag, True, 1, "exchange"),
    "engine.check_positions": S(engine.check_positions, [0, 2], 1, "switch", 4, 2),
    "engine.check_rounds": S(engine.check_rounds, 10, 1, "rounds"),
    "engine.head_to_head_result": S(engine.head_to_head_result, "crash", "a", "b",
                                    np.array([1.0, 2.0]), np.array([0.5, 1.5]), 4, 1),
    "engine.paired_deals": S(engine.paired_deals, 7),
    "engine.resolve_seats": S(engine.resolve_seats, ["greedy", "greedy"], _resolve_greedy),
    "engine.resolve_strategy": S(engine.resolve_strategy, "greedy",
                                 {"greedy": chinese.GreedyStrategy}, ("set_hand", "declare")),
    "engine.setting_error": S(engine.setting_error, handrank.errors.SettingError("bad"), "player 1"),
    "rules.page": S(rules.page, "poker"),
    # ------------------------------------------------------------------------ shortdeck
    "shortdeck.Category": S(shortdeck.Category, 1, enum=True),
    "shortdeck.categories": S(shortdeck.categories, [1, 1404], straight_beats_trips=True),
    "shortdeck.category": S(shortdeck.category, 900, straight_beats_trips=False),
    "shortdeck.compare": S(shortdeck.compare, "As Ks Qs Js Ts", "6c 7d 8h 9s Jc",
                           straight_beats_trips=True),
    "shortdeck.describe": S(shortdeck.describe, 1130, straight_beats_trips=True),
    "shortdeck.evaluate": S(shortdeck.evaluate, "As Ks Qs Js Ts 6c 7d", straight_beats_trips=False),
    "shortdeck.evaluate_many": S(shortdeck.evaluate_many, ["As Ks Qs Js Ts", "6c 7d 8h 9s Jc"],
                                 straight_beats_trips=True, threads=1, out=None,
                                 executor=None),
    "shortdeck.name": S(shortdeck.name, 1404, straight_beats_trips=False),
    "shortdeck.showdown": S(shortdeck.showdown, "6c 7d 8h 9s Jc", ["As Ad", "Ks Kd"],
                            straight_beats_trips=False),
    "shortdeck.strength": S(shortdeck.strength, "As 6s 7d 8c 9h", straight_beats_trips=True),
}


def _fresh(factory, method):
    """``method`` of a new ``factory()`` object each call (methods that change state),
    with the method's own signature (so its parameters can be spoiled by name)."""
    def call(*args, **kwargs):
        return getattr(factory(), method)(*args, **kwargs)
    sig = inspect.signature(getattr(factory(), method))
    call.__signature__ = sig  # type: ignore[attr-defined]
    call.__name__ = method
    return call


def _canada_dealt():
    g = canada.Game(3, seed=1)
    g.deal()
    return g


_QQ = equity.parse_range("QQ+, AKs")

#: Public methods that take arguments, by ``module.Class.method``: fuzzed like SPECS.
# handrank.dask (issue 15), when Dask is installed (the 'dask' extra, in 'test' too):
# lazy calls on small Dask arrays / a Dask Series; garbage must fail as the library's
# errors or TypeError when the graph is built.
try:
    from handrank import dask as _hdask
except ImportError:  # pragma: no cover - without the extra
    _hdask = None
if _hdask is not None:
    import dask.array as _da
    import dask.dataframe as _dd
    import pandas as _pd

    MODULES["dask"] = _hdask
    _DIDS = _da.from_array(cards.deal(8, 7, seed=1), chunks=(4, 7))
    _DDEAL = cards.deal(6, 9, seed=2)
    SPECS.update({
        "dask.evaluate_many": S(_hdask.evaluate_many, _DIDS, threads=None),
        "dask.categories": S(_hdask.categories, _DIDS, threads=None),
        "dask.category_counts": S(_hdask.category_counts, _DIDS, threads=None),
        "dask.showdown_many": S(_hdask.showdown_many,
                                _da.from_array(_DDEAL[:, :5], chunks=(3, 5)),
                                _da.from_array(_DDEAL[:, 5:].reshape(6, 2, 2), chunks=(3, 2, 2)),
                                threads=None),
        "dask.evaluate_text": S(_hdask.evaluate_text,
                                _dd.from_pandas(_pd.Series([H5, H7]), npartitions=1),
                                threads=None),
    })


METHOD_SPECS: dict[str, Spec] = {
    "equity.Range.from_combos": S(equity.Range.from_combos, ["AsKs", "QdQh"], [1.0, 0.5], "t"),
    "equity.Range.without": S(_QQ.without, 1 << 51),
    "equity.Range.combo_texts": S(_QQ.combo_texts),
    "equity.Range.masks": S(_QQ.masks),
    "equity.ComboEquity.column": S(_combo_rows.column, "equity"),
    "equity.ComboEquity.grid": S(_combo_rows.grid, "deals"),
    "equity.ComboEquity.table": S(_combo_rows.table, 2),
    "equity.ComboEquity.to_dicts": S(_combo_rows.to_dicts),
    "equity.EquityDistribution.table": S(_dist.table),
    "equity.Range.from_percent": S(equity.Range.from_percent, 15, 5, None),
    "equity.Range.to_string": S(_QQ.to_string),
    "equity.Range.grid": S(_QQ.grid),
    "result.EquityResult.table": S(_eq.table, 1),
    "result.EquityResult.to_dict": S(_eq.to_dict),
    "canada.GameResult.lines": S(_ca_game.lines, 1),
    "canada.Game.seats": S(_fresh(_canada_dealt, "seats"), 1),
    "canada.Game.fold": S(_fresh(_canada_dealt, "fold"), 1),
    "canada.Game.view": S(_fresh(_canada_dealt, "view"), 1, "switch", 2),
    "canada.Game.betting": S(_fresh(_canada_dealt, "betting"), 2),
    "canada.Game.redeal": S(_fresh(_canada_dealt, "redeal"), [0, 1]),
    "chinese.TableScore.text": S(_cs.text),
    "canada.Showdown.describe": S(_ca_showdown.describe),
}
# lowball: the three evaluator objects' verbs (the objects are not callables themselves)
for _g, _hand in ((lowball.deuce_to_seven, "7s 5d 4h 3c 2s"), (lowball.ace_to_five, H7),
                  (lowball.badugi, "As 2d 3h 4c")):
    _n = f"lowball.{_g.game.replace('-', '_')}"
    METHOD_SPECS.update({
        f"{_n}.strength": S(_g.strength, _hand),
        f"{_n}.evaluate": S(_g.evaluate, _hand),
        f"{_n}.evaluate_many": S(_g.evaluate_many, [_hand, _hand.split()], threads=1, out=None,
                                               executor=None),
        f"{_n}.category": S(_g.category, _g.MAX_STRENGTH),
        f"{_n}.categories": S(_g.categories, [1, _g.MAX_STRENGTH]),
        f"{_n}.name": S(_g.name, 1),
        f"{_n}.describe": S(_g.describe, 1),
        f"{_n}.compare": S(_g.compare, _hand, _hand),
        f"{_n}.showdown": S(_g.showdown, [_hand]),
    })


def public_callables() -> dict[str, Any]:
    """Every callable in the public ``__all__`` of :data:`MODULES` (not modules, not
    constants, not aliases of typing constructs or builtins), by its public name."""
    out = {}
    for prefix, mod in MODULES.items():
        for name in mod.__all__:
            obj = getattr(mod, name)
            if inspect.ismodule(obj) or not callable(obj) or not (
                    inspect.isroutine(obj) or inspect.isclass(obj)):
                continue
            if getattr(obj, "__module__", None) == "builtins":  # an alias: cards.Card is int
                continue
            out[f"{prefix}.{name}"] = obj
    return out


def parameters(spec: Spec) -> list[str]:
    """The slots a fuzz example can spoil: each positional argument of the valid call
    (``"0"``, ``"1"``, ...) and each keyword the callable accepts."""
    slots = [str(i) for i in range(len(spec.args))]
    try:
        sig = inspect.signature(spec.fn)
    except (TypeError, ValueError):
        return slots + list(spec.kwargs)
    names = list(sig.parameters)
    for i, (pname, p) in enumerate(sig.parameters.items()):
        if p.kind in (p.POSITIONAL_ONLY, p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        if i < len(spec.args):
            continue
        slots.append(pname)
    del names
    return slots


def positional_name(spec: Spec, i: int) -> str | None:
    try:
        params = list(inspect.signature(spec.fn).parameters.values())
    except (TypeError, ValueError):
        return None
    return params[i].name if i < len(params) else None

# omaha equity on the shared showdown-equity engine (issue 13)
SPECS["omaha.equity"] = S(omaha.equity, [OM_HOLE, "Jc Jd 9s 9h"], "2c 3d 7h", None, hilo=True,
                          method="auto", samples=1000, target_stderr=None, seed=1, threads=1,
                          progress=None, executor=None, part=None,
                          slow=("samples", "target_stderr"))

# stud, stud Hi-Lo, razz and short-deck equity on the shared engine (issue 13)
ST_HANDS = ["As Ah Kd 2c 3c 4c", "Qs Qh Jd 8c 7c 6c"]
SPECS["stud.equity"] = S(stud.equity, ST_HANDS, "9d", hilo=True, method="auto", samples=1000,
                         target_stderr=None, seed=1, threads=1, progress=None, executor=None,
                         part=None, slow=("samples", "target_stderr"))
SPECS["stud.razz_equity"] = S(stud.razz_equity, ST_HANDS, "9d", method="auto", samples=1000,
                              target_stderr=None, seed=1, threads=1, progress=None,
                              executor=None, part=None, slow=("samples", "target_stderr"))
SPECS["stud.low"] = S(stud.low, "As 2d 3h 4c 5s Kd Kh")
SPECS["shortdeck.equity"] = S(shortdeck.equity, ["AhKh", "6c6d"], "Qh Jh 7s", "9c",
                              straight_beats_trips=True, method="auto", samples=1000,
                              target_stderr=None, seed=1, threads=1, progress=None,
                              executor=None, part=None, slow=("samples", "target_stderr"))

# handrank.compat (issue 16): conversions from and to treys, phevaluator, eval7, pokerkit;
# the calls that import their library need it installed.
from handrank import compat  # noqa: E402

MODULES["compat"] = compat
SPECS.update({
    "compat.from_treys": S(compat.from_treys, [268446761, 98306]),
    "compat.to_treys": S(compat.to_treys, "Ah 2c"),
    "compat.strength_from_rank": S(compat.strength_from_rank, 1),
    "compat.rank_from_strength": S(compat.rank_from_strength, np.array([1, 7462])),
    "compat.treys_rank_class": S(compat.treys_rank_class, 7462),
    "compat.treys_class_to_string": S(compat.treys_class_to_string, 0),
    "compat.from_phevaluator": S(compat.from_phevaluator, [50, 0]),
    "compat.to_phevaluator": S(compat.to_phevaluator, "Ah 2c"),
    "compat.from_eval7": S(compat.from_eval7, ["Ah", "2c"]),
    "compat.to_eval7": S(compat.to_eval7, "Ah 2c", requires="eval7"),
    "compat.from_pokerkit": S(compat.from_pokerkit, ["Ah", "2c"]),
    "compat.to_pokerkit": S(compat.to_pokerkit, "Ah 2c", requires="pokerkit"),
    "compat.range_from_eval7": S(compat.range_from_eval7, "QQ+, 40%(AKs)", requires="eval7"),
    "compat.range_from_pokerkit": S(compat.range_from_pokerkit, "QQ+ AKs", requires="pokerkit"),
})
