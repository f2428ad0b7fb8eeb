"""Time the commands that have speed goals, as whole processes, against a floor.

    python tests/benchmarks/run_benchmarks.py [--runs 9] [--only NAME]

The floor is `python -c "import typer"`: starting Python and the CLI library, which
every command pays. Each command and the floor run in turn (floor, command, floor,
command, ...) after a warm-up, and the ratio is taken pair by pair, so a machine
that speeds up or slows down during the run moves both. Medians are the figures
to quote. Python runs as installed: bytecode cached (a shell that sets
PYTHONDONTWRITEBYTECODE would time compiling the sources instead).

Not a test: run it on purpose. bench_pairing.py and bench_scale.py measure the
pairing and the growth to 20,000 players.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))

from build_big_event import build  # noqa: E402

FLOOR = [sys.executable, "-c", "import typer"]


def crib(*args: str) -> list[str]:
    return [sys.executable, "-m", "crib_tourney", *args]


def timed(command: list[str], env: dict) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=env)
    return time.perf_counter() - start


def paired(command: list[str], env: dict, runs: int) -> tuple[list[float], list[float]]:
    """(command seconds, command / floor ratios), alternating with the floor."""
    timed(FLOOR, env)
    timed(command, env)
    seconds, ratios = [], []
    for _ in range(runs):
        floor = timed(FLOOR, env)
        took = timed(command, env)
        seconds.append(took)
        ratios.append(took / floor)
    return seconds, ratios


def cpu_seconds(command: list[str], env: dict) -> float:
    """User + system CPU of a command and every process it started."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, capture_output=True, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--only", help="run only benchmarks whose name contains this")
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    compileall.compile_dir(ROOT / "crib_tourney", quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "big.db"
        build(db, players=1000, games=22)
        game = json.loads(subprocess.run(crib("--db", str(db), "round", "Big Open", "--show", "23", "--json"),
                                         check=True, capture_output=True, text=True, env=env).stdout)
        a, b = game["tables"][0]["players"]
        completion = dict(env, COMP_WORDS="crib-tourney st", COMP_CWORD="1", _CRIB_TOURNEY_COMPLETE="complete_bash")
        benches = [
            ("count a hand", crib("count", "5H", "5D", "5S", "JC", "--starter", "5C"), env, 1.6),
            ("peg a sequence", crib("peg", "5H", "10D", "JS", "5C"), env, 1.6),
            ("--help", crib("--help"), env, 1.6),
            ("shell completion (a TAB)", crib(), completion, 1.6),
            ("result into 1,000 x 22", crib("--db", str(db), "result", "Big Open", a, "121", b, "97", "--game", "23", "--replace"), env, 1.8),
            ("standings --json, 1,000 x 22", crib("--db", str(db), "standings", "Big Open", "--json"), env, 4.0),
            ("standings table, 1,000 x 22", crib("--db", str(db), "standings", "Big Open"), env, 5.0),
            ("stats (12,994,800 hands)", crib("stats"), env, 3.0),
        ]
        print(f"{'benchmark':32} {'median s':>9} {'x floor':>8} {'min x':>7} {'max x':>7} {'goal':>6}")
        for name, command, run_env, goal in benches:
            if args.only and args.only not in name:
                continue
            seconds, ratios = paired(command, run_env, args.runs)
            print(f"{name:32} {statistics.median(seconds):9.3f} {statistics.median(ratios):8.2f} {min(ratios):7.2f} "
                  f"{max(ratios):7.2f} {goal:6.1f}", flush=True)
        for name, command, goal in (
            ("print standings, 1,000 x 22", crib("--db", str(db), "print", "standings", "Big Open"), 0.08),
            ("print tables, 1,000 x 22 (one game)", crib("--db", str(db), "print", "tables", "Big Open", "--game", "22"), 0.08),
        ):
            if not args.only or args.only in name:
                print_cpu(name, command, env, Path(tmp), goal)
        if not args.only or args.only in "print scorecards, 512 x 12":
            cards_db = Path(tmp) / "cards.db"
            build(cards_db, players=512, games=12, extra_games=0)
            print_cpu("print scorecards, 512 x 12", crib("--db", str(cards_db), "print", "scorecards", "Big Open"), env, Path(tmp), 0.1)


def print_cpu(name: str, command: list[str], env: dict, folder: Path, goal: float) -> None:
    """A print's wall time and CPU a page (every process it started: the render
    workers too), with the floor's CPU measured just before: the machine's
    speed at that moment."""
    from pypdf import PdfReader

    out = folder / "print.pdf"
    floor = statistics.median(cpu_seconds(FLOOR, env) for _ in range(3))
    start = time.perf_counter()
    cpu = cpu_seconds(command + ["-o", str(out)], env)
    wall = time.perf_counter() - start
    pages = len(PdfReader(out).pages)
    print(f"{name} ({pages} pages): {wall:.1f} s wall, {cpu / pages:.3f} s CPU a page (goal {goal}); "
          f"floor {floor:.3f} s CPU", flush=True)

if __name__ == "__main__":
    main()
