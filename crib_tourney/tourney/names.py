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
from collections import Counter
import unicodedata
from dataclasses import field
from typing import Callable, Generic, Hashable, Iterable, Mapping, TypeVar
from bisect import bisect_left

from crib_tourney.errors import CribError
from crib_tourney.records import record
from crib_tourney.tourney.numbers import id_number

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


class NameIndex(Generic[K]):
    """``match_name`` over a fixed set of names, folded and indexed once: the same
    answers in the same order, without folding every name at every lookup (an
    import of N rows into an event of M entries looked up 2N times, M names each).

    >>> ix = NameIndex({1: "Ann Lee", 2: "Lee Wong", 3: "Anna Lee", 4: "Émile Bélanger"})
    >>> ix.match("Lee"), ix.match("ann"), ix.match("A. Lee"), ix.match("emile belanger"), ix.match("x")
    ([1, 2, 3], [1, 3], [1, 3], [4], [])
    """

    def __init__(self, names: Mapping[K, str]):
        self._keys = list(names)
        self._folded = [fold(n) for n in names.values()]
        self._whole: dict[str, list[int]] = {}  # folded name: positions, in the given order
        self._last: dict[str, list[int]] = {}  # last word of the folded name: positions
        for i, key in enumerate(self._folded):
            self._whole.setdefault(key, []).append(i)
            words = key.split()
            if words:
                self._last.setdefault(words[-1], []).append(i)
        order = sorted(range(len(self._folded)), key=self._folded.__getitem__)
        self._sorted = [self._folded[i] for i in order]  # for prefixes: those of one prefix are neighbours
        self._sorted_at = order

    def whole(self, query: str) -> list[K]:
        """The keys whose whole name (folded) is the query's."""
        return [self._keys[i] for i in self._whole.get(fold(query), ())]

    def match(self, query: str) -> list[K]:
        """``match_name(query, names, names.__getitem__)``."""
        wanted = fold(query)
        if not wanted:
            return []
        exact = self._whole.get(wanted)
        if exact:
            return [self._keys[i] for i in exact]
        found: set[int] = set()

        at = bisect_left(self._sorted, wanted)
        while at < len(self._sorted) and self._sorted[at].startswith(wanted):
            found.add(self._sorted_at[at])
            at += 1
        words = wanted.replace(".", " ").split()
        if len(words) == 1:
            found.update(self._last.get(words[0], ()))
        elif len(words) == 2 and len(words[0]) == 1:
            for i in self._last.get(words[1], ()):
                if _looser(words, self._folded[i].split()):
                    found.add(i)
        return [self._keys[i] for i in sorted(found)]


def duplicated(names: Mapping[K, str]) -> set[K]:
    """Keys whose name another key shares once folded ('Pat Smith' twice)."""
    folded = list(map(fold, names.values()))
    counts = Counter(folded)
    if len(counts) == len(folded):  # the usual roster: nobody shares a name (20,000 of them looked at once)
        return set()
    return {k for k, name in zip(names, folded) if counts[name] > 1}


MAX_NAME = 80  # a name prints on one line of a table sheet; WeasyPrint's layout time grows with the square of a long word

_UNDECODED = re.compile("[\ud800-\udfff]")  # what Python makes of bytes its locale cannot decode (LC_ALL=C)


NOT_TEXT = "a value typed is not text in this terminal's encoding (a C or ASCII locale?); set a UTF-8 one, e.g. LC_ALL=C.UTF-8"


def _refuse_undecoded(text: str) -> None:
    if _UNDECODED.search(text):
        raise CribError(NOT_TEXT)


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
    _refuse_undecoded(clean)
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


MAX_DETAIL = 120  # a club, e-mail address or ACC number prints in one column of a sheet


def checked_detail(value: str | None, what: str) -> str | None:
    """An optional detail as typed (a club, an e-mail address): trimmed, empty
    meaning none; printable and one line, since it is printed on terminals,
    sheets and CSV exports."""
    if value is None:
        return None
    clean = " ".join(value.split())
    _refuse_undecoded(clean)
    if not clean.isprintable() or not BLANK.isdisjoint(clean):
        raise CribError(f"{what} cannot hold control or invisible characters")
    if len(clean) > MAX_DETAIL:
        raise CribError(f"{what} can be at most {MAX_DETAIL} characters (this one has {len(clean)})")
    return clean or None


def checked_acc(value: str | None) -> str | None:
    """An ACC number as typed: a detail that does not look like a '#N' reference."""
    clean = checked_detail(value, "an ACC number")
    if clean and unicodedata.normalize("NFKC", clean).startswith("#"):
        raise CribError(f"an ACC number cannot start with '#' ({clean}): #N means player number N")
    return clean


@record(frozen=False)
class Identities:
    """What typed text finds a player by: names and ACC numbers, compared folded
    (an ACC number 'a7' is 'A7'). A name is looked for before an ACC number, so a
    player named like another's ACC number, or an ACC number that is another
    player's name, would make one of them unreachable by it: ``clash`` says so.
    Built once per command (an import checks every row against it)."""

    names: dict[str, list[Hashable]] = field(default_factory=dict)
    accs: dict[str, tuple[Hashable, str]] = field(default_factory=dict)  # folded ACC number: (holder, how to name him)

    @classmethod
    def of(cls, players: Iterable[tuple[int, str, str | None]]) -> "Identities":
        known = cls()
        for player_id, name, acc in players:
            known.add(player_id, name, acc, f"{name} (#{player_id})")
        return known

    def add(self, key: Hashable, name: str, acc: str | None, shown: str) -> None:
        self.names.setdefault(fold(name), []).append(key)
        if acc:
            self.accs[fold(acc)] = (key, shown)

    def named(self, name: str) -> list[Hashable]:
        """Who already has this name (folded)."""
        return self.names.get(fold(name), [])

    def holder(self, acc: str) -> tuple[Hashable, str] | None:
        return self.accs.get(fold(acc))

    def clash(self, key: Hashable | None, name: str, acc: str | None) -> str | None:
        """Why player ``key`` (None: a new one) cannot have this name and ACC number, or None."""
        if acc:
            held = self.holder(acc)
            if held is not None and held[0] != key:
                return f"ACC number {acc} already belongs to {held[1]}"
            if any(other != key for other in self.named(acc)):
                return f"ACC number {acc} is another player's name: typing it would find that player"
        held = self.holder(name)
        if held is not None and held[0] != key:
            return f"'{name}' is the ACC number of {held[1]}: typing it would find that player, not this one"
        return None


def printable(text: str) -> str:
    """Text safe for a terminal: a control character (an escape sequence, BEL, NUL,
    kept in a name by an older release) shows as '?' instead of acting."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else "?" for c in text)


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
    if text.startswith("#") and (number := id_number(text[1:])) is not None:
        return number, ""
    name, _, digits = text.rpartition(" #")
    if name and (number := id_number(digits)) is not None:
        return number, name
    return None


def _digits(text: str) -> bool:
    return text.isascii() and text.isdigit() and len(text) <= ID_DIGITS


def plain_id(ref: str) -> int | None:
    """The id of an event or league typed as '12' or '#12' (ASCII digits, in range)."""
    text = ref.strip()
    number = id_number(text[1:] if text.startswith("#") else text)
    return number if number is not None and number <= MAX_ID else None


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


def opponents_text(names: list[str]) -> str:
    """A table of three's two opponents as one name: "Bob & Cat", but "B1 & B2, Cees"
    when a name holds an ampersand itself (a team named by its players), so two
    teams never read as three players (and the scorecard's column still fits)."""
    return (", " if any("&" in n for n in names) else " & ").join(names)
