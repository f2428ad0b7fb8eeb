"""Finding the templates folder and filling templates (autoescaped, strict)."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from crib_tourney.errors import CribError
from crib_tourney.render import terms
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
def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(templates_dir())),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["signed"] = terms.signed  # the words and signs of every screen and sheet
    env.filters["score"] = lambda pair: terms.score(*pair)
    env.filters["money"] = terms.money
    env.tests["spelled_by"] = spelled_by  # a team named after its players
    return env


def spelled_by(team: str, members: list[str]) -> bool:
    """Whether a team's name only joins its players' names, namesakes' marks on
    paper ('Janet Novak (ACC 90391)') or on screen ('Janet Novak #45') aside."""
    return spells_members(team, members) or spells_members(team, [re.sub(r" \([^()]*\)$", "", m) for m in members])


def fill(template: str, **context: object) -> str:
    return environment().get_template(template).render(**context)
