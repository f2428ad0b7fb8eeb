"""The roster: adding, finding, changing and importing players. Players are
named by id (inputs/names.py turns what was typed into ids); results are rows
and records, the words are the CLI's."""

from __future__ import annotations

from typing import TypedDict

from crib_tourney.csvfiles import refuse
from crib_tourney.errors import CribError, NotFound
from crib_tourney.inputs.csvrows import RosterFile, RosterRow, RowError
from crib_tourney.inputs.names import NewPlayer
from crib_tourney.records import record
from crib_tourney.store import players as store
from crib_tourney.store.directory import describe_player
from crib_tourney.store.rows import Player
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import CLI, Actor, Change
from crib_tourney.tourney.names import Identities, checked_acc, checked_detail, checked_name, fold


def _identities(db: Db) -> Identities:
    return Identities.of((p.id, p.name, p.acc_number) for p in store.search_players(db, None))


def _refuse_clash(known: Identities, key: int | None, name: str, acc: str | None) -> None:
    """A name may not be another player's ACC number, nor an ACC number another's name."""
    why = known.clash(key, name, acc)
    if why:
        raise CribError(why)


def _player(db: Db, player_id: int) -> Player:
    found = store.players_by_id(db, [player_id])
    if player_id not in found:
        raise NotFound(f"no player #{player_id}")
    return found[player_id]


def add(db: Db, name: str, acc_number: str | None, club: str | None, email: str | None, duplicate: bool = False,
        by: Actor = CLI) -> Player:
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
    change = Change(db, "player add", by=by)
    player = store.add_player(change, name, acc_number, club, email)
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


@record
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
        player.acc_number = checked_acc(acc_number)
        store.check_acc_free(db, player.acc_number, player.id)
    if name is not None or acc_number is not None:
        _refuse_clash(_identities(db), player.id, player.name, player.acc_number)
    if club is not None:
        player.club = checked_detail(club, "a club")
    if email is not None:
        player.email = checked_detail(email, "an e-mail address")
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
    identities = _identities(change.db) if any(isinstance(r, NewPlayer) for r in refs) else None
    for ref in refs:
        if isinstance(ref, int):
            found.append(known[ref])
            continue
        if fold(ref.name) not in added:
            assert identities is not None
            _refuse_clash(identities, None, ref.name, None)
            player = added[fold(ref.name)] = store.add_player(change, ref.name, None, None, None)
            identities.add(player.id, player.name, None, f"{player.name} (#{player.id})")  # (the roster read once, not per name)
        found.append(added[fold(ref.name)])
    return found


@record
class Imported:
    """How many players an import added, and how many were on the roster already."""

    added: int
    skipped: int
    rated: int = 0  # players given a starting rating


def import_players(db: Db, roster: RosterFile, by: Actor = CLI) -> Imported:
    """Import a roster file's rows (inputs/csvrows.roster_rows). Every bad row is
    reported by line number and nothing is imported unless all rows are good. A
    row whose ACC number (or, without one, whose exact name) is already on the
    roster is skipped."""
    errors = list(roster.errors)
    rows: list[RosterRow] = []
    skipped = 0
    rated: list[tuple[int, tuple[float, float | None, float | None]]] = []  # players on the roster given a starting rating
    players = store.search_players(db, None)
    known = Identities.of((p.id, p.name, p.acc_number) for p in players)
    acc_holders = {fold(p.acc_number): p for p in players if p.acc_number}
    plain_names: set[str] = set()  # rows without an ACC number: a second row of the same exact name is skipped
    balances = dict(db.rows("SELECT id, mrps_before FROM player WHERE mrps_before <> 0"))
    balance_of: dict[int, int] = {}  # players on the roster whose lifetime MRPs before the file sets
    for row in roster.rows:
        holder = acc_holders.get(fold(row.acc_number)) if row.acc_number else None
        if holder is not None and fold(holder.name) != fold(row.name):
            errors.append(RowError(row.line, f"ACC number {row.acc_number} belongs to {holder.name} (#{holder.id}), not {row.name}"))
            continue
        if holder is not None or (not row.acc_number and row.name in plain_names) \
                or store.already_on_roster(db, row.name, row.acc_number):
            skipped += 1  # on the roster already: the same ACC number, or (without one) the same exact name
            if row.start is not None:  # ... whose starting rating the row gives
                on = holder or next((p for p in players if p.name == row.name and not p.acc_number), None)
                if on is not None:
                    rated.append((on.id, row.start))
            if holder is not None and row.mrps is not None and row.mrps != balances.get(holder.id, 0):
                balance_of[holder.id] = row.mrps  # his lifetime MRPs before, as the file says
            continue
        why = known.clash(None, row.name, row.acc_number)
        if why:
            errors.append(RowError(row.line, why))
            continue
        known.add(f"line {row.line}", row.name, row.acc_number, f"{row.name} (line {row.line})")
        if not row.acc_number:
            plain_names.add(row.name)
        rows.append(row)
    refuse([str(e) for e in sorted(errors, key=lambda e: e.line)], roster.file_name)
    added = 0
    change = Change(db, "player import", by=by)
    for row in rows:
        player = store.add_player(change, row.name, row.acc_number, row.club, row.email, row.mrps or 0)
        if row.start is not None:
            rated.append((player.id, row.start))
        added += 1
    for player_id, (rating, rd, volatility) in rated:
        change.update("player", player_id, {"start_rating": rating, "start_rd": rd, "start_volatility": volatility})
    for player_id, mrps in balance_of.items():
        change.update("player", player_id, {"mrps_before": mrps})
    change.log(f"imported {added} players from {roster.file_name}" + (f" ({skipped} already on the roster)" if skipped else "")
               + (f"; lifetime MRPs before set for {len(balance_of)}" if balance_of else ""))
    return Imported(added, skipped, len(rated))
