"""The package's docstring examples run with the suite: every module of
crib_tourney is imported and its doctests run (issue 31)."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

import crib_tourney

PACKAGE = Path(crib_tourney.__file__).parent
# every module but __main__ (importing it runs the CLI)
MODULES = sorted(".".join(("crib_tourney", *p.relative_to(PACKAGE).with_suffix("").parts)).removesuffix(".__init__")
                 for p in PACKAGE.rglob("*.py") if p.name != "__main__.py")
WITH_EXAMPLES = [m for m in MODULES if ">>> " in (PACKAGE.joinpath(*m.split(".")[1:]).with_suffix(".py")
                                                  if (PACKAGE.joinpath(*m.split(".")[1:]).with_suffix(".py")).exists()
                                                  else PACKAGE.joinpath(*m.split(".")[1:], "__init__.py")).read_text(encoding="utf-8")]


def run_doctests(module: str) -> doctest.TestResults:
    loaded = importlib.import_module(module)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in doctest.DocTestFinder().find(loaded):
        runner.run(test)
    return runner.summarize(verbose=False)


@pytest.mark.parametrize("module", WITH_EXAMPLES)
def test_docstring_examples(module):
    result = run_doctests(module)
    assert result.failed == 0, f"{module}: {result.failed} of {result.attempted} examples failed (output above)"
    assert result.attempted > 0, f"{module} has '>>> ' in its source but no example doctest finds"


def test_every_module_with_examples_is_run():
    """The examples found are all of them: at least the 26 of issue 31's count."""
    assert len(WITH_EXAMPLES) >= 11
    assert sum(run_doctests(m).attempted for m in WITH_EXAMPLES) >= 26


def test_every_module_imports():
    """Importing any module of the package is safe (no side effects beyond imports),
    so a doctest anywhere can be run."""
    for module in MODULES:
        importlib.import_module(module)


def test_a_failing_example_is_seen():
    fake = doctest.DocTestParser().get_doctest(">>> 1 + 1\n3\n", {}, "fake", "fake.py", 0)
    runner = doctest.DocTestRunner()
    runner.run(fake, out=lambda _: None)
    assert runner.summarize(verbose=False).failed == 1
