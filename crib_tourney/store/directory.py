"""Finding players and events by what a director types: an id (#12 or 12), an
ACC number, or a name (case-insensitive). An ambiguous name lists the candidates."""

from __future__ import annotations

from sqlalchemy import func
from sqlmodel import Session, select

from crib_tourney.errors import Ambiguous, CribError, NotFound
from crib_tourney.store.models import Entry, Event, Player


def describe_player(player: Player) -> str:
    extras = [f"#{player.id}"]
    if player.acc_number:
        extras.append(f"ACC {player.acc_number}")
    if player.club:
        extras.append(player.club)
    return f"{player.name} ({', '.join(extras)})"


def _id_of(ref: str) -> int | None:
    """'#12', or 'Name #12' as lists print players who share a name."""
    text = ref.strip()
    if text.startswith("#") and text[1:].isdigit():
        return int(text[1:])
    name, _, number = text.rpartition(" #")
    if name and number.isdigit():
        return int(number)
    return None


def find_player(session: Session, ref: str) -> Player:
    """A player by '#id', ACC number or name. Names are matched case-insensitively
    and ignoring extra spaces; two players of one name need '#id' or ACC number."""
    pid = _id_of(ref)
    if pid is not None:
        player = session.get(Player, pid)
        if player is None:
            raise NotFound(f"no player #{pid}")
        return player
    name = " ".join(ref.split())
    matches = session.exec(select(Player).where(func.lower(Player.name) == name.lower()).order_by(Player.id)).all()
    if not matches:
        matches = session.exec(select(Player).where(Player.acc_number == name).order_by(Player.id)).all()
    if len(matches) == 1:
        return matches[0]
    if not matches:
        hint = _suggest(session, name)
        raise NotFound(f"unknown player '{ref}'" + (f" (did you mean {hint}?)" if hint else ""))
    raise Ambiguous(
        f"'{ref}' matches {len(matches)} players: "
        + "; ".join(describe_player(p) for p in matches)
        + " (use #id or the ACC number)"
    )


def _suggest(session: Session, name: str) -> str | None:
    import difflib

    names = session.exec(select(Player.name)).all()
    close = difflib.get_close_matches(name, names, n=3, cutoff=0.75)
    return " or ".join(f"'{n}'" for n in close) if close else None


def find_event(session: Session, ref: str) -> Event:
    """An event by id or by its unique name (case-insensitive)."""
    text = ref.strip()
    key = text[1:] if text.startswith("#") else text
    if key.isdigit():
        event = session.get(Event, int(key))
        if event is not None:
            return event
    event = session.exec(select(Event).where(func.lower(Event.name) == text.lower())).first()
    if event is None:
        raise NotFound(f"unknown event '{ref}' (see: crib-tourney event list)")
    return event


def entry_of(session: Session, event: Event, player: Player) -> Entry:
    entry = session.exec(
        select(Entry).where(Entry.event_id == event.id, Entry.player_id == player.id)
    ).first()
    if entry is None:
        raise CribError(f"{player.name} is not entered in {event.name}")
    return entry


def player_names(session: Session, ids: set[int]) -> dict[int, str]:
    """Display names, disambiguated with #id where two players share a name."""
    if not ids:
        return {}
    rows = session.exec(select(Player.id, Player.name).where(Player.id.in_(ids))).all()  # type: ignore[union-attr]
    names = {pid: name for pid, name in rows}
    dupes = _duplicate_names(session)
    return {pid: (f"{name} #{pid}" if name.lower() in dupes else name) for pid, name in names.items()}


def _duplicate_names(session: Session) -> set[str]:
    rows = session.exec(
        select(func.lower(Player.name)).group_by(func.lower(Player.name)).having(func.count() > 1)
    ).all()
    return set(rows)
