"""The web through services, checked from the source: nothing under web/ imports
the store. Every page, phone and desk action reads and writes through services
(services/site.py, services/database.py, services/phone.py, services/desk.py, ...),
which return typed values keyed by entry id. Every import is found, at the top of
a module, inside a function, under TYPE_CHECKING, relative, or by name through
importlib."""

from __future__ import annotations

import ast
from pathlib import Path

import crib_tourney

PACKAGE = Path(crib_tourney.__file__).parent
WEB = PACKAGE / "web"
STORE = "crib_tourney.store"


def _is_store(module: str) -> bool:
    return module == STORE or module.startswith(STORE + ".")


def _absolute(node: ast.ImportFrom, package: str) -> str:
    """The module an import-from names, relative ones resolved against ``package``."""
    if not node.level:
        return node.module or ""
    base = package.split(".")[: len(package.split(".")) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def store_imports(source: str, package: str = "crib_tourney.web") -> list[str]:
    """Each import of the store in this source, as 'line N: module'."""
    found = []
    for node in ast.walk(ast.parse(source)):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = _absolute(node, package)
            names = [module] + [f"{module}.{alias.name}" for alias in node.names]  # `from crib_tourney import store`
        elif (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)
              and (isinstance(node.func, ast.Name) and node.func.id == "__import__"
                   or isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")):
            names = [node.args[0].value]
        found += [f"line {node.lineno}: {name}" for name in names if _is_store(name)][:1]
    return found


def test_web_imports_nothing_from_the_store():
    offenders = {}
    for path in sorted(WEB.rglob("*.py")):
        module = "crib_tourney." + ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        if found := store_imports(path.read_text(), package):
            offenders[str(path.relative_to(PACKAGE))] = found
    assert offenders == {}, "web/ reads and writes through services; add a service function instead"
    assert len(list(WEB.rglob("*.py"))) >= 7  # the check read the web package (site, server, phones, desk, ...)


def test_the_detector_finds_every_way_to_import_the_store():
    """The check above can fail: each of these imports is caught, and imports of
    the services (or of a module whose name merely starts alike) are not."""
    sneaky = {
        "from crib_tourney.store.sql import Db": 1,
        "import crib_tourney.store.writer": 1,
        "import crib_tourney.store as st": 1,
        "from crib_tourney import store": 1,
        "from crib_tourney import errors, store": 1,
        "from ..store import brackets": 1,
        "from .. import store": 1,
        "def page(db):\n    from crib_tourney.store.directory import entry_names\n    return entry_names": 1,
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from crib_tourney.store.rows import Event": 1,
        "import importlib\nimportlib.import_module('crib_tourney.store.events')": 1,
        "__import__('crib_tourney.store')": 1,
        "from crib_tourney.services.database import Db, transaction": 0,
        "from crib_tourney.services import site as facts": 0,
        "from crib_tourney.storefront import shop": 0,
        "from . import security": 0,
        "import crib_tourney.web.site": 0,
    }
    for source, count in sneaky.items():
        assert len(store_imports(source)) == count, source
