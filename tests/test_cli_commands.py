"""Every command of the ``handrank`` tool takes its words from its handler's docstring
(cli._common.add_command): a help line in the command list and a description."""

import argparse

from handrank.cli import build_parser


def _commands(parser, prefix=()):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help for a in action._choices_actions}
            seen = set()
            for name, sub in action.choices.items():
                if id(sub) in seen:  # an alias (canada duel = head-to-head)
                    continue
                seen.add(id(sub))
                func = sub.get_default("func")
                if func is not None:
                    yield prefix + (name,), sub, helps.get(name), func
                yield from _commands(sub, prefix + (name,))


def test_every_command_has_its_help_and_description_from_the_handler():
    seen = list(_commands(build_parser()))
    assert len(seen) >= 17, [c for c, *_ in seen]
    for name, sub, help_line, func in seen:
        doc = (func.__doc__ or "").strip()
        assert doc, f"handrank {' '.join(name)}: handler {func.__name__} has no docstring"
        first = " ".join(doc.split("\n\n")[0].split())
        assert help_line == first, (name, help_line, first)
        assert sub.description and sub.description.strip(), name
        assert "\n" not in help_line, name
