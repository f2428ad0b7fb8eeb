"""Services take typed values and return typed results, never sentences: no public
function of a converted service module is annotated to return text (mypy --strict
then holds each to its annotation). The words are the CLI's and the web's, made
from the values (a result's ``line()``)."""

from __future__ import annotations

import importlib
import inspect
import types
import typing

import pytest

# The service modules converted so far (issue 18, part 3); the others join as they are.
TYPED = ["events", "results", "playoffs", "standings", "changes"]
TEXT_CONTAINERS = (list, tuple, set, frozenset, typing.Sequence, typing.Iterable, typing.Iterator)


def is_text(annotation: object) -> bool:
    """str, or a union with str in it, or a collection of str."""
    if annotation is str:
        return True
    origin = typing.get_origin(annotation)
    args = [a for a in typing.get_args(annotation) if a is not Ellipsis]
    if origin in (typing.Union, types.UnionType):
        return any(is_text(a) for a in args)
    if origin is not None and any(origin is c or typing.get_origin(c) is origin for c in TEXT_CONTAINERS):
        return bool(args) and all(is_text(a) for a in args)
    return False


def namespace() -> dict[str, object]:
    """Names the services import only for type checking, from the modules that define them."""
    found: dict[str, object] = {}
    for name in ["crib_tourney.inputs.csvrows", *(f"crib_tourney.services.{m}" for m in TYPED)]:
        found.update(vars(importlib.import_module(name)))
    return found


def test_the_check_knows_text_when_it_sees_it():
    assert all(is_text(t) for t in (str, list[str], tuple[str, ...], typing.Optional[str], str | None,
                                    typing.Sequence[str], tuple[str, str], list[str] | None))
    assert not any(is_text(t) for t in (int, list[int], dict[str, int], tuple[int, str], None, bool))


@pytest.mark.parametrize("module_name", TYPED)
def test_no_public_service_returns_text(module_name):
    module = importlib.import_module(f"crib_tourney.services.{module_name}")
    public = [(name, f) for name, f in inspect.getmembers(module, inspect.isfunction)
              if not name.startswith("_") and f.__module__ == module.__name__]
    assert public
    for name, function in public:
        hints = typing.get_type_hints(function, localns=namespace())
        assert "return" in hints, f"{module_name}.{name} has no return annotation"
        assert not is_text(hints["return"]), f"{module_name}.{name} returns {hints['return']}"


@pytest.mark.parametrize("module_name", ["events", "results", "playoffs", "changes"])
def test_every_writing_service_says_who_writes(module_name):
    """A service that opens a Change takes ``by`` (the CLI, or the web's actor) and passes it on."""
    module = importlib.import_module(f"crib_tourney.services.{module_name}")
    for name, function in inspect.getmembers(module, inspect.isfunction):
        if name.startswith("_") or function.__module__ != module.__name__:
            continue
        source = inspect.getsource(function)
        if "Change(db" in source or "undo_newest(" in source:
            assert "by" in inspect.signature(function).parameters, f"{module_name}.{name} writes without an actor"
