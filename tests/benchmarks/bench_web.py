"""Load test of the live view: phones polling a 500-player event, loopback only.

    python tests/benchmarks/bench_web.py [--phones 200] [--seconds 60] [--every 5]

Starts `crib-tourney serve` on a free loopback port against a new 500-player
event with 8 games played, then runs N simulated phones, each asking for
standings.json every few seconds with the ETag it last saw (as the pages do),
while a scorekeeper enters a result every 10 seconds so pages really change.
Prints p50/p95/max latency (and how many answers were 304). Stops by itself.
Not a test: run it on purpose.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from build_big_event import build  # noqa: E402


async def get(port: int, path: str, etag: str | None) -> tuple[int, str | None, float]:
    start = time.perf_counter()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    headers = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    if etag:
        headers += f"If-None-Match: {etag}\r\n"
    writer.write((headers + "\r\n").encode())
    await writer.drain()
    response = await reader.read()
    writer.close()
    took = time.perf_counter() - start
    head = response.split(b"\r\n\r\n", 1)[0].decode()
    status = int(head.split()[1])
    found = next((line.split(":", 1)[1].strip() for line in head.split("\r\n") if line.lower().startswith("etag:")), None)
    return status, found, took


async def phone(port: int, seconds: float, every: float, results: list, rnd: random.Random) -> None:
    await asyncio.sleep(rnd.uniform(0, every))  # phones do not start in step
    etag, end = None, time.monotonic() + seconds
    while time.monotonic() < end:
        status, etag_seen, took = await get(port, "/events/1/standings.json", etag)
        etag = etag_seen or etag
        results.append((status, took))
        await asyncio.sleep(every)


async def scorekeeper(db: Path, seconds: float) -> None:
    env = dict(os.environ, CRIB_TOURNEY_DB=str(db))
    import json

    tables = json.loads(subprocess.run([sys.executable, "-m", "crib_tourney", "round", "Big Open", "--show", "9", "--json"],
                                       capture_output=True, text=True, check=True, env=env).stdout)["tables"]
    end = time.monotonic() + seconds
    for table in tables:
        await asyncio.sleep(10)
        if time.monotonic() > end:
            return
        a, b = table["players"]
        await asyncio.to_thread(subprocess.run, [sys.executable, "-m", "crib_tourney", "result", "Big Open", a, "121", b, "100"],
                                capture_output=True, env=env)


async def load(port: int, db: Path, phones: int, seconds: float, every: float) -> list:
    results: list = []
    rnd = random.Random(5)
    await asyncio.gather(scorekeeper(db, seconds), *(phone(port, seconds, every, results, rnd) for _ in range(phones)))
    return results


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--phones", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--every", type=float, default=5)
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "web.db"
        build(db, players=500, games=8)  # and game 9 paired: the scorekeeper enters its results
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        server = subprocess.Popen([sys.executable, "-m", "crib_tourney", "--db", str(db), "serve", "--port", str(port)],
                                  env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(100):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2)
                    break
                except OSError:
                    time.sleep(0.2)
            results = asyncio.run(load(port, db, args.phones, args.seconds, args.every))
        finally:
            server.terminate()
            server.wait(timeout=10)
    times = sorted(took * 1000 for _, took in results)
    p95 = times[int(len(times) * 0.95) - 1]
    not_modified = sum(status == 304 for status, _ in results)
    print(f"{args.phones} phones every {args.every:g} s for {args.seconds:g} s: {len(times)} requests of standings.json "
          f"({not_modified} answered 304); latency p50 {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, "
          f"max {times[-1]:.1f} ms (goal: p95 <= 50 ms)")


if __name__ == "__main__":
    main()
