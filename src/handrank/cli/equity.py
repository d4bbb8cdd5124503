"""``handrank equity``: Hold'em equity of hole cards or ranges (exact or Monte Carlo),
and with ``--game brag`` / ``--game canada`` the equity calculators of those games."""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import sys
from collections.abc import Callable
from typing import Any, Literal

from ..errors import HandrankError, OptionError
from ..result import EquityResult, PlayerEquity
from ._common import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    PROG,
    _fresh_seed,
    _isatty,
    _pos_int,
    _seed,
    _threads,
    add_command,
    add_format_option,
    add_scheduler_option,
    dask_client,
)



def _omaha(args: argparse.Namespace, **kw: Any) -> EquityResult:
    from .. import omaha
    return omaha.equity(args.players, args.board, args.dead, hilo=False, **kw)


def _omaha_hilo(args: argparse.Namespace, **kw: Any) -> EquityResult:
    from .. import omaha
    return omaha.equity(args.players, args.board, args.dead, hilo=True, **kw)


def _stud(args: argparse.Namespace, **kw: Any) -> EquityResult:
    from .. import stud
    _no_board(args)
    return stud.equity(args.players, args.dead, hilo=args.game == "stud-hilo", **kw)


def _razz(args: argparse.Namespace, **kw: Any) -> EquityResult:
    from .. import stud
    _no_board(args)
    return stud.razz_equity(args.players, args.dead, **kw)


def _no_board(args: argparse.Namespace) -> None:
    if args.board is not None:
        raise OptionError(f"--board is not for --game {args.game}: stud has no board (give "
                          f"each player's known cards, and --dead for folded cards)")


def _shortdeck(args: argparse.Namespace, **kw: Any) -> EquityResult:
    from .. import shortdeck
    return shortdeck.equity(args.players, args.board, args.dead,
                            straight_beats_trips=args.straight_beats_trips, **kw)


#: ``--game`` entries on the shared showdown-equity engine: name -> call(args, **kw),
#: where kw are method, samples, target_stderr, seed, threads, progress and executor;
#: each PLAYER argument is one player's cards, ``--board`` / ``--dead`` as the game
#: reads them. A game adds its entry here (and nothing else in this module).
SHOWDOWN_GAMES: dict[str, Callable[..., EquityResult]] = {
    "omaha": _omaha,
    "omaha-hilo": _omaha_hilo,
    "stud": _stud,
    "stud-hilo": _stud,
    "razz": _razz,
    "shortdeck": _shortdeck,
}

GAMES = ("holdem", "brag", "canada", *SHOWDOWN_GAMES)

EPILOG = """\
examples:
  handrank equity AhAd KsKc
  handrank equity AhAd KsKc --board "2c 7d 9h"
  handrank equity "QQ+, AKs" "0.5(AKo), JJ-99" --stderr 0.001 --seed 1
  handrank equity AsKs random random --samples 2000000 --threads 2
  handrank equity AA KK --exact -o json
  handrank equity "QQ+, AK" 22+ --exact --scheduler tcp://10.0.0.5:8786
  handrank equity "QQ+, AKs, AQs+" "JJ-99, AQo+" --grid --plot equity.png
  handrank equity --game brag "Qh Qd Qc" --opponents 3
  handrank equity --game canada "8c 7c 3d 3h" --pit "Ks Qs" --opponents 2
  handrank equity --game omaha AhKh2c3d QsQdJcTc --board "4h 5d 6c"
  handrank equity --game omaha-hilo As2d3hKc QsQdJcTc 9s8s7d6d --samples 200000 --seed 1
  handrank equity --game stud-hilo "As 2s 3d Kc" "Qh Qd Jc 9s" --dead "4c 8h"
  handrank equity --game razz "As 2s 3d" "Kh 4c 5c" "7h 6d 8s"
  handrank equity --game shortdeck AhKh 6c6d --board "Qh Jh 7s"

PLAYER is hole cards ("AhAd", "Ah Ad") or a range: QQ+, AKs, AKo, AK, A5s-A2s,
22-55, KTo+, explicit combos AsKs, random / 100%, weights 0.4(AsKs, AKo) or
AKs:0.4, separated by commas (quote the range). Exact enumeration is used when
it is small enough (or with --exact); otherwise Monte Carlo (--samples N, or
--stderr X: sample until every player's standard error is at most X, with
--samples N as a cap if given).
--grid prints, under the table, each range player's 13x13 grid of per-class
equity against the other players (AA top left, suited above the diagonal);
--plot FILE draws it to FILE (.png or .svg; with several range players one
file each, named by player number: FILE-p1.png, FILE-p2.png, ...; needs
matplotlib: pip install 'handrank[plot]'). Both need a range player.
--game omaha / omaha-hilo: each PLAYER is 4, 5 or 6 hole cards (2 to 6 players,
the same count each); exact when small enough (every preflop deal), else Monte
Carlo; Hi-Lo adds each player's high and low shares (win = scoops).
--game stud / stud-hilo / razz: each PLAYER is the 3 to 7 cards known so far
(2 to 7 players), no --board; --game shortdeck: 2 hole cards each from the
36-card deck, --board of 0, 3, 4 or 5 cards.
With -o json, --grid or --plot (either) also adds each player's by_combo and
by_class rows.
Ctrl-C stops a long run cleanly (exit status 130).
"""


def _fraction(s: str) -> float:
    v = float(s)
    if not 0 < v < 1:
        raise argparse.ArgumentTypeError(f"must be between 0 and 1, got {v}")
    return v


_fraction.__name__ = "number between 0 and 1"


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``equity`` command."""
    p = add_command(subparsers, "equity", cmd_equity, epilog=EPILOG)
    p.add_argument("players", nargs="+", metavar="PLAYER",
                   help="hole cards or a range per player (Hold'em: 2 to 10 players); "
                        "brag: one 3-card hand; canada: one 4-card set; omaha: 4-6 hole "
                        "cards per player; stud / razz: 3-7 known cards per player")
    p.add_argument("--game", choices=GAMES, default="holdem",
                   help="holdem (default), brag (a hand vs random hands), canada (a set "
                        "vs random sets given the pit), omaha, omaha-hilo, stud, stud-hilo, "
                        "razz, shortdeck")
    p.add_argument("--board", default=None,
                   help="Hold'em / Omaha / short deck: 0, 3, 4 or 5 community cards")
    p.add_argument("--dead", default=None, help="cards out of play")
    p.add_argument("--exact", action="store_true",
                   help="enumerate every board and range combination")
    p.add_argument("--samples", type=_pos_int, default=None, metavar="N",
                   help="Monte Carlo with N deals (with --stderr: at most N)")
    p.add_argument("--stderr", type=_fraction, default=None, metavar="X",
                   help="Monte Carlo until every player's standard error is at most X "
                        "(e.g. 0.001 = 0.1 percentage point)")
    p.add_argument("--seed", type=_seed, default=None,
                   help="Monte Carlo seed (default: fresh, reported in the output)")
    p.add_argument("--threads", type=_threads, default=0, metavar="N",
                   help="threads (0 = all cores, the default)")
    add_scheduler_option(p, "Hold'em and the poker variants (not brag / canada): run "
                            "the enumeration or the deals")
    p.add_argument("--opponents", type=_pos_int, default=None, metavar="N",
                   help="brag / canada: number of random opponents (default 1)")
    p.add_argument("--pit", default=None, help="canada: the pit cards")
    p.add_argument("--straight-beats-trips", action="store_true",
                   help="shortdeck: rank the straight above three of a kind")
    p.add_argument("--grid", action="store_true",
                   help="Hold'em: also print each range player's 13x13 grid of per-class "
                        "equity")
    p.add_argument("--plot", default=None, metavar="FILE",
                   help="Hold'em: draw each range player's per-class equity grid to FILE "
                        "(.png or .svg; needs matplotlib)")
    add_format_option(p)
    p.add_argument("--no-progress", action="store_true",
                   help="no progress bar (shown on stderr only when it is a terminal)")


class _Progress:
    """A tqdm bar on stderr (a terminal only), driven by the library's progress callback."""

    def __init__(self, enabled: bool):
        self.bar: Any = None
        self.enabled = enabled

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        if self.bar is None:
            from tqdm import tqdm
            # work = hand evaluations (exact) or deals (Monte Carlo)
            self.bar = tqdm(total=total, desc="equity", unit="", unit_scale=True,
                            file=sys.stderr, leave=False, mininterval=0.2)
        if self.bar.total != total:
            self.bar.total = total
        self.bar.update(done - self.bar.n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _usage(msg: str) -> int:
    print(f"{PROG} equity: error: {msg}", file=sys.stderr)
    return EXIT_BAD_INPUT


def cmd_equity(args: argparse.Namespace) -> int:
    """equity of hole cards or ranges (Hold'em; --game omaha, stud, razz, shortdeck, brag, canada ...)

    Each PLAYER's share of the pot: exact enumeration of every board (and
    every combination of range combos) or Monte Carlo with a standard error.
    """
    if args.exact and (args.samples is not None or args.stderr is not None):
        return _usage("--exact takes no --samples or --stderr (those are Monte Carlo options)")
    if args.straight_beats_trips and args.game != "shortdeck":
        return _usage("--straight-beats-trips is for --game shortdeck")
    if args.game in SHOWDOWN_GAMES:
        return _showdown(args)
    if args.game == "holdem":
        for opt, games in (("opponents", "brag / canada"), ("pit", "canada")):
            if getattr(args, opt) is not None:
                return _usage(f"--{opt} is for --game {games}")
        return _holdem(args)
    if args.scheduler is not None:  # a fraction of a second in process: see docs/scale.md
        return _usage("--scheduler is for Hold'em and the poker variants (--game brag / canada "
                      "run in process)")
    for opt in ("grid", "plot"):
        if getattr(args, opt):
            return _usage(f"--{opt} is for Hold'em only (per-class equity of ranges)")
    if len(args.players) != 1:
        return _usage(f"--game {args.game} takes one hand (got {len(args.players)}); "
                      f"opponents are random: use --opponents N")
    for opt, name in (("board", "--board"), ("stderr", "--stderr")):
        if getattr(args, opt) is not None:
            return _usage(f"{name} is for Hold'em only")
    if args.exact and args.game == "canada":
        return _usage("--game canada is Monte Carlo only (no --exact)")
    from .. import canada
    most = 16 if args.game == "brag" else 4 * canada.MAX_DECKS - 1
    if args.opponents is not None and args.opponents > most:
        return _usage(f"--game {args.game} takes --opponents 1 to {most}, got {args.opponents}")
    if args.game == "brag":
        return _brag(args)
    return _canada(args)


_PLAYER = re.compile(r"\bplayer (\d+)")


def _players_from_1(message: str) -> str:
    """The library numbers players from 0; the command line (and its table) from 1."""
    return _PLAYER.sub(lambda m: f"player {int(m.group(1)) + 1}", message)


def _error(e: HandrankError, hint: str = "") -> int:
    print(f"{PROG} equity: error: {_players_from_1(str(e))}{hint}", file=sys.stderr)
    return EXIT_BAD_INPUT


def _holdem(args: argparse.Namespace) -> int:
    from .. import equity as eq
    method: Literal["exact", "auto"] = "exact" if args.exact else "auto"
    progress = _Progress(not args.no_progress and _isatty(sys.stderr))
    stack = contextlib.ExitStack()
    by_combo = bool(args.grid or args.plot)
    if by_combo and all(_fixed_hand(s) for s in args.players):
        opt = "--plot" if args.plot else "--grid"
        return _usage(f"{opt} shows a range player's per-class equity: every player is "
                      f"fixed hole cards (give a range, e.g. \"QQ+, AKs\")")
    try:
        executor = (dask_client(args.scheduler, stack).get_executor()
                    if args.scheduler is not None else None)
        r = eq.equity(args.players, board=args.board, dead=args.dead, method=method,
                      samples=args.samples, target_stderr=args.stderr, seed=args.seed,
                      threads=args.threads, progress=progress, executor=executor,
                      by_combo=by_combo)
    except HandrankError as e:
        hint = ""
        if isinstance(e, OptionError) and args.exact:
            hint = " (on the command line: drop --exact, or give --samples N or --stderr X)"
        return _error(e, hint)
    finally:
        progress.close()
        stack.close()  # the client, and a local:N cluster
    plots: list[tuple[int, str]] = []
    if args.plot and (code := _plots(args, r, plots)):
        return code
    _emit(args, r, {"plots": [{"player": i + 1, "path": path} for i, path in plots]}
          if plots else None)
    if args.grid and args.output != "json":
        _grids(args, r)
    if args.output != "json":
        for _, path in plots:
            print(f"plot      {path}")
    if args.stderr is not None and not r.exact:
        worst = max(p.stderr for p in r.players)
        if worst > args.stderr:
            print(f"{PROG} equity: note: the --stderr target {args.stderr} was not reached "
                  f"(largest standard error {worst:.6f} after {int(r.deals):,} deals; "
                  f"raise --samples)", file=sys.stderr)
    return EXIT_OK


def _showdown(args: argparse.Namespace) -> int:
    """A game of :data:`SHOWDOWN_GAMES`: every player's cards given, exact or Monte Carlo."""
    for opt, games in (("opponents", "brag / canada"), ("pit", "canada")):
        if getattr(args, opt) is not None:
            return _usage(f"--{opt} is for --game {games}")
    for opt in ("grid", "plot"):
        if getattr(args, opt):
            return _usage(f"--{opt} is for Hold'em only (per-class equity of ranges)")
    method: Literal["exact", "auto"] = "exact" if args.exact else "auto"
    progress = _Progress(not args.no_progress and _isatty(sys.stderr))
    stack = contextlib.ExitStack()
    try:
        executor = (dask_client(args.scheduler, stack).get_executor()
                    if args.scheduler is not None else None)
        r = SHOWDOWN_GAMES[args.game](args, method=method, samples=args.samples,
                                      target_stderr=args.stderr, seed=args.seed,
                                      threads=args.threads, progress=progress,
                                      executor=executor)
    except HandrankError as e:
        return _error(e)
    finally:
        progress.close()
        stack.close()
    _emit(args, r)
    if args.stderr is not None and not r.exact:
        worst = max(p.stderr for p in r.players)
        if worst > args.stderr:
            print(f"{PROG} equity: note: the --stderr target {args.stderr} was not reached "
                  f"(largest standard error {worst:.6f} after {int(r.deals):,} deals; "
                  f"raise --samples)", file=sys.stderr)
    return EXIT_OK


def _fixed_hand(spec: str) -> bool:
    """True when a PLAYER argument is two hole cards (not a range)."""
    from ..cards import parse_cards
    try:
        return len(parse_cards(spec)) == 2
    except HandrankError:
        return False


def _range_players(r: EquityResult) -> list[int]:
    """The players with more than one combo (the ones a grid says something about)."""
    return [i for i, p in enumerate(r.players) if p.combos > 1]


def _grids(args: argparse.Namespace, r: EquityResult) -> None:
    """Each range player's per-class equity as a 13x13 text grid (grid.text)."""
    from ..equity import grid
    players = _range_players(r)
    if not players:
        print("(--grid: every player has one combo; no grid to show)")
    for i in players:
        p = r.players[i]
        cells = p.by_class.grid("equity")  # type: ignore[attr-defined]
        print(f"\nplayer {i + 1} ({p.hand}): equity by class against the other players")
        print(grid.text(cells, numbers=True, fmt="{:.1%}", color=_isatty(sys.stdout)))


def _plot_path(path: str, i: int, alone: bool) -> str:
    """FILE when player ``i`` (0-based) is the only range player, else FILE-p<N>.ext
    with N the player's number on the command line (``i + 1``)."""
    if alone:
        return path
    stem, dot, ext = path.rpartition(".")
    return f"{stem}-p{i + 1}.{ext}" if dot else f"{path}-p{i + 1}"


def _plots(args: argparse.Namespace, r: EquityResult, written: list[tuple[int, str]]) -> int:
    """Draw each range player's per-class equity grid (grid.plot), appending
    (player index, path) to ``written``; EXIT_OK or an error."""
    from ..equity import grid
    players = _range_players(r)
    if not players:
        return _usage("--plot: every player has one combo after card removal; no grid "
                      "to draw")
    for i in players:
        p = r.players[i]
        path = _plot_path(args.plot, i, len(players) == 1)
        try:
            grid.plot(p.by_class.grid("equity"), path,  # type: ignore[attr-defined]
                      title=f"player {i + 1} ({p.hand[:50]}): equity by class")
        except (HandrankError, ImportError) as e:
            return _usage(str(e))
        except OSError as e:
            return _usage(f"cannot write {path!r}: {e}")
        written.append((i, path))
    return EXIT_OK


def _emit(args: argparse.Namespace, result: EquityResult,
          extra: dict[str, Any] | None = None) -> None:
    """Every game's equity the same way: the shared result's table (players numbered
    from 1) or its JSON dict (with ``extra`` keys added)."""
    if args.output == "json":
        json.dump({**result.to_dict(), **(extra or {})}, sys.stdout)
        print()
    else:
        print(result.table(first=1))


def _brag(args: argparse.Namespace) -> int:
    from .. import brag
    if args.pit is not None:
        return _usage("--pit is for --game canada")
    if args.exact and (args.samples is not None or (args.opponents or 1) > 1):
        return _usage("--game brag is exact for one opponent only")
    seed = _fresh_seed(args)
    try:
        r = brag.equity(args.players[0], args.opponents or 1, samples=args.samples,
                        seed=seed, threads=args.threads, dead=args.dead)
    except HandrankError as e:
        return _error(e)
    _emit(args, r)
    return EXIT_OK


def _canada(args: argparse.Namespace) -> int:
    from .. import canada
    if args.pit is None:
        return _usage("--game canada needs --pit (the pit cards)")
    if args.dead is not None:
        return _usage("--dead is not used by --game canada")
    seed = _fresh_seed(args)
    kw: dict[str, Any] = {} if args.samples is None else {"samples": args.samples}
    try:
        r = canada.equity(args.players[0], args.pit, args.opponents or 1, seed=seed,
                          threads=args.threads, **kw)
    except HandrankError as e:
        return _error(e)
    _emit(args, r)
    return EXIT_OK
