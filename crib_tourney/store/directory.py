"""Finding players and events by what a director types: an id (#12), 'Name #12'
(as lists print players who share a name), an ACC number, or a name
(case-insensitive). An ambiguous name lists the candidates."""

from __future__ import annotations

import difflib

from crib_tourney.errors import Ambiguous, NotFound
from crib_tourney.store.rows import Event, Player, fetch, fetch_one
from crib_tourney.store.sql import Db, in_list


def describe_player(player: Player) -> str:
    extras = [f"#{player.id}"]
    if player.acc_number:
        extras.append(f"ACC {player.acc_number}")
    if player.club:
        extras.append(player.club)
    return f"{player.name} ({', '.join(extras)})"


def _id_of(ref: str) -> int | None:
    text = ref.strip()
    if text.startswith("#") and text[1:].isdigit():
        return int(text[1:])
    name, _, number = text.rpartition(" #")
    if name and number.isdigit():
        return int(number)
    return None


def find_player(db: Db, ref: str) -> Player:
    pid = _id_of(ref)
    if pid is not None:
        player = fetch_one(db, Player, "id = :id", id=pid)
        if player is None:
            raise NotFound(f"no player #{pid}")
        return player
    name = " ".join(ref.split())
    matches = fetch(db, Player, "LOWER(name) = :name", name=name.lower())
    if not matches:
        matches = fetch(db, Player, "acc_number = :acc", acc=name)
    if len(matches) == 1:
        return matches[0]
    if not matches:
        hint = _suggest(db, name)
        raise NotFound(f"unknown player '{ref}'" + (f" (did you mean {hint}?)" if hint else ""))
    raise Ambiguous(
        f"'{ref}' matches {len(matches)} players: "
        + "; ".join(describe_player(p) for p in matches)
        + " (use #id or the ACC number)"
    )


def _suggest(db: Db, name: str) -> str | None:
    names = [r[0] for r in db.rows("SELECT name FROM player")]
    close = difflib.get_close_matches(name, names, n=3, cutoff=0.75)
    return " or ".join(f"'{n}'" for n in close) if close else None


def find_event(db: Db, ref: str) -> Event:
    """An event by id or by its unique name (case-insensitive)."""
    text = ref.strip()
    key = text[1:] if text.startswith("#") else text
    if key.isdigit():
        event = fetch_one(db, Event, "id = :id", id=int(key))
        if event is not None:
            return event
    event = fetch_one(db, Event, "LOWER(name) = :name", name=" ".join(text.split()).lower())
    if event is None:
        names = [r[0] for r in db.rows("SELECT name FROM event")]
        close = difflib.get_close_matches(text, names, n=2, cutoff=0.6)
        hint = " or ".join(f"'{n}'" for n in close) if close else None
        raise NotFound(f"unknown event '{ref}'" + (f" (did you mean {hint}?)" if hint else " (see: crib-tourney event list)"))
    return event


def player_names(db: Db, ids: set[int]) -> dict[int, str]:
    """Display names, with '#id' added where two players share a name."""
    if not ids:
        return {}
    marks, params = in_list("p", sorted(ids))
    names = dict(db.rows(f"SELECT id, name FROM player WHERE id IN {marks}", **params))
    dupes = {r[0] for r in db.rows("SELECT LOWER(name) FROM player GROUP BY LOWER(name) HAVING COUNT(*) > 1")}
    return {pid: (f"{name} #{pid}" if name.lower() in dupes else name) for pid, name in names.items()}
