"""The roster: adding, finding, changing and importing players. Players are
named by id (inputs/names.py turns what was typed into ids); results are rows
and records, the words are the CLI's."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypedDict

from crib_tourney.csvfiles import refuse
from crib_tourney.errors import CribError, NotFound
from crib_tourney.inputs.csvrows import RosterFile, RosterRow, RowError
from crib_tourney.inputs.names import NewPlayer
from crib_tourney.store import players as store
from crib_tourney.store.directory import find_player
from crib_tourney.store.rows import Player
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import CLI, Actor, Change
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


def _player(db: Db, player_id: int) -> Player:
    found = store.players_by_id(db, [player_id])
    if player_id not in found:
        raise NotFound(f"no player #{player_id}")
    return found[player_id]


def add(db: Db, name: str, acc_number: str | None, club: str | None, email: str | None, by: Actor = CLI) -> Player:
    change = Change(db, "player add", by=by)
    player = store.add_player(change, checked_name(name, "player"), _field(acc_number, "an ACC number"), _field(club, "a club"),
                              _field(email, "an e-mail address"))
    change.log(f"added {player.name} (#{player.id})")
    return player


def search(db: Db, text: str | None) -> list[Player]:
    """Players whose name, club or ACC number contains ``text`` (all without it)."""
    return store.search_players(db, text)


class PlayerDetails(TypedDict):
    """One player, the events they entered and whom they are never paired with."""

    id: int
    name: str
    acc_number: str | None
    club: str | None
    email: str | None
    events: list[str]
    kept_apart_from: list[str]


def details(db: Db, player_id: int) -> PlayerDetails:
    player = _player(db, player_id)
    apart = [b if a == player.id else a for a, b in store.avoided_pairs(db) if player.id in (a, b)]
    return PlayerDetails(id=player.id, name=player.name, acc_number=player.acc_number, club=player.club, email=player.email,
                         events=store.events_of(db, player),
                         kept_apart_from=[p.name for p in store.players_by_id(db, apart).values()])


@dataclass(frozen=True)
class KeptApart:
    """Two players now kept apart in every pairing (``apart``), or allowed together again."""

    player: str
    other: str
    apart: bool


def keep_apart(db: Db, player_id: int, others: list[int], apart: bool, by: Actor = CLI) -> list[KeptApart]:
    """Seat a player never with these others (family), or again allow it; in
    every event, from its next pairing on."""
    player = _player(db, player_id)
    done: list[KeptApart] = []
    change = Change(db, "player avoid", by=by)
    for other in [_player(db, o) for o in others]:
        if other.id == player.id:
            raise CribError(f"{player.name} cannot be kept apart from themselves")
        store.set_avoid(change, player.id, other.id, apart)
        done.append(KeptApart(player.name, other.name, apart))
    change.log("; ".join(f"{d.player} and {d.other} " + ("are kept apart in every pairing" if d.apart else "may be paired again")
                         for d in done))
    return done


def edit(db: Db, player_id: int, name: str | None, acc_number: str | None, club: str | None, email: str | None,
         by: Actor = CLI) -> Player:
    """Change the details given; an empty string clears a field."""
    player = _player(db, player_id)
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
    change = Change(db, "player edit", by=by)
    store.update_player(change, player)
    change.log(f"edited {before} (#{player.id})" + (f": now {player.name}" if player.name != before else ""))
    return player


def resolve_players(change: Change, refs: list[int | NewPlayer]) -> list[Player]:
    """The players named (ids), adding the new ones to the roster as part of
    ``change``; a new name given twice is one new player (named twice, as the
    command will say), as it would be had it been on the roster already."""
    known = store.players_by_id(change.db, [r for r in refs if isinstance(r, int)])
    added: dict[str, Player] = {}
    found: list[Player] = []
    for ref in refs:
        if isinstance(ref, int):
            found.append(known[ref])
            continue
        if fold(ref.name) not in added:
            added[fold(ref.name)] = store.add_player(change, ref.name, None, None, None)
        found.append(added[fold(ref.name)])
    return found


def find_or_add(change: Change, refs: list[str], add_unknown: bool) -> list[Player]:
    """Players by what was typed; with ``add_unknown`` a name not on the roster is added (as part of ``change``).
    Superseded by inputs.names.players_or_new plus resolve_players; kept while services/events.py still calls it."""
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


@dataclass(frozen=True)
class Imported:
    """How many players an import added, and how many were on the roster already."""

    added: int
    skipped: int


def import_players(db: Db, roster: RosterFile, by: Actor = CLI) -> Imported:
    """Import a roster file's rows (inputs/csvrows.roster_rows). Every bad row is
    reported by line number and nothing is imported unless all rows are good. A
    row whose ACC number (or, without one, whose exact name) is already on the
    roster is skipped."""
    errors = list(roster.errors)
    rows: list[RosterRow] = []
    for row in roster.rows:
        holder = store.acc_holder(db, row.acc_number) if row.acc_number else None
        if holder is not None and fold(holder.name) != fold(row.name):
            errors.append(RowError(row.line, f"ACC number {row.acc_number} belongs to {holder.name} (#{holder.id}), not {row.name}"))
            continue
        rows.append(row)
    refuse([str(e) for e in sorted(errors, key=lambda e: e.line)], roster.file_name)
    added = skipped = 0
    change = Change(db, "player import", by=by)
    for row in rows:
        if store.already_on_roster(db, row.name, row.acc_number):
            skipped += 1
            continue
        store.add_player(change, row.name, row.acc_number, row.club, row.email)
        added += 1
    change.log(f"imported {added} players from {roster.file_name}" + (f" ({skipped} already on the roster)" if skipped else ""))
    return Imported(added, skipped)
