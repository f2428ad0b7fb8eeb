"""The director's console (the desk of `serve --scoring`): the whole round at a
glance, the games waiting for a second card or disputed, settling one by ACC rule
12.2, entering or correcting a result (a qualifying table of two or three, a
playoff match game), undo, and the check-in list with what each still owes.

The desk sees what it changes: settling and entering first show what they act on
(``settle_preview``, ``table_at``: both cards, the 12.2 item that applies, the result
it will record; the names at the table), and undo names the change the page showed
(``undo(expected=N)``), refused (Stale) when a newer one has arrived. After the cut
a change to a qualifying game is refused unless the director confirms a re-cut.

Each action is one change through the writer (source "web", actor "director") and
decides as the CLI's commands do: `check` lists the same games, settling one is
`check --resolve` for that game alone, an entered result is `quick-results`' TABLE
SCORE SCORE with replace (`--recut` when confirmed), a match game is `result` after
the cut, undo is `undo --change N`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from crib_tourney.errors import CribError, Stale
from crib_tourney.records import record
from crib_tourney.services import changes, checkin, playoffs, results
from crib_tourney.services.events import event_summaries
from crib_tourney.services.money import Shortfall, event_ledger
from crib_tourney.services.cross_checking import cross_checked, settled_by_rule
from crib_tourney.services.phone_matches import waiting_match_games
from crib_tourney.services.phone_report import Conflict
from crib_tourney.services.playoffs import PlayoffFact
from crib_tourney.services.results import Checked, EventUndone, Recorded
from crib_tourney.services.standings import apparent_qualifiers, check_cards, scoring_rules, uncounted_games
from crib_tourney.store import brackets as st
from crib_tourney.store import qualifying as q
from crib_tourney.store.directory import entries_of, entry_names
from crib_tourney.store.events import load_event
from crib_tourney.store.rows import Entry, Event, Outcome, Pairing
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import Actor, Log, LogEntry, log_entries
from crib_tourney.tourney import bracket as bk
from crib_tourney.tourney.checkin import Payment
from crib_tourney.tourney.reconcile import Card, both_claim, copy_card
from crib_tourney.tourney.reconcile_three import Card3, cards_agree, is_final3

DIRECTOR = Actor("web", "director")


@record
class Waiting:
    """A game the desk should look at: one card only (pending) or two that disagree."""

    game: int
    table: int | None
    players: tuple[str, ...]  # three at a table of three
    state: str  # pending | disputed
    detail: str
    match: str | None = None  # a playoff match game (entered under the matches, not settled)


def waiting(db: Db, event: Event) -> list[Waiting]:
    """The games `check` lists with a card to act on, and the playoff match games
    whose cards wait for the desk (``match``), disputed first."""
    found = [Waiting(p.game, p.table, p.players, "disputed" if p.problem == "disagree" else "pending", p.detail)
             for p in check_cards(db, event) if p.problem in ("one card", "missing cards", "disagree")]
    found += [Waiting(m.game, m.table, m.players, m.state, f"match {m.match} game {m.game}: "
                      + ", ".join(f"{who}'s card {own}-{opp}" for who, own, opp in m.cards), m.match)
              for m in waiting_match_games(db, event)]
    return sorted(found, key=lambda w: (w.state != "disputed", w.match is not None, w.game, w.table or 0))


@record
class CheckIn:
    entry: int
    name: str
    checked_in: bool
    withdrawn: bool
    paid: int | None  # cents; None: not paid
    owed: int  # cents of the entry fee still owed (0: paid in full, or no fee)


def check_in_list(db: Db, event: Event) -> list[CheckIn]:
    """The door list (`checkin --list`), alphabetically, with what each still owes."""
    fee = event.entry_fee or 0
    return [CheckIn(r.entry, r.name, r.checked_in, r.withdrawn, r.paid, max(0, fee - (r.paid or 0)))
            for r in checkin.door_list(db, event.id).rows]


def event_of(db: Db, event_id: int) -> Event:
    return load_event(db, event_id)


def money_warning(db: Db, event: Event) -> Shortfall | None:
    """The payouts beyond what the box can pay (services/money.py's rule): the
    director's to see at the desk, never the public pages'."""
    return event_ledger(db, event.id).shortfall()


def newest_change(db: Db, event: Event) -> LogEntry | None:
    """The newest entry of the event's log, whatever it is (an undo too): what a
    receipt names after an action."""
    found = log_entries(db, Log(event.id))
    return found[-1] if found else None


def next_undo(db: Db, event: Event) -> LogEntry | None:
    """The change undo would revert now (the newest not undone): what the desk's
    undo button names, and sends back as the change it saw."""
    return changes.next_undo(db, event.id, None)


@dataclass(frozen=True)
class EventLine:
    """One event on the desk's list: where it stands and what waits."""

    id: int
    name: str
    date: str | None
    status: str  # not started | game N of M | playoffs | finished
    players: int
    pending: int
    disputed: int


def event_list(db: Db) -> list[EventLine]:
    """Every event, with its status and the games waiting for the desk."""
    found = []
    for summary in event_summaries(db):
        event = load_event(db, summary["id"])
        pending, disputed = uncounted_games(db, event)
        seeded = bool(st.seeded_count(db, event.id))
        if (seeded or summary["scheduled"]) and event_decided_now(db, event):
            status = "finished"
        elif seeded:
            status = "playoffs"
        elif summary["scheduled"]:
            status = f"game {summary['scheduled']} of {summary['games']}"
        else:
            status = "not started"
        found.append(EventLine(event.id, event.name, summary["date"], status, int(summary["players"]), pending, disputed))
    return found


def event_decided_now(db: Db, event: Event) -> bool:
    """Whether the event's final places are known (a bracket's champion, a finished round robin)."""
    try:
        return playoffs.event_decided(db, event)
    except CribError:
        return False


@dataclass(frozen=True)
class OpenMatch:
    """A playoff match waiting for a game: its players in seat order, the next game."""

    key: str
    round: str
    table: int
    players: tuple[str, str]
    best_of: int
    wins: tuple[int, int]
    game: int


def open_matches(db: Db, event: Event) -> list[OpenMatch]:
    """The playoff matches with both players known and no winner yet."""
    shown = playoffs.Bracket(db, event)
    if not shown.exists:
        return []
    names = entry_names(db, event)
    found = []
    for spec in shown.specs:
        state = shown.states[spec.key]
        if state.open:
            a, b = (names.get(p, "?") if p is not None else "?" for p in state.players)
            found.append(OpenMatch(spec.key, bk.round_name(spec, shown.specs), shown.tables[spec.key], (a, b), spec.best_of,
                                   (state.wins[0], state.wins[1]), len(state.games) + 1))
    return found


def recent(db: Db, event: Event, count: int = 8) -> list[LogEntry]:
    """The event's last ``count`` changes, newest first (its creation left out)."""
    return [e for e in log_entries(db, Log(event.id)) if e.action != "new-event"][-count:][::-1]


def _table(db: Db, event: Event, game: int, table: int) -> tuple[Pairing, list[Entry]]:
    pairing = q.pairing_at_table(db, event.id, game, table)
    if pairing is None or pairing.entry2_id is None:
        raise CribError(f"game {game} has no table {table}")
    by_id = {e.id: e for e in entries_of(db, event)}
    return pairing, [by_id[pairing.entry1_id], by_id[pairing.entry2_id]]


def settle(db: Db, event: Event, game: int, table: int, by: Actor = DIRECTOR, seen: str | None = None) -> Checked:
    """ACC rule 12.2 for one game, as `check --resolve` settles it: a lone card is
    copied to the other side, two disagreeing cards resolved against the apparent
    qualifier (judged at cross-checking; provisional before the last game).
    ``seen``: the preview's ``cards_seen``; refused (Stale) when a card changed since."""
    if seen is not None and settle_preview(db, event, game, table).cards_seen != seen:
        raise Stale(f"the cards of game {game} table {table} changed since you looked at them: look again before you settle")
    _table(db, event, game, table)
    done = results.check(db, event.id, resolve=True, by=by, only=(game, table))
    if not done.resolved:
        raise Conflict(f"game {game} table {table} has nothing to settle (no card yet, or its cards agree)")
    return done


def enter(db: Db, event: Event, game: int, table: int, *scores: int, by: Actor = DIRECTOR, recut: bool = False) -> Recorded:
    """The director's result of a qualifying table (two scores, or three at a table of
    three), in the table sheet's order; replaces whatever cards the game had
    (quick-results' TABLE SCORE SCORE replace). After the cut it is refused unless
    the director confirmed a re-cut (``recut``)."""
    pairing = q.pairing_at_table(db, event.id, game, table)
    if pairing is None or pairing.entry2_id is None:
        raise CribError(f"game {game} has no table {table}")
    if len(scores) != len(pairing.sides):
        raise CribError(f"table {table} of game {game} seats {len(pairing.sides)} sides: give {len(pairing.sides)} scores,"
                        f" not {len(scores)}")
    if not st.seeded_count(db, event.id):
        return results.record_table(db, event.id, game, table, scores, replace=True, by=by)
    if not recut:
        raise Conflict(f"the cut is made: changing game {game} table {table} may move the qualifiers; confirm the re-cut to go on")
    try:  # confirmed: recut only if the change moves the bracket
        with db.savepoint():
            return results.record_table(db, event.id, game, table, scores, replace=True, by=by)
    except playoffs.WouldMove:
        return results.record_table(db, event.id, game, table, scores, replace=True, by=by, recut=True)


def enter_match_game(db: Db, event: Event, match: str, scores: tuple[int, int], game_no: int | None = None,
                     by: Actor = DIRECTOR) -> list[PlayoffFact]:
    """A playoff match game, the scores in the match's seat order (as the bracket shows
    its players): the next game, or (``game_no``) a correction of a game played."""
    shown = playoffs.Bracket(db, event)
    spec = next((s for s in shown.specs if s.key.lower() == match.strip().lower()), None)
    if spec is None:
        raise CribError(f"no match {match} in {event.name} (matches are named like W1.3, L2.1, F1)")
    players = shown.states[spec.key].players
    if any(p is None or p == bk.BYE for p in players):
        raise Conflict(f"match {spec.key} has no two players yet")
    a, b = (int(p) for p in players if p is not None)
    replace = game_no is not None and game_no <= len(shown.states[spec.key].games)
    return playoffs.record_playoff_game(db, event, a, b, scores, game_no, replace, False, by)


def undo(db: Db, event: Event, expected: int | None = None, by: Actor = DIRECTOR) -> EventUndone:
    """Revert the newest change of the event's log (as `undo EVENT --change N`), the
    bracket held to it; ``expected``: the change the page showed as the newest."""
    return results.undo(db, event.id, by=by, expected=expected)


# --- what the desk shows before it acts ---------------------------------------------

@dataclass(frozen=True)
class SideCard:
    """One side's card as the desk shows it: whose, and its scores in seat order."""

    name: str
    scores: tuple[int, ...]


@dataclass(frozen=True)
class SettlePreview:
    """What settling one table will do: its sides, the cards in, the item of ACC 12.2
    that applies, the cards it will record (scores in seat order), and whether the
    settlement is provisional (before cross-checking)."""

    game: int
    table: int
    players: tuple[str, ...]
    cards: tuple[SideCard, ...]
    rule: str
    result: tuple[SideCard, ...]
    provisional: bool
    cards_seen: str = field(default="", compare=False)  # the cards as the preview read them: settle(seen=...) acts only on these


def settle_preview(db: Db, event: Event, game: int, table: int) -> SettlePreview:
    """The table's cards and what `settle` would record, written nowhere."""
    pairing = q.pairing_at_table(db, event.id, game, table)
    if pairing is None or pairing.entry2_id is None:
        raise CribError(f"game {game} has no table {table}")
    names = entry_names(db, event)
    sides = pairing.sides
    outcomes = q.outcomes_for(db, [pairing.id])
    held = [(o.entry_id, o.own_score, o.opp_score, o.opp2_score, o.forfeit, o.source) for o in outcomes]
    if len(sides) == 2:
        final = len(held) == 2 and all(o.counted for o in outcomes)
    else:
        final = is_final3([Card3(*c) for c in held], sides)
    if not held or final:
        raise Conflict(f"game {game} table {table} has nothing to settle (no card yet, or its result is final)")

    def in_seat_order(entry: int, own: int, opp: int, opp2: int | None) -> tuple[int, ...]:
        others = [s for s in sides if s != entry]
        version = dict(zip([entry, *others], (own, opp, opp2 or 0)))
        return tuple(version[s] for s in sides)

    cards = tuple(SideCard(names[c[0]], in_seat_order(c[0], c[1], c[2], c[3])) for c in held)
    early = not cross_checked(db, event)
    if len(sides) == 2 and len(held) == 1:
        only = Card(held[0][0], held[0][1], held[0][2], held[0][4], held[0][5])
        other = next(s for s in sides if s != only.entry)
        settled = [(c.entry, c.own, c.opp, None, c.forfeit) for c in copy_card(only, other)]
        rule, early = f"12.2(c): the only card, {names[only.entry]}'s, is copied to {names[other]}", False
    elif len(sides) == 3 and len(held) < 3:
        qualifiers = apparent_qualifiers(db, event)
        settled = settled_by_rule(event, sides, held, qualifiers)
        rule = "12.2: a side without a card takes the version worse for it"
    else:
        qualifiers = apparent_qualifiers(db, event)
        settled = settled_by_rule(event, sides, held, qualifiers)
        two = [Card(c[0], c[1], c[2], c[4], c[5]) for c in held]
        if len(sides) == 2 and both_claim(two, scoring_rules(event), win=True):
            rule = "12.2(e): both cards claim the win: a loss for both, each card's own spread to the minus column"
        elif len(sides) == 2 and both_claim(two, scoring_rules(event), win=False):
            rule = "12.2(e): both cards claim the loss: a loss for both, each by his own card"
        else:
            named = sorted(names[e] for e in qualifiers if e in sides)
            rule = ("12.2: an apparent qualifier takes the version worse for him" + (f" ({', '.join(named)})" if named else "")
                    + "; a non-qualifier keeps his own card")
    result = tuple(SideCard(names[c[0]], in_seat_order(c[0], c[1], c[2], c[3])) for c in settled)
    seen = ";".join(f"{e}:{own}-{opp}-{opp2}-{forfeit}-{source}" for e, own, opp, opp2, forfeit, source in sorted(held))
    return SettlePreview(game, table, tuple(names[s] for s in sides), cards, rule, result, early, seen)


@dataclass(frozen=True)
class TableAt:
    """The names at a table, for the desk to show before it records a result."""

    game: int
    table: int
    players: tuple[str, ...]
    after_cut: bool  # a change now may move the qualifiers: it needs the re-cut confirmed


def table_at(db: Db, event: Event, game: int, table: int) -> TableAt:
    pairing = q.pairing_at_table(db, event.id, game, table)
    if pairing is None or pairing.entry2_id is None:
        raise CribError(f"game {game} has no table {table}")
    names = entry_names(db, event)
    return TableAt(game, table, tuple(names[s] for s in pairing.sides), bool(st.seeded_count(db, event.id)))


# --- the whole round at a glance --------------------------------------------------------

@dataclass(frozen=True)
class GridTable:
    """One table of a game: its sides, its state (open, pending, agreed, disputed,
    final) and who entered what is in (players' cards by name, or the director)."""

    table: int
    players: tuple[str, ...]
    state: str
    entered_by: tuple[str, ...]


@dataclass(frozen=True)
class RoundGrid:
    event: str
    game: int | None  # the game shown: the first with a table not final, else the last
    games: int  # qualifying games paired so far
    tables: tuple[GridTable, ...]
    pending: int
    disputed: int


def round_grid(db: Db, event: Event, game: int | None = None) -> RoundGrid:
    """Every table of a game (the current one: the first with a table not final),
    with its state and who entered it."""
    scheduled = q.scheduled_games(db, event.id)
    pending, disputed = uncounted_games(db, event)
    if not scheduled:
        return RoundGrid(event.name, None, 0, (), pending, disputed)
    if game is None:
        open_tables = {g for _, g, _, _, _ in q.uncounted_cards(db, event.id)}
        first_open = q.first_open_game(db, event.id)
        game = min(open_tables | ({first_open} if first_open is not None else set()), default=scheduled)
    if not 1 <= game <= scheduled:
        raise CribError(f"game {game} of {event.name} has not been scheduled")
    names = entry_names(db, event)
    pairings = [p for p in q.pairings(db, event.id, game) if p.entry2_id is not None]
    by_table: dict[int, list[Outcome]] = {}
    for o in q.outcomes_for(db, [p.id for p in pairings]):
        by_table.setdefault(o.pairing_id, []).append(o)
    tables = []
    for p in pairings:
        rows = by_table.get(p.id, [])
        if not rows:
            state = "open"
        elif all(r.counted for r in rows) and len(rows) == len(p.sides):
            state = "agreed" if all(r.source == "card" for r in rows) else "final"
        elif len(p.sides) == 3:
            three = [Card3(r.entry_id, r.own_score, r.opp_score, r.opp2_score, r.forfeit, r.source) for r in rows]
            state = "pending" if cards_agree(three, p.sides) else "disputed"
        else:
            state = "pending" if len(rows) == 1 else "disputed"
        entered = tuple(sorted({names[r.entry_id] for r in rows if r.source == "card"})) or (("director",) if rows else ())
        tables.append(GridTable(p.table_no or 0, tuple(names[s] for s in p.sides), state, entered))
    return RoundGrid(event.name, game, scheduled, tuple(tables), pending, disputed)



@record
class CheckedIn:
    name: str
    present: bool
    changed: bool


def check_in(db: Db, event: Event, entry_id: int, present: bool, by: Actor = DIRECTOR, paid: int | None = None) -> CheckedIn:
    """Mark an entrant checked in (or take it back), as `checkin` does; ``paid``:
    the amount he has paid in all, in cents (as `checkin --amount`)."""
    done = (checkin.check_in(db, event.id, [entry_id], None if paid is None else Payment(paid), by=by) if present
            else checkin.check_out(db, event.id, entry_id, by=by))
    arrival = done.arrivals[0]
    return CheckedIn(arrival.name, present, done.changed)
