"""Command-line options read off a settings schema (tourney/settings.py), so that
`new-event` and `league new` offer exactly the settings there are."""

import functools
import inspect
from typing import Annotated, Any, Callable, Optional

import typer

from crib_tourney.cli.common import number
from crib_tourney.records import fields

from crib_tourney.tourney.settings import value_type, parse_value
from crib_tourney.tourney.money import parse_money


def settings_options(schema: type, skip: tuple[str, ...] = (), shown_defaults: dict[str, str] | None = None) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Add one option per field of ``schema`` to a command, which then receives
    them together as ``settings`` (a dict of field name to value): only the options
    given on the command line, so that settings which follow others (a team event's
    team size) are filled in by the schema, and a value typed out is kept or refused,
    never silently replaced. ``shown_defaults``: what --help says an option left
    out means, where that is not the schema's default."""

    def wrap(func: Callable[..., Any]) -> Callable[..., Any]:
        signature = inspect.signature(func, eval_str=True)
        own = [p for p in signature.parameters.values() if p.name != "settings"]
        names = [f.name for f in fields(schema) if f.name not in skip]
        added = []
        for f in fields(schema):
            if f.name in skip:
                continue
            kind = value_type(schema, f.name)
            flag = f.metadata["flag"] or "--" + f.name.replace("_", "-")
            extra: dict[str, Any]
            if f.metadata.get("money"):
                extra = {"parser": _money(f.name), "metavar": "AMOUNT"}
            else:
                extra = {"parser": number(f.name), "metavar": "N"} if kind is int else {}
                if kind is float:  # as `event set` reads it: --house-share 1e1 is refused, as --payouts 1e2 is
                    extra = {"parser": _decimal(schema, f.name), "metavar": "N"}
            if shown_defaults and f.name in shown_defaults:
                extra["show_default"] = shown_defaults[f.name]
            annotation = Annotated[Optional[kind] if f.default is None else kind,  # type: ignore[valid-type]
                                   typer.Option(flag, help=f.metadata["help"][:1].upper() + f.metadata["help"][1:] + ".", **extra)]
            added.append(inspect.Parameter(f.name, inspect.Parameter.KEYWORD_ONLY, default=f.default, annotation=annotation))

        @functools.wraps(func)
        def command(settings_context: typer.Context, **kwargs: Any) -> Any:
            values = {n: kwargs.pop(n) for n in names}
            return func(settings={n: v for n, v in values.items() if _given(settings_context, n)}, **kwargs)

        context = inspect.Parameter("settings_context", inspect.Parameter.KEYWORD_ONLY, annotation=typer.Context)
        parameters = own + added + [context]
        command.__signature__ = signature.replace(parameters=parameters)  # type: ignore[attr-defined]
        command.__annotations__ = {p.name: p.annotation for p in parameters}
        return command

    return wrap


def _given(ctx: typer.Context, name: str) -> bool:
    """Whether option ``name`` was typed (or came from the environment), not defaulted."""
    source = ctx.get_parameter_source(name)
    return source is not None and source.name not in ("DEFAULT", "DEFAULT_MAP")


def _decimal(schema: type, name: str) -> Callable[[str], float | None]:
    """The parser of a number option (a percentage, a ratio): digits and a point, never 1e1 or inf."""
    def parse(text: str) -> float | None:
        value = parse_value(schema, name, text)
        assert value is None or isinstance(value, float)  # a float field's value (None: an optional one left empty)
        return value
    return parse


def _money(what: str) -> Callable[[str], int]:
    """The parser of an amount option: cents, or one clear line."""
    def parse(text: str) -> int:
        return parse_money(text, what)
    return parse
