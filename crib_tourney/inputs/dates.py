"""Dates as typed (YYYY-MM-DD, and only that) into dates."""

from __future__ import annotations

from datetime import date

from crib_tourney.tourney.settings import iso_date


def day(text: str | None, what: str = "date") -> date | None:
    """The date typed, or None when none was.

    >>> day("2026-09-08"), day(None)
    (datetime.date(2026, 9, 8), None)
    """
    if text is None:
        return None
    iso_date(what, text)  # fromisoformat alone takes 20260915 and 2026-W07-2
    return date.fromisoformat(text)
