"""The roster: adding, finding, changing and importing players."""

from __future__ import annotations

import re

from crib_tourney.csvfiles import read_rows, refuse
from crib_tourney.errors import CribError, NotFound
from crib_tourney.inputs.names import NewPlayer
from crib_tourney.store import players as store
from crib_tourney.store.directory import describe_player, find_player
from crib_tourney.store.rows import Player
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import Change
from crib_tourney.tourney.names import Identities, checked_acc, checked_detail, checked_name, fold


def _identities(db: Db) -> Identities:
    return Identities.of((p.id, p.name, p.acc_number) for p in store.search_players(db, None))


def _refuse_clash(known: Identities, key: int | None, name: str, acc: str | None) -> None:
    why = known.clash(key, name, acc)
    if why:
        raise CribError(why)


def add(db: Db, name: str, acc_number: str | None, club: str | None, email: str | None, duplicate: bool = False) -> Player:
    """A new player. A name already on the roster is refused unless ``duplicate``
    (two people may share a name): a repeated command must not add a second one."""
    name, acc_number = checked_name(name, "player"), checked_acc(acc_number)
    club, email = checked_detail(club, "a club"), checked_detail(email, "an e-mail address")
    roster = store.search_players(db, None)
    same = next((p for p in roster if fold(p.name) == fold(name)), None)
    if same is not None and not duplicate:
        raise CribError(f"{describe_player(same)} is already on the roster; to add another player of that name,"
                        " add --duplicate")
    _refuse_clash(Identities.of((p.id, p.name, p.acc_number) for p in roster), None, name, acc_number)
    change = Change(db, "player add")
    player = store.add_player(change, name, acc_number, club, email)
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
        player.acc_number = checked_acc(acc_number)
        store.check_acc_free(db, player.acc_number, player.id)
    if name is not None or acc_number is not None:
        _refuse_clash(_identities(db), player.id, player.name, player.acc_number)
    if club is not None:
        player.club = checked_detail(club, "a club")
    if email is not None:
        player.email = checked_detail(email, "an e-mail address")
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
            name = checked_name(ref, "player")
            _refuse_clash(_identities(db), None, name, None)
            found.append(store.add_player(change, name, None, None, None))
    return found


def import_players(db: Db, text: str, file_name: str = "the CSV") -> tuple[int, int]:
    """Import a roster CSV. Every bad row is reported by line number and nothing is
    imported unless all rows are good. A row whose ACC number (or, without one,
    whose exact name) is already on the roster is skipped."""
    header, records = read_rows(text, file_name)
    if "name" not in header:
        raise CribError(f"{file_name}: the CSV needs a header row with a 'name' column (and optionally acc_number, club, email)")
    errors: list[str] = []
    rows: list[tuple[str, str | None, str | None, str | None]] = []
    skipped = 0
    roster = store.search_players(db, None)
    known = Identities.of((p.id, p.name, p.acc_number) for p in roster)
    acc_holders = {fold(p.acc_number): p for p in roster if p.acc_number}
    seen_acc: dict[str, int] = {}
    plain_names: set[str] = set()  # rows without an ACC number: a second row of the same exact name is skipped
    for line_no, row in records:
        try:
            if None in row:
                raise CribError("more fields than the header has")
            # the checks `player add` and `player edit` make, row by row
            name = checked_name(row.get("name", ""), "player")
            acc = checked_acc(row.get("acc_number"))
            club, email = checked_detail(row.get("club"), "a club"), checked_detail(row.get("email"), "an e-mail address")
            if acc and fold(acc) in seen_acc:
                raise CribError(f"ACC number {acc} repeats line {seen_acc[fold(acc)]}")
            holder = acc_holders.get(fold(acc)) if acc else None
            if holder is not None and fold(holder.name) != fold(name):
                raise CribError(f"ACC number {acc} belongs to {holder.name} (#{holder.id}), not {name}")
            if acc:
                seen_acc[fold(acc)] = line_no
            if holder is not None or (not acc and name in plain_names) or store.already_on_roster(db, name, acc):
                skipped += 1  # on the roster already: the same ACC number, or (without one) the same exact name
                continue
            why = known.clash(None, name, acc)
            if why:
                raise CribError(why)
        except CribError as exc:
            errors.append(f"line {line_no}: {exc}")
            continue
        known.add(f"line {line_no}", name, acc, f"{name} (line {line_no})")
        if not acc:
            plain_names.add(name)
        rows.append((name, acc, club, email))
    refuse(errors, file_name)
    change = Change(db, "player import")
    for name, acc, club, email in rows:
        store.add_player(change, name, acc, club, email)
    change.log(f"imported {len(rows)} players from {file_name}" + (f" ({skipped} already on the roster)" if skipped else ""))
    return len(rows), skipped
