"""What one phone's report costs the server, on SQLite or PostgreSQL, with a
small roster or an association's: both cards of every table of game 1 of a new
200-player event, each through web/phones.record (its own write transaction,
as `serve --scoring` runs it), timed in this process. Prints milliseconds a report.

    python tests/benchmarks/bench_phone_reports.py [--roster 20000] [--db URL]

--roster adds that many other players to the database first (imported from a
CSV), the association's roster the event is one of. Without --db, a SQLite file
in a scratch folder; with a PostgreSQL URL, a new database beside the one it
names (the user needs CREATEDB), dropped after. Not a test: run it on purpose.
"""

from __future__ import annotations

import argparse
import csv
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from crib_tourney.web import phones  # noqa: E402
from tests.benchmarks.scratch import scratch_database  # noqa: E402
from tests.conftest import Cli  # noqa: E402
from tests.web.phones import make_links  # noqa: E402

PLAYERS = 200


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--roster", type=int, default=0, help="other players in the database (default 0)")
    parser.add_argument("--db", help="a PostgreSQL URL (postgresql+psycopg://...); default: a SQLite file")
    args = parser.parse_args()
    with scratch_database(args.db, "bench-reports") as location:
        cli = Cli(location)  # type: ignore[arg-type]
        if args.roster:
            roster = Path(tempfile.mkdtemp(prefix="bench-roster-")) / "roster.csv"
            with open(roster, "w", newline="") as f:
                writer = csv.writer(f)
                writer.writerow(["name"])
                writer.writerows([f"Member {i:05d}"] for i in range(args.roster))
            cli("player", "import", str(roster))
        cli("new-event", "Open", "--games", "2")
        cli("enter", "Open", *(f"Player {i:03d}" for i in range(PLAYERS)), "--new")
        tables = cli("round", "Open", "--json").json()["tables"]
        links = make_links(location, 1)
        start = time.perf_counter()
        for k, table in enumerate(tables):
            first, second = table["players"]
            for token, winner, key in ((links[first], "me", f"a{k}"), (links[second], "opponent", f"b{k}")):
                status, _ = phones.record(location, token, {"game": 1, "winner": winner, "loser_score": 90, "key": key})
                assert status == 200, status
        each = (time.perf_counter() - start) / (2 * len(tables))
    engine = "PostgreSQL" if args.db else "SQLite"
    print(f"{engine}, {PLAYERS + args.roster} players in the database: {2 * len(tables)} reports,"
          f" {each * 1000:.2f} ms a report")


if __name__ == "__main__":
    main()
