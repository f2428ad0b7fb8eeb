"""Imports go at the top of modules; laziness sits at one seam, the command table
(cli/app.py: a command's module is imported only when that command runs). Each
import that is still inside a function is listed here with its measured reason;
a new one fails this test (move it to the top, or list it with its reason), and so
does a listed one that is gone (take it off the list).

The figures are CPU milliseconds on the 2-core reference machine, python -X
importtime and paired runs against `python -c "import typer"` (about 60-80 ms of
CPU there): see tests/benchmarks/.
"""

from __future__ import annotations

import ast
import sys
from collections import Counter
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "crib_tourney"

_SQLALCHEMY = ("SQLAlchemy and SQLModel cost about 0.45 s: only to create or migrate a database, "
               "or for a URL that is not SQLite (PostgreSQL)")
_WEASYPRINT = "WeasyPrint costs 0.5-1 s: only when a PDF is rendered (and imported the quick way on Linux)"
_ERROR_PATH = ("the seam: cli/app.py is run by every command, --help and TAB; an error path's "
               "imports (cli.output with tourney.names ~4-5 ms, store.db ~2.7 ms) would cost --help "
               "and completion ~8% of the floor")

_DATABASE = ("count, peg and stats import cli.common for number(): the database modules (sqlite3, store.db, "
             "store.sql, outfiles) cost count 13.2 M instructions, 5.1% of the floor (callgrind: 329.9 -> 316.6 M, "
             "floor 261.4 M)")

_RESULTS = ("cli/results.py holds eight commands and `result` is the one with the tightest goal (1.5x): the "
            "imports only another of them needs (log, undo, quick-results, standings, ruling, report) at the top "
            "cost every result 67 M instructions, 26% of the floor (callgrind, 486.7 -> 419.8 M); they go to the "
            "top when the module is split per command (issue 31 item 2)")

_RESULT_PATH = ("one result (goal 1.5x the floor) needs neither tables of three nor the phones' playoff games: "
                "services.three_sides (2.6 ms with tourney.pairings_three) and services.phone_matches (4.3 ms with "
                "services.phone_report), ~10% of the floor (python -X importtime; run_benchmarks --only result: "
                "1.51-1.57x with them at the top)")

# (module file, function, imported module): (how many, reason)
KEPT: dict[tuple[str, str, str], tuple[int, str]] = {
    ("services/results.py", "record_table", "crib_tourney.services.three_sides"): (1, _RESULT_PATH),
    ("services/results.py", "import_results", "crib_tourney.services.three_sides"): (1, _RESULT_PATH),
    ("services/results.py", "resolve_cards", "crib_tourney.services.three_sides"): (1, _RESULT_PATH),
    ("services/results.py", "check", "crib_tourney.services.phone_matches"): (1, _RESULT_PATH),
    ("cli/results.py", "_three", "crib_tourney.services.three_sides"): (1, _RESULT_PATH),
    ("cli/app.py", "invoke", "crib_tourney.cli.output"): (2, _ERROR_PATH),
    ("cli/app.py", "invoke", "crib_tourney.tourney.names"): (1, _ERROR_PATH),
    ("cli/app.py", "invoke", "crib_tourney.store.db"): (1, _ERROR_PATH),
    ("cli/app.py", "_printable_usage_errors", "crib_tourney.cli.output"): (1, _ERROR_PATH),
    ("cli/app.py", "_output_failed", "crib_tourney.cli.output"): (1, _ERROR_PATH),
    ("cli/app.py", "_output_failed", "crib_tourney.tourney.numbers"): (1, _ERROR_PATH),
    ("cli/common.py", "db", "crib_tourney.store.db"): (1, _DATABASE),
    ("cli/common.py", "refuse_the_database", "crib_tourney.store.sql"): (1, _DATABASE),
    ("cli/common.py", "write_or_print", "crib_tourney.outfiles"): (1, _DATABASE),
    ("cli/results.py", "quick_results", "crib_tourney.services.events"): (1, _RESULTS),
    ("cli/results.py", "log", "crib_tourney.services.changes"): (1, _RESULTS),
    ("cli/results.py", "undo", "crib_tourney.services"): (1, _RESULTS),
    ("cli/results.py", "ruling", "crib_tourney.inputs.cards"): (1, _RESULTS),
    ("cli/results.py", "ruling", "crib_tourney.services.rulings"): (1, _RESULTS),
    ("cli/results.py", "ruling", "crib_tourney.cli.game"): (1, _RESULTS),
    ("cli/reports.py", "_acc_report", "crib_tourney.render.documents"): (
        1, "report --acc -o FILE.pdf only: the renderers and Jinja2 cost standings and report ~10 ms of CPU"),
    ("cli/reports.py", "_acc_report", "crib_tourney.render.pdf"): (
        1, "report --acc -o FILE.pdf only: the PDF writer (multiprocessing, rich) with the renderers"),
    ("cli/typer_hook.py", "install_value_checks", "typer"): (
        1, "Typer's private modules (_coercion, core), imported where their absence (another Typer) "
           "leaves the hook out instead of failing every command"),
    ("cli/typer_hook.py", "reuse_command_in_cli_runner", "typer.testing"): (
        1, "tests only: CliRunner's module is no part of a command run"),
    ("render/pdf.py", "_fetcher", "weasyprint"): (1, _WEASYPRINT),
    ("store/tables.py", "derive", "sqlmodel"): (1, _SQLALCHEMY),
    ("store/tables.py", "derive", "crib_tourney.store"): (1, _SQLALCHEMY + " (store/models.py is the SQLModel tables)"),
    ("render/pdf.py", "_weasyprint", "weasyprint"): (3, _WEASYPRINT),
    ("store/db.py", "ensure_schema", "sqlalchemy"): (1, _SQLALCHEMY),
    ("store/db.py", "_create_or_upgrade", "sqlalchemy"): (1, _SQLALCHEMY),
    ("store/db.py", "_create_latest", "sqlalchemy"): (1, _SQLALCHEMY),
    ("store/db.py", "_create_latest", "sqlmodel"): (1, _SQLALCHEMY),
    ("store/db.py", "_create_latest", "crib_tourney.store"): (1, _SQLALCHEMY + ": the SQLModel tables (store/models.py)"),
}


def local_imports() -> Counter[tuple[str, str, str]]:
    """Every import inside a function of the package, as (file, function, module)."""
    found: Counter[tuple[str, str, str]] = Counter()
    for path in sorted(PACKAGE.rglob("*.py")):
        _visit(ast.parse(path.read_text(encoding="utf-8")), path.relative_to(PACKAGE).as_posix(), None, found)
    return found


def _visit(node: ast.AST, where: str, function: str | None, found: Counter[tuple[str, str, str]]) -> None:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
            _visit(child, where, child.name, found)
            continue
        if function is not None and isinstance(child, ast.Import):
            for alias in child.names:
                found[(where, function, alias.name)] += 1
        elif function is not None and isinstance(child, ast.ImportFrom):
            found[(where, function, "." * child.level + (child.module or ""))] += 1
        _visit(child, where, function, found)


def test_every_local_import_is_listed_with_its_reason():
    found = local_imports()
    listed = Counter({key: count for key, (count, _) in KEPT.items()})
    new = found - listed
    assert not new, ("imports inside functions: move them to the top of the module, or list them in KEPT "
                     f"with their measured reason: {sorted(new)}")
    gone = listed - found
    assert not gone, f"listed in KEPT but no longer inside a function: take them off the list: {sorted(gone)}"


def test_the_list_is_short_and_every_entry_says_why():
    assert sum(count for count, _ in KEPT.values()) <= 45  # 42 today, 12 of them until cli/results.py is split
    assert all(len(reason) > 20 for _, reason in KEPT.values())


def test_the_check_finds_an_import_inside_a_function(tmp_path, monkeypatch):
    """The test can fail: a module with a local import is found."""
    (tmp_path / "m.py").write_text("import os\n\n\ndef f():\n    import json\n    return json, os\n")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", tmp_path)
    assert local_imports() == Counter({("m.py", "f", "json"): 1})
