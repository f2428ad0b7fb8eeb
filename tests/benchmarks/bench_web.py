"""Load test of the live view: screens and phones reading a 500-player event while
results arrive, loopback only.

    python tests/benchmarks/bench_web.py [--clients 200] [--every 1] [--seconds 60] [--results-every 2]
                                         [--source DIR]

Starts `crib-tourney serve` on a free loopback port against a new 500-player event
with 8 games played and game 9 paired. Each client keeps one keep-alive connection
(as a browser does) and asks for a page every ``--every`` seconds (200 clients every
second: 200 requests a second), taking turns through a mix of what the room reads:
the standings as HTML, as JSON and as the live fragment the pages poll, the tables,
the overview, a player's page and the index, each with the ETag it last saw and
``Accept-Encoding: gzip``, as browsers send. Meanwhile a scorekeeper
enters a result every ``--results-every`` seconds (`crib-tourney result`, a process
of its own on the same machine), so pages really change. Prints p50/p95/p99/max
latency, the answers by status and the errors (anything but 200 or 304, or a broken
connection), and the same figures after the first ``--warm-up`` seconds (5), by which
each of the 500 player pages has been built once. ``--source DIR`` runs the server from another checkout (e.g. an older
commit unpacked with `git archive`) for a before/after comparison. Not a test:
run it on purpose.
"""

from __future__ import annotations

import argparse
import asyncio
import json
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

MIX = ["/events/1/standings.json", "/events/1/standings?fragment=1", "/events/1/standings", "/events/1/standings.json",
       "/events/1/tables?fragment=1", "/events/1/tables", "/events/1/", "/events/1/players/{player}", "/events/1/index.json",
       "/"]


async def request(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, path: str, etag: str | None) -> tuple[int, str | None]:
    head = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip, deflate, br\r\n"  # as browsers' fetch() sends
    if etag:
        head += f"If-None-Match: {etag}\r\n"
    writer.write((head + "\r\n").encode())
    await writer.drain()
    status_line = await reader.readline()
    if not status_line:
        raise ConnectionError("closed")
    status = int(status_line.split()[1])
    length, found = 0, None
    while True:
        line = await reader.readline()
        if line in (b"\r\n", b""):
            break
        name, _, value = line.decode().partition(":")
        if name.lower() == "content-length":
            length = int(value)
        elif name.lower() == "etag":
            found = value.strip()
    if length:
        await reader.readexactly(length)
    return status, found


async def client(port: int, seconds: float, every: float, results: list, errors: list, rnd: random.Random) -> None:
    await asyncio.sleep(rnd.uniform(0, every))  # clients do not start in step
    etags: dict[str, str] = {}
    reader = writer = None
    turn = rnd.randrange(len(MIX))
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        path = MIX[turn % len(MIX)].format(player=rnd.randint(1, 500))
        turn += 1
        start = time.perf_counter()
        try:
            if writer is None:
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
            assert reader is not None
            status, etag = await request(reader, writer, path, etags.get(path))
            took = time.perf_counter() - start
            if etag:
                etags[path] = etag
            results.append((path, status, took, time.monotonic() + seconds - end))
            if status not in (200, 304):
                errors.append(f"{status} {path}")
        except (OSError, ConnectionError, asyncio.IncompleteReadError, ValueError) as exc:
            errors.append(f"{type(exc).__name__} {path}")
            writer = None
        await asyncio.sleep(max(0.0, every - (time.perf_counter() - start)))
    if writer is not None:
        writer.close()


async def scorekeeper(db: Path, seconds: float, every: float, env: dict) -> int:
    tables = json.loads(subprocess.run([sys.executable, "-m", "crib_tourney", "round", "Big Open", "--show", "9", "--json"],
                                       capture_output=True, text=True, check=True, env=env).stdout)["tables"]
    end, entered = time.monotonic() + seconds, 0
    for table in tables:
        await asyncio.sleep(every)
        if time.monotonic() > end:
            break
        a, b = table["players"]
        await asyncio.to_thread(subprocess.run, [sys.executable, "-m", "crib_tourney", "result", "Big Open", a, "121", b, "100"],
                                capture_output=True, env=env)
        entered += 1
    return entered


async def load(port: int, db: Path, args: argparse.Namespace, env: dict) -> tuple[list, list, int]:
    results: list = []
    errors: list = []
    rnd = random.Random(5)
    done = await asyncio.gather(scorekeeper(db, args.seconds, args.results_every, env),
                                *(client(port, args.seconds, args.every, results, errors, rnd) for _ in range(args.clients)))
    return results, errors, done[0]


def cpu_seconds(pid: int) -> float:
    """The CPU time (user + system) a process has used: on a machine busy with other
    work the latency figures move with the load, this one much less."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(times: list[float], share: float) -> float:
    return times[min(len(times) - 1, max(0, int(len(times) * share + 0.5) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--every", type=float, default=1.0)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--results-every", type=float, default=2.0)
    parser.add_argument("--source", type=Path, help="run the server from this checkout instead")
    parser.add_argument("--warm-up", type=float, default=5.0,
                        help="also report the latencies after this many seconds, when each page has been built once")
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    server_env = dict(env)
    if args.source:
        server_env["PYTHONPATH"] = str(args.source.resolve())
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "web.db"
        build(db, players=500, games=8)  # and game 9 paired: the scorekeeper enters its results
        env["CRIB_TOURNEY_DB"] = str(db)
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        server = subprocess.Popen([sys.executable, "-m", "crib_tourney", "--db", str(db), "serve", "--port", str(port)],
                                  env=server_env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(100):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2)
                    break
                except OSError:
                    time.sleep(0.2)
            cpu_before = cpu_seconds(server.pid)
            started = time.monotonic()
            results, errors, entered = asyncio.run(load(port, db, args, env))
            took = time.monotonic() - started
            cpu = cpu_seconds(server.pid) - cpu_before
        finally:
            server.terminate()
            server.wait(timeout=10)
    times = sorted(t * 1000 for _, _, t, _ in results)
    settled = sorted(t * 1000 for _, _, t, at in results if at >= args.warm_up)
    statuses: dict[int, int] = {}
    for _, status, _, _ in results:
        statuses[status] = statuses.get(status, 0) + 1
    worst: dict[str, list[float]] = {}
    for path, _, t, _ in results:
        worst.setdefault(path.split("?")[0].rstrip("0123456789") + ("?fragment" if "?" in path else ""), []).append(t * 1000)
    print(f"{args.clients} clients every {args.every:g} s for {args.seconds:g} s ({len(results) / took:.0f} requests/s), "
          f"a result every {args.results_every:g} s ({entered} entered): {len(times)} requests "
          f"({', '.join(f'{n} x {s}' for s, n in sorted(statuses.items()))}), {len(errors)} errors")
    print(f"latency p50 {statistics.median(times):.1f} ms, p95 {percentile(times, 0.95):.1f} ms, "
          f"p99 {percentile(times, 0.99):.1f} ms, max {times[-1]:.1f} ms (goal: p95 <= 30 ms, p99 <= 60 ms, no errors)")
    if settled:
        print(f"after the first {args.warm_up:g} s (every page built once): p50 {statistics.median(settled):.1f} ms, "
              f"p95 {percentile(settled, 0.95):.1f} ms, p99 {percentile(settled, 0.99):.1f} ms, max {settled[-1]:.1f} ms")
    print(f"server CPU {cpu:.1f} s in {took:.0f} s: {1000 * cpu / max(1, len(results)):.2f} ms a request"
          f" (load average {os.getloadavg()[0]:.1f}: other work on the machine moves the latencies)")
    for path, ts in sorted(worst.items(), key=lambda kv: -percentile(sorted(kv[1]), 0.95)):
        ts.sort()
        print(f"  {path:40} {len(ts):6} requests  p95 {percentile(ts, 0.95):7.1f} ms  p99 {percentile(ts, 0.99):7.1f} ms")
    if errors:
        print("errors (first 5):", "; ".join(errors[:5]))


if __name__ == "__main__":
    main()
