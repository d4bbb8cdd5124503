"""``handrank crash set`` and ``handrank crash play``."""

from __future__ import annotations

import json

from handrank import crash
from handrank.cards import format_cards
from handrank.cli import main

HOLDING = "As Ad Ac Kh Qh Jh 2c 3d 4s 9s 9d 7c 5h"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, out, err


def test_set_prints_hands_dropped_and_expected_points(capsys):
    rc, out, err = run(capsys, "crash", "set", HOLDING)
    assert rc == 0 and err == ""
    s = crash.set_hand(HOLDING)
    lines = out.splitlines()
    for k, h in enumerate(s.hands):
        assert lines[k + 1].strip().startswith(f"{k + 1}. {format_cards(h)}")
    assert "Prial of aces" in lines[1]
    assert lines[5].strip() == "dropped: 2c"
    assert lines[6].strip() == f"expected points: {s.expected_points:.3f} (model estimate from the win tables)"


def test_set_json_both_strategies(capsys):
    for strat in crash.STRATEGIES:
        rc, out, _ = run(capsys, "crash", "set", "-o", "json", "--strategy", strat,
                         "--players", "3", HOLDING)
        assert rc == 0
        doc = json.loads(out)
        s = crash.set_hand(HOLDING, strat, players=3)
        assert doc["hands"] == [format_cards(h) for h in s.hands]
        assert doc["strengths"] == list(s.strengths)
        assert doc["expected_points"] == round(s.expected_points, 6)


def test_set_bad_holding_named(capsys):
    rc, out, err = run(capsys, "crash", "set", HOLDING, "As As Kd")
    assert rc == 2
    assert "holding 2" in err and "duplicate card As" in err
    assert "Prial of aces" in out  # the good holding still printed
    rc, _, err = run(capsys, "crash", "set", "--strategy", "greedy", HOLDING)
    assert rc == 2 and "invalid choice" in err
    # unquoted cards: one error and a hint, not one error per card
    rc, _, err = run(capsys, "crash", "set", *HOLDING.split())
    assert rc == 2 and err.count("error:") == 1 and f'"{HOLDING}"' in err


def test_play_whole_game_readable_and_reproducible(capsys):
    rc, out, err = run(capsys, "crash", "play", "--players", "4", "--seed", "7")
    assert rc == 0 and err == ""
    game = crash.Game(["expected-points"] * 4, seed=7)
    res = game.play()
    assert out.count("\nRound ") == len(res.rounds)
    last = out.strip().splitlines()[-1]
    assert last.startswith(f"Game over after {len(res.rounds)} rounds")
    assert "Final scores: " + ", ".join(f"P{p + 1} {s}" for p, s in enumerate(res.scores)) in last
    _, out2, _ = run(capsys, "crash", "play", "--players", "4", "--seed", "7")
    assert out2 == out


def test_play_options_and_errors(capsys):
    rc, out, _ = run(capsys, "crash", "play", "--players", "2", "--seed", "3", "--cards", "10",
                     "--target", "7", "--seats", "expected-points,lexicographic", "-q")
    assert rc == 0 and out.strip().startswith("Game over") and "P2" in out
    rc, _, err = run(capsys, "crash", "play", "--players", "5", "--cards", "11")
    assert rc == 2 and "with 5 players must be an int from 3 to 10" in err
    rc, _, err = run(capsys, "crash", "play", "--players", "3", "--seats", "a,b")
    assert rc == 2 and "--seats names 2 strategies for 3 players" in err
    rc, _, err = run(capsys, "crash", "play", "--seats", "random")
    assert rc == 2 and "accepted: lexicographic, expected-points" in err
    # seats are numbered from 1 on the command line, like P1..P5
    rc, _, err = run(capsys, "crash", "play", "--players", "3", "--seats",
                     "expected-points,,lexicographic")
    assert rc == 2 and "seat 2 (P2): unknown strategy ''" in err
    rc, _, err = run(capsys, "crash", "play", "--players", "6")
    assert rc == 2
    rc, _, err = run(capsys, "crash", "play", "--seed", "-1")
    assert rc == 2 and "--seed" in err


def test_play_position_lines_match_the_game(capsys):
    _, out, _ = run(capsys, "crash", "play", "--players", "3", "--seed", "5", "--target", "7")
    res = crash.Game(["expected-points"] * 3, seed=5, target=7).play()
    lines = [ln.strip() for ln in out.splitlines() if ln.strip().startswith("positions ")]
    assert len(lines) == len(res.rounds)
    for ln, rec in zip(lines, res.rounds):
        items = ln[len("positions "):].split(", ")
        assert len(items) == len(rec.score.winners)
        for k, (item, w) in enumerate(zip(items, rec.score.winners)):
            assert item.startswith(f"{k + 1}: {'-' if w is None else f'P{w + 1}'} (")
            if w is None:
                assert item.endswith(("(tie)", "(high card)"))


def test_brag_option_flags(capsys):
    holding = "Ac 2d 3h 3c 3d Ks Qs Js 9h 9c 7d 5s 4c"
    rc, out, _ = run(capsys, "crash", "set", "-o", "json", "--no-prial-threes-high",
                     "--no-a23-top-run", holding)
    s = crash.set_hand(holding, prial_threes_high=False, a23_top_run=False)
    assert rc == 0 and json.loads(out)["hands"] == [format_cards(h) for h in s.hands]
    rc, out, _ = run(capsys, "crash", "play", "--players", "2", "--seed", "1",
                     "--no-prial-threes-high", "-q")
    res = crash.Game(["expected-points"] * 2, seed=1, prial_threes_high=False).play()
    assert rc == 0 and f"after {len(res.rounds)} rounds" in out


def _examples() -> list[str]:
    from pathlib import Path

    from handrank.cli import crash as cli_crash

    texts = [cli_crash.__doc__ or "", cli_crash.SET_EPILOG, cli_crash.PLAY_EPILOG,
             (Path(__file__).resolve().parent.parent.parent / "docs" / "crash.md").read_text()]
    return sorted({ln.strip() for t in texts for ln in t.splitlines()
                   if ln.strip().startswith("handrank crash ")})


def test_documented_examples_run(capsys):
    """Every ``handrank crash ...`` example in the module docstring, the --help
    epilogs and docs/crash.md runs and exits 0."""
    import shlex

    examples = _examples()
    assert len(examples) >= 8
    for line in examples:
        argv = shlex.split(line)[1:]
        if argv[1] == "play" and "-q" not in argv:
            argv.append("-q")
        rc, _, err = run(capsys, *argv)
        assert rc == 0, (line, err)
