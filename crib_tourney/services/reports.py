"""An event's results report (`report`): the final results an association asks
for, one row per entrant (place, ACC number, game points, wins, losses, spread,
qualified, playoff finish, prize and pools, and MRPs in a finished ACC event),
with the event's ledger (services/money.py). The ACC's own report, checked, is
services/official.py. Amounts are cents; the CLI turns them into words."""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from crib_tourney.records import record
from crib_tourney.services.money import EventLedger, Winnings, winnings, winnings_and_ledger
from crib_tourney.services.mrps import mrps_of
from crib_tourney.services.one_standing import standing_of
from crib_tourney.services.playoffs import placed, shown_bracket
from crib_tourney.services.pools import pool_report
from crib_tourney.services.standings import standings
from crib_tourney.store import one_entry
from crib_tourney.store.brackets import all_seeded
from crib_tourney.store.directory import acc_numbers, entry_by_id, entry_names, members_of, names_of_entries
from crib_tourney.store.events import load_event
from crib_tourney.store.players import players_by_id
from crib_tourney.store.rows import Event
from crib_tourney.store.sql import Db
from crib_tourney.tourney.formats import FORMATS
from crib_tourney.tourney.money import format_money
from crib_tourney.tourney.standings import Row


@record
class ReportRow:
    """One entrant's final result; ``prize`` and ``pools`` in cents."""

    entry_id: int
    place: int
    name: str
    acc_number: str
    game_points: int
    wins: int
    losses: int
    spread: int
    qualified: bool
    playoff_finish: str | None
    prize: int
    pools: int
    withdrawn: bool
    mrps: int | None = None  # a finished ACC event: the Master Rating Points earned

    def as_dict(self) -> dict[str, Any]:
        """As `report --json` prints it (amounts like "12.50")."""
        return {"place": self.place, "name": self.name, "acc_number": self.acc_number, "game_points": self.game_points,
                "wins": self.wins, "losses": self.losses, "spread": self.spread, "qualified": self.qualified,
                "playoff_finish": self.playoff_finish, "prize": format_money(self.prize), "pools": format_money(self.pools),
                "withdrawn": self.withdrawn, "mrps": self.mrps}


@record
class Report:
    """The final results an association asks for: one row per entrant."""

    event: str
    date: str | None
    rows: tuple[ReportRow, ...]
    ledger: EventLedger
    acc_event: str | None = None  # a finished ACC event (main or consolation): the rows carry MRPs
    mrps_note: str | None = None  # "MRPs: report by hand (...)"
    did_not_play: tuple[str, ...] = ()  # the no-shows, listed apart and not ranked
    currency: str = "$"

    @property
    def entrants(self) -> int:
        return len(self.rows)

    def as_dict(self) -> dict[str, Any]:
        return {"event": self.event, "date": self.date, "entrants": self.entrants, "rows": [r.as_dict() for r in self.rows],
                "ledger": self.ledger.as_dict(), "acc_event": self.acc_event, "mrps_note": self.mrps_note,
                "did_not_play": list(self.did_not_play), "overpaid": self.ledger.overpaid(), "currency": self.currency}


def report(db: Db, event_id: int) -> Report:
    return _report(db, load_event(db, event_id))


class _Results:
    """What every row of an event's report reads, read once: the standings without
    the no-shows, the bracket's seeds, the winnings and the MRPs."""

    def __init__(self, db: Db, event: Event) -> None:
        self.earned = mrps_of(db, event)
        self.names = entry_names(db, event)
        br = shown_bracket(db, event)
        self.bracket = br.exists
        self.seeded = set(br.seeds.values()) if br.exists else set()
        self.apart = standings(db, event)
        # by entry: a lookup each, never a search of the qualifiers (4,096 at 20,000 players)
        self.mrps = self.earned.totals() if self.earned.shown else {}

    def rows(self, won: Winnings, ranked: Iterable[Row[int]], acc: Mapping[int, str]) -> tuple[ReportRow, ...]:
        """The report's row of each of ``ranked`` (one loop: 20,000 rows at a big event)."""
        names, seeded, bracket, mrps = self.names, self.seeded, self.bracket, self.mrps
        finish, prize, pools = won.finish, won.prize, won.pools
        rows = []
        for r in ranked:
            entry = r.player
            name = names[entry]
            qualified = entry in seeded
            rows.append(ReportRow(entry, r.rank, name, acc[entry], r.game_points, r.wins, r.losses, r.spread, qualified,
                                  finish.get(name) if qualified or not bracket else None,
                                  prize.get(name, 0), pools.get(name, 0), r.withdrawn, mrps.get(entry)))
        return tuple(rows)


def _acc_texts(members: Mapping[int, list[int]], numbers: Mapping[int, str | None]) -> dict[int, str]:
    """Each entry's ACC numbers (a team's, comma-separated; "" when none)."""
    return {entry: ", ".join([number for p in players if (number := numbers[p])]) for entry, players in members.items()}


def _report(db: Db, event: Event) -> Report:
    results = _Results(db, event)
    won, book = winnings_and_ledger(db, event.id)
    rows = results.rows(won, results.apart.ranked, _acc_texts(members_of(db, event), acc_numbers(db, event)))
    earned = results.earned
    return Report(event.name, event.date, rows, book, earned.kind if earned.shown else None,
                  earned.note(), results.apart.did_not_play, event.currency)


def report_row(db: Db, event_id: int, entry_id: int) -> ReportRow | None:
    """One entry's row of the report (None: a no-show, listed apart and not
    ranked), read without making the other rows nor the ledger (`player history`):
    his standing alone (services/one_standing.py); his finish, prize and pools read
    whole only when he can have any (services/money.winnings, see _his_winnings)."""
    event = load_event(db, event_id)
    row = standing_of(db, event, entry_id)
    if row is None:
        return None
    entry = entry_by_id(db, event, entry_id)
    assert entry is not None  # standing_of found it
    name = names_of_entries(db, event, [entry_id])[entry_id]
    bracket = one_entry.has_bracket(db, event.id)
    qualified = bracket and all_seeded(db, event.id, [entry_id])
    finish, prize, pools = _his_winnings(db, event, entry_id, name, bracket, qualified)
    earned = mrps_of(db, event) if qualified else None  # only the seeded earn MRPs
    mrps = earned.totals().get(entry_id) if earned is not None and earned.shown else None
    players = one_entry.members_of_entry(db, entry)
    numbers = {p: player.acc_number for p, player in players_by_id(db, players).items()}  # his, not the event's
    return ReportRow(entry_id, row.rank, name, _acc_texts({entry_id: players}, numbers)[entry_id], row.game_points,
                     row.wins, row.losses, row.spread, qualified, finish if qualified or not bracket else None, prize,
                     pools, row.withdrawn, mrps)


def _his_winnings(db: Db, event: Event, entry_id: int, name: str, bracket: bool, qualified: bool) -> tuple[str | None, int, int]:
    """(playoff finish, prize, pools) of the entry of this name, as winnings() gives
    them, read whole only where he can have some: a bracket places and pays only its
    seeds (a non-qualifier's one prize is the high non-qualifier's, read whole when
    the event pays one; a seed's place and prize need no ranking of the field unless
    it does), with no bracket an event placed by its bracket places no one yet (one
    placed by its standings is read whole); pools only when the event has one."""
    placed_by_standings = FORMATS[event.format].placed_by_standings or event.sides == 3
    finish: str | None = None
    prize = 0
    if qualified and not event.high_nonqualifier_prize:
        found = placed(db, event, every_place=False)
        finish, prize = found.place_of(entry_id), found.prizes.get(entry_id, 0)
    elif qualified or (bracket and event.high_nonqualifier_prize) or (not bracket and placed_by_standings):
        won = winnings(db, event.id)
        return won.finish.get(name), won.prize.get(name, 0), won.pools.get(name, 0)
    if not one_entry.has_pools(db, event.id):
        return finish, prize, 0
    return finish, prize, sum(paid.cents for pool in pool_report(db, event.id).pools for paid in pool.payouts if paid.player == name)
