"""ACC seasons and titles, pure. A season runs August 1 to July 31 and is named
by its two years ("2026-27"); an event belongs to the season of its date. The
ACC's titles are decided on lifetime MRPs: Master at 2,000, Grand Master at 4,000,
Life Master at 6,000.

>>> season_of("2026-08-01"), season_of("2027-07-31"), season_of("2026-07-31")
('2026-27', '2026-27', '2025-26')
>>> bounds("2026-27")
('2026-08-01', '2027-07-31')
>>> crossed(1900, 4100)
['Master', 'Grand Master']
>>> title(6000), title(1999)
('Life Master', None)
"""

from __future__ import annotations

import re

from crib_tourney.errors import CribError

TITLES = ((2000, "Master"), (4000, "Grand Master"), (6000, "Life Master"))
_SEASON = re.compile(r"([0-9]{4})-([0-9]{2})")


def season_of(date: str) -> str:
    """The season of a date written YYYY-MM-DD."""
    year, month = int(date[:4]), int(date[5:7])
    first = year if month >= 8 else year - 1
    return f"{first}-{(first + 1) % 100:02d}"


def check_season(text: str) -> str:
    """A season as typed ("2026-27"), checked."""
    clean = text.strip()
    match = _SEASON.fullmatch(clean)
    if not match or (int(match.group(1)) + 1) % 100 != int(match.group(2)):
        raise CribError(f"a season is written like 2026-27 (August 1 to July 31), not '{text}'")
    return clean


def bounds(season: str) -> tuple[str, str]:
    """The first and last dates of a season."""
    first = int(check_season(season)[:4])
    return f"{first}-08-01", f"{first + 1}-07-31"


def crossed(before: int, after: int) -> list[str]:
    """The titles whose threshold lifetime MRPs reached between ``before`` and ``after``."""
    return [name for threshold, name in TITLES if before < threshold <= after]


def title(lifetime: int) -> str | None:
    """The highest title ``lifetime`` MRPs hold."""
    held = [name for threshold, name in TITLES if lifetime >= threshold]
    return held[-1] if held else None
