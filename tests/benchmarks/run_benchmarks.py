"""Time the commands that have speed goals, as whole processes, against a floor.

    python tests/benchmarks/run_benchmarks.py [--runs 9] [--only NAME] [--against TREE] [--big 20000] [--keep DIR]

The floor is `python -c "import typer"`: starting Python and the CLI library, which
every command pays. Each command and the floor run in turn (floor, command, floor,
command, ...) after a warm-up, and the ratio is taken pair by pair, so a machine
that speeds up or slows down during the run moves both. Medians are the figures
to quote; "CPU x" is the same ratio in CPU seconds (user + system), the steadier
figure on a machine shared with other work. Python runs as installed: bytecode cached (a shell that sets
PYTHONDONTWRITEBYTECODE would time compiling the sources instead).

``--against TREE`` (a checkout of another commit, e.g. ``git worktree add ../old
4bd1b5b``) times that tree's code too, in the same run: floor, this tree, that tree,
in turn, each on a database built by its own build_big_event.py (the schema may
differ), and prints both ratios.

``--big N`` (default 20,000; 0: none) times one result in an event of N players
too (22 games played, game 23 paired), with --game and without (the pairing
found by the entry's own tables); building it takes a minute or two, and ``--keep
DIR`` keeps the built databases there to reuse (a database of an older schema is
upgraded untimed before the runs).

Not a test: run it on purpose. bench_pairing.py and bench_scale.py measure the
pairing and the growth to 20,000 players.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))

from build_big_event import build  # noqa: E402

FLOOR = [sys.executable, "-c", "import typer"]


def crib(*args: str) -> list[str]:
    return [sys.executable, "-m", "crib_tourney", *args]


def timed(command: list[str], env: dict, prepare: Callable[[], None] | None = None) -> tuple[float, float]:
    """(wall seconds, CPU seconds: user + system) of one whole process."""
    if prepare is not None:  # untimed: a fresh copy for a command that writes
        prepare()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=env)
    took = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return took, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def paired(command: list[str], env: dict, runs: int, other: tuple[list[str], dict] | None = None,
           prepare: Callable[[], None] | None = None
           ) -> tuple[list[float], list[float], list[float], list[tuple[float, float]]]:
    """(command seconds, command / floor ratios, the same in CPU seconds, the other command's
    ratios, wall and CPU), in turn with the floor."""
    timed(FLOOR, env)
    timed(command, env, prepare)
    if other:
        timed(*other)
    seconds, ratios, cpu_ratios, others = [], [], [], []
    for _ in range(runs):
        floor, floor_cpu = timed(FLOOR, env)
        took, cpu = timed(command, env, prepare)
        seconds.append(took)
        ratios.append(took / floor)
        cpu_ratios.append(cpu / floor_cpu)
        if other:
            other_took, other_cpu = timed(*other)
            others.append((other_took / floor, other_cpu / floor_cpu))
    return seconds, ratios, cpu_ratios, others


def big_event(db: Path, env: dict, tree: Path | None = None, players: int = 1000) -> tuple[str, str]:
    """Build the ``players`` x 22 event with ``tree``'s code (default this one), unless
    ``db`` is there already (--keep); game 23's first table."""
    if not db.exists():
        if tree is None:
            build(db, players=players, games=22)
        else:
            subprocess.run([sys.executable, str(tree / "tests/benchmarks/build_big_event.py"), str(db), "--players", str(players)],
                           check=True, env=env)
    game = json.loads(subprocess.run(crib("--db", str(db), "round", "Big Open", "--show", "23", "--json"),
                                     check=True, capture_output=True, text=True, env=env).stdout)  # also brings a kept one up to date
    a, b = game["tables"][0]["players"]
    return a, b


def commands(db: Path, a: str, b: str, big: tuple[Path, str, str, int] | None = None) -> dict[str, list[str]]:
    found = {"result into 1,000 x 22": crib("--db", str(db), "result", "Big Open", a, "121", b, "97", "--game", "23", "--replace"),
             "standings --json, 1,000 x 22": crib("--db", str(db), "standings", "Big Open", "--json"),
             "standings table, 1,000 x 22": crib("--db", str(db), "standings", "Big Open"),
             "check, 1,000 x 22": crib("--db", str(db), "check", "Big Open"),
             "player history, 1,000 x 22": crib("--db", str(db), "player", "history", a),
             "player games, 1,000 x 22": crib("--db", str(db), "player", "games", "Big Open", a)}
    if big is not None:
        big_db, c, d, players = big
        found[f"result into {players:,} x 22"] = crib("--db", str(big_db), "result", "Big Open", c, "121", d, "97", "--game", "23",
                                                     "--replace")
        found[f"result, no --game, {players:,} x 22"] = crib("--db", str(big_db), "result", "Big Open", c, "121", d, "97", "--replace")
    return found


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
    parser.add_argument("--against", type=Path, help="a checkout of another commit to time in the same run")
    parser.add_argument("--no-pdf", action="store_true", help="skip the print benchmarks (standings, tables, scorecards)")
    parser.add_argument("--big", type=int, default=20000, help="also time one result in an event of this many players (0: not)")
    parser.add_argument("--keep", type=Path, help="a folder to keep the --big databases in (and reuse them)")
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    compileall.compile_dir(ROOT / "crib_tourney", quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "big.db"
        a, b = big_event(db, env)
        kept = args.keep or Path(tmp)
        kept.mkdir(parents=True, exist_ok=True)
        wanted_big = args.big and (not args.only or args.only in f"result, no --game, {args.big:,} x 22"
                                   or args.only in f"result into {args.big:,} x 22")
        big = None
        if wanted_big:
            big_db = kept / f"result-{args.big}.db"
            big = (big_db, *big_event(big_db, env, players=args.big), args.big)
        others: dict[str, tuple[list[str], dict]] = {}
        if args.against:
            tree = args.against.resolve()
            compileall.compile_dir(tree / "crib_tourney", quiet=1)
            old_env = dict(env, PYTHONPATH=str(tree))
            old_db = Path(tmp) / "against.db"
            old_big = None
            if wanted_big:
                old_big_db = kept / f"result-{args.big}-against.db"
                old_big = (old_big_db, *big_event(old_big_db, old_env, tree, args.big), args.big)
            others = {name: (command, old_env) for name, command in commands(old_db, *big_event(old_db, old_env, tree), old_big).items()}
        mine = commands(db, a, b, big)
        done = Path(tmp) / "done.db"  # every game played: ready to cut
        build(done, players=1000, games=22, extra_games=0)
        cut_db, cut_work = Path(tmp) / "cut.db", Path(tmp) / "cut-work.db"
        shutil.copy(done, cut_db)
        subprocess.run(crib("--db", str(cut_db), "cut", "Big Open"), check=True, capture_output=True, env=env)

        def fresh() -> None:
            shutil.copy(done, cut_work)

        completion = dict(env, COMP_WORDS="crib-tourney st", COMP_CWORD="1", _CRIB_TOURNEY_COMPLETE="complete_bash")
        # name, command, environment, goal (x floor), what to do untimed before each run
        benches: list[tuple[str, list[str], dict, float, Callable[[], None] | None]] = [
            ("count a hand", crib("count", "5H", "5D", "5S", "JC", "--starter", "5C"), env, 1.2, None),
            ("peg a sequence", crib("peg", "5H", "10D", "JS", "5C"), env, 1.2, None),
            ("--help", crib("--help"), env, 1.2, None),
            ("shell completion (a TAB)", crib(), completion, 1.6, None),
            ("result into 1,000 x 22", mine["result into 1,000 x 22"], env, 1.5, None),
            *[(name, mine[name], env, 1.5, None) for name in mine if name.startswith("result") and "1,000" not in name],
            ("standings --json, 1,000 x 22", mine["standings --json, 1,000 x 22"], env, 2.5, None),
            ("standings table, 1,000 x 22", mine["standings table, 1,000 x 22"], env, 2.5, None),
            ("check, 1,000 x 22", mine["check, 1,000 x 22"], env, 2.5, None),
            ("cut, 1,000 x 22", crib("--db", str(cut_work), "cut", "Big Open"), env, 2.5, fresh),
            ("bracket, 1,000 x 22", crib("--db", str(cut_db), "bracket", "Big Open"), env, 2.5, None),
            ("report, 1,000 x 22", crib("--db", str(cut_db), "report", "Big Open"), env, 2.5, None),
            ("report --csv, 1,000 x 22", crib("--db", str(cut_db), "report", "Big Open", "--csv"), env, 2.5, None),
            ("player history, 1,000 x 22", mine["player history, 1,000 x 22"], env, 2.5, None),
            ("player games, 1,000 x 22", mine["player games, 1,000 x 22"], env, 2.5, None),
            ("stats (12,994,800 hands)", crib("stats"), env, 3.0, None),
        ]
        print(f"{'benchmark':32} {'median s':>9} {'x floor':>8} {'min x':>7} {'max x':>7} {'CPU x':>6} {'goal':>6}"
              + (f" {'against x':>10} {'new/against':>11} {'against CPU':>10} {'CPU n/a':>9}" if args.against else ""))
        for name, command, run_env, goal, prepare in benches:
            if args.only and args.only not in name:
                continue
            seconds, ratios, cpu_ratios, old = paired(command, run_env, args.runs, others.get(name), prepare)
            old_wall = statistics.median(r for r, _ in old) if old else 0.0
            old_cpu = statistics.median(c for _, c in old) if old else 0.0
            against = (f" {old_wall:10.2f} {statistics.median(ratios) / old_wall:11.3f} {old_cpu:10.2f}"
                       f" {statistics.median(cpu_ratios) / old_cpu:9.3f}" if old else "")
            print(f"{name:32} {statistics.median(seconds):9.3f} {statistics.median(ratios):8.2f} {min(ratios):7.2f} "
                  f"{max(ratios):7.2f} {statistics.median(cpu_ratios):6.2f} {goal:6.1f}{against}", flush=True)
        for name, command, goal in (
            ("print standings, 1,000 x 22", crib("--db", str(db), "print", "standings", "Big Open"), 0.08),
            ("print tables, 1,000 x 22 (one game)", crib("--db", str(db), "print", "tables", "Big Open", "--game", "22"), 0.08),
        ):
            if not args.no_pdf and (not args.only or args.only in name):
                print_cpu(name, command, env, Path(tmp), goal)
        if not args.no_pdf and (not args.only or args.only in "print scorecards, 512 x 12"):
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
