"""Load test of scoring from phones: a room of 200 players entering results while
200 screens follow the standings, loopback only.

    python tests/benchmarks/bench_phones.py [--phones 200] [--screens 200] [--seconds 60]

Starts `crib-tourney serve --scoring` on a free loopback port against a new event
of N players with 8 games played and game 9 paired, and a personal link each.
Every phone opens its page, polls its state.json every 5 s (as the page does) and,
at a random moment within the run, posts its card of game 9 (the two of a table
agree); one phone in ten sends its report a second time with the same key (a
phone that lost the answer). Meanwhile every screen asks for standings.json every
5 s with the ETag it last saw. Then it checks that nothing was lost or doubled
(a card and a web_request row per phone, one audit entry each, every game agreed)
and prints p50/p95/max latency of the posts and of all requests. Not a test: run
it on purpose.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent.parent))

from build_big_event import build  # noqa: E402

from tests.web.phones import HttpPhone, http, make_links  # noqa: E402

EVERY = 5.0


async def phone(one: HttpPhone, side: int, table: int, seconds: float, rnd: random.Random, posts: list, polls: list) -> None:
    await asyncio.sleep(rnd.uniform(0, EVERY))
    await one.open()
    post_at = time.monotonic() + rnd.uniform(1, seconds - 5)
    end = time.monotonic() + seconds
    posted = False
    while time.monotonic() < end or not posted:  # every phone posts, however slow the answers
        if not posted and time.monotonic() >= post_at:
            key = f"bench-{one.token}"
            for _ in range(2 if rnd.random() < 0.1 else 1):  # one in ten sends it twice (lost the first answer)
                start = time.perf_counter()
                status, _ = await one.report(9, "me" if side == 0 else "opponent", table % 120, key)
                posts.append((status, time.perf_counter() - start))
            posted = True
        start = time.perf_counter()
        status, _, _ = await http(one.port, "GET", f"/p/{one.token}/state.json")
        polls.append((status, time.perf_counter() - start))
        await asyncio.sleep(EVERY)


async def screen(port: int, seconds: float, rnd: random.Random, polls: list) -> None:
    await asyncio.sleep(rnd.uniform(0, EVERY))
    etag, end = None, time.monotonic() + seconds
    while time.monotonic() < end:
        start = time.perf_counter()
        status, headers, _ = await http(port, "GET", "/events/1/standings.json", {"If-None-Match": etag} if etag else {})
        polls.append((status, time.perf_counter() - start))
        etag = headers.get("etag") or etag
        await asyncio.sleep(EVERY)


async def load(port: int, tables: list[list[str]], links: dict[str, str], screens: int, seconds: float) -> tuple[list, list]:
    rnd = random.Random(19)
    posts: list = []
    polls: list = []
    phones = [phone(HttpPhone(port, links[name]), side, k, seconds, rnd, posts, polls)
              for k, players in enumerate(tables) for side, name in enumerate(players)]
    await asyncio.gather(*phones, *(screen(port, seconds, rnd, polls) for _ in range(screens)))
    return posts, polls


def percentile(times: list[float], share: float) -> float:
    return times[max(0, int(len(times) * share) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--phones", type=int, default=200)
    parser.add_argument("--screens", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60)
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "phones.db"
        build(db, players=args.phones, games=8)  # and game 9 paired: the phones enter its results
        links = make_links(str(db), 1)
        names = {int(i): n for i, n in sqlite3.connect(db).execute(
            "SELECT e.id, p.name FROM entry e JOIN player p ON p.id = e.player_id")}
        tables = [[names[a], names[b]] for a, b in sqlite3.connect(db).execute(
            "SELECT entry1_id, entry2_id FROM pairing WHERE game_no = 9 AND entry2_id IS NOT NULL ORDER BY table_no")]
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        server = subprocess.Popen([sys.executable, "-m", "crib_tourney", "--db", str(db), "serve", "--scoring", "--port", str(port)],
                                  env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(100):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2)
                    break
                except OSError:
                    time.sleep(0.2)
            started = time.monotonic()
            posts, polls = asyncio.run(load(port, tables, links, args.screens, args.seconds))
            took = time.monotonic() - started
        finally:
            server.terminate()
            server.wait(timeout=10)
        con = sqlite3.connect(db)
        cards = con.execute("SELECT COUNT(*) FROM outcome o JOIN pairing p ON p.id = o.pairing_id"
                            " WHERE p.game_no = 9 AND o.source = 'card'").fetchone()[0]
        requests = con.execute("SELECT COUNT(*) FROM web_request").fetchone()[0]
        entries = con.execute("SELECT COUNT(*) FROM audit WHERE action = 'card' AND source = 'web'").fetchone()[0]
        con.close()
    playing = 2 * len(tables)
    ok = cards == requests == entries == playing and all(status == 200 for status, _ in posts) and \
        all(status in (200, 304) for status, _ in polls)
    post_times = sorted(t * 1000 for _, t in posts)
    every = sorted(t * 1000 for _, t in posts + polls)
    print(f"{playing} phones, {args.screens} screens, {took:.0f} s: {len(posts)} posts ({len(posts) - playing} resent),"
          f" {len(polls)} polls; {cards} cards, {requests} keys, {entries} log entries for {playing} phones:"
          f" {'nothing lost or doubled' if ok else 'MISMATCH'}")
    print(f"posts: p50 {statistics.median(post_times):.1f} ms, p95 {percentile(post_times, 0.95):.1f} ms,"
          f" max {post_times[-1]:.1f} ms; all requests: p50 {statistics.median(every):.1f} ms,"
          f" p95 {percentile(every, 0.95):.1f} ms, max {every[-1]:.1f} ms (goal: p95 <= 100 ms)")
    if not ok:
        sys.exit(1)


if __name__ == "__main__":
    main()
