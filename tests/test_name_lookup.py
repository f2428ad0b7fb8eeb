"""A name looked up without reading the roster (schema 24): which players share a
name once folded, and which entries and tables a result needs, read by index,
say what reading every name and every table said. On SQLite, and on PostgreSQL
when a server is given."""

from __future__ import annotations

import pytest

from crib_tourney.services.events import create_event, enter_players, schedule_next
from crib_tourney.store import directory, qualifying
from crib_tourney.store.db import transaction
from crib_tourney.store.players import add_player
from crib_tourney.store.rows import Event, fetch
from crib_tourney.store.writer import Change, Log
from crib_tourney.errors import CribError
from crib_tourney.tourney.names import NameIndex, duplicated
from crib_tourney.tourney.settings import EventSettings

# Names that fold alike across case, accents, ligatures and letters beyond Latin,
# and names alone in their fold.
ROSTER = ["Pat Smith", "PAT SMITH", "Émile Bélanger", "Emile Belanger", "Søren Ørsted", "Soren Orsted", "Straße Ann",
          "Strasse ann", "Ann Lee", "Lee Wong", "Zoë Kraus", "Иван Петров", "иван петров", "李雷", "Pat Smithers"]


@pytest.fixture
def location(sqlite_or_postgres: str) -> str:
    return sqlite_or_postgres


def _roster(location: str) -> dict[int, str]:
    with transaction(location) as db:
        event = create_event(db, "Open", EventSettings(games=3))
        change = Change(db, "enter", Log(event.id))
        players = [add_player(change, name, None, None, None) for name in ROSTER]
        enter_players(change, event, players)
        change.log("entered")
        for game in range(1, 4):
            round_ = Change(db, "round", Log(event.id))
            schedule_next(round_, event)
            round_.log(f"paired game {game}")
        return {p.id: p.name for p in players}  # type: ignore[misc]


def test_sharing_a_name_agrees_with_folding_the_roster(location):
    names = _roster(location)
    shared = duplicated(names)
    assert {names[p] for p in shared} == set(ROSTER) - {"Ann Lee", "Lee Wong", "Zoë Kraus", "李雷", "Pat Smithers"}
    for pid, name in names.items():
        with transaction(location, write=False) as db:
            assert directory.sharing_a_name(db, {pid: name}) == ({pid} & shared), name
            assert directory.player_names(db, {pid}) == {pid: f"{name} #{pid}" if pid in shared else name}  # a phone's own name
            assert db.memoized("roster") is None  # the roster was not read
    with transaction(location, write=False) as db:
        assert directory.sharing_a_name(db, names) == shared
        assert directory.player_names(db, set(names)) == {p: f"{n} #{p}" if p in shared else n for p, n in names.items()}


def test_an_entry_and_its_tables_by_index(location):
    names = _roster(location)
    with transaction(location, write=False) as db:
        (event,) = fetch(db, Event)
        every = qualifying.pairings(db, event.id)
        for entry in directory.entries_of(db, event):
            mine = [p for p in every if entry.id in (p.entry1_id, p.entry2_id, p.entry3_id)]
            assert qualifying.pairings_of(db, event.id, entry.id) == sorted(mine, key=lambda p: p.game_no)
            for game in (1, 2, 3):
                assert qualifying.seats_of(db, event.id, entry.id, game) == [p for p in mine if p.game_no == game]
        by_name = {name: directory.find_entry(db, event, name).player_id for name in ("Ann Lee", "Zoë Kraus", "李雷", "Pat Smithers")}
        assert by_name == {n: next(p for p, m in names.items() if m == n) for n in by_name}


def test_one_result_reads_its_two_entries_not_the_roster_or_the_events_tables(cli, monkeypatch):
    """What the README's speed notes say of `result`: the players named are found by
    index, and their table by the index of each side (no whole roster, no scan of the
    event's tables), with --game and without."""
    from crib_tourney.store import db as store_db

    cli("new-event", "Open", "--games", "3")
    cli("enter", "Open", "Ann Lee", "Lee Wong", "Zoë Kraus", "李雷", "Pat Smithers", "Émile Bélanger", "--new")
    for _ in range(3):
        cli("round", "Open")
    tables = [t["players"] for t in cli("round", "Open", "--show", "2", "--json").json()["tables"]]
    (a, b) = next(t for t in tables if len(t) == 2)
    connect = store_db.connect_sqlite
    statements: list[str] = []

    def traced(path: str):  # type: ignore[no-untyped-def]
        connection = connect(path)
        connection.set_trace_callback(statements.append)
        return connection

    monkeypatch.setattr(store_db, "connect_sqlite", traced)
    for game in (["--game", "2"], []):
        statements.clear()
        cli("result", "Open", a, 121, b, 97, *game, *(["--replace"] if not game else []))
        reads = [" ".join(s.split()) for s in statements if s.lstrip().upper().startswith("SELECT")]
        assert reads and not [s for s in reads if "FROM player" in s and "WHERE" not in s.split("FROM player", 1)[1]], reads
        seated = [s for s in reads if "FROM pairing" in s and "entry1_id =" in s]
        assert seated, reads
        with transaction(str(cli.db), write=False) as db:
            for query in seated:
                plan = " ".join(str(row) for row in db.rows("EXPLAIN QUERY PLAN " + query))
                assert "ix_pairing_entry1" in plan and "ix_pairing_entry2" in plan, (query, plan)


def test_a_player_by_his_whole_name_by_index(location):
    """find_player finds a whole name (folded) by index, without the roster's index,
    and answers as that index does for every name typed (ambiguous ones refused
    alike); a name that is not whole (a prefix, a last name) still goes to the index."""
    names = _roster(location)
    typed = ROSTER + ["pat smith", "emile belanger", "ИВАН ПЕТРОВ", "  Ann   Lee ", "Smithers", "A. Lee", "zoe kraus"]

    def found(db, text):
        try:
            return directory.find_player(db, text).id
        except (CribError, ValueError) as refused:
            return str(refused)

    for text in typed:
        with transaction(location, write=False) as db:
            fast = found(db, text)
            whole = db.memoized("roster_index") is None  # answered without the roster's index
        with transaction(location, write=False) as db:
            db.memo("roster_index", ("player",), lambda db=db: NameIndex(directory.roster(db)))  # the index first: as before
            assert found(db, text) == fast, text
        assert whole == (text not in ("Smithers", "A. Lee")), text
    with transaction(location, write=False) as db:
        assert found(db, "Ann Lee") == next(p for p, n in names.items() if n == "Ann Lee")
        assert "matches 2 players" in str(found(db, "pat smith"))
