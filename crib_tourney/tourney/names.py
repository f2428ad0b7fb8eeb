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

import unicodedata
from typing import Callable, Hashable, Iterable, TypeVar

T = TypeVar("T")

# Letters NFKD leaves whole: what a plain keyboard types for each.
PLAIN = str.maketrans({
    "ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "ł": "l", "đ": "d", "þ": "th", "ð": "d", "ħ": "h", "ı": "i",
    "ŀ": "l", "ŧ": "t", "ŋ": "n", "ĸ": "k",
})


def fold(text: str) -> str:
    """The form two names are compared in."""
    lowered = " ".join(text.split()).casefold().translate(PLAIN)
    decomposed = unicodedata.normalize("NFKD", lowered)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).translate(PLAIN)


def match_name(query: str, candidates: Iterable[T], name_of: Callable[[T], str]) -> list[T]:
    """Candidates a typed name means, best kind of match first:

    1. the whole name ("emile belanger" for "Émile Bélanger"),
    2. a unique last name ("Kowalski"),
    3. initial plus last name ("M Kowalski", "M. Kowalski"),
    4. a unique prefix of the whole name ("marg").

    The first kind that matches anything decides; more than one candidate of
    that kind is ambiguous and left to the caller to refuse.
    """
    wanted = fold(query)
    if not wanted:
        return []
    pool = [(c, fold(name_of(c))) for c in candidates]
    exact = [c for c, key in pool if key == wanted]
    if exact:
        return exact
    words = wanted.replace(".", " ").split()
    if len(words) == 1:
        last = [c for c, key in pool if key.split()[-1:] == words]
        if last:
            return last
    elif len(words) == 2 and len(words[0]) == 1:
        initial = [c for c, key in pool if len(key.split()) >= 2 and key.split()[0].startswith(words[0])
                   and key.split()[-1] == words[1]]
        if initial:
            return initial
    return [c for c, key in pool if key.startswith(wanted)]


def duplicated(names: dict[Hashable, str]) -> set[Hashable]:
    """Keys whose name another key shares once folded ('Pat Smith' twice)."""
    seen: dict[str, list[Hashable]] = {}
    for key, name in names.items():
        seen.setdefault(fold(name), []).append(key)
    return {k for keys in seen.values() if len(keys) > 1 for k in keys}
