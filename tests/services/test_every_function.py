"""Every public function of every services module is called by a test here: a
new service function without a test of its own fails this test. A call counts
when a test file of tests/services/ spells it ``module.function(`` (the builders
do not count: each function is asserted on in a test of its module)."""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import pytest

import crib_tourney.services

SERVICES = Path(crib_tourney.services.__file__).parent
MODULES = sorted(p.stem for p in SERVICES.glob("*.py") if p.stem != "__init__")
HERE = Path(__file__).parent

# Public functions no test here calls, each with the reason; empty so far.
EXEMPT: dict[str, str] = {}


def public_functions(module: str) -> list[str]:
    loaded = importlib.import_module(f"crib_tourney.services.{module}")
    return sorted(name for name, f in inspect.getmembers(loaded, inspect.isfunction)
                  if not name.startswith("_") and f.__module__ == loaded.__name__)


def source_of_the_tests() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(HERE.glob("test_*.py")) if p.name != Path(__file__).name)


def uncalled(module: str, source: str) -> list[str]:
    return [f for f in public_functions(module)
            if f"{module}.{f}" not in EXEMPT and not re.search(rf"\b{module}\.{f}\(", source)]


def test_every_service_module_has_its_test_file():
    assert sorted(p.stem.removeprefix("test_") for p in HERE.glob("test_*.py")
                  if p.stem.removeprefix("test_") in MODULES) == MODULES


@pytest.mark.parametrize("module", MODULES)
def test_every_public_function_is_called(module):
    assert uncalled(module, source_of_the_tests()) == []


def test_the_check_sees_a_function_not_called():
    """Without the calls, every function of a module would be reported."""
    assert uncalled("changes", "") == ["entries", "next_undo", "undo", "which_log"]
    assert uncalled("changes", "changes.undo(db, None)\nchanges.entries (db)") == ["entries", "next_undo", "which_log"]
    assert all(not f.startswith("_") for m in MODULES for f in public_functions(m))
    assert sum(len(public_functions(m)) for m in MODULES) > 100
    assert set(EXEMPT) <= {f"{m}.{f}" for m in MODULES for f in public_functions(m)}
