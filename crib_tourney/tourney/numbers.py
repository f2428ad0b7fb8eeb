"""Whole numbers as people type them, and only as they type them: ASCII digits,
an optional sign, nothing Python alone would also accept ('1_2_1', Arabic-Indic
digits), and nothing near the 64-bit limits of the database.

Python's int() refuses a string of more than 4,300 digits with ValueError, so
the length is checked first: a 5,000-digit score or id is one clear line.

>>> whole_number("121", "score")
121
>>> id_number("12"), id_number("١٢"), id_number("１２"), id_number("1_2")
(12, None, None, None)
>>> id_number("9" * 5000) > 10**18
True
"""

from __future__ import annotations

from crib_tourney.errors import CribError

LIMIT = 10**9
_LIMIT_DIGITS = len(str(LIMIT))
ID_DIGITS = 19  # every id is below 2**62; a longer number names nothing
NO_SUCH_ID: int = 10**ID_DIGITS  # what a number of more digits than any id reads as
SHOWN = 24  # characters of a typed value an error line repeats


def ascii_digits(text: str) -> bool:
    """Only 0-9 (str.isdigit() also takes '²', Arabic-Indic and full-width digits)."""
    return text.isascii() and text.isdigit()


def abbreviated(text: str, limit: int = SHOWN) -> str:
    """``text`` as an error line repeats it: a 5,000-character value is cut short."""
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text):,} characters)"


def whole_number(token: str, what: str) -> int:
    text = str(token).strip()
    digits = text[1:] if text[:1] in "+-" else text
    if not ascii_digits(digits):
        raise CribError(f"{what} '{abbreviated(str(token))}' is not a whole number")
    if len(digits.lstrip("0")) > _LIMIT_DIGITS:  # before int(): past 4,300 digits it raises
        raise CribError(f"{what} {abbreviated(text)} is out of range")
    value = int(text)
    if abs(value) > LIMIT:
        raise CribError(f"{what} {text} is out of range")
    return value


def id_number(digits: str) -> int | None:
    """The id typed as ``digits`` ('#12', a web address's /events/12/): ASCII
    digits only, else None; a number longer than any id reads as NO_SUCH_ID,
    which names nothing."""
    if not ascii_digits(digits):
        return None
    if len(digits.lstrip("0")) > ID_DIGITS:
        return NO_SUCH_ID
    return int(digits)


def seconds(token: str, what: str, low: float = 0.1, high: float = 3600.0) -> float:
    """A number of seconds as typed: ASCII digits with at most one decimal point,
    from ``low`` to ``high`` (float() alone takes 'nan', 'inf', '1e9' and
    Arabic-Indic digits).

    >>> seconds("0.5", "--refresh")
    0.5
    """
    text = str(token).strip()
    shown = abbreviated(text)
    whole, dot, part = text.partition(".")
    if not (ascii_digits(whole or "0") and (not dot or ascii_digits(part)) and (whole or part)):
        raise CribError(f"{what} '{shown}' is not a number of seconds (like 5 or 0.5)")
    value = float(text)
    if not low <= value <= high:
        raise CribError(f"{what} must be {low:g} to {high:g} seconds, not {shown}")
    return value
