"""Looking up players, events, leagues and entries by what a director types: an
id (#12), 'Name #12' (as lists print players who share a name), an ACC number, or
a name matched as people type it. What a reference means, how an ambiguity lists
its candidates and which names to suggest is the pure policy of tourney/names.py;
this module only reads the rows. Maps read here (the roster, an event's entries)
are built once per command and dropped by the writer when their table changes:
nothing needs forgetting by hand."""

from __future__ import annotations

from collections import Counter

from crib_tourney.errors import Ambiguous, CribError, NotFound
from crib_tourney.store.rows import Entry, Event, Player, fetch, fetch_one
from crib_tourney.store.sql import Db, in_lists
from crib_tourney.tourney.names import (LISTED, MAX_ID, NOT_TEXT, NameIndex, duplicated, fold, id_reference, listed, match_name, plain_id,
                                       suggestion)
from crib_tourney.tourney.numbers import abbreviated


def describe_player(player: Player) -> str:
    extras = [f"#{player.id}"]
    if player.acc_number:
        extras.append(f"ACC {player.acc_number}")
    if player.club:
        extras.append(player.club)
    return f"{player.name} ({', '.join(extras)})"


def roster(db: Db) -> dict[int, str]:
    """Every player's id and name, read once per command (until a player is written)."""
    return db.memo("roster", ("player",), lambda: {int(i): str(n) for i, n in db.rows("SELECT id, name FROM player")})


def acc_index(db: Db) -> dict[str, list[int]]:
    """Folded ACC number -> the players holding it (in Python: SQLite's LOWER folds ASCII only)."""
    def build() -> dict[str, list[int]]:
        found: dict[str, list[int]] = {}
        for pid, acc in db.rows("SELECT id, acc_number FROM player WHERE acc_number IS NOT NULL"):
            found.setdefault(fold(str(acc)), []).append(int(pid))
        return found

    return db.memo("acc_index", ("player",), build)


def find_player(db: Db, ref: str, loose: bool = True) -> Player:
    """A player by #id, 'Name #id', name or ACC number. ``loose`` also accepts a
    unique last name, initial plus last name, or prefix; without it only the
    whole name (folded) matches."""
    by_id = id_reference(ref)
    if by_id is not None:
        pid, typed = by_id
        player = fetch_one(db, Player, "id = :id", id=pid) if pid <= MAX_ID else None
        if player is None:
            raise NotFound(f"no player #{abbreviated(ref.strip().rpartition('#')[2])}")
        if typed and not match_name(typed, [player.name], str):
            raise NotFound(f"player #{pid} is {player.name}, not {typed}")
        return player
    ids = _whole_name(db, ref) if db.memoized("roster_index") is None else []  # the usual case, by index
    if not ids:
        names = roster(db)
        index = db.memo("roster_index", ("player",), lambda: NameIndex(names))
        ids = index.match(ref) if loose else index.whole(ref)
    if not ids:  # an ACC number, compared as it is when added (folded): 'b9' finds B9
        if any("\udc80" <= c <= "\udcff" for c in ref):  # a byte that was not text in the terminal's encoding
            raise CribError(NOT_TEXT)
        ids = acc_index(db).get(fold(" ".join(ref.split())), [])
    if len(ids) == 1:
        return fetch_one(db, Player, "id = :id", id=ids[0])  # type: ignore[return-value]
    if not ids:
        hint = suggestion(ref, list(names.values()))
        raise NotFound(f"unknown player '{ref}'" + (f" (did you mean {hint}?)" if hint else ""))
    shown = [describe_player(fetch_one(db, Player, "id = :id", id=i)) for i in sorted(ids)[:LISTED]]  # type: ignore[arg-type]
    raise Ambiguous(f"'{ref}' matches {len(ids)} players: {listed(shown, len(ids))} (use #id or the ACC number)")


def find_event(db: Db, ref: str) -> Event:
    """An event by id or by its name as typed."""
    text = ref.strip()
    number = plain_id(text)
    if number is not None:
        event = fetch_one(db, Event, "id = :id", id=number)
        if event is not None:
            return event
    named = dict(db.rows("SELECT id, name FROM event"))
    ids = match_name(text, named, named.__getitem__)
    if len(ids) > 1:
        raise Ambiguous(f"'{ref}' matches {len(ids)} events: " + listed(sorted(named[i] for i in ids)))
    if not ids:
        hint = suggestion(text, list(named.values()), cutoff=0.6)
        raise NotFound(f"unknown event '{abbreviated(ref, 80)}'" + (f" (did you mean {hint}?)" if hint else " (see: crib-tourney event list)"))
    return fetch_one(db, Event, "id = :id", id=ids[0])  # type: ignore[return-value]


def find_league_id(db: Db, ref: str) -> int:
    text = ref.strip()
    named = dict(db.rows("SELECT id, name FROM league"))
    if plain_id(text) in named:
        return plain_id(text)  # type: ignore[return-value]
    ids = match_name(text, named, named.__getitem__)
    if len(ids) > 1:
        raise Ambiguous(f"'{ref}' matches {len(ids)} leagues: " + listed(sorted(named[i] for i in ids)))
    if not ids:
        raise NotFound(f"unknown league '{ref}' (see: crib-tourney league list)")
    return int(ids[0])


def name_taken(db: Db, table: str, name: str) -> str | None:
    """The existing event or league name that ``name`` equals once folded."""
    assert table in ("event", "league")
    return next((n for (n,) in db.rows(f"SELECT name FROM {table}") if fold(n) == fold(name)), None)


FEW_PLAYERS = 64  # up to this many names are read by id, unless the roster is read already


def player_names(db: Db, ids: set[int]) -> dict[int, str]:
    """Display names, with '#id' added where two players share a name: a few
    players' from their own rows (a result names two of 20,000), more from the roster."""
    if len(ids) <= FEW_PLAYERS and db.memoized("roster") is None:
        def few() -> tuple[dict[int, str], set[int]]:
            # the players and each player whose name is one of theirs in lower case, in one
            # statement (by the index on lower(name)): what sharing_a_name reads in two
            found: dict[int, str] = {}
            for marks, params in in_lists("p", sorted(ids)):
                found.update((int(i), str(n)) for i, n in db.rows(
                    f"SELECT id, name FROM player WHERE lower(name) IN (SELECT lower(name) FROM player WHERE id IN {marks})",
                    **params))
            names = {pid: found[pid] for pid in ids if pid in found}
            # a name beyond ASCII may fold to a plain one ("Émile Bélanger"): its plain namesakes by that fold
            found.update(_by_lower_name(db, [fold(name) for name in names.values() if not name.isascii()]))
            return names, _namesakes(names, {**found, **_names_beyond_ascii(db)})

        # the same few asked again in a command (a phone's report names its table twice)
        names, dupes = db.memo(("player_names", tuple(sorted(ids))), ("player",), few)
    else:
        names, dupes = roster(db), _roster_dupes(db)
    return {pid: (f"{names[pid]} #{pid}" if pid in dupes else names[pid]) for pid in ids}


def _roster_dupes(db: Db) -> set[int]:
    """The players whose name another player shares (printed with their '#id')."""
    return db.memo("roster_dupes", ("player",), lambda: duplicated(roster(db)))


# A name with a letter beyond ASCII, in each engine's words: the condition of the
# index ix_player_name_beyond_ascii (schema 24), repeated as written there so the
# query reads that index.
BEYOND_ASCII = {True: "length(CAST(name AS BLOB)) <> length(name)", False: "octet_length(name) <> char_length(name)"}


def _whole_name(db: Db, ref: str) -> list[int]:
    """The players whose whole name (folded) is ``ref``'s, as the roster's NameIndex
    finds them, without reading the roster: by the indexes sharing_a_name reads."""
    wanted = fold(ref)
    if not wanted:
        return []
    found = _by_lower_name(db, [wanted])
    found.update(_names_beyond_ascii(db))
    return sorted(int(pid) for pid, name in found.items() if fold(name) == wanted)


def _names_beyond_ascii(db: Db) -> dict[int, str]:
    """The players whose name has a letter beyond ASCII (by its index, schema 24)."""
    return db.memo("names_beyond_ascii", ("player",), lambda: dict(db.rows(
        f"SELECT id, name FROM player WHERE {BEYOND_ASCII[db.sqlite]}")))


def sharing_a_name(db: Db, players: dict[int, str]) -> set[int]:
    """Of these players (id: name), those whose name another player shares once
    folded, as _roster_dupes says, without reading the roster: only the players
    whose name could fold the same are read, each set by its index (schema 24):
    those whose lower case is an ASCII folded name (a kept name is trimmed and
    single spaced, so an ASCII name folds to its lower case) and those with a
    letter beyond ASCII (which may fold to anything)."""
    read = db.memoized("roster_dupes")
    if read is not None:
        return {p for p in players if p in read}
    others = _by_lower_name(db, [fold(name) for name in players.values()])
    others.update(_names_beyond_ascii(db))
    return _namesakes(players, others)


def _by_lower_name(db: Db, folds: list[str]) -> dict[int, str]:
    """The players whose lower-case name is one of the ASCII ``folds`` (by the index
    on lower(name)); a fold beyond ASCII is skipped: those names are _names_beyond_ascii."""
    found: dict[int, str] = {}
    for marks, params in in_lists("f", sorted({f for f in folds if f.isascii()})):
        found.update(db.rows(f"SELECT id, name FROM player WHERE lower(name) IN {marks}", **params))
    return found


def _namesakes(players: dict[int, str], others: dict[int, str]) -> set[int]:
    """Of ``players``, those whose folded name two of ``others`` (every player whose
    name could fold the same, the players themselves among them) have."""
    counts = Counter(fold(name) for name in others.values())
    return {pid for pid, name in players.items() if counts[fold(name)] > 1}


def entries_of(db: Db, event: Event) -> list[Entry]:
    return db.memo(("entries", event.id), ("entry",), lambda: fetch(db, Entry, "event_id = :e", "seq, id", e=event.id))


def players_in_game(db: Db, event: Event, game_no: int) -> list[int]:
    """Entries that play game ``game_no`` (entered by then, not withdrawn before it),
    in entry order (the rotation's order)."""
    return [entry for entry, _, _, first, last in _seating(db, event) if first <= game_no and (last is None or last >= game_no)]


def _seating(db: Db, event: Event) -> list[tuple[int, int, str | None, int, int | None]]:
    """(entry, player, team, first game, withdrawn after) of every entry, in entry order:
    what pairing a game and naming its sides need, read once per command as five
    columns (20,000 whole entries cost 84 ms; these, 35), or taken from the whole
    entries if this command has read them."""
    read = db.memoized(("entries", event.id))
    if read is not None:
        return [(e.id, e.player_id, e.team_name, e.first_game, e.withdrawn_after) for e in read]
    return db.memo(("seating", event.id), ("entry",), lambda: db.rows(
        "SELECT id, player_id, team_name, first_game, withdrawn_after FROM entry WHERE event_id = :e ORDER BY seq, id", e=event.id))


def entries_by_id(db: Db, event: Event) -> dict[int, Entry]:
    """The event's entries by id (read once per command, as entries_of)."""
    return db.memo(("entries_by_id", event.id), ("entry",), lambda: {e.id: e for e in entries_of(db, event)})


def entry_by_id(db: Db, event: Event, entry_id: int) -> Entry | None:
    """One entry of the event: from all of them if this command has read them (an
    import, see read_field), else its own row (a result needs two of 1,000)."""
    read = db.memoized(("entries_by_id", event.id))
    if read is not None:
        return read.get(entry_id)  # type: ignore[no-any-return]
    return db.memo(("entry", event.id, entry_id), ("entry",),
                   lambda: fetch_one(db, Entry, "event_id = :e AND id = :i", e=event.id, i=entry_id))


def names_of_entries(db: Db, event: Event, ids: list[int]) -> dict[int, str]:
    """entry_names of these entries of the event, without naming all the others
    unless this command has (as entry_by_id)."""
    read = db.memoized(("entry_names", event.id))
    if read is not None:
        return {i: read[i] for i in ids}
    entries = [entry_by_id(db, event, i) for i in ids]
    names = player_names(db, {e.player_id for e in entries if e is not None and e.team_name is None})
    return {e.id: e.team_name if e.team_name is not None else names[e.player_id] for e in entries if e is not None}


def read_field(db: Db, event: Event) -> None:
    """Read every entry and its printed name once, for a command about to look up
    many of them (an import's rows): each lookup then uses these."""
    entries_by_id(db, event)
    _printed_entries(db, event)


def entry_names(db: Db, event: Event) -> dict[int, str]:
    """Each entry's display name: its player's, or its team's (built once per
    command until an entry or a player is written: read it, never change it)."""
    def build() -> dict[int, str]:
        entries = _seating(db, event)
        names = player_names(db, {player for _, player, team, _, _ in entries if team is None})
        return {entry: team if team is not None else names[player] for entry, player, team, _, _ in entries}

    return db.memo(("entry_names", event.id), ("entry", "player"), build)


def _printed_entries(db: Db, event: Event) -> dict[str, list[int]]:
    """The entries' names as printed, to ids, once per command."""
    def build() -> dict[str, list[int]]:
        printed: dict[str, list[int]] = {}
        for entry_id, name in entry_names(db, event).items():
            printed.setdefault(name, []).append(entry_id)
        return printed

    return db.memo(("printed_entries", event.id), ("entry", "player"), build)


def _as_printed(db: Db, event: Event, name: str) -> list[int]:
    """The entries printed exactly as ``name``: those of every printed name if this
    command has read them, else a query for this name alone: the players of that
    name by its index, then their entries in this event (+e.event_id: not the
    event's 20,000 entries by the event's index); a team by its name only in an
    event of teams (a singles entry has none, and its team size cannot change once
    entries are in)."""
    read = db.memoized(("printed_entries", event.id))
    if read is not None:
        return read.get(name, [])  # type: ignore[no-any-return]
    found = db.rows("SELECT e.id, e.player_id, e.team_name, e.seq FROM player p JOIN entry e ON e.player_id = p.id"
                    " WHERE p.name = :n AND +e.event_id = :e AND e.team_name IS NULL", e=event.id, n=name)
    if event.team_size > 1:
        found += db.rows("SELECT id, player_id, team_name, seq FROM entry WHERE event_id = :e AND team_name = :n", e=event.id, n=name)
    found = [row[:3] for row in sorted(found, key=lambda r: (r[3], r[0]))]
    players = [player for _, player, team in found if team is None]
    dupes = sharing_a_name(db, {player: name for player in players}) if players else set()
    return [entry for entry, player, team in found if team is not None or player not in dupes]  # a shared name prints with '#id'


def _entry_index(db: Db, event: Event) -> NameIndex[int]:
    """The entries' names indexed for matching, once per command, and only when a
    name was not typed as printed (folding 1,000 names cost `result` 10 ms)."""
    return db.memo(("entry_index", event.id), ("entry", "player"), lambda: NameIndex(entry_names(db, event)))


def members_of(db: Db, event: Event) -> dict[int, list[int]]:
    """Each entry's players, in the order given: one for a singles entry."""
    def build() -> dict[int, list[int]]:
        members: dict[int, list[int]] = {e.id: [] if e.team_name is not None else [e.player_id] for e in entries_of(db, event)}
        for entry_id, player_id in db.rows("SELECT entry_id, player_id FROM entry_member WHERE event_id = :e ORDER BY entry_id, seat",
                                           e=event.id):
            members.setdefault(entry_id, []).append(player_id)
        return members

    return db.memo(("members", event.id), ("entry", "entry_member"), build)


def acc_numbers(db: Db, event: Event) -> dict[int, str | None]:
    """The ACC number of each player in the event (singles entrants and team members)."""
    return dict(db.rows("SELECT id, acc_number FROM player WHERE id IN (SELECT player_id FROM entry WHERE event_id = :e"
                        " UNION SELECT player_id FROM entry_member WHERE event_id = :e)", e=event.id))


def member_names(db: Db, event: Event) -> dict[int, list[str]]:
    """Each entry's players' display names."""
    members = members_of(db, event)
    names = player_names(db, {p for players in members.values() for p in players})
    return {entry: [names[p] for p in players] for entry, players in members.items()}


def entry_of(db: Db, event: Event, player: Player) -> Entry:
    """The entry a player plays in: his own, or his team's."""
    def build() -> dict[int, Entry]:
        members, playing = members_of(db, event), dict[int, Entry]()
        for e in entries_of(db, event):
            for p in members.get(e.id, ()):
                playing.setdefault(p, e)
        return playing

    entry = db.memo(("entry_of_player", event.id), ("entry", "entry_member"), build).get(player.id)
    if entry is None:
        raise CribError(f"{player.name} is not entered in {event.name}" if not any(e.team_name for e in entries_of(db, event))
                        else f"{player.name} is on no team in {event.name}")
    return entry


def find_entry(db: Db, event: Event, ref: str) -> Entry:
    """The competitor a typed name means in this event: a name is matched among
    the event's entrants first (a team by its name), so 'Kowalski' is enough when
    only one plays; then any player, and his entry (his team's in a team event)."""
    if id_reference(ref) is None:
        exact = _as_printed(db, event, " ".join(ref.split()))  # as the table sheet prints it: no folding needed
        ids = exact if len(exact) == 1 else _entry_index(db, event).match(ref)
        if len(ids) == 1:
            return entry_by_id(db, event, ids[0])  # type: ignore[return-value]  # one of its entries
    return entry_of(db, event, find_player(db, ref))
