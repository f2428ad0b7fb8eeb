"""What every command pays before its work: the table of commands, building only the
command that runs, and checking values without pydantic."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import typer

from crib_tourney.cli.app import COMMAND_MODULES, COMMAND_SUMMARIES, COMMANDS, app, summary
from crib_tourney.cli.typer_hook import short_help


def test_a_command_is_registered_in_one_place_the_table():
    """cli/app.py's COMMANDS names each command's module and function (or Typer
    group); no cli module registers commands itself, and every group a cli module
    defines is in the table."""
    for name, (module, attribute, _) in COMMANDS.items():
        target = getattr(importlib.import_module(f"crib_tourney.cli.{module}"), attribute)
        assert isinstance(target, typer.Typer) or callable(target), name
    folder = Path(importlib.import_module("crib_tourney.cli").__file__ or "").parent
    for module in sorted(p.stem for p in folder.glob("*.py") if p.stem not in ("__init__", "__main__", "app")):
        loaded = importlib.import_module(f"crib_tourney.cli.{module}")
        assert not any(n.startswith("register") for n in vars(loaded)), module
        groups = {n for n, v in vars(loaded).items() if isinstance(v, typer.Typer)}
        assert groups <= {attribute for m, attribute, _ in COMMANDS.values() if m == module}, module


def test_the_summaries_say_what_each_commands_help_says():
    """--help lists COMMAND_SUMMARIES without importing the commands: at any terminal
    width each line must be the one the command's own help would give."""
    assert list(COMMAND_SUMMARIES) == list(COMMAND_MODULES)
    for name in COMMAND_MODULES:
        full = summary(name)
        for width in range(10, 200, 7):
            assert short_help(COMMAND_SUMMARIES[name], width) == short_help(full, width), (name, width)


def test_help_lists_every_command_with_its_summary(cli):
    shown = cli("--help").stdout
    listed = [line.split()[0] for line in shown.split("Commands:")[1].splitlines() if line.strip()]
    assert listed == list(COMMAND_MODULES)
    assert "count          Count a hand or crib the way a player says it." in shown
    assert "player         Players: the club's roster, kept across events." in shown


def _modules_after(*args: str) -> set[str]:
    code = ("import sys\nfrom crib_tourney.cli.app import main\nsys.argv = ['crib-tourney', *sys.argv[1:]]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\nprint(' '.join(sorted(sys.modules)), file=sys.stderr)")
    run = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=60)
    return set(run.stderr.split())


def test_a_command_runs_without_importing_pydantic_or_the_other_commands():
    loaded = _modules_after("count", "5H", "5D", "5S", "JC", "--starter", "5C", "--claim", "29")
    assert "crib_tourney.cli.engine_cmds" in loaded
    assert not {m for m in loaded if m.split(".")[0] in ("pydantic", "sqlalchemy", "sqlmodel", "rich")}
    assert not {"crib_tourney.cli.events", "crib_tourney.cli.results", "crib_tourney.services.results"} & loaded


def test_round_imports_no_other_command_module(cli):
    """Laziness sits at one seam, the command table (cli/app.py): `round` imports its
    command module and what that module imports at its top, never another command's
    module, nor the heavy libraries only printing, serving or migrating need."""
    cli("new-event", "Open", "--games", "2")
    cli("enter", "Open", "Ann", "Bob", "Cat", "--new")
    loaded = _modules_after("--db", str(cli.db), "round", "Open")
    assert "crib_tourney.tourney.pairings" in loaded  # it paired
    assert {f"crib_tourney.cli.{m}" for m in COMMAND_MODULES.values()} & loaded == {"crib_tourney.cli.events"}
    heavy = ("pydantic", "sqlalchemy", "sqlmodel", "weasyprint", "jinja2", "starlette", "uvicorn", "rich", "pypdf")
    assert not {m for m in loaded if m.split(".")[0] in heavy}


def test_help_builds_no_command(monkeypatch):
    built = []
    import crib_tourney.cli.app as root

    monkeypatch.setattr(root, "build_command", lambda name: built.append(name))
    group = typer.main.get_command(app)
    with group.make_context("crib-tourney", ["--db", "x.db"], resilient_parsing=True) as ctx:
        assert "Commands:" in group.get_help(ctx)
    assert built == []


def test_shell_completion_completes_commands_and_options(tmp_path):
    import os

    def complete(words: str) -> list[str]:
        env = dict(os.environ, COMP_WORDS=words, COMP_CWORD=str(len(words.split()) - (0 if words.endswith(" ") else 1)),
                   _CRIB_TOURNEY_COMPLETE="complete_bash", CRIB_TOURNEY_DB=str(tmp_path / "none.db"))
        run = subprocess.run([sys.executable, "-m", "crib_tourney"], env=env, capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, run.stderr
        return run.stdout.split()

    assert complete("crib-tourney st") == ["stats", "standings"]
    assert complete("crib-tourney player e") == ["edit", "export"]
    assert complete("crib-tourney count --st") == ["--starter"]
    assert not (tmp_path / "none.db").exists()


def test_command_modules_give_typer_evaluated_annotations():
    """Annotations as strings are eval'ed by Typer, one by one, for every command
    built (crib_tourney/cli/__init__.py)."""
    import inspect

    for module in set(COMMAND_MODULES.values()) | {"app", "links"}:
        source = inspect.getsource(importlib.import_module(f"crib_tourney.cli.{module}"))
        assert "from __future__ import annotations" not in source, module
    for name in COMMAND_MODULES:
        built = app_command(name)
        assert built is not None, name


def app_command(name: str):
    """Build command ``name`` as the CLI does: every annotation must evaluate."""
    from crib_tourney.cli.app import build_command

    return build_command(name)
