"""Whole numbers as people type them, and only as they type them: ASCII digits,
an optional sign, nothing Python alone would also accept ('1_2_1', Arabic-Indic
digits), and nothing near the 64-bit limits of the database."""

from __future__ import annotations

from crib_tourney.errors import CribError

LIMIT = 10**9


def whole_number(token: str, what: str) -> int:
    text = str(token).strip()
    digits = text[1:] if text[:1] in "+-" else text
    if not (digits.isascii() and digits.isdigit()):
        raise CribError(f"{what} '{token}' is not a whole number")
    value = int(text) if len(digits.lstrip("0")) <= len(str(LIMIT)) else None  # int() refuses past 4,300 digits
    if value is None or abs(value) > LIMIT:
        raise CribError(f"{what} {text} is out of range")
    return value
