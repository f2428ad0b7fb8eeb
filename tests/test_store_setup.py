"""Store setup facts that are easy to break silently."""

import sqlite3

from crib_tourney.store import db, migrations


def test_fast_path_knows_the_latest_schema_version():
    assert db.LATEST_VERSION == migrations.LATEST_VERSION == migrations.MIGRATIONS[-1][0]


def test_new_database_uses_wal_and_foreign_keys(cli):
    cli("player", "add", "Ann")
    con = sqlite3.connect(cli.db)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    con.close()
    from crib_tourney.store.sql import connect_sqlite

    connection = connect_sqlite(str(cli.db))
    assert connection.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert connection.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    connection.close()


def test_a_crash_mid_command_leaves_nothing(cli):
    """An exception inside the transaction rolls back everything it wrote."""
    from crib_tourney.store.db import transaction
    from crib_tourney.store.players import add_player
    from crib_tourney.store.writer import Change

    cli("player", "add", "Ann")
    before = cli.snapshot()
    try:
        with transaction(str(cli.db)) as conn:
            change = Change(conn, "player add")
            add_player(change, "Bob", None, None, None)
            change.log("added Bob")
            raise KeyboardInterrupt  # the director hits Ctrl-C half way
    except KeyboardInterrupt:
        pass
    assert cli.snapshot() == before


def test_a_shared_memo_builds_each_key_once_across_threads():
    """serve's readers share one memo per data version: a burst of pages after a
    change computes the standings once, the other threads wait for them."""
    import sqlite3
    import threading
    import time

    from crib_tourney.store.sql import Db, SharedMemo

    memo, calls, results = SharedMemo(), [], []

    def build():
        calls.append(1)
        time.sleep(0.05)  # long enough for every thread to ask while it is being built
        return 42

    def read():
        db = Db(sqlite3.connect(":memory:", check_same_thread=False), sqlite=True)
        db.share_memo(memo)
        results.append(db.memo("standings", ("outcome",), build))

    threads = [threading.Thread(target=read) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [42] * 8 and len(calls) == 1


def test_ints_reads_a_column_as_one_list():
    """Db.ints: what pairing reads 220,000 of (pair codes, past 2**32), NULL-free, in row order."""
    import sqlite3

    from crib_tourney.store.sql import Db

    db = Db(sqlite3.connect(":memory:"), sqlite=True)
    db.execute("CREATE TABLE t (v INTEGER)")
    values = [3, 7 * 4294967296 + 5, 1]
    for v in values:
        db.write("INSERT INTO t (v) VALUES (:v)", v=v)
    assert db.ints("SELECT v FROM t WHERE v > :low", low=0) == values
    assert db.ints("SELECT v FROM t WHERE v < :low", low=0) == []


def test_every_query_of_the_thin_layer_on_sqlite_and_postgresql(sqlite_or_postgres):
    """store/sql.Db runs its statements on the driver's own connection (psycopg's
    %(name)s under SQLAlchemy on PostgreSQL): each method, with a % and a :: in the
    SQL, inside one transaction that is then rolled back as a failed command's is."""
    from crib_tourney.store.db import transaction

    class Undone(Exception):
        pass

    try:
        with transaction(sqlite_or_postgres, write=True) as db:
            first = db.write_returning_id("player", {"name": "Ann 100%", "created_at": "2026-11-27T10:00:00"})
            db.write_many("player", [{"name": f"P{i}", "created_at": "2026-11-27T10:00:00"} for i in range(3)])
            db.write_rows("UPDATE player SET club = :club WHERE name = :name",
                          [{"club": "Elm", "name": "P0"}, {"club": "Oak", "name": "P1"}])
            db.write("UPDATE player SET email = :e WHERE id = :i", e="a@b.example", i=first)
            assert db.scalar("SELECT name FROM player WHERE id = :i", i=first) == "Ann 100%"
            assert db.rows("SELECT name, club FROM player WHERE name LIKE 'P%' AND id > :i ORDER BY name", i=first) == [
                ("P0", "Elm"), ("P1", "Oak"), ("P2", None)]
            assert db.dicts("SELECT CAST(:n AS INTEGER) + 1 AS next, email FROM player WHERE id = :i", n=41, i=first) == [
                {"next": 42, "email": "a@b.example"}]
            if not db.sqlite:
                assert db.scalar("SELECT CAST(:t AS text) || '%' || 1::text", t="50") == "50%1"  # '::' a cast, not a parameter
            assert db.ints("SELECT id FROM player WHERE id >= :i ORDER BY id", i=first) == list(range(first, first + 4))
            assert list(db.stream("SELECT name FROM player WHERE id > :i ORDER BY id", i=first)) == [("P0",), ("P1",), ("P2",)]
            assert db.row("SELECT name FROM player WHERE id = :i", i=-1) is None
            with db.savepoint():
                db.write("UPDATE player SET club = 'Ash' WHERE id = :i", i=first)
            raise Undone
    except Undone:
        pass
    with transaction(sqlite_or_postgres) as db:
        assert db.scalar("SELECT COUNT(*) FROM player") == 0
