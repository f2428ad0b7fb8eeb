"""The roster: adding, searching and importing players."""

from __future__ import annotations

import csv
import io

from crib_tourney.errors import CribError
from crib_tourney.store.rows import Player, fetch, fetch_one
from crib_tourney.store.sql import Db


def check_acc_free(db: Db, acc_number: str | None, player_id: int | None = None) -> None:
    if not acc_number:
        return
    other = fetch_one(db, Player, "acc_number = :acc", acc=acc_number)
    if other is not None and other.id != player_id:
        raise CribError(f"ACC number {acc_number} already belongs to {other.name} (#{other.id})")


def add_player(db: Db, name: str, acc_number: str | None, club: str | None, email: str | None) -> Player:
    check_acc_free(db, acc_number)
    from crib_tourney.store.audit import now

    db.cache.pop("roster", None)
    db.cache.pop("roster_dupes", None)

    values = dict(name=name, acc_number=acc_number, club=club, email=email)
    player_id = db.insert("player", dict(values, created_at=now()))
    return Player(id=player_id, **values)


def find_or_add(db: Db, refs: list[str], add_unknown: bool) -> list[Player]:
    """Players by what was typed; with ``add_unknown`` a name not on the roster is
    added (a '#id' never is: it names a player who must exist)."""
    from crib_tourney.errors import NotFound
    from crib_tourney.store.directory import find_player

    found = []
    for ref in refs:
        try:
            # with --new only the whole name finds a player: 'Pat' must not become 'Patricia Smith'
            found.append(find_player(db, ref, loose=not add_unknown))
        except NotFound:
            if not add_unknown or ref.strip().startswith("#"):
                raise
            found.append(add_player(db, " ".join(ref.split()), None, None, None))
    return found


def players_by_id(db: Db, ids: list[int]) -> dict[int, Player]:
    from crib_tourney.store.sql import in_list

    if not ids:
        return {}
    marks, params = in_list("p", ids)
    return {p.id: p for p in fetch(db, Player, f"id IN {marks}", **params)}


def update_player(db: Db, player: Player) -> None:
    db.cache.pop("roster", None)
    db.cache.pop("roster_dupes", None)
    db.execute(
        "UPDATE player SET name = :name, acc_number = :acc_number, club = :club, email = :email WHERE id = :id",
        **player.as_dict(),
    )


def search_players(db: Db, search: str | None) -> list[Player]:
    if not search:
        return fetch(db, Player, order="LOWER(name), id")
    return fetch(
        db, Player,
        "LOWER(name) LIKE :pattern OR LOWER(COALESCE(club, '')) LIKE :pattern OR COALESCE(acc_number, '') LIKE :pattern",
        "LOWER(name), id", pattern=f"%{search.lower()}%",
    )


def events_of(db: Db, player: Player) -> list[str]:
    rows = db.rows(
        "SELECT event.name FROM event JOIN entry ON entry.event_id = event.id WHERE entry.player_id = :p ORDER BY event.id",
        p=player.id,
    )
    return [r[0] for r in rows]


def import_players(db: Db, text: str) -> tuple[int, int]:
    """Import a roster CSV. Every bad row is reported by line number and nothing is
    imported unless all rows are good. A row whose ACC number (or, without one,
    whose exact name) is already on the roster is skipped."""
    reader = csv.DictReader(io.StringIO(text))
    if not reader.fieldnames or "name" not in [f.strip().lower() for f in reader.fieldnames]:
        raise CribError("the CSV needs a header row with a 'name' column (and optionally acc_number, club, email)")
    errors: list[str] = []
    rows = []
    seen_acc: dict[str, int] = {}
    for line_no, raw in enumerate(reader, start=2):
        if None in raw:
            errors.append(f"line {line_no}: more fields than the header has")
            continue
        row = {(k or "").strip().lower(): " ".join((v or "").split()) for k, v in raw.items()}
        name = row.get("name", "")
        if not name:
            errors.append(f"line {line_no}: no name")
            continue
        if name.startswith("#"):
            errors.append(f"line {line_no}: a name cannot start with '#'")
            continue
        acc = row.get("acc_number") or None
        if acc and acc in seen_acc:
            errors.append(f"line {line_no}: ACC number {acc} repeats line {seen_acc[acc]}")
            continue
        if acc:
            seen_acc[acc] = line_no
        rows.append((name, acc, row.get("club") or None, row.get("email") or None))
    if errors:
        raise CribError(f"{len(errors)} bad row(s), nothing imported: " + "; ".join(errors))
    added = skipped = 0
    for name, acc, club, email in rows:
        if acc:
            existing = fetch_one(db, Player, "acc_number = :acc", acc=acc)
        else:
            existing = fetch_one(db, Player, "name = :name AND acc_number IS NULL", name=name)
        if existing is not None:
            skipped += 1
            continue
        add_player(db, name, acc, club, email)
        added += 1
    return added, skipped
