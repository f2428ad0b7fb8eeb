"""Check-in at the door: mark entrants in and record what they paid (one logged
change per command), and the door list (who is in, who is missing, who has
paid) that `checkin --list` and the door sheet show. Amounts are cents."""

from __future__ import annotations

from crib_tourney.errors import CribError
from crib_tourney.records import record
from crib_tourney.store.directory import entries_of, entry_names, member_names
from crib_tourney.store.events import load_event
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import CLI, Actor, Change, Log
from crib_tourney.tourney.checkin import Payment, paid_after
from crib_tourney.tourney.names import fold


@record
class Arrival:
    """One entrant named at the desk: checked in before, and paid before and after (cents; None: not paid)."""

    entry: int
    name: str
    was_in: bool
    paid_before: int | None
    paid: int | None
    leaving: bool = False  # a check-in taken back: it changes something only if he was in

    @property
    def changed(self) -> bool:
        if self.leaving:
            return self.was_in
        return not self.was_in or self.paid != self.paid_before


@record
class CheckedIn:
    event: str
    arrivals: tuple[Arrival, ...]

    @property
    def changed(self) -> bool:
        return any(a.changed for a in self.arrivals)


def check_in(db: Db, event_id: int, entries: list[int], payment: Payment | None = None, by: Actor = CLI) -> CheckedIn:
    """Mark ``entries`` checked in and, with ``payment``, record what each paid
    (the event's entry fee, an amount, or nothing: a payment cleared). One log
    entry for the command; an entrant already in whose payment does not change
    writes nothing, and a command that changes nothing writes no entry."""
    event = load_event(db, event_id)
    if len(set(entries)) != len(entries):
        twice = next(e for e in entries if entries.count(e) > 1)
        raise CribError(f"{entry_names(db, event)[twice]} is named twice")
    if payment is not None and payment.fee and not event.entry_fee:
        raise CribError(f"{event.name} has no entry fee: give the amount paid (--paid 25)")
    rows = {e.id: e for e in entries_of(db, event)}
    names = entry_names(db, event)
    change = Change(db, "checkin", Log(event.id), by)
    arrivals = []
    for entry_id in entries:
        row = rows.get(entry_id)
        if row is None:
            raise CribError(f"entry #{entry_id} is not entered in {event.name}")
        if row.withdrawn_after is not None:
            raise CribError(f"{names[row.id]} has withdrawn from {event.name}")
        paid = row.paid if payment is None else paid_after(payment, event.entry_fee)
        arrival = Arrival(row.id, names[row.id], row.checked_in, row.paid, paid)
        if arrival.changed:
            change.update("entry", row.id, {"checked_in": True} | ({"paid": paid} if paid != row.paid else {}))
        arrivals.append(arrival)
    if change.changed:
        newly = [a.name for a in arrivals if not a.was_in]
        paying = [a.name for a in arrivals if a.paid != a.paid_before]
        change.log("; ".join(part for part in (f"checked in {', '.join(newly)}" if newly else "",
                                               f"payment of {', '.join(paying)}" if paying else "") if part))
    return CheckedIn(event.name, tuple(arrivals))


def check_out(db: Db, event_id: int, entry_id: int, by: Actor = CLI) -> CheckedIn:
    """Take back an entrant's check-in (named at the desk by mistake); what he paid
    stays recorded. A command that changes nothing writes no entry."""
    event = load_event(db, event_id)
    row = next((e for e in entries_of(db, event) if e.id == entry_id), None)
    if row is None:
        raise CribError(f"entry #{entry_id} is not entered in {event.name}")
    name = entry_names(db, event)[row.id]
    change = Change(db, "checkin", Log(event.id), by)
    if row.checked_in:
        change.update("entry", row.id, {"checked_in": False})
        change.log(f"{name} not checked in")
    return CheckedIn(event.name, (Arrival(row.id, name, row.checked_in, row.paid, row.paid, leaving=True),))


@record
class DoorRow:
    entry: int
    name: str
    members: tuple[str, ...]  # a team's players; empty for a singles entry
    checked_in: bool
    paid: int | None
    withdrawn: bool


@record
class DoorList:
    """Every entrant, alphabetically, with check-in and payment."""

    event_id: int
    event: str
    date: str | None
    check_in: bool  # the event's setting: game 1 waits for everyone
    entry_fee: int
    rows: tuple[DoorRow, ...]

    @property
    def present(self) -> tuple[DoorRow, ...]:
        return tuple(r for r in self.rows if r.checked_in)

    @property
    def missing(self) -> tuple[DoorRow, ...]:
        return tuple(r for r in self.rows if not r.checked_in and not r.withdrawn)

    @property
    def unpaid(self) -> tuple[DoorRow, ...]:
        return tuple(r for r in self.rows if r.paid is None and not r.withdrawn)

    @property
    def short(self) -> tuple[DoorRow, ...]:
        """Paid, but less than the entry fee (the ledger counts the rest as owed)."""
        return tuple(r for r in self.rows if r.paid is not None and r.paid < self.entry_fee and not r.withdrawn)

    @property
    def collected(self) -> int:
        return sum(r.paid or 0 for r in self.rows)


def door_list(db: Db, event_id: int) -> DoorList:
    event = load_event(db, event_id)
    names = entry_names(db, event)
    members = member_names(db, event) if event.team_size > 1 else {}
    rows = [DoorRow(e.id, names[e.id], tuple(members.get(e.id, ())), e.checked_in, e.paid,
                    e.withdrawn_after is not None)
            for e in entries_of(db, event)]
    rows.sort(key=lambda r: (fold(r.name), r.entry))  # Łukasz before Zoë: by the folded name
    return DoorList(event.id, event.name, event.date, event.check_in, event.entry_fee, tuple(rows))
