"""Matching names as people type them: one function for players, events, leagues
and (later) teams, in Python so SQLite and PostgreSQL agree.

SQLite's LOWER() folds ASCII only, so 'ÉMILE' never met 'émile' there while
PostgreSQL matched it. Here a name is folded once: case (casefold), accents
(NFKD, marks dropped), and letters that have no decomposition are typed plainly
(Ø as O, Æ as AE, ß as ss, ...), as a director types them on a plain keyboard.

>>> fold("Émile  Bélanger")
'emile belanger'
>>> fold("Søren Æbelø")
'soren aebelo'
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from typing import Callable, Hashable, Iterable, Mapping, TypeVar

from crib_tourney.errors import CribError

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)

# Letters NFKD leaves whole: what a plain keyboard types for each.
PLAIN = str.maketrans({
    "ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "ł": "l", "đ": "d", "þ": "th", "ð": "d", "ħ": "h", "ı": "i",
    "ŀ": "l", "ŧ": "t", "ŋ": "n", "ĸ": "k",
})


def fold(text: str) -> str:
    """The form two names are compared in."""
    if text.isascii():  # most names: nothing to decompose, casefold is lower (and 10x faster)
        return " ".join(text.split()).lower()
    lowered = " ".join(text.split()).casefold().translate(PLAIN)
    decomposed = unicodedata.normalize("NFKD", lowered)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).translate(PLAIN)


def match_name(query: str, candidates: Iterable[T], name_of: Callable[[T], str]) -> list[T]:
    """Candidates a typed name means: the whole name if any candidate has it
    ("emile belanger" for "Émile Bélanger"); otherwise every candidate that a
    looser reading fits: a last name ("Kowalski"), initial plus last name
    ("M Kowalski", "M. Kowalski") or a prefix of the whole name ("marg"). More
    than one candidate is ambiguous, left to the caller to refuse with the list:
    "Lee" must not quietly pick Ann Lee over Lee Wong.
    """
    wanted = fold(query)
    if not wanted:
        return []
    pool = [(c, fold(name_of(c))) for c in candidates]
    exact = [c for c, key in pool if key == wanted]
    if exact:
        return exact
    words = wanted.replace(".", " ").split()
    return [c for c, key in pool if key.startswith(wanted) or _looser(words, key.split())]


def _looser(words: list[str], name: list[str]) -> bool:
    if len(words) == 1:
        return name[-1:] == words  # the last name alone
    return (len(words) == 2 and len(words[0]) == 1 and len(name) >= 2
            and name[0].startswith(words[0]) and name[-1] == words[1])  # initial plus last name


def duplicated(names: Mapping[K, str]) -> set[K]:
    """Keys whose name another key shares once folded ('Pat Smith' twice)."""
    seen: dict[str, list[K]] = {}
    for key, name in names.items():
        seen.setdefault(fold(name), []).append(key)
    return {k for keys in seen.values() if len(keys) > 1 for k in keys}


MAX_NAME = 80  # a name prints on one line of a table sheet; WeasyPrint's layout time grows with the square of a long word


def checked_name(text: str, what: str) -> str:
    """A new name of a player, event, league (or team), trimmed, or one clear
    refusal: empty, too long, unprintable, a number, or shaped like the '#id'
    references that name things by number."""
    clean = " ".join(text.split())
    article = "an" if what[0] in "aeiou" else "a"
    if not clean:
        raise CribError(f"{article} {what} needs a name")
    if not clean.isprintable():
        raise CribError(f"{article} {what} name cannot hold control or invisible characters")
    if len(clean) > MAX_NAME:
        raise CribError(f"{article} {what} name can be at most {MAX_NAME} characters (this one has {len(clean)})")
    if clean.startswith("#"):
        raise CribError(f"a name cannot start with '#' ({clean}): #N means number N")
    if clean.isdigit() or re.search(r"\s#\d+$", clean):
        raise CribError(f"'{clean}' cannot be {article} {what} name: a number, or 'Name #N', names things by number")
    return clean


def spells_members(team: str, members: list[str]) -> bool:
    """Whether a team's name is only its players' names joined by ' & ' (the
    default), so listing the players again would say nothing new. Members may be
    shown as 'Name #12' where two players share a name."""
    return team == " & ".join(re.sub(r" #\d+$", "", m) for m in members) or team == " & ".join(members)


# --- references by number, and how refusals list candidates ---------------------

MAX_ID = 2**62  # ids past this exist nowhere, and would overflow the database's integers
ID_DIGITS = 40  # a longer run of digits is no id reference but text (int() refuses past 4,300 digits)


def id_reference(ref: str) -> tuple[int, str] | None:
    """(id, the name typed before it or '') of '#12' or 'Name #12'; None for a plain name.

    >>> id_reference("#12"), id_reference("Pat Smith #3"), id_reference("Pat")
    ((12, ''), (3, 'Pat Smith'), None)
    """
    text = ref.strip()
    if text.startswith("#") and _digits(text[1:]):
        return int(text[1:]), ""
    name, _, number = text.rpartition(" #")
    if name and _digits(number):
        return int(number), name
    return None


def _digits(text: str) -> bool:
    return text.isascii() and text.isdigit() and len(text) <= ID_DIGITS


def plain_id(ref: str) -> int | None:
    """The id of an event or league typed as '12' or '#12' (ASCII digits, in range)."""
    text = ref.strip()
    key = text[1:] if text.startswith("#") else text
    if _digits(key) and int(key) <= MAX_ID:
        return int(key)
    return None


LISTED = 8  # candidates named in an ambiguity: enough to choose from, never a screenful


def listed(names: list[str], total: int | None = None) -> str:
    """'a; b; c' for the first few names, and how many more."""
    total = len(names) if total is None else total
    more = total - min(len(names), LISTED)
    return "; ".join(names[:LISTED]) + (f"; and {more} more" if more > 0 else "")


def suggestion(query: str, names: Iterable[str], cutoff: float = 0.75) -> str | None:
    """"'Ann Lee' or 'Anna Lee'" for a typo close to known names, else None."""
    folded = {fold(n): n for n in names}
    close = difflib.get_close_matches(fold(query), list(folded), n=3, cutoff=cutoff)
    return " or ".join(f"'{folded[c]}'" for c in close) if close else None
