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
