"""An event's ACC Master Rating Points: each qualifier's, from his qualifying
rank (his seed), game points and playoff matches won, by the rule in tourney/mrp.py.
Read through the standings and the bracket services; nothing is stored."""

from __future__ import annotations

from typing import Any

from crib_tourney.records import record
from crib_tourney.store.directory import acc_numbers, entry_names, members_of
from crib_tourney.store.events import load_event
from crib_tourney.store.rows import Event
from crib_tourney.store.sql import Db
from crib_tourney.tourney import mrp, bracket as bk
from crib_tourney.tourney.formats import FORMATS
from crib_tourney.services.playoffs import event_decided, shown_bracket
from crib_tourney.services.standings import standings

BY_HAND = "MRPs: report by hand"


@record
class Mrps:
    """One qualifier's MRPs (``total`` None: he has no ACC number, or the event's
    are reported by hand)."""

    entry_id: int
    name: str
    rank: int  # qualifying rank: the seed
    game_points: int
    matches_won: int
    qualifying: int | None
    playoff: int | None

    @property
    def total(self) -> int | None:
        return None if self.qualifying is None or self.playoff is None else self.qualifying + self.playoff


@record
class EventMrps:
    """An event's MRPs: ``kind`` main or consolation (None: not an ACC event);
    ``finished`` whether the places are final; ``by_hand`` why the schedule
    cannot give them (the director reports them by hand)."""

    kind: str | None
    finished: bool
    qualifiers: int
    rows: tuple[Mrps, ...]
    by_hand: str | None = None

    @property
    def shown(self) -> bool:
        """Whether MRPs are to be shown with the results: an ACC event, finished."""
        return self.kind is not None and self.finished

    def of(self, entry_id: int) -> int | None:
        """An entry's total MRPs (None: none to show)."""
        row = next((r for r in self.rows if r.entry_id == entry_id), None)
        return None if row is None or self.by_hand else row.total

    def totals(self) -> dict[int, int | None]:
        """Each qualifier's total MRPs by entry, as ``of`` gives them one at a time."""
        return {r.entry_id: None if self.by_hand else r.total for r in reversed(self.rows)}

    def note(self) -> str | None:
        """The one line that goes with the results when the schedule cannot say."""
        return f"{BY_HAND} ({self.by_hand})" if self.shown and self.by_hand else None

    def as_dict(self) -> dict[str, Any]:
        return {"acc_event": self.kind, "finished": self.finished, "qualifiers": self.qualifiers,
                "by_hand": self.by_hand,
                "rows": [{"rank": r.rank, "name": r.name, "game_points": r.game_points, "matches_won": r.matches_won,
                          "qualifying": r.qualifying, "playoff": r.playoff, "mrps": r.total} for r in self.rows]}


def event_mrps(db: Db, event_id: int) -> EventMrps:
    return mrps_of(db, load_event(db, event_id))


def mrps_of(db: Db, event: Event) -> EventMrps:
    """Each qualifier's MRPs. Only a player with an ACC number earns them (a team:
    when one of its players has one)."""
    kind = event.acc_event if event.acc_event in ("main", "consolation") else None
    if kind is None:
        return EventMrps(None, False, 0, ())
    br = shown_bracket(db, event)
    finished = event_decided(db, event)
    if not br.exists or not FORMATS[event.format].seeds_by_standings:
        return EventMrps(kind, finished, 0, (), "the event has no cut from qualifying games")
    games = event.games
    missing = mrp.by_hand(kind, games)
    seed_of = {entry: seed for seed, entry in br.seeds.items()}
    won: dict[int, int] = {}
    for state in br.states.values():
        if state.winner is not None and state.winner != bk.BYE:
            won[state.winner] = won.get(state.winner, 0) + 1
    totals = {r.player: r for r in standings(db, event).every}
    names, members, numbers = entry_names(db, event), members_of(db, event), acc_numbers(db, event)
    qualifiers = len(seed_of)
    rows = []
    for entry, seed in sorted(seed_of.items(), key=lambda item: item[1]):
        gp = totals[entry].game_points
        earned = mrp.earned(kind, games, qualifiers, seed, gp, won.get(entry, 0))
        missing = missing or earned.by_hand
        member = any(numbers.get(p) for p in members.get(entry, []))
        rows.append(Mrps(entry, names[entry], seed, gp, won.get(entry, 0), earned.qualifying if member else None,
                         earned.playoff if member else None))
    return EventMrps(kind, finished, qualifiers, tuple(rows), missing)
