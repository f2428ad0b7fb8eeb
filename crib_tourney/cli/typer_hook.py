"""Every use of Typer's private API, in this one module.

Why there is any: start-up speed, paid by every command. Without the value hook
Typer imports pydantic: `count` took 2.3 times the CPU (paired runs, this release).

- Value checking. Typer (0.29) checks each value a command receives with a
  pydantic TypeAdapter, built on first use; importing pydantic costs about 75 ms.
  ``install_value_checks`` makes Typer build a plain checker instead (from
  cli/coercion.py) for the parameters that one fits; any other parameter still
  goes to Typer's own code.
- --help and a TAB list the commands without building them (cli/app.py), so they
  need the one-line summary Typer's own help would print: ``short_help``.
- Tests only: ``reuse_command_in_cli_runner`` hands typer.testing.CliRunner a
  command tree built once, instead of one built on every invoke (about 20 ms);
  ``value_type`` tells the generative suite what a parameter takes.

What this assumes of Typer (pinned in pyproject.toml to typer>=0.29,<0.30) is
checked by tests/cli/test_typer_hook.py, which names the Typer version when an
assumption no longer holds. At run time a Typer where the value hook does not
fit is left alone: values are then checked by Typer's own code, only slower.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from typer import BadParameter
from typer._click.utils import make_default_short_help

if TYPE_CHECKING:
    import typer
    from typer._click import Command

Convert = Callable[[Any], Any]


def install_value_checks(converter: Callable[[Any, Any], Convert | None]) -> bool:
    """Replace ``typer.core.build_runtime_param``, which Typer calls on a
    parameter's first value to build its checker: where ``converter(annotation,
    parameter_info)`` gives a conversion, that is the checker; otherwise Typer's
    own. Whether the hook is in place (False: a Typer it does not fit)."""
    try:  # here, not at the top: a Typer without these modules leaves the hook out instead of failing every command
        from typer import _coercion, core
    except ImportError:
        return False
    if not hasattr(core, "build_runtime_param") or not hasattr(_coercion, "RuntimeParam"):
        return False
    typer_builds: Callable[[_coercion.TypeDescriptor], _coercion.RuntimeParam] = core.build_runtime_param
    if typer_builds.__module__ == __name__:
        return True  # already in place

    class PlainRuntimeParam(_coercion.RuntimeParam):
        """Typer's frozen RuntimeParam, converting with ``convert``. A plain subclass
        with its own __init__: made a dataclass, it cost every command 1.5 ms."""

        convert: Convert

        def __init__(self, parameter_info: Any, annotation: Any, convert: Convert) -> None:
            super().__init__(parameter_info=parameter_info, annotation=annotation)
            object.__setattr__(self, "convert", convert)  # frozen, as Typer's own are

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            try:
                return self.convert(value)
            except (TypeError, ValueError) as exc:
                raise BadParameter(str(exc), ctx=ctx, param=param) from None

    def build(descriptor: _coercion.TypeDescriptor) -> _coercion.RuntimeParam:
        convert = None if descriptor.file_annotation is not None else converter(descriptor.annotation, descriptor.parameter_info)
        if convert is None:
            return typer_builds(descriptor)
        return PlainRuntimeParam(parameter_info=descriptor.parameter_info, annotation=descriptor.annotation, convert=convert)

    core.build_runtime_param = build
    return True


def short_help(text: str, limit: int) -> str:
    """The one-line summary of ``text`` Typer's help shows for a command."""
    return make_default_short_help(text, limit)


def reuse_command_in_cli_runner(app: typer.Typer, command: Command) -> None:
    """Tests only: typer.testing.CliRunner.invoke(app, ...) builds the click
    command of ``app`` on every call; hand it ``command`` (built once) instead.
    Other Typer apps are built as before."""
    import typer.testing

    build = typer.testing._get_command  # type: ignore[attr-defined]  # private: the reason this hook exists

    def get_command(typer_instance: typer.Typer) -> Command:
        return command if typer_instance is app else build(typer_instance)

    typer.testing._get_command = get_command  # type: ignore[attr-defined]  # private, as above


def value_type(param: Any) -> Any:
    """Tests only: the annotation a command parameter's values are checked
    against (``int`` for an ``Optional[int]`` option, ``List[str]`` for a list),
    which the generative suite (tests/cli/test_fuzz.py) draws values for; None if
    this Typer does not say."""
    return getattr(getattr(param, "type_descriptor", None), "annotation", None)
