"""The two reads issue 31 gives goals at 20,000 players: `report` after the cut
(goal 1.0 s) and `player history` of one player (goal 0.3 s), whole processes.

    python tests/benchmarks/bench_report_history.py [--players 20000] [--runs 5] [--keep DIR]

The event is bench_scale.py's (build_big_event.py: 22 games played, five
withdrawals and five late entries every 3 games), cut once (untimed: the
default qualifiers, the bracket written) before the timed runs. `player history`
is timed with no ratings kept (its rating made from every game, and kept once it
has printed: the kept rows are dropped before each run), then with the ratings
kept by `ratings rebuild` (untimed) and read as they are, for Player
0001 (who missed the cut, as three in four do) and for the first seed (whose row
also reads the bracket), then after a result corrected since (untimed: the loser
of a last-game table below the cut now wins it), for one of its players (his
rating stepped again, services/ratings_since.py) and for Player 0001. Each command is run ``--runs`` times on the same cut copy
(all only read); the median wall time and CPU seconds (user + system, the steadier
figure on a shared machine) are printed, with `python -c "import typer"` measured
in the same run as the floor (first and last: on a loaded machine they differ).
Building the 20,000-player event takes some minutes (``--keep DIR`` keeps the
built database there and reuses it). Not a test: run it on purpose.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import closing
from pathlib import Path
from typing import Callable

HERE = Path(__file__).resolve().parent
CRIB = [sys.executable, "-m", "crib_tourney"]
GOALS = {"report": 1.0, "player history": 0.3}


def run(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one whole process."""
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    took = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"{command} failed: {process.stderr.read().decode() if process.stderr else ''}")
    return took, usage.ru_utime + usage.ru_stime


def timed(command: list[str], env: dict[str, str], runs: int, before: Callable[[], None] = lambda: None) -> tuple[float, float]:
    """Median wall and CPU seconds of ``runs`` runs (``before`` each, untimed)."""
    took = []
    for _ in range(runs):
        before()
        took.append(run(command, env))
    walls, cpus = zip(*took)
    return statistics.median(walls), statistics.median(cpus)


def forget_ratings(database: Path) -> Callable[[], None]:
    """Drop the kept ratings (as in a database where none were ever kept): a read of
    one player's rating makes them from every game, then keeps them."""
    def forget() -> None:
        with closing(sqlite3.connect(database)) as con, con:
            con.executescript("DELETE FROM ratings_kept; DELETE FROM player_rating; DELETE FROM rating_change;")
    return forget


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=20000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--changes-every", type=int, default=3)
    parser.add_argument("--keep", type=Path, help="a folder to keep the built database in (and reuse it)")
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        pristine = folder / f"p{args.players}-c{args.changes_every}.db"
        if not pristine.exists():
            subprocess.run([sys.executable, str(HERE / "build_big_event.py"), str(pristine), "--players", str(args.players),
                            "--extra-games", "0", "--changes-every", str(args.changes_every)], check=True, env=env)
        work = Path(tmp) / "cut.db"
        shutil.copy(pristine, work)
        work_env = dict(env, CRIB_TOURNEY_DB=str(work))
        subprocess.run(CRIB + ["cut", "Big Open"], check=True, capture_output=True, env=work_env)  # untimed
        floor = timed([sys.executable, "-c", "import typer"], env, args.runs)
        print(f"{args.players} players, median of {args.runs} runs")
        print(f"{'command':16} {'wall s':>7} {'CPU s':>7} {'x typer':>8} {'goal s':>7}")
        print(f"{'import typer':16} {floor[0]:7.3f} {floor[1]:7.3f} {1:8.2f} {'':>7}")
        history = ["player", "history", "Player 0001"]
        wall, cpu = timed(CRIB + ["report", "Big Open"], work_env, args.runs)
        print(f"{'report':16} {wall:7.3f} {cpu:7.3f} {wall / floor[0]:8.2f} {GOALS['report']:7.1f}", flush=True)
        wall, cpu = timed(CRIB + history, work_env, args.runs, forget_ratings(work))
        print(f"{'player history':16} {wall:7.3f} {cpu:7.3f} {wall / floor[0]:8.2f} {GOALS['player history']:7.1f}"
              "  (none kept: made from every game, then kept)", flush=True)
        # its rating: the ratings kept by `ratings rebuild` are read, brought up to date with the results
        # written since in the event in play; with none kept (as above) they are made from every game
        subprocess.run(CRIB + ["ratings", "rebuild"], check=True, capture_output=True, env=work_env)  # untimed
        wall, cpu = timed(CRIB + history, work_env, args.runs)
        print(f"{'  ratings kept':16} {wall:7.3f} {cpu:7.3f} {wall / floor[0]:8.2f} {GOALS['player history']:7.1f}", flush=True)
        # Player 0001 missed the cut (as three in four do); a seed's row also reads the bracket
        with closing(sqlite3.connect(work)) as con:
            (seed,) = con.execute("SELECT p.name FROM seed s JOIN entry e ON e.id = s.entry_id JOIN player p ON p.id = e.player_id"
                                  " ORDER BY s.seed LIMIT 1").fetchone()
        wall, cpu = timed(CRIB + ["player", "history", seed], work_env, args.runs)
        print(f"{'  the 1st seed':16} {wall:7.3f} {cpu:7.3f} {wall / floor[0]:8.2f} {GOALS['player history']:7.1f}", flush=True)
        # a result corrected since they were kept: its two players are rated again, the others read as kept
        with closing(sqlite3.connect(work)) as con:
            a, b, score = con.execute(
                "SELECT pa.name, pb.name, o.opp_score FROM pairing p"
                " JOIN entry ea ON ea.id = p.entry1_id JOIN player pa ON pa.id = ea.player_id"
                " JOIN entry eb ON eb.id = p.entry2_id JOIN player pb ON pb.id = eb.player_id"
                " JOIN outcome o ON o.pairing_id = p.id AND o.entry_id = p.entry1_id"
                " WHERE p.game_no = (SELECT MAX(game_no) FROM pairing) AND o.own_score < o.opp_score"
                " AND p.entry1_id NOT IN (SELECT entry_id FROM seed) AND p.entry2_id NOT IN (SELECT entry_id FROM seed)"
                " ORDER BY p.id LIMIT 1").fetchone()
            game = con.execute("SELECT MAX(game_no) FROM pairing").fetchone()[0]
        subprocess.run(CRIB + ["result", "Big Open", a, "121", b, str(score - 3), "--game", str(game), "--replace"],
                       check=True, capture_output=True, env=work_env)  # untimed: the loser of a table now wins it
        wall, cpu = timed(CRIB + ["player", "history", a], work_env, args.runs)
        print(f"{'  after a result':16} {wall:7.3f} {cpu:7.3f} {wall / floor[0]:8.2f} {GOALS['player history']:7.1f}", flush=True)
        wall, cpu = timed(CRIB + history, work_env, args.runs)
        print(f"{'  another player':16} {wall:7.3f} {cpu:7.3f} {wall / floor[0]:8.2f} {GOALS['player history']:7.1f}", flush=True)
        floor = timed([sys.executable, "-c", "import typer"], env, args.runs)  # again: the load moves during a run
        print(f"{'import typer':16} {floor[0]:7.3f} {floor[1]:7.3f} {1:8.2f} {'':>7}")


if __name__ == "__main__":
    main()
