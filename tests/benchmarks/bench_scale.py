"""Growth with the field: the whole-event commands at 1,000, 5,000 and 20,000
players x 22 games, whole processes, wall time and peak memory.

    python tests/benchmarks/bench_scale.py [--sizes 1000,5000,20000] [--runs 3] [--only NAME]
                                           [--changes-every 3] [--keep DIR]

The event changes as a long one does: after every 3 games (``--changes-every``)
five entries withdraw and five late entries arrive. Timed, each on a fresh copy:
standings (JSON and table), check, cut, report; ``round`` right after a change
of the field (the next game, after five more withdrawals and five late entries);
``result import`` of a whole game (every table of game 23: 10,000 rows at
20,000 players). Linear means the time per player stays flat as the field grows
20-fold. CPU seconds (user + system) are printed beside the wall time: on a
machine shared with other work they are the steadier figure. Goals at 20,000: import 3 s, round 0.8 s, standings, cut and report
1.5 s each, every command under 150 MiB. Building the 20,000-player event takes
some minutes (``--keep DIR`` keeps the built databases there and reuses them).
Not a test: run it on purpose.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

HERE = Path(__file__).resolve().parent
CRIB = [sys.executable, "-m", "crib_tourney"]


def run(command: list[str], env: dict) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds, peak resident MiB) of one whole process."""
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    took = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"{command} failed: {process.stderr.read().decode() if process.stderr else ''}")
    return took, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def crib(env: dict, *args: str) -> str:
    return subprocess.run(CRIB + list(args), check=True, capture_output=True, text=True, env=env).stdout


def next_game(env: dict) -> None:
    crib(env, "event", "set", "Big Open", "games=23")


def field_change(env: dict) -> None:
    """One more game to pair, after five withdrawals and five late entries."""
    next_game(env)
    rows = json.loads(crib(env, "standings", "Big Open", "--json"))["rows"]
    for row in random.Random(5).sample([r for r in rows if not r["withdrawn"]], 5):
        crib(env, "withdraw", "Big Open", row["player"])
    crib(env, "enter", "Big Open", *[f"Late 23-{k}" for k in range(5)], "--new")


def game_file(env: dict, path: Path) -> None:
    """Game 23 paired, and a results CSV of every one of its tables."""
    next_game(env)
    crib(env, "round", "Big Open")
    tables = json.loads(crib(env, "round", "Big Open", "--show", "23", "--json"))["tables"]
    rnd = random.Random(23)
    with path.open("w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["game", "player1", "score1", "player2", "score2"])
        for table in tables:
            if len(table["players"]) == 2:
                loser = rnd.randint(60, 119)
                writer.writerow([23, table["players"][0], 121, table["players"][1], loser] if rnd.random() < 0.5
                                else [23, table["players"][0], loser, table["players"][1], 121])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="1000,5000,20000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", help="time only the commands whose label contains this")
    parser.add_argument("--changes-every", type=int, default=3)
    parser.add_argument("--keep", type=Path, help="a folder to keep the built databases in (and reuse them)")
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    print(f"{'players':>7} {'command':18} {'median s':>9} {'CPU s':>7} {'us/player':>10} {'peak MiB':>9}")
    with tempfile.TemporaryDirectory() as tmp:
        results = Path(tmp) / "game23.csv"
        # label, command, what to do (untimed) to the fresh copy first
        commands: list[tuple[str, list[str], Callable[[dict], None] | None]] = [
            ("standings --json", ["standings", "Big Open", "--json"], None),
            ("standings", ["standings", "Big Open"], None),
            ("check", ["check", "Big Open"], None),
            ("cut", ["cut", "Big Open"], None),
            ("report", ["report", "Big Open"], None),
            ("round after change", ["round", "Big Open"], field_change),
            ("result import", ["result", "import", "Big Open", str(results)], lambda e: game_file(e, results)),
        ]
        for players in map(int, args.sizes.split(",")):
            folder = args.keep or Path(tmp)
            folder.mkdir(parents=True, exist_ok=True)
            pristine = folder / f"p{players}-c{args.changes_every}.db"
            if not pristine.exists():
                # built in a process of its own: a child's peak memory starts at its parent's
                subprocess.run([sys.executable, str(HERE / "build_big_event.py"), str(pristine), "--players", str(players),
                                "--extra-games", "0", "--changes-every", str(args.changes_every)], check=True, env=env)
            # a kept database made by an older release is brought to this schema here, untimed
            # (else each timed copy runs the migration: 2.3 s at 20,000 for schema 19's index)
            crib(dict(env, CRIB_TOURNEY_DB=str(pristine)), "standings", "Big Open", "--json")
            work = Path(tmp) / "work.db"
            work_env = dict(env, CRIB_TOURNEY_DB=str(work))
            for label, command, prepare in commands:
                if args.only and args.only not in label:
                    continue
                times, cpus, peaks = [], [], []
                for _ in range(args.runs):
                    for suffix in ("-wal", "-shm"):
                        Path(str(work) + suffix).unlink(missing_ok=True)
                    shutil.copy(pristine, work)
                    if prepare is not None:
                        prepare(work_env)
                    took, cpu, peak = run(CRIB + command, work_env)
                    times.append(took)
                    cpus.append(cpu)
                    peaks.append(peak)
                median = statistics.median(times)
                print(f"{players:7d} {label:18} {median:9.3f} {statistics.median(cpus):7.3f} {median / players * 1e6:10.1f}"
                      f" {max(peaks):9.1f}", flush=True)


if __name__ == "__main__":
    main()
