"""What every recorded qualifying result shares, whatever its table seats: the
values a command returns (its facts), the one logged change that keeps the bracket
in step after the cut (and settlements judged again at cross-checking,
services/cross_checking.py), the refusal of a withdrawn player's game. Head-to-head
(services/results.py) and three-sided tables (services/three_sides.py) both
build on it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, NamedTuple, Protocol

from crib_tourney.errors import CribError
from crib_tourney.services.cross_checking import rejudge
from crib_tourney.store import brackets as st
from crib_tourney.store.directory import entry_by_id, names_of_entries
from crib_tourney.store.rows import Event, Pairing
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import Actor, Change, Log
from crib_tourney.tourney.checkin import withdrew_when
from crib_tourney.services import playoffs

if TYPE_CHECKING:
    from crib_tourney.services.playoffs import Recut


class Fact(Protocol):
    """One thing a command did, in the words the CLI prints and the log keeps."""

    def line(self) -> str: ...


class AtTable(Fact, Protocol):
    """A fact about one game at one table (a result, a forfeit, a card)."""

    @property
    def game(self) -> int | None: ...

    @property
    def table(self) -> int | None: ...


class Recorded(NamedTuple):
    """What a result command did (its facts), and the game and table it went to.
    A named tuple, as the facts of services/results.py."""

    facts: tuple[Fact, ...]
    game: int | None = None
    table: int | None = None

    def lines(self) -> list[str]:
        return [f.line() for f in self.facts]


def refuse_withdrawn(db: Db, event: Event, pairing: Pairing) -> None:
    seated = [entry_by_id(db, event, i) for i in set(pairing.sides)]
    gone = [e for e in seated if e is not None and e.withdrawn_after is not None and pairing.game_no > e.withdrawn_after]
    if gone:
        e = min(gone, key=lambda e: (e.seq, e.id))  # the first in entry order
        raise CribError(f"{names_of_entries(db, event, [e.id])[e.id]} withdrew from {event.name} {withdrew_when(e.withdrawn_after or 0)}")


def qualifying_change(db: Db, event: Event, action: str, recut: bool, by: Actor,
                       make: Callable[[Change], AtTable]) -> Recorded:
    """One change to qualifying, held to the bracket after the cut, logged once."""
    change = Change(db, action, Log(event.id), by)
    done = make(change)
    facts: tuple[Fact, ...] = (done, *after_change(db, event, change, recut))
    change.log("; ".join(f.line().removeprefix("recorded ") for f in facts))
    return Recorded(facts, done.game, done.table)


def after_change(db: Db, event: Event, change: Change, recut: bool) -> list[Fact]:
    """What follows any change to qualifying, in the same change: provisional
    settlements judged again once cross-checking can judge (ACC 12.2), then the
    bracket, if there is one, held to the result."""
    facts: list[Fact] = list(rejudge(db, event, change))
    recut_done = keep_bracket(db, event, change, recut)
    if recut_done is not None:
        facts.append(recut_done)
    return facts


def keep_bracket(db: Db, event: Event, change: Change, recut: bool) -> Recut | None:
    """After a qualifying change the bracket, if there is one, must still agree.
    Without a bracket the playoff code is not even loaded (~25 ms of start-up)."""
    if not recut and not st.seeded_count(db, event.id):
        return None

    return playoffs.recut_if_moved(db, event, change, recut)
