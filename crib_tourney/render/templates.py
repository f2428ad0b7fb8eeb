"""Finding the templates folder and filling templates (autoescaped, strict)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from crib_tourney.errors import CribError
from crib_tourney.tourney.names import spells_members


@lru_cache(maxsize=1)
def templates_dir() -> Path:
    """Inside an installed wheel the templates ship as crib_tourney/_templates; an
    editable checkout reads the top-level templates/ folder."""
    package = Path(__file__).resolve().parent.parent
    for candidate in (package / "_templates", package.parent / "templates"):
        if (candidate / "base.html").is_file():
            return candidate
    raise CribError("the print templates are missing from this installation")


@lru_cache(maxsize=1)
def environment():  # type: ignore[no-untyped-def]
    from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

    env = Environment(
        loader=FileSystemLoader(str(templates_dir())),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["signed"] = lambda n: f"{n:+d}" if n else "0"
    env.tests["spelled_by"] = lambda team, members: spells_members(team, members)  # a team named after its players
    return env


def fill(template: str, **context: object) -> str:
    return environment().get_template(template).render(**context)
