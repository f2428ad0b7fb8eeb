"""The roster: adding, finding, changing and importing players."""

from __future__ import annotations

import re

from crib_tourney.csvfiles import read_rows, refuse
from crib_tourney.errors import CribError, NotFound
from crib_tourney.inputs.names import NewPlayer
from crib_tourney.store import players as store
from crib_tourney.store.directory import find_player
from crib_tourney.store.rows import Player
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import Change
from crib_tourney.tourney.names import checked_name, fold


MAX_DETAIL = 120


def _field(value: str | None, what: str = "a detail") -> str | None:
    """An optional detail as typed: trimmed, empty meaning none; printable and
    one line, since it is printed on terminals, sheets and CSV exports."""
    if value is None:
        return None
    clean = " ".join(value.split())
    if not clean.isprintable():
        raise CribError(f"{what} cannot hold control or invisible characters")
    if len(clean) > MAX_DETAIL:
        raise CribError(f"{what} can be at most {MAX_DETAIL} characters (this one has {len(clean)})")
    return clean or None


def add(db: Db, name: str, acc_number: str | None, club: str | None, email: str | None) -> Player:
    change = Change(db, "player add")
    player = store.add_player(change, checked_name(name, "player"), _field(acc_number, "an ACC number"), _field(club, "a club"),
                              _field(email, "an e-mail address"))
    change.log(f"added {player.name} (#{player.id})")
    return player


def search(db: Db, text: str | None) -> list[Player]:
    return store.search_players(db, text)


def details(db: Db, ref: str) -> dict:
    player = find_player(db, ref)
    apart = [b if a == player.id else a for a, b in store.avoided_pairs(db) if player.id in (a, b)]
    return player.as_dict() | {"events": store.events_of(db, player),
                               "kept_apart_from": [p.name for p in store.players_by_id(db, apart).values()]}


def keep_apart(db: Db, ref: str, others: list[str], apart: bool) -> list[str]:
    """Seat a player never with these others (family), or again allow it; in
    every event, from its next pairing on."""
    player = find_player(db, ref)
    lines = []
    change = Change(db, "player avoid")
    for other in [find_player(db, o) for o in others]:
        if other.id == player.id:
            raise CribError(f"{player.name} cannot be kept apart from themselves")
        store.set_avoid(change, player.id, other.id, apart)
        lines.append(f"{player.name} and {other.name} " + ("are kept apart in every pairing" if apart else "may be paired again"))
    change.log("; ".join(lines))
    return lines


def edit(db: Db, ref: str, name: str | None, acc_number: str | None, club: str | None, email: str | None) -> Player:
    """Change the details given; an empty string clears a field."""
    player = find_player(db, ref)
    before = player.name
    if name is not None:
        player.name = checked_name(name, "player")
    if acc_number is not None:
        player.acc_number = _field(acc_number, "an ACC number")
        store.check_acc_free(db, player.acc_number, player.id)
    if club is not None:
        player.club = _field(club, "a club")
    if email is not None:
        player.email = _field(email, "an e-mail address")
    change = Change(db, "player edit")
    store.update_player(change, player)
    change.log(f"edited {before} (#{player.id})" + (f": now {player.name}" if player.name != before else ""))
    return player


def resolve_players(change: Change, refs: list[int | NewPlayer]) -> list[Player]:
    """The players named (ids), adding the new ones to the roster as part of ``change``."""
    known = store.players_by_id(change.db, [r for r in refs if isinstance(r, int)])
    return [known[r] if isinstance(r, int) else store.add_player(change, r.name, None, None, None) for r in refs]


def find_or_add(change: Change, refs: list[str], add_unknown: bool) -> list[Player]:
    """Players by what was typed; with ``add_unknown`` a name not on the roster is added (as part of ``change``)."""
    db = change.db
    found = []
    for ref in refs:
        try:
            # with --new only the whole name finds a player: 'Pat' must not become 'Patricia Smith'
            found.append(find_player(db, ref, loose=not add_unknown))
        except NotFound:
            if not add_unknown or re.search(r"#\d+$", ref.strip()):  # '#12', 'Pat #12': a player who must exist
                raise
            found.append(store.add_player(change, checked_name(ref, "player"), None, None, None))
    return found


def import_players(db: Db, text: str, file_name: str = "the CSV") -> tuple[int, int]:
    """Import a roster CSV. Every bad row is reported by line number and nothing is
    imported unless all rows are good. A row whose ACC number (or, without one,
    whose exact name) is already on the roster is skipped."""
    header, records = read_rows(text, file_name)
    if "name" not in header:
        raise CribError(f"{file_name}: the CSV needs a header row with a 'name' column (and optionally acc_number, club, email)")
    errors: list[str] = []
    rows = []
    seen_acc: dict[str, int] = {}
    for line_no, row in records:
        if None in row:
            errors.append(f"line {line_no}: more fields than the header has")
            continue
        name = " ".join(row.get("name", "").split())
        try:
            checked_name(name, "player")
        except CribError as exc:
            errors.append(f"line {line_no}: {exc}")
            continue
        acc = row.get("acc_number") or None
        if acc and acc in seen_acc:
            errors.append(f"line {line_no}: ACC number {acc} repeats line {seen_acc[acc]}")
            continue
        if acc:
            seen_acc[acc] = line_no
            holder = store.acc_holder(db, acc)
            if holder is not None and fold(holder.name) != fold(name):
                errors.append(f"line {line_no}: ACC number {acc} belongs to {holder.name} (#{holder.id}), not {name}")
                continue
        rows.append((name, acc, row.get("club") or None, row.get("email") or None))
    refuse(errors, file_name)
    added = skipped = 0
    change = Change(db, "player import")
    for name, acc, club, email in rows:
        if store.already_on_roster(db, name, acc):
            skipped += 1
            continue
        store.add_player(change, name, acc, club, email)
        added += 1
    change.log(f"imported {added} players from {file_name}" + (f" ({skipped} already on the roster)" if skipped else ""))
    return added, skipped
