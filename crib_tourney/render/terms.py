"""One set of words and signs for every screen and sheet (the README's glossary).

A score is two numbers joined by an en dash (121–104); a negative number carries
the minus sign (−11, as wide as the plus, so columns stay aligned); money carries
the event's currency sign. The words: "bye" for a round without an opponent,
"spread" for points won by less points lost, "GP" for game points. The CLI's
text and every JSON and CSV twin keep plain ASCII (scripts read them).

>>> score(121, 104)
'121–104'
>>> signed(-11), signed(12), signed(0)
('−11', '+12', '0')
>>> money(1250, "$"), money(-1750, "€")
('$12.50', '−€17.50')
"""

from __future__ import annotations

from crib_tourney.tourney.money import format_money

EN_DASH = "\u2013"
MINUS = "\u2212"
BYE = "bye"
SPREAD = "spread"
GAME_POINTS = "GP"


def score(first: int, second: int) -> str:
    """Two scores, the first player's first: 121–104."""
    return f"{first}{EN_DASH}{second}"


def signed(n: int) -> str:
    """+12, −12 with the minus sign, 0 bare."""
    return f"{n:+d}".replace("-", MINUS) if n else "0"


def money(cents: int, currency: str = "$") -> str:
    """An amount with the event's currency sign; a debt keeps its minus in front."""
    text = format_money(abs(cents))
    return f"{MINUS if cents < 0 else ''}{currency}{text}"
