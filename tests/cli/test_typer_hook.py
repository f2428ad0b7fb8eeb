"""What cli/typer_hook.py assumes of Typer's private API. When a Typer release
moves one of these, the test fails naming that Typer version and what moved."""

from __future__ import annotations

import dataclasses
import inspect
from importlib.metadata import requires

import pytest
import typer
import typer.testing
from packaging.requirements import Requirement
from typer.testing import CliRunner

from crib_tourney.cli import coercion, typer_hook
from crib_tourney.cli.app import app

PIN = next(str(r.specifier) for r in map(Requirement, requires("crib-tourney") or []) if r.name == "typer")


def fits(ok: bool, what: str) -> None:
    if not ok:
        pytest.fail(f"Typer {typer.__version__}: {what}. cli/typer_hook.py relies on it (written for Typer 0.29; "
                    f"pyproject.toml pins typer{PIN}): adapt the hook to this Typer, then move the pin.", pytrace=False)


def parameters(function) -> list[str]:
    return list(inspect.signature(function).parameters)


def test_the_installed_typer_is_in_the_pinned_range():
    fits(Requirement(f"typer{PIN}").specifier.contains(typer.__version__), "not in the range pyproject.toml pins")


def test_typer_builds_each_value_checker_with_core_build_runtime_param():
    from typer import _coercion, core

    fits(hasattr(core, "build_runtime_param"), "typer.core.build_runtime_param is gone")
    fits(parameters(_coercion.build_runtime_param) == ["descriptor"],
         f"typer._coercion.build_runtime_param takes {parameters(_coercion.build_runtime_param)}, not (descriptor)")
    calls = core._TyperParameter.get_runtime_param.__code__.co_names
    fits("build_runtime_param" in calls, "a parameter no longer builds its checker through typer.core.build_runtime_param")
    fields = {f.name for f in dataclasses.fields(_coercion.TypeDescriptor)}
    fits({"annotation", "parameter_info", "file_annotation"} <= fields, f"typer._coercion.TypeDescriptor has fields {sorted(fields)}")


def test_a_runtime_param_is_a_frozen_dataclass_that_checks_in_coerce_value():
    from typer import _coercion

    runtime_param = _coercion.RuntimeParam
    fits(dataclasses.is_dataclass(runtime_param) and runtime_param.__dataclass_params__.frozen,
         "typer._coercion.RuntimeParam is no longer a frozen dataclass")
    fields = {f.name for f in dataclasses.fields(runtime_param)}
    fits(fields == {"parameter_info", "annotation"}, f"typer._coercion.RuntimeParam has fields {sorted(fields)}")
    fits("_coerce_value" in getattr(runtime_param, "__abstractmethods__", ()), "RuntimeParam._coerce_value is not the method to give")
    fits(parameters(runtime_param._coerce_value) == ["self", "value", "param", "ctx"],
         f"RuntimeParam._coerce_value takes {parameters(runtime_param._coerce_value)}")
    fits("_coerce_value" in runtime_param.coerce.__code__.co_names, "RuntimeParam.coerce no longer calls _coerce_value")


def test_the_value_hook_is_in_place_and_checks_values_itself():
    from typer import core

    fits(typer_hook.install_value_checks(coercion.converter), "the value hook could not be installed")
    fits(core.build_runtime_param.__module__ == typer_hook.__name__, "typer.core.build_runtime_param is not the hook's")

    probe = typer.Typer()

    @probe.command()
    def show(n: int = typer.Option(0, "--n")) -> None:
        typer.echo(repr(n))

    runner = CliRunner()
    assert runner.invoke(probe, ["--n", "7"]).stdout == "7\n"
    refused = runner.invoke(probe, ["--n", "seven"])
    fits(refused.exit_code == 2 and "'seven' is not a valid integer" in refused.stderr,
         f"a value is not checked by the hook (exit {refused.exit_code}: {refused.stderr.strip()!r})")


def test_help_summaries_come_from_make_default_short_help():
    from typer._click import utils

    fits(parameters(utils.make_default_short_help)[:2] == ["help", "max_length"],
         f"typer._click.utils.make_default_short_help takes {parameters(utils.make_default_short_help)}")
    assert typer_hook.short_help("Count a hand or crib the way a player says it. More.", 45) == "Count a hand or crib the way a player says..."


def test_cli_runner_builds_its_command_with_testing__get_command():
    fits(hasattr(typer.testing, "_get_command"), "typer.testing._get_command is gone")
    fits("_get_command" in CliRunner.invoke.__code__.co_names, "CliRunner.invoke no longer builds its command with _get_command")
    assert typer.testing._get_command(app) is typer.testing._get_command(app)  # conftest.py: built once


def test_a_parameter_tells_the_type_its_values_take():
    from typing import List

    from tests.conftest import COMMAND

    count = COMMAND.get_command(None, "count")
    kinds = {p.name: typer_hook.value_type(p) for p in count.params}
    fits(kinds["cards"] == List[str] and kinds["claim"] is int and kinds["crib"] is bool,
         f"a parameter's type_descriptor.annotation no longer gives its type ({kinds}); the generative suite draws values by it")
