"""Finding players, events, leagues and entries by what a director types: an id
(#12), 'Name #12' (as lists print players who share a name), an ACC number, or a
name matched as people type it (tourney/names.py). An ambiguous name lists the
candidates."""

from __future__ import annotations

import difflib

from crib_tourney.errors import Ambiguous, CribError, NotFound
from crib_tourney.store.rows import Entry, Event, Player, fetch, fetch_one
from crib_tourney.store.sql import Db
from crib_tourney.tourney.names import duplicated, fold, match_name
from crib_tourney.tourney.numbers import abbreviated, id_number


def describe_player(player: Player) -> str:
    extras = [f"#{player.id}"]
    if player.acc_number:
        extras.append(f"ACC {player.acc_number}")
    if player.club:
        extras.append(player.club)
    return f"{player.name} ({', '.join(extras)})"


MAX_ID = 2**62  # ids past this exist nowhere, and would overflow the database's integers


def _id_of(ref: str) -> tuple[int, str] | None:
    """(id, the name typed before it or '') of '#12' or 'Name #12'."""
    text = ref.strip()
    if text.startswith("#") and (number := id_number(text[1:])) is not None:
        return number, ""
    name, _, digits = text.rpartition(" #")
    if name and (number := id_number(digits)) is not None:
        return number, name
    return None


LISTED = 8  # candidates named in an ambiguity: enough to choose from, never a screenful


def listed(names: list[str], total: int | None = None) -> str:
    """'a; b; c' for the first few names, and how many more."""
    total = len(names) if total is None else total
    more = total - min(len(names), LISTED)
    return "; ".join(names[:LISTED]) + (f"; and {more} more" if more > 0 else "")


def roster(db: Db) -> dict[int, str]:
    """Every player's id and name, read once per command."""
    if "roster" not in db.cache:
        db.cache["roster"] = dict(db.rows("SELECT id, name FROM player"))
    return db.cache["roster"]


def _suggest(query: str, names: list[str], cutoff: float = 0.75) -> str | None:
    folded = {fold(n): n for n in names}
    close = difflib.get_close_matches(fold(query), list(folded), n=3, cutoff=cutoff)
    return " or ".join(f"'{folded[c]}'" for c in close) if close else None


def find_player(db: Db, ref: str, loose: bool = True) -> Player:
    """A player by #id, 'Name #id', name or ACC number. ``loose`` also accepts a
    unique last name, initial plus last name, or prefix; without it only the
    whole name (folded) matches."""
    by_id = _id_of(ref)
    if by_id is not None:
        pid, typed = by_id
        player = fetch_one(db, Player, "id = :id", id=pid) if pid <= MAX_ID else None
        if player is None:
            raise NotFound(f"no player #{abbreviated(ref.strip().rpartition('#')[2])}")
        if typed and not match_name(typed, [player.name], str):
            raise NotFound(f"player #{pid} is {player.name}, not {typed}")
        return player
    names = roster(db)
    ids = match_name(ref, names, names.__getitem__) if loose else [i for i, n in names.items() if fold(n) == fold(ref)]
    if not ids:
        ids = [r[0] for r in db.rows("SELECT id FROM player WHERE acc_number = :acc", acc=" ".join(ref.split()))]
    if len(ids) == 1:
        return fetch_one(db, Player, "id = :id", id=ids[0])  # type: ignore[return-value]
    if not ids:
        hint = _suggest(ref, list(names.values()))
        raise NotFound(f"unknown player '{ref}'" + (f" (did you mean {hint}?)" if hint else ""))
    shown = [describe_player(fetch_one(db, Player, "id = :id", id=i)) for i in sorted(ids)[:LISTED]]  # type: ignore[arg-type]
    raise Ambiguous(f"'{ref}' matches {len(ids)} players: {listed(shown, len(ids))} (use #id or the ACC number)")


def find_event(db: Db, ref: str) -> Event:
    """An event by id or by its name as typed."""
    text = ref.strip()
    key = text[1:] if text.startswith("#") else text
    if (number := id_number(key)) is not None and number <= MAX_ID:
        event = fetch_one(db, Event, "id = :id", id=number)
        if event is not None:
            return event
    named = dict(db.rows("SELECT id, name FROM event"))
    ids = match_name(text, named, named.__getitem__)
    if len(ids) > 1:
        raise Ambiguous(f"'{ref}' matches {len(ids)} events: " + listed(sorted(named[i] for i in ids)))
    if not ids:
        hint = _suggest(text, list(named.values()), cutoff=0.6)
        raise NotFound(f"unknown event '{abbreviated(ref, 80)}'" + (f" (did you mean {hint}?)" if hint else " (see: crib-tourney event list)"))
    return fetch_one(db, Event, "id = :id", id=ids[0])  # type: ignore[return-value]


def find_league_id(db: Db, ref: str) -> int:
    text = ref.strip()
    key = text.lstrip("#")
    named = dict(db.rows("SELECT id, name FROM league"))
    if id_number(key) in named:
        return id_number(key)  # type: ignore[return-value]
    ids = match_name(text, named, named.__getitem__)
    if len(ids) > 1:
        raise Ambiguous(f"'{ref}' matches {len(ids)} leagues: " + listed(sorted(named[i] for i in ids)))
    if not ids:
        raise NotFound(f"unknown league '{ref}' (see: crib-tourney league list)")
    return ids[0]


def name_taken(db: Db, table: str, name: str) -> str | None:
    """The existing event or league name that ``name`` equals once folded."""
    assert table in ("event", "league")
    return next((n for (n,) in db.rows(f"SELECT name FROM {table}") if fold(n) == fold(name)), None)


def player_names(db: Db, ids: set[int]) -> dict[int, str]:
    """Display names, with '#id' added where two players share a name."""
    names = roster(db)
    dupes = db.cache.get("roster_dupes")
    if dupes is None:
        dupes = db.cache["roster_dupes"] = duplicated(names)
    return {pid: (f"{names[pid]} #{pid}" if pid in dupes else names[pid]) for pid in ids}


def entries_of(db: Db, event: Event) -> list[Entry]:
    if ("entries", event.id) not in db.cache:
        db.cache[("entries", event.id)] = fetch(db, Entry, "event_id = :e", "seq, id", e=event.id)
    return db.cache[("entries", event.id)]


def forget_entries(db: Db, event: Event) -> None:
    db.cache.pop(("entries", event.id), None)
    db.cache.pop(("members", event.id), None)


def entry_names(db: Db, event: Event) -> dict[int, str]:
    """Each entry's display name: its player's, or its team's."""
    entries = entries_of(db, event)
    names = player_names(db, {e.player_id for e in entries if e.team_name is None})
    return {e.id: e.team_name if e.team_name is not None else names[e.player_id] for e in entries}


def members_of(db: Db, event: Event) -> dict[int, list[int]]:
    """Each entry's players, in the order given: one for a singles entry."""
    key = ("members", event.id)
    if key not in db.cache:
        members: dict[int, list[int]] = {e.id: [] if e.team_name is not None else [e.player_id] for e in entries_of(db, event)}
        for entry_id, player_id in db.rows("SELECT entry_id, player_id FROM entry_member WHERE event_id = :e ORDER BY entry_id, seat",
                                           e=event.id):
            members.setdefault(entry_id, []).append(player_id)
        db.cache[key] = members
    return db.cache[key]


def member_names(db: Db, event: Event) -> dict[int, list[str]]:
    """Each entry's players' display names."""
    members = members_of(db, event)
    names = player_names(db, {p for players in members.values() for p in players})
    return {entry: [names[p] for p in players] for entry, players in members.items()}


def entry_of(db: Db, event: Event, player: Player) -> Entry:
    """The entry a player plays in: his own, or his team's."""
    members = members_of(db, event)
    entry = next((e for e in entries_of(db, event) if player.id in members.get(e.id, ())), None)
    if entry is None:
        raise CribError(f"{player.name} is not entered in {event.name}" if not any(e.team_name for e in entries_of(db, event))
                        else f"{player.name} is on no team in {event.name}")
    return entry


def find_entry(db: Db, event: Event, ref: str) -> Entry:
    """The competitor a typed name means in this event: a name is matched among
    the event's entrants first (a team by its name), so 'Kowalski' is enough when
    only one plays; then any player, and his entry (his team's in a team event)."""
    if _id_of(ref) is None:
        entries = {e.id: e for e in entries_of(db, event)}
        names = entry_names(db, event)
        typed = " ".join(ref.split())
        exact = [i for i, n in names.items() if n == typed]  # as the table sheet prints it: no folding needed
        ids = exact if len(exact) == 1 else match_name(ref, names, names.__getitem__)
        if len(ids) == 1:
            return entries[ids[0]]
    return entry_of(db, event, find_player(db, ref))
