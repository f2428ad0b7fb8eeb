"""The roster: adding, searching and importing players."""

from __future__ import annotations

import csv
import io

from sqlalchemy import func, or_
from sqlmodel import Session, select

from crib_tourney.errors import CribError
from crib_tourney.store.models import Entry, Event, Player


def check_acc_free(session: Session, acc_number: str | None, player_id: int | None = None) -> None:
    if not acc_number:
        return
    other = session.exec(select(Player).where(Player.acc_number == acc_number)).first()
    if other is not None and other.id != player_id:
        raise CribError(f"ACC number {acc_number} already belongs to {other.name} (#{other.id})")


def add_player(session: Session, name: str, acc_number: str | None, club: str | None, email: str | None) -> Player:
    check_acc_free(session, acc_number)
    player = Player(name=name, acc_number=acc_number, club=club, email=email)
    session.add(player)
    session.flush()
    return player


def search_players(session: Session, search: str | None) -> list[Player]:
    query = select(Player)
    if search:
        pattern = f"%{search.lower()}%"
        query = query.where(
            or_(
                func.lower(Player.name).like(pattern),
                func.lower(func.coalesce(Player.club, "")).like(pattern),
                func.coalesce(Player.acc_number, "").like(pattern),
            )
        )
    return list(session.exec(query.order_by(func.lower(Player.name), Player.id)).all())


def events_of(session: Session, player: Player) -> list[str]:
    rows = session.exec(
        select(Event.name).join(Entry, Entry.event_id == Event.id).where(Entry.player_id == player.id).order_by(Event.id)  # type: ignore[arg-type]
    ).all()
    return list(rows)


def import_players(session: Session, text: str) -> tuple[int, int]:
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
        row = {(k or "").strip().lower(): " ".join((v or "").split()) for k, v in raw.items() if k is not None}
        if None in raw:
            errors.append(f"line {line_no}: more fields than the header has")
            continue
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
            existing = session.exec(select(Player).where(Player.acc_number == acc)).first()
        else:
            existing = session.exec(select(Player).where(Player.name == name, Player.acc_number == None)).first()  # noqa: E711
        if existing is not None:
            skipped += 1
            continue
        session.add(Player(name=name, acc_number=acc, club=club, email=email))
        added += 1
    session.flush()
    return added, skipped
