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

import re
import unicodedata
from typing import Callable, Hashable, Iterable, TypeVar

from crib_tourney.errors import CribError

T = TypeVar("T")

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


def duplicated(names: dict[Hashable, str]) -> set[Hashable]:
    """Keys whose name another key shares once folded ('Pat Smith' twice)."""
    seen: dict[str, list[Hashable]] = {}
    for key, name in names.items():
        seen.setdefault(fold(name), []).append(key)
    return {k for keys in seen.values() if len(keys) > 1 for k in keys}


MAX_NAME = 80  # a name prints on one line of a table sheet; WeasyPrint's layout time grows with the square of a long word

# Letters and symbols that print as nothing, though str.isprintable() passes them:
# the Hangul fillers and the blank braille pattern. A name of them looks empty;
# one inside a name makes two names that look the same.
BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def checked_name(text: str, what: str) -> str:
    """A new name of a player, event, league, pool or team, trimmed, or one clear
    refusal: empty, too long, unprintable or blank-looking, a number, or shaped
    like the '#id' references that name things by number (full-width '＃3' and
    'Pat #²' too: they are compared in their NFKC form)."""
    clean = " ".join(text.split())
    article = "an" if what[0] in "aeiou" else "a"
    if not clean:
        raise CribError(f"{article} {what} needs a name")
    if not clean.isprintable() or not BLANK.isdisjoint(clean):
        raise CribError(f"{article} {what} name cannot hold control or invisible characters")
    if unicodedata.category(clean[0]).startswith("M"):
        raise CribError(f"{article} {what} name cannot start with a combining mark (an accent over nothing)")
    if len(clean) > MAX_NAME:
        raise CribError(f"{article} {what} name can be at most {MAX_NAME} characters (this one has {len(clean)})")
    shape = unicodedata.normalize("NFKC", clean)  # '＃3' is '#3', '²' is '2'
    if shape.startswith("#"):
        raise CribError(f"a name cannot start with '#' ({clean}): #N means number N")
    if clean.isdigit() or shape.isdigit() or re.search(r"\s#\d+$", shape):
        raise CribError(f"'{clean}' cannot be {article} {what} name: a number, or 'Name #N', names things by number")
    return clean


def spells_members(team: str, members: list[str]) -> bool:
    """Whether a team's name is only its players' names joined by ' & ' (the
    default), so listing the players again would say nothing new. Members may be
    shown as 'Name #12' where two players share a name."""
    return team == " & ".join(re.sub(r" #\d+$", "", m) for m in members) or team == " & ".join(members)
