"""Services take values and return values, never sentences (issue 18, part 3):
every public function of services/ says what it returns, and that is never
text (str, or a list, tuple, set or sequence of str, alone or in a union), nor
does it return a string literal or an f-string. Turning results into words is
the CLI's and the web's job."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import crib_tourney.services

SERVICES = Path(crib_tourney.services.__file__).parent
MODULES = sorted(p.stem for p in SERVICES.glob("*.py") if p.stem != "__init__")
CONTAINERS = {"list", "List", "tuple", "Tuple", "set", "Set", "frozenset", "FrozenSet", "Sequence", "Iterable", "Iterator",
              "Optional", "Union"}


def names_text(node: ast.expr) -> bool:
    """Whether an annotation is text, or a container or union of text."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):  # a quoted annotation
        return names_text(ast.parse(node.value, mode="eval").body)
    if isinstance(node, ast.Name):
        return node.id == "str"
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return names_text(node.left) or names_text(node.right)
    if isinstance(node, ast.Subscript):
        outer = node.value.id if isinstance(node.value, ast.Name) else getattr(node.value, "attr", "")
        items = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        return outer in CONTAINERS and any(names_text(i) for i in items if not isinstance(i, ast.Constant) or i.value is not ...)
    return False


def is_text(node: ast.expr | None) -> bool:
    """Whether a returned expression is plainly a string: a literal, an f-string, or text added to one."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return is_text(node.left) or is_text(node.right)
    return False


def returns(function: ast.FunctionDef) -> list[ast.Return]:
    """The return statements of the function itself (not of functions inside it)."""
    found: list[ast.Return] = []
    todo: list[ast.AST] = list(function.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, ast.Return):
            found.append(node)
        todo.extend(ast.iter_child_nodes(node))
    return found


def public_functions(module: str) -> list[ast.FunctionDef]:
    tree = ast.parse((SERVICES / f"{module}.py").read_text(encoding="utf-8"))
    return [n for n in tree.body if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")]


def test_every_service_module_is_checked():
    assert {"events", "results", "playoffs", "standings", "changes", "players", "pools", "leagues"} <= set(MODULES)


@pytest.mark.parametrize("module", MODULES)
def test_no_service_returns_text(module):
    for function in public_functions(module):
        where = f"services/{module}.py: {function.name}"
        assert function.returns is not None, f"{where} does not say what it returns"
        assert not names_text(function.returns), f"{where} returns text: {ast.unparse(function.returns)}"
        for found in returns(function):
            assert not is_text(found.value), f"{where} returns a sentence, line {found.lineno}"


def test_the_check_sees_text():
    def parsed(source: str) -> ast.FunctionDef:
        node = ast.parse(source).body[0]
        assert isinstance(node, ast.FunctionDef)
        return node

    for annotation in ("str", "list[str]", "tuple[str, ...]", "str | None", "Optional[str]", "'list[str]'", "Sequence[str]"):
        assert names_text(parsed(f"def f() -> {annotation}: pass").returns), annotation  # type: ignore[arg-type]
    for annotation in ("int", "dict[str, int]", "list[dict[str, Any]]", "Player", "tuple[int, int]"):
        assert not names_text(parsed(f"def f() -> {annotation}: pass").returns), annotation  # type: ignore[arg-type]
    assert is_text(returns(parsed("def f(x):\n    return f'{x} joined'"))[0].value)
    assert is_text(returns(parsed("def f(x):\n    return 'a' + x"))[0].value)
    assert not returns(parsed("def f(x):\n    def g():\n        return 'a'\n    g()"))


@pytest.mark.parametrize("module", MODULES)
def test_every_writing_service_says_who_writes(module):
    """A service that opens a Change takes ``by`` (the CLI, or the web's actor) and passes it on."""
    for function in public_functions(module):
        source = ast.unparse(function)
        if "Change(db" in source or "undo_newest(" in source:
            assert "by" in [a.arg for a in function.args.args + function.args.kwonlyargs], \
                f"services/{module}.py: {function.name} writes without an actor"
