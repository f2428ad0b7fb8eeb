"""Every command is documented (issue 31), as datasette's test_docs does it: the
commands and options are read from the CLI itself (the click tree Typer builds,
every command of cli/app.py's lazy COMMAND_MODULES table built), and each command
must have help text and be named in the README, and each of its options and
arguments must have help."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

import pytest
import typer.main

from crib_tourney.cli.app import COMMAND_MODULES, app

README = Path(__file__).resolve().parent.parent / "README.md"


def walk(command: Any, path: tuple[str, ...], context: Any) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every command of the tree below ``command``, groups included, with its path."""
    yield path, command
    if hasattr(command, "list_commands"):
        for name in command.list_commands(context):
            sub = command.get_command(context, name)
            yield from walk(sub, (*path, name), type(context)(sub, parent=context, info_name=name))


def commands() -> list[tuple[tuple[str, ...], Any]]:
    root = typer.main.get_command(app)
    context_class = type(root.make_context("crib-tourney", ["--help"], resilient_parsing=True))
    return list(walk(root, (), context_class(root, info_name="crib-tourney")))


ALL = commands()
LEAVES = [(path, command) for path, command in ALL if path and not hasattr(command, "list_commands")]
GROUPS = [(path, command) for path, command in ALL if path and hasattr(command, "list_commands")]


def test_the_tree_is_read_whole():
    """The walk sees every command of the lazy table, and the subcommands of each group."""
    assert {path[0] for path, _ in ALL if path} == set(COMMAND_MODULES)
    assert ("player", "edit") in [path for path, _ in LEAVES]
    assert ("event", "links") in [path for path, _ in LEAVES]  # added to its group from another module
    assert len(LEAVES) >= 50


@pytest.mark.parametrize("path,command", ALL, ids=[" ".join(path) or "crib-tourney" for path, _ in ALL])
def test_every_command_has_help(path, command):
    assert (command.help or "").strip(), f"crib-tourney {' '.join(path)} has no help text"


@pytest.mark.parametrize("path,command", ALL, ids=[" ".join(path) or "crib-tourney" for path, _ in ALL])
def test_every_option_and_argument_has_help(path, command):
    missing = [p.opts[0] for p in command.params if not getattr(p, "hidden", False) and not (getattr(p, "help", None) or "").strip()]
    assert not missing, f"crib-tourney {' '.join(path)}: options or arguments without help: {missing}"


@pytest.mark.parametrize("path,command", LEAVES, ids=[" ".join(path) for path, _ in LEAVES])
def test_every_command_has_an_example(path, command):
    assert "Example" in (command.help or ""), f"crib-tourney {' '.join(path)}: its help shows no example"


def test_every_command_is_named_in_the_readme():
    """Each command by its name, a subcommand by its whole path (`player edit`), in backquotes
    or in an example (`$ crib-tourney player edit ...`)."""
    text = README.read_text(encoding="utf-8")
    missing = [" ".join(path) for path, _ in ALL
               if path and not re.search(rf"(`|crib-tourney ){re.escape(' '.join(path))}(\b|`)", text)]
    assert not missing, f"commands the README does not name: {missing}"


def test_every_printed_document_is_named_in_the_readme():
    """`print`'s documents, as its help lists them."""
    command = dict((path, c) for path, c in ALL)[("print",)]
    kind = next(p for p in command.params if p.name == "kind")
    kinds = re.search(r"What to print: ([a-z, ]+)\.", kind.help).group(1).split(", ")
    assert len(kinds) >= 10
    text = README.read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.startswith("| `print`"))
    assert [k for k in kinds if k not in line] == []


def test_the_check_can_fail():
    """The README check would notice a command it does not name."""
    text = README.read_text(encoding="utf-8")
    assert not re.search(r"(`|crib-tourney )player frobnicate(\b|`)", text)
    assert re.search(r"(`|crib-tourney )player edit(\b|`)", text)


def named_paths(text: str) -> set[str]:
    """The package's files the README names: links into crib_tourney/ and, in code
    spans, paths like services/money.py (read under crib_tourney/) or templates/x.html."""
    found = set(re.findall(r"\((crib_tourney/[\w/]+\.py)\)", text))
    for span in re.findall(r"`([\w/.-]+\.(?:py|html))`", text):
        if span.startswith(("templates/", "tests/", "examples/", "crib_tourney/")):
            found.add(span)
        elif "/" in span:
            found.add(f"crib_tourney/{span}")
    return found


def test_every_module_the_readme_names_exists():
    """The map 'where things live' and the rule choices follow the code's moves."""
    root = README.parent
    named = named_paths(README.read_text(encoding="utf-8"))
    assert len(named) > 40
    assert sorted(p for p in named if not (root / p).exists()) == []
    assert named_paths("`tourney/triples.py`, [x](crib_tourney/gone.py)") == {"crib_tourney/tourney/triples.py",
                                                                               "crib_tourney/gone.py"}
