"""The director's console (the desk of `serve --scoring`): the games waiting for a
second card or disputed, settling one by ACC rule 12.2, entering or correcting a
result, undo, and the check-in list. Each action is one change through the writer
(source "web", actor "director") and decides as the CLI's commands do: `check`
lists the same games, settling one is `check --resolve` for that game alone, an
entered result is `quick-results`' TABLE SCORE SCORE with replace, undo is `undo`.
"""

from __future__ import annotations

from dataclasses import dataclass

from crib_tourney.errors import CribError
from crib_tourney.services.phone import Conflict, keep_bracket, record_outcome, settled_rows
from crib_tourney.services.standings import check_cards, event_standings, scoring_rules
from crib_tourney.store import qualifying as q
from crib_tourney.store import writer
from crib_tourney.store.directory import entries_of, entry_names, find_event
from crib_tourney.store.rows import Entry, Event, Pairing
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import Actor, Change, Log
from crib_tourney.tourney import bracket as bk
from crib_tourney.tourney.reconcile import Card, copy_card, needs_resolving, resolve

DIRECTOR = Actor("web", "director")


@dataclass(frozen=True)
class Waiting:
    """A game the desk should look at: one card only (pending) or two that disagree."""

    game: int
    table: int | None
    players: tuple[str, str]
    state: str  # pending | disputed
    detail: str


def waiting(db: Db, event: Event) -> list[Waiting]:
    """The games `check` lists with a card to act on, disputed first."""
    found = [Waiting(p.game, p.table, p.players, "disputed" if p.problem == "disagree" else "pending", p.detail)
             for p in check_cards(db, event) if p.problem in ("one card", "disagree")]
    return sorted(found, key=lambda w: (w.state != "disputed", w.game, w.table or 0))


@dataclass(frozen=True)
class CheckIn:
    entry: int
    name: str
    checked_in: bool
    withdrawn: bool


def check_in_list(db: Db, event: Event) -> list[CheckIn]:
    names = entry_names(db, event)
    return sorted((CheckIn(e.id, names[e.id], e.checked_in, e.withdrawn_after is not None) for e in entries_of(db, event)),
                  key=lambda c: c.name.lower())


def event_of(db: Db, event_id: int) -> Event:
    return find_event(db, f"#{event_id}")


def _table(db: Db, event: Event, game: int, table: int) -> tuple[Pairing, list[Entry]]:
    pairing = q.pairing_at_table(db, event.id, game, table)
    if pairing is None or pairing.entry2_id is None:
        raise CribError(f"game {game} has no table {table}")
    by_id = {e.id: e for e in entries_of(db, event)}
    return pairing, [by_id[pairing.entry1_id], by_id[pairing.entry2_id]]


def settle(db: Db, event: Event, game: int, table: int) -> list[str]:
    """ACC rule 12.2 for one game: a lone card is copied to the other side, two
    disagreeing cards resolved against the apparent qualifier (as `check --resolve`)."""
    pairing, entries = _table(db, event, game, table)
    names = entry_names(db, event)
    cards = [Card(o.entry_id, o.own_score, o.opp_score, o.forfeit, o.source) for o in q.outcomes_for(db, [pairing.id])]
    if len(cards) == 1:
        other = entries[1].id if cards[0].entry == entries[0].id else entries[0].id
        settled = copy_card(cards[0], other)
        text = f"game {game}: {names[cards[0].entry]}'s card copied to {names[other]}"
    elif needs_resolving(cards):
        standings = event_standings(db, event)
        cut = bk.qualifier_count(len(standings), event.qualify_ratio)
        qualifiers = {r.player for r in standings if r.rank <= cut}
        settled = resolve(cards, qualifiers, scoring_rules(event))
        text = f"game {game} resolved: " + "; ".join(
            f"{names[c.entry]} {c.own}-{c.opp}" + (" (apparent qualifier)" if c.entry in qualifiers else "") for c in settled)
    else:
        raise Conflict(f"game {game} table {table} has nothing to settle (" + ("no card yet" if not cards else "its cards agree") + ")")
    change = Change(db, "resolve", Log(event.id), DIRECTOR)
    change.replace("outcome", {"pairing_id": pairing.id}, settled_rows(event, pairing.id, settled))
    lines = [text] + keep_bracket(db, event, change)
    change.log("; ".join(lines))
    return lines


def enter(db: Db, event: Event, game: int, table: int, score1: int, score2: int) -> list[str]:
    """The director's result of a game, the scores in the table sheet's order;
    replaces whatever cards the game had."""
    _, entries = _table(db, event, game, table)
    change = Change(db, "result", Log(event.id), DIRECTOR)
    lines = record_outcome(db, event, change, entries, [score1, score2], game, card_of=None)
    change.log("; ".join(line.removeprefix("recorded ") for line in lines))
    return lines


def undo(db: Db, event: Event) -> list[str]:
    """Revert the newest change of the event's log (as `undo EVENT`), the bracket held to it."""
    lines: list[str] = []

    def after(change: Change) -> None:
        if q.event_exists(db, event.id):
            lines.extend(keep_bracket(db, find_event(db, str(event.id)), change))

    undone = writer.undo_newest(db, Log(event.id), f"nothing to undo in {event.name}", after, by=DIRECTOR)
    return [f"undid {undone.action} #{undone.id}: {undone.summary}"] + lines


def check_in(db: Db, event: Event, entry_id: int, present: bool) -> str:
    """Mark an entrant checked in (or not)."""
    entry = next((e for e in entries_of(db, event) if e.id == entry_id), None)
    if entry is None:
        raise CribError(f"no entry {entry_id} in {event.name}")
    name = entry_names(db, event)[entry.id]
    change = Change(db, "check-in", Log(event.id), DIRECTOR)
    change.update("entry", entry.id, {"checked_in": present})
    said = f"{name} {'checked in' if present else 'not checked in'}"
    change.log(said)
    return said if change.changed else f"{name} was already {'checked in' if present else 'not checked in'}"
