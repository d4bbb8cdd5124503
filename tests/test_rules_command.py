"""handrank.rules and ``handrank rules``: the rules pages readable from the package."""

import pytest

from handrank import rules
from handrank.cli import main
from handrank.errors import OptionError


@pytest.mark.parametrize("name", rules.PAGES)
def test_every_page_reads(name):
    text = rules.page(name)
    assert text.startswith("# ") and "[D]" in text or name == "poker"
    assert "tests/" in text  # decisions name their tests


def test_game_names_map_to_their_page():
    assert rules.page("canada") == rules.page("broken-canada")
    assert rules.page("crash") == rules.page("brag-and-crash")
    assert rules.page("index").startswith("# The rules handrank implements")


def test_every_eval_game_name_opens_its_page():
    from handrank.cli.poker import EVAL_GAMES

    for game in EVAL_GAMES:
        assert rules.page(game).startswith("# "), game
    assert rules.page("badugi") == rules.page("lowball")
    assert rules.page("omaha-hilo") == rules.page("omaha")
    assert rules.page("holdem") == rules.page("poker")


def test_unknown_page_is_an_option_error():
    with pytest.raises(OptionError, match="unknown rules page 'mahjong'.*broken-canada"):
        rules.page("mahjong")
    with pytest.raises(OptionError):
        rules.page(3)  # type: ignore[arg-type]


def test_command_prints_a_page_and_refuses_a_bad_one(capsys):
    assert main(["rules", "chinese"]) == 0
    assert capsys.readouterr().out == rules.page("chinese-poker")
    assert main(["rules", "nope"]) == 2
    err = capsys.readouterr().err
    assert "handrank rules: error: unknown rules page 'nope'" in err and "Traceback" not in err
