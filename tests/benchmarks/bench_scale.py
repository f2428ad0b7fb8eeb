"""Growth with the field: standings, check, round and cut at 1,000, 5,000 and
20,000 players x 22 games, whole processes, wall time and peak memory.

    python tests/benchmarks/bench_scale.py [--sizes 1000,5000,20000] [--runs 3]

Linear means the time per player stays flat as the field grows 20-fold; the
peak memory of every command must stay under 200 MiB at 20,000 players. Building
the 20,000-player event takes about a minute. Not a test: run it on purpose.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

COMMANDS = [("standings --json", ["standings", "Big Open", "--json"]), ("standings", ["standings", "Big Open"]),
            ("check", ["check", "Big Open"]), ("round", ["round", "Big Open"]), ("cut", ["cut", "Big Open"])]


def run(command: list[str], env: dict) -> tuple[float, float]:
    """(wall seconds, peak resident MiB) of one whole process."""
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    took = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"{command} failed: {process.stderr.read().decode() if process.stderr else ''}")
    return took, usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="1000,5000,20000")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    crib = [sys.executable, "-m", "crib_tourney"]
    print(f"{'players':>7} {'command':18} {'median s':>9} {'us/player':>10} {'peak MiB':>9}")
    with tempfile.TemporaryDirectory() as tmp:
        for players in map(int, args.sizes.split(",")):
            pristine = Path(tmp) / f"p{players}.db"
            # built in a process of its own: a child's peak memory starts at its parent's
            subprocess.run([sys.executable, str(HERE / "build_big_event.py"), str(pristine), "--players", str(players),
                            "--extra-games", "0"], check=True, env=env)  # every game played: ready to cut
            work = Path(tmp) / "work.db"
            for label, command in COMMANDS:
                times, peaks = [], []
                for _ in range(args.runs):
                    shutil.copy(pristine, work)
                    if label == "round":  # one more game to pair
                        subprocess.run(crib + ["event", "set", "Big Open", "games=23"], check=True, capture_output=True,
                                       env=dict(env, CRIB_TOURNEY_DB=str(work)))
                    took, peak = run(crib + command, dict(env, CRIB_TOURNEY_DB=str(work)))
                    times.append(took)
                    peaks.append(peak)
                median = statistics.median(times)
                print(f"{players:7d} {label:18} {median:9.3f} {median / players * 1e6:10.1f} {max(peaks):9.1f}", flush=True)


if __name__ == "__main__":
    main()
