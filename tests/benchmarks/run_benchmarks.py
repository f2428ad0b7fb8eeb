"""Time the commands that have speed budgets, as whole processes.

    python tests/benchmarks/run_benchmarks.py [--runs 7]

Each command runs once to warm the disk cache, then --runs times; the script prints
min / median / max wall seconds and the budget. Medians are the figures to quote:
these machines are noisy. Not a test: run it on purpose.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from build_big_event import build  # noqa: E402


def crib(*args: str) -> list[str]:
    return [sys.executable, "-m", "crib_tourney", *args]


def timed(command: list[str], runs: int) -> list[float]:
    subprocess.run(command, check=True, capture_output=True)  # warm-up
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--long-runs", type=int, default=3, help="runs of the PDF benchmarks (20+ s each)")
    parser.add_argument("--only", help="run only benchmarks whose name contains this")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "big.db"
        build(db, players=1000, games=22)
        cards_db = Path(tmp) / "cards.db"
        build(cards_db, players=512, games=12, extra_games=0)
        game = json.loads(subprocess.run(crib("--db", str(db), "round", "Big Open", "--show", "23", "--json"),
                                         check=True, capture_output=True, text=True).stdout)
        a, b = game["tables"][0]["players"]
        benches = [
            ("stats (exact distribution, 12,994,800 hands)", crib("stats", "--json"), 2.0),
            ("result into 1,000 players x 22 games", crib("--db", str(db), "result", "Big Open", a, "121", b, "97", "--game", "23", "--replace"), 0.3),
            ("standings of 1,000 players x 22 games", crib("--db", str(db), "standings", "Big Open", "--json"), 1.0),
            ("count a hand", crib("count", "5H", "5D", "5S", "JC", "--starter", "5C"), 0.3),
            ("--help", crib("--help"), 0.3),
            ("print scorecards, 512 players x 12 games (PDF)", crib("--db", str(cards_db), "print", "scorecards", "Big Open", "-o", str(Path(tmp) / "cards.pdf")), 30.0),
            ("print standings, 1,000 players (PDF)", crib("--db", str(db), "print", "standings", "Big Open", "-o", str(Path(tmp) / "standings.pdf")), 30.0),
        ]
        print(f"{'benchmark':48} {'min':>7} {'median':>7} {'max':>7} {'budget':>7}")
        for name, command, budget in benches:
            if args.only and args.only not in name:
                continue
            times = timed(command, args.long_runs if budget >= 10 else args.runs)
            print(f"{name:48} {min(times):7.3f} {statistics.median(times):7.3f} {max(times):7.3f} {budget:7.1f}", flush=True)


if __name__ == "__main__":
    main()
