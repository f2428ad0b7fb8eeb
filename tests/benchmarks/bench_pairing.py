"""Pairing at size, as directors run it: every `round` a real process.

    python tests/benchmarks/bench_pairing.py [--players 1000] [--games 22]

An event of N players plays G games; after games 5 and 12 five players withdraw
and five late entries arrive (real `withdraw` and `enter --new` commands). Each
game is paired by `crib-tourney round`, timed as a whole process and paired with
a floor measured alongside (`python -c "import typer"`, the cost of starting
Python and the CLI library); results are entered between games directly, as
`result import` would. Prints each round's time and ratio, the worst and the
median, and the number of repeat pairings (which must be 0). Not a test: run it
on purpose; it takes about a minute at 1,000 players.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from build_big_event import build, play_game  # noqa: E402

FLOOR = [sys.executable, "-c", "import typer"]


def timed(command: list[str], env: dict) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=env)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--games", type=int, default=22)
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # as installed: bytecode cached
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "pairing.db"
        build(db, args.players, games=0, extra_games=0, event_games=args.games)
        env["CRIB_TOURNEY_DB"] = str(db)
        crib = [sys.executable, "-m", "crib_tourney"]
        rnd = random.Random(11)
        timed(FLOOR, env)  # warm-up
        rows = []
        for game in range(1, args.games + 1):
            floor = timed(FLOOR, env)
            took = timed(crib + ["round", "Big Open"], env)
            rows.append((game, took, took / floor))
            play_game(str(db), game, rnd)
            if game in (5, 12):
                standing = json.loads(subprocess.run(crib + ["standings", "Big Open", "--json"], check=True,
                                                     capture_output=True, text=True, env=env).stdout)["rows"]
                for row in rnd.sample([r for r in standing if not r["withdrawn"]], 5):
                    subprocess.run(crib + ["withdraw", "Big Open", row["player"]], check=True, capture_output=True, env=env)
                late = [f"Late {game}-{k}" for k in range(5)]
                subprocess.run(crib + ["enter", "Big Open", *late, "--new"], check=True, capture_output=True, env=env)
        met: dict[frozenset, int] = {}
        for game in range(1, args.games + 1):
            shown = json.loads(subprocess.run(crib + ["round", "Big Open", "--show", str(game), "--json"], check=True,
                                              capture_output=True, text=True, env=env).stdout)
            for table in shown["tables"]:
                key = frozenset(table["players"])
                met[key] = met.get(key, 0) + 1
    repeats = sum(n - 1 for n in met.values())
    print(f"{'game':>4} {'round s':>8} {'x floor':>8}")
    for game, took, ratio in rows:
        print(f"{game:4d} {took:8.3f} {ratio:8.2f}")
    ratios = [r for _, _, r in rows]
    print(f"{args.players} players x {args.games} games: round median {statistics.median(ratios):.2f}x, "
          f"worst {max(ratios):.2f}x the floor; repeat pairings: {repeats}")
    if repeats:
        sys.exit(1)


if __name__ == "__main__":
    main()
