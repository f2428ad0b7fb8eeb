"""What one live page costs to build, on SQLite or on PostgreSQL: every player's
page of a new event of N players with game 1 paired, built in one read-only
transaction sharing one memo (as `serve` warms them after a change), timed in
this process. Prints milliseconds a page (the median of the runs).

    python tests/benchmarks/bench_pages.py [--players 200] [--runs 5] [--db URL]

Without --db, a SQLite file in a scratch folder; with a PostgreSQL URL, a new
database made beside the one it names (the user needs CREATEDB) and dropped
after. It measures the store's statements as much as the pages (a player's page
runs about 13), which is what differs between the two engines. Not a test: run
it on purpose.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from crib_tourney.store.db import read_only  # noqa: E402
from crib_tourney.store.sql import SharedMemo  # noqa: E402
from crib_tourney.web import site  # noqa: E402
from tests.benchmarks.scratch import scratch_database  # noqa: E402
from tests.conftest import Cli  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--db", help="a PostgreSQL URL (postgresql+psycopg://...); default: a SQLite file")
    args = parser.parse_args()
    with scratch_database(args.db, "bench-pages") as location:
        cli = Cli(location)  # type: ignore[arg-type]
        cli("new-event", "Open", "--games", "2")
        cli("enter", "Open", *(f"Player {i:04d}" for i in range(args.players)), "--new")
        cli("round", "Open")
        per_page = []
        for _ in range(args.runs):
            with read_only(location) as db:
                db.share_memo(SharedMemo())
                _, players = site.pages_in_play(db)
                start = time.perf_counter()
                for path in players:
                    site.page(db, path)
                per_page.append((time.perf_counter() - start) / len(players))
    engine = "PostgreSQL" if args.db else "SQLite"
    print(f"{engine}: {len(players)} player pages, {statistics.median(per_page) * 1000:.2f} ms a page"
          f" (median of {args.runs} runs; each run {', '.join(f'{t * 1000:.2f}' for t in per_page)})")


if __name__ == "__main__":
    main()
