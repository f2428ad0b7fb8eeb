"""Events: creating, listing, settings, entering and withdrawing players, and
pairing qualifying games.

Events, entries and players come in as ids (inputs/names.py turns what was
typed into them; a name not on the roster comes as a NewPlayer, added by the
command that names it). What a command did comes back as values, each knowing
its own words (``line()``), which the log summary, the CLI and the web share.
"""

from __future__ import annotations

import dataclasses

from collections import Counter
from typing import TYPE_CHECKING, Any, Mapping, Sequence, TypedDict

from crib_tourney.csvfiles import refuse
from crib_tourney.errors import CribError
from crib_tourney.inputs.names import NewPlayer
from crib_tourney.records import record
from crib_tourney.store import brackets as bs
from crib_tourney.store import events as store
from crib_tourney.store import players as players_store
from crib_tourney.store import qualifying as q
from crib_tourney.store.directory import entries_of, entry_names, member_names, members_of, name_taken, player_names, players_in_game, roster
from crib_tourney.store.players import players_by_id
from crib_tourney.store.rows import Event, Player
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import CLI, Actor, Change, Log
from crib_tourney.tourney import settings as schema
from crib_tourney.tourney.checkin import waiting_for, withdrew_when
from crib_tourney.tourney.formats import FORMATS, PairingRequest
from crib_tourney.tourney.names import listed, checked_name, fold
from crib_tourney.tourney.pairings import History, Meetings, pair_code, pair_key
from crib_tourney.services import playoffs
from crib_tourney.services.players import resolve_players
from crib_tourney.services.results import Recorded, entry_of, forfeit_rows
from crib_tourney.services.three_sides import schedule_three
from crib_tourney.services.standings import standings, uncounted_games

if TYPE_CHECKING:
    from crib_tourney.inputs.csvrows import TeamsFile
    from crib_tourney.services import playoffs
    from crib_tourney.services.results import Fact, Recorded

Players = Sequence[int | NewPlayer]  # players by id, and names to add to the roster


# --- what the event commands did --------------------------------------------------

class EventSummary(TypedDict):
    """An event as `event list --json` shows it."""

    id: int
    name: str
    date: str | None
    players: int
    games: int
    scheduled: int
    variant: str


class EventDetails(TypedDict):
    """An event as `event show --json` shows it."""

    id: int
    name: str
    settings: dict[str, Any]
    players: int
    withdrawn: int
    scheduled: int
    results: int  # tables whose result counts
    not_counted: int  # tables with cards that do not count yet (a lone card, or cards that disagree)


@record
class SettingsChanged:
    event: str
    changes: tuple[tuple[str, Any], ...]  # (setting, new value) as given
    recut: playoffs.Recut | None = None

    def lines(self) -> list[str]:
        return ([f"updated {self.event}: " + schema.shown_pairs(schema.EventSettings, self.changes)]
                + ([self.recut.line()] if self.recut else []))


@record
class EntryAdded:
    """An entry made: a player, or a team (and its players)."""

    name: str
    first_game: int
    members: tuple[str, ...] | None = None  # a team's players

    def line(self) -> str:
        late = f" (late entry: from game {self.first_game})" if self.first_game > 1 else ""
        if self.members is None:
            return f"entered {self.name}{late}"
        return f"entered {self.name}: {', '.join(self.members)}{late}"


@record
class Entered:
    entries: tuple[EntryAdded, ...]

    def lines(self) -> list[str]:
        return [e.line() for e in self.entries]


@record
class Withdrawal:
    """An entry out of the event after a game; its scheduled games forfeited."""

    name: str
    after_game: int
    forfeited: tuple[int, ...]  # game numbers

    def line(self) -> str:
        forfeited = f"; forfeits scheduled game(s) {', '.join(map(str, self.forfeited))}" if self.forfeited else ""

        return f"{self.name} withdrew {withdrew_when(self.after_game)}{forfeited}"


@record
class Unscheduled:
    event: str
    first: int
    last: int


@record
class OpenGame:
    """quick-results: the event, and the game to type results into."""

    event_id: int
    event: str
    game: int
    sides: int = 2  # scores a table line gives


@record
class Consolation:
    event: Event
    entries: int


# --- events -------------------------------------------------------------------------

def insert_event(change: Change, name: str, settings: schema.EventSettings, parent: int | None = None) -> Event:
    """Add an event row as part of ``change`` (a new event, a consolation, a league night)."""
    name = checked_name(name, "event")
    taken = name_taken(change.db, "event", name)
    if taken:
        raise CribError(f"an event named '{taken}' already exists")
    return store.insert_event(change, name, settings, parent)


def create_event(db: Db, name: str, settings: schema.EventSettings, by: Actor = CLI) -> Event:
    """A new event: the first entry of its own log."""
    change = Change(db, "new-event", by=by)
    event = insert_event(change, name, settings)
    change.scope = Log(event_id=event.id)
    change.log(f"created {event.name}")
    return event


def event_summaries(db: Db) -> list[EventSummary]:
    counts, games = store.entry_counts(db), store.scheduled_counts(db)
    return [{"id": e.id, "name": e.name, "date": e.date, "players": counts.get(e.id, 0), "games": e.games,
             "scheduled": games.get(e.id, 0), "variant": e.variant} for e in store.all_events(db)]


def event_details(db: Db, event_id: int) -> EventDetails:
    event = store.load_event(db, event_id)
    entries = entries_of(db, event)
    counted = q.counted_results_count(db, event.id)
    return {"id": event.id, "name": event.name, "settings": schema.shown(event.settings), "players": len(entries),
            "withdrawn": sum(e.withdrawn_after is not None for e in entries),
            "scheduled": q.scheduled_games(db, event.id), "results": counted,
            "not_counted": q.results_count(db, event.id) - counted}


def change_settings(db: Db, event_id: int, changes: Mapping[str, Any], recut: bool = False,
                    by: Actor = CLI) -> SettingsChanged:
    """Change settings (already checked values, by name); the standings follow at
    once, the bracket must still agree."""
    event = store.load_event(db, event_id)
    merged = schema.changed(event.settings, dict(changes))
    has_results = q.results_count(db, event.id) > 0
    if merged.variant != event.variant and has_results:
        raise CribError("the variant cannot change once results are entered (it sets the game target)")
    if merged.team_size != event.team_size and entries_of(db, event):
        raise CribError(f"{event.name} has entries already: singles or teams (and their size) cannot change now")
    scheduled = q.scheduled_games(db, event.id)
    if merged.format != event.format and (scheduled or bs.seeded_count(db, event.id)):
        raise CribError(f"the format cannot change once play has started ({event.name} is {event.format})")
    if merged.games < scheduled:
        raise CribError(f"{scheduled} games are already scheduled; games cannot be fewer")
    if merged.sides != event.sides and scheduled:
        raise CribError(f"{event.name} has games paired: the sides at a table ({event.sides}) cannot change now")
    change = Change(db, "settings", Log(event.id), by)
    # a new variant brings the settings that follow it (three-player: 3 sides; a team game: pairs;
    # five-card: no double skunk), as new-event does; other changes leave the stored ones alone
    before, after = schema.as_dict(event.settings), schema.as_dict(merged)
    followed = {k: v for k, v in after.items() if k not in changes and v != before[k]} if "variant" in changes else {}
    store.update_settings(change, event.id, followed | dict(changes))

    recut_done = playoffs.recut_if_moved(db, store.load_event(db, event.id), change, recut)
    done = SettingsChanged(event.name, tuple(changes.items()), recut_done)
    change.log("set " + schema.shown_pairs(schema.EventSettings, dict(changes)) + (f"; {recut_done.line()}" if recut_done else ""))
    return done


# --- entries ------------------------------------------------------------------------

def _players(change: Change, refs: Players) -> list[Player]:
    """The players named, the new ones added to the roster as part of ``change``;
    a new name given twice is one new player (as a name on the roster would be)."""
    new: dict[str, NewPlayer] = {}
    for ref in refs:
        if isinstance(ref, NewPlayer):
            new.setdefault(fold(ref.name), ref)
    wanted: list[int | NewPlayer] = [r for r in refs if isinstance(r, int)] + list(new.values())

    found = resolve_players(change, wanted)
    by_id = {r: p for r, p in zip(wanted, found) if isinstance(r, int)}
    by_name = {fold(r.name): p for r, p in zip(wanted, found) if isinstance(r, NewPlayer)}
    return [by_id[r] if isinstance(r, int) else by_name[fold(r.name)] for r in refs]


def _logged(change: Change, added: list[EntryAdded]) -> Entered:
    done = Entered(tuple(added))
    change.log("; ".join(done.lines()))
    return done


def enter(db: Db, event_id: int, players: Players, by: Actor = CLI) -> Entered:
    """Register players; late entries join from the next unscheduled game."""
    event = store.load_event(db, event_id)
    if event.team_size > 1:
        raise CribError(f"{event.name} is played by teams of {event.team_size}: enter each team with"
                        f" crib-tourney enter \"{event.name}\" --team PLAYER PLAYER (or --teams FILE.csv)")
    change = Change(db, "enter", Log(event.id), by)
    return _logged(change, enter_players(change, event, _players(change, players)))


def enter_team(db: Db, event_id: int, players: Players, team_name: str | None, by: Actor = CLI) -> Entered:
    """Register one team: its players in the order given, named by ``team_name``
    or by their names joined with ' & '."""
    event = store.load_event(db, event_id)
    change = Change(db, "enter", Log(event.id), by)
    return _logged(change, enter_teams(change, event, [(team_name, _players(change, players))]))


def enter_team_file(db: Db, event_id: int, teams: TeamsFile, by: Actor = CLI) -> Entered:
    """The teams of a CSV (inputs/csvrows.py), all or nothing."""
    event = store.load_event(db, event_id)
    refuse([e.text() for e in teams.errors], teams.name)
    change = Change(db, "enter", Log(event.id), by)
    players = _players(change, [p for t in teams.teams for p in t.players])
    made: list[tuple[str | None, list[Player]]] = []
    for team in teams.teams:
        made.append((team.name, players[:len(team.players)]))
        players = players[len(team.players):]
    return _logged(change, enter_teams(change, event, made))


def enter_teams(change: Change, event: Event, teams: list[tuple[str | None, list[Player]]]) -> list[EntryAdded]:
    db = change.db
    if event.team_size == 1:
        raise CribError(f"{event.name} is a singles event: enter players without --team")
    members = members_of(db, event)
    on_team = {p: e for e, players in members.items() for p in players}
    names = dict(entry_names(db, event))  # grows as teams are entered below
    taken = {fold(n) for n in names.values()}
    seq = max((e.seq for e in entries_of(db, event)), default=0)
    added: list[EntryAdded] = []
    for team_name, players in teams:
        if len(players) != event.team_size:
            raise CribError(f"a team of {event.name} has {event.team_size} players, not {len(players)}")
        for k, player in enumerate(players):
            if player.id in (p.id for p in players[:k]):
                raise CribError(f"{player.name} is named twice")
            if player.id in on_team:
                raise CribError(f"{player.name} is already on {names[on_team[player.id]]} in {event.name}")
        name = checked_name(team_name or " & ".join(p.name for p in players), "team")
        first_game = _check_entries_open(db, event, name)
        if fold(name) in taken:
            raise CribError(f"a team named '{name}' is already entered in {event.name}")
        _refuse_name_clash(db, event, name, players, on_team, names)
        seq += 1
        entry_id = store.insert_entry(change, dict(event_id=event.id, player_id=players[0].id, seq=seq, first_game=first_game,
                                                   team_name=name))
        store.insert_members(change, [dict(event_id=event.id, entry_id=entry_id, player_id=p.id, seat=k)
                                      for k, p in enumerate(players, 1)])
        on_team.update({p.id: entry_id for p in players})
        names[entry_id] = name
        taken.add(fold(name))
        added.append(EntryAdded(name, first_game, tuple(p.name for p in players)))
    return added


def _refuse_name_clash(db: Db, event: Event, name: str, players: list[Player], on_team: dict[int, int],
                       names: dict[int, str]) -> None:
    """A side is named by its team name or any member's name: a team named like a
    player of another team, or a player named like another team, would make that
    name mean either (withdraw EVENT Ann withdrew the team 'Ann')."""
    playing = roster(db)
    clash = next((pid for pid in on_team if fold(playing[pid]) == fold(name)), None)
    if clash is not None:
        raise CribError(f"a team cannot be named '{name}': {playing[clash]} plays in {event.name} on"
                        f" {names[on_team[clash]]}, and the name would mean either")
    teams = {fold(n): n for e, n in names.items() if e in set(on_team.values())}
    same = next((p for p in players if fold(p.name) in teams and fold(p.name) != fold(name)), None)
    if same is not None:
        raise CribError(f"{same.name} cannot play in {event.name}: a team there is named '{teams[fold(same.name)]}',"
                        " and the name would mean either")


def _check_entries_open(db: Db, event: Event, name: str) -> int:
    """The first game a new entry plays, or one clear refusal."""
    if bs.seeded_count(db, event.id):
        raise CribError(f"entries to {event.name} are closed: it already has its bracket")
    first_game = q.scheduled_games(db, event.id) + 1
    if first_game > event.games:
        raise CribError(f"all {event.games} games of {event.name} are scheduled, so {name} could play none;"
                        f" free the unplayed ones first: crib-tourney round \"{event.name}\" --unschedule-from N")
    return first_game


def enter_players(change: Change, event: Event, players: list[Player]) -> list[EntryAdded]:
    db = change.db
    entries = entries_of(db, event)
    entered = {e.player_id: e.withdrawn_after for e in entries}
    seq = max((e.seq for e in entries), default=0)
    added: list[EntryAdded] = []
    rows: list[dict[str, Any]] = []
    seen: set[int] = set()
    shown = player_names(db, {p.id for p in players})  # a namesake as the CLI names him: 'Janet Novak #19'
    for player in players:
        if player.id in seen:
            raise CribError(f"{player.name} is named twice")
        seen.add(player.id)
        if player.id in entered:
            if entered[player.id] is None:
                raise CribError(f"{player.name} is already entered in {event.name}")
            raise CribError(f"{player.name} withdrew from {event.name}; a withdrawal is final")
        first_game = _check_entries_open(db, event, player.name)
        seq += 1
        rows.append(dict(event_id=event.id, player_id=player.id, seq=seq, first_game=first_game))
        added.append(EntryAdded(shown[player.id], first_game))
    store.insert_entries(change, rows)
    return added


def withdraw(db: Db, event_id: int, entry_ids: int | Sequence[int], by: Actor = CLI) -> Recorded:
    """Drop entries from future games, in one change (one undo). Qualifying games
    already paired for them without a result are forfeited to the opponents (the
    ACC rule for a player who leaves); a qualifier forfeits his playoff matches as
    each opponent is known. One withdrawn before his first game is a no-show
    (tourney/noshows.py): out of the money and the ranking."""
    wanted = [entry_ids] if isinstance(entry_ids, int) else list(entry_ids)
    event = store.load_event(db, event_id)
    names = entry_names(db, event)
    twice = next((e for k, e in enumerate(wanted) if e in wanted[:k]), None)
    if twice is not None:
        raise CribError(f"{names.get(twice, f'#{twice}')} is named twice")
    change = Change(db, "withdraw", Log(event.id), by)
    facts: list[Fact] = []
    for entry_id in wanted:
        entry = entry_of(db, event, entry_id)
        if entry.withdrawn_after is not None:
            raise CribError(f"{names[entry.id]} already withdrew from {event.name} {withdrew_when(entry.withdrawn_after)}")
        pairings = q.pairings_of(db, event.id, entry.id)
        with_result = {o.pairing_id for o in q.outcomes_for(db, [p.id for p in pairings])}
        played = [p.game_no for p in pairings if p.id in with_result]
        open_games = [p for p in pairings if p.entry2_id is not None and p.id not in with_result]
        last_played = max(played) if played else entry.first_game - 1
        change.update("entry", entry.id, {"withdrawn_after": last_played})
        for p in open_games:
            change.replace("outcome", {"pairing_id": p.id}, forfeit_rows(event, p, entry.id))
        facts.append(Withdrawal(names[entry.id], last_played, tuple(p.game_no for p in open_games)))
    facts += playoffs.forfeit_withdrawn(db, event, change)
    recut_done = playoffs.recut_if_moved(db, event, change, False)  # qualifiers who withdraw keep their seed
    if recut_done is not None:
        facts.append(recut_done)
    done = Recorded(tuple(facts))
    change.log("; ".join(done.lines()))
    return done


# --- qualifying games ---------------------------------------------------------

class _Table(TypedDict):
    table: int
    players: list[str]


class TableJson(_Table, total=False):
    members: list[list[str]]  # a team event: each team's players


class _GameJson(TypedDict):
    game: int
    tables: list[TableJson]
    bye: str | None
    draw_seed: int | None


class GameJson(_GameJson, total=False):
    """A game's tables as `round --json` prints them; a three-sided event's tables
    list three players, and "byes" everyone sitting out (one or two)."""

    byes: list[str]
    not_counted: dict[str, int]  # a game paired from the standings: the games it could not count (pending, disputed)


@record
class GameView:
    game: int
    tables: tuple[tuple[int, str, str], ...]  # (table, player, opponent)
    bye: str | None
    draw_seed: int | None = None  # the seed of a drawn game
    members: dict[str, list[str]] | None = None  # a team event: each team's players
    thirds: dict[int, str] | None = None  # a three-sided event: each table's third side
    byes: tuple[str, ...] = ()  # a three-sided event: everyone sitting out (one or two)
    not_counted: tuple[int, int] | None = None  # paired from the standings: (pending, disputed) games it could not count

    def sides(self, table: int, a: str, b: str) -> list[str]:
        """The sides at a table, in seat order."""
        return [a, b] + ([self.thirds[table]] if self.thirds and table in self.thirds else [])

    def as_dict(self) -> GameJson:
        tables: list[TableJson] = []
        for t, a, b in self.tables:
            sides = self.sides(t, a, b)
            table: TableJson = {"table": t, "players": sides}
            if self.members:
                table["members"] = [self.members[x] for x in sides]
            tables.append(table)
        found: GameJson = {"game": self.game, "tables": tables, "bye": self.bye, "draw_seed": self.draw_seed}
        if self.thirds is not None:
            found["byes"] = list(self.byes)
        if self.not_counted is not None:
            found["not_counted"] = {"pending": self.not_counted[0], "disputed": self.not_counted[1]}
        return found


def schedule_next(change: Change, event: Event, draw_seed: int | None = None, ignore_check_in: bool = False) -> int:
    """Pair the next game and store its tables; returns its number. With
    ``draw_seed`` the game starts from a random draw instead of the rotation.
    With check-in on, game 1 waits for every entrant (``ignore_check_in``: those
    not checked in join from game 2, as late entries)."""
    db = change.db
    strategy = FORMATS[event.format].pairing
    game_no = q.scheduled_games(db, event.id) + 1
    if strategy is None:
        raise CribError(f"{event.name} is {event.format}: no qualifying games; make the bracket with: crib-tourney cut")
    # the entries are read whole only where check-in can hold a game back (20,000: 80 ms)
    waiting = waiting_for(entries_of(db, event), event.check_in, game_no) if event.check_in else []
    if waiting and not ignore_check_in:
        names = entry_names(db, event)
        shown = [names[e] for e in waiting]
        raise CribError(f"{len(waiting)} entrant(s) of {event.name} have not checked in: {listed(shown)}"
                        " (check them in with crib-tourney checkin, or pair without them: round --ignore-check-in)")
    for entry_id in waiting:
        change.update("entry", entry_id, {"first_game": game_no + 1})
    if game_no == 1:  # the format may fix its games by the field (a round robin: everyone plays everyone)
        games = strategy.games(len(players_in_game(db, event, 1)), event.games)
        if games != event.games:
            store.update_settings(change, event.id, {"games": games})
            event = store.load_event(db, event.id)
    if game_no > event.games:
        raise CribError(f"all {event.games} qualifying games of {event.name} are already scheduled")
    players = players_in_game(db, event, game_no)
    if event.sides == 3:
        schedule_three(change, event, game_no, players, _history(db, event, game_no, players), draw_seed)
        return game_no
    if len(players) < 2:
        raise CribError(f"{event.name} needs at least 2 players entered to pair a game (has {len(players)})")
    ranking = _ranking(db, event) if strategy.by_standings else []
    pairing = strategy.pair(PairingRequest(players, game_no - 1, _history(db, event, game_no, players), draw_seed, ranking))
    if draw_seed is not None:
        q.record_draw(change, event.id, game_no, draw_seed)
    rows: list[dict[str, Any]] = [dict(event_id=event.id, game_no=game_no, table_no=t, entry1_id=a, entry2_id=b, entry3_id=None)
                                  for t, (a, b) in enumerate(pairing.tables, 1)]
    if pairing.bye is not None:
        rows.append(dict(event_id=event.id, game_no=game_no, table_no=None, entry1_id=pairing.bye, entry2_id=None, entry3_id=None))
    q.insert_game(change, rows)
    return game_no


def _ranking(db: Db, event: Event) -> list[int]:
    """The entries in standings order (a format that pairs by standings)."""
    return [r.player for r in standings(db, event).every]


def _history(db: Db, event: Event, game_no: int, entries: list[int]) -> History:
    """What game ``game_no`` must respect: who met whom, who sat out, who is kept
    apart (family, all event; clubs, for the event's first games)."""
    if event.sides == 3:
        tables = q.seatings3(db, event.id)
        met = Meetings(pair_code(x, y) for a, b, c in tables if b is not None for x, y in ((a, b), (a, c), (b, c)) if y is not None)
        byes = Counter(a for a, b, _ in tables if b is None)
    else:
        met, byes = Meetings(q.met_codes(db, event.id)), Counter(entry for entry, _ in q.byes(db, event.id))
    return History(met=met, byes=byes, apart=_kept_apart(db, event, entries),
                   club_of=_clubs(db, event, entries) if game_no <= event.avoid_same_club_games else {})


def _kept_apart(db: Db, event: Event, entries: list[int]) -> frozenset[tuple[int, int]]:
    """(low, high) of the entries whose players are kept apart (family): a team's every member counts."""
    avoided = players_store.avoided_pairs(db)
    if not avoided:  # most rosters: no need to map 20,000 entries to their players
        return frozenset()
    members = members_of(db, event)
    entry_of_player = {p: e for e in set(entries) for p in members.get(e, ())}
    return frozenset(pair_key(entry_of_player[a], entry_of_player[b]) for a, b in avoided
                     if a in entry_of_player and b in entry_of_player and entry_of_player[a] != entry_of_player[b])


def _clubs(db: Db, event: Event, entries: list[int]) -> dict[int, str]:
    """Each entry's club, folded (a team's is its first player's)."""
    members, playing = members_of(db, event), set(entries)
    clubs = players_store.clubs_of(db, [members[e][0] for e in playing])
    return {e: fold(clubs[members[e][0]]) for e in playing if members[e][0] in clubs}


def game_view(db: Db, event: Event, game_no: int) -> GameView:
    rows = q.game_seats(db, event.id, game_no)
    if not rows:
        raise CribError(f"game {game_no} of {event.name} has not been scheduled")
    names = entry_names(db, event)
    tables = tuple((t or 0, names[a], names[b]) for t, a, b, _ in rows if b)
    bye = next((names[a] for _, a, b, _ in rows if b is None), None)
    members = None
    if event.team_size > 1:
        players = member_names(db, event)
        members = {names[e]: players[e] for e in names}
    if event.sides == 3:
        thirds = {t or 0: names[c] for t, _, _, c in rows if c is not None}
        byes = tuple(names[a] for _, a, b, _ in rows if b is None)
        return GameView(game_no, tables, bye, q.draw_seed(db, event.id, game_no), members, thirds, byes)
    return GameView(game_no, tables, bye, q.draw_seed(db, event.id, game_no), members)


def make_round(db: Db, event_id: int, all_games: bool = False, show: int | None = None,
               draw_seed: int | None = None, by: Actor = CLI, ignore_check_in: bool = False) -> list[GameView]:
    """Pair the next game (``draw_seed``: by a random draw), or every game left
    (``all_games``), or only show game ``show``."""
    event = store.load_event(db, event_id)
    if draw_seed is not None and (all_games or show is not None):
        raise CribError("--draw seats one new game: not with --all or --show")
    change = Change(db, "round", Log(event.id), by)
    if show is not None:
        games = [show]
    elif all_games:
        games = [schedule_next(change, event, ignore_check_in=ignore_check_in)]  # refuses when all are scheduled already
        event = store.load_event(db, event.id)  # a round-robin fixes its games at the first
        while q.scheduled_games(db, event.id) < event.games:
            games.append(schedule_next(change, event))
    else:
        games = [schedule_next(change, event, draw_seed, ignore_check_in)]
    if change.changed:
        drawn = f" (drawn, seed {draw_seed})" if draw_seed is not None else ""
        change.log(f"paired game {games[0]}{drawn}" if len(games) == 1 else f"paired games {games[0]}-{games[-1]}")
    views = [game_view(db, event, g) for g in games]
    pairing = FORMATS[event.format].pairing
    if show is None and pairing is not None and pairing.by_standings:
        # the standings it paired from count only final games: say what they could not count
        uncounted = uncounted_games(db, event)
        if any(uncounted):
            views = [dataclasses.replace(v, not_counted=uncounted) for v in views]
    return views


def first_open_game(db: Db, event: Event) -> int:
    """The first scheduled game with a table still missing its result."""
    first = q.first_open_game(db, event.id)
    if first is None:
        last = q.scheduled_games(db, event.id)
        if last == 0:
            raise CribError(f"{event.name} has no games scheduled yet (make them with: crib-tourney round)")
        return last
    return first


def open_game(db: Db, event_id: int, game: int | None = None) -> OpenGame:
    """quick-results: the event and the game to type results into (the given one,
    or the first with results missing); refuses a game not scheduled."""
    event = store.load_event(db, event_id)
    current = first_open_game(db, event) if game is None else game
    game_view(db, event, current)
    return OpenGame(event.id, event.name, current, event.sides)


def unschedule(db: Db, event_id: int, first: int, by: Actor = CLI) -> Unscheduled:
    """Remove the pairings of game ``first`` onwards so they can be paired again
    (with late entries). Refused if any of those games has a result."""
    event = store.load_event(db, event_id)
    last = q.scheduled_games(db, event.id)
    if not 1 <= first <= last:
        raise CribError(f"game {first} of {event.name} is not scheduled (games 1-{last} are)")
    played = q.played_games_from(db, event.id, first)
    if played:
        raise CribError(f"game {played[0]} already has results; only unplayed games can be paired again")
    change = Change(db, "unschedule", Log(event.id), by)
    q.delete_pairings_from(change, event.id, first)
    store.move_first_game(change, event.id, first)
    change.log(f"removed the pairings of games {first}-{last}")
    return Unscheduled(event.name, first, last)


# What a consolation does not take from its main event: its money is its own (no fee
# collected, no payout table, unless given), and its players are already in the room.
CONSOLATION_OWN = {"entry_fee": 0, "prize_fund": 0, "payouts": "", "high_nonqualifier_prize": 0, "sanctioning_fee": 0,
                   "check_in": False, "acc_event": "consolation"}


def create_consolation(db: Db, event_id: int, name: str | None, format_: str | None, by: Actor = CLI,
                       settings: Mapping[str, Any] | None = None, only: Sequence[int] | None = None,
                       leave_out: Sequence[int] | None = None) -> Consolation:
    """The consolation event of the non-qualifiers (``format_``: a format's name,
    single-elim by default), in the main event's log. It plays by the main event's
    rules but keeps its own money: no fee and no payouts unless ``settings`` give
    them (entry_fee, payouts, prize_fund, house_share). No-shows never play it;
    ``only`` or ``leave_out`` (entries of the main event) say who does."""
    event = store.load_event(db, event_id)
    field = playoffs.non_qualifiers(db, event)
    named = list(only if only is not None else leave_out or [])
    if named:
        names = entry_names(db, event)
        twice = next((e for k, e in enumerate(named) if e in named[:k]), None)
        if twice is not None:
            raise CribError(f"{names[twice]} is named twice")
        eligible = {e.id for e in field}
        stranger = next((e for e in named if e not in eligible), None)
        if stranger is not None:
            raise CribError(f"{names[stranger]} cannot play the consolation of {event.name}: not a non-qualifier"
                            " who played (qualified, withdrew or did not play)")
        field = [e for e in field if (e.id in named) == (only is not None)]
    existing = store.consolation_of(db, event.id)
    if existing is not None:
        raise CribError(f"{event.name} already has its consolation event '{existing.name}'")
    if len(field) < 2:
        raise CribError(f"only {len(field)} non-qualifier(s): too few for a consolation event")
    own = schema.changed(event.settings, CONSOLATION_OWN | dict(settings or {}) | {"format": format_ or "single-elim"})
    change = Change(db, "consolation", Log(event.id), by)  # in the main event's log: undo there removes it
    consolation = insert_event(change, name or f"{event.name} Consolation", own, parent=event.id)
    members = members_of(db, event)
    by_id = players_by_id(db, [p for e in field for p in members[e.id]])
    if event.team_size > 1:  # the same teams, under the same names
        enter_teams(change, consolation, [(e.team_name, [by_id[p] for p in members[e.id]]) for e in field])
    else:
        enter_players(change, consolation, [by_id[e.player_id] for e in field])  # in qualifying order: seeds follow it
    change.log(f"created the consolation event {consolation.name} ({len(field)} entries)")
    return Consolation(consolation, len(field))
