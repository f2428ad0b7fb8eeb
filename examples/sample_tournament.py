"""Run a whole qualifying event through the crib-tourney CLI, as a director would.

    python examples/sample_tournament.py [--db PATH] [--quiet]

Imports the club roster, creates a 9-game event, enters 44 players (one arrives
late, one leaves early), pairs each game, enters plausible results (one game per
CSV import, as a scorekeeper's batch), settles a disputed scorecard and a disputed
count, cuts to the top quarter and plays the bracket out, then prints the standings
and placings and writes the PDFs to examples/pdf/; then runs a doubles side event
(ten teams of two, four-player partners) the same way, its PDFs named doubles-*.
Results are drawn from a seeded random generator, so every run produces the same
events.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
EVENT = "Fall Classic 2026"
DOUBLES = "Fall Classic Doubles"


# A fixed creation date makes the example PDFs byte-identical from run to run.
ENVIRONMENT = dict(os.environ, SOURCE_DATE_EPOCH="1791849600")


def crib(db: Path, *args: str, quiet: bool = False) -> str:
    command = [sys.executable, "-m", "crib_tourney", "--db", str(db), *args]
    run = subprocess.run(command, capture_output=True, text=True, env=ENVIRONMENT)
    if run.returncode != 0:
        sys.exit(f"crib-tourney {' '.join(args)} failed: {run.stderr.strip()}")
    if not quiet:
        print(f"$ crib-tourney {' '.join(a if ' ' not in a else repr(a) for a in args)}")
        print(run.stdout.rstrip())
    return run.stdout


def loser_score(rnd: random.Random) -> int:
    """Losing scores of real club games: mostly 95-115, a skunk now and then."""
    return max(45, min(120, int(rnd.gauss(101, 13))))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=HERE / "sample-tournament.db")
    parser.add_argument("--quiet", action="store_true", help="print only the standings")
    args = parser.parse_args()
    db: Path = args.db
    for suffix in ("", "-wal", "-shm"):
        Path(str(db) + suffix).unlink(missing_ok=True)
    q = args.quiet
    rnd = random.Random(2026)

    crib(db, "player", "import", str(HERE / "club-roster.csv"), quiet=q)
    crib(db, "new-event", EVENT, "--date", "2026-10-17", "--location", "Elm Street Legion Hall", "--games", "9",
         "--prize-fund", "900", "--payouts", "40,25,10,10,3.75,3.75,3.75,3.75", quiet=q)
    with open(HERE / "club-roster.csv", encoding="utf-8") as f:
        roster = list(csv.DictReader(f))
    # Everyone by ACC number (two players share a name); the last one arrives late.
    on_time = [r["acc_number"] for r in roster[:-1]]
    crib(db, "enter", EVENT, *on_time, quiet=q)

    with tempfile.TemporaryDirectory() as tmp:
        for game in range(1, 10):
            if game == 2:
                crib(db, "enter", EVENT, roster[-1]["acc_number"], quiet=q)
            if game == 6:
                crib(db, "withdraw", EVENT, roster[3]["acc_number"], quiet=q)
            pairing = json.loads(crib(db, "round", EVENT, "--json", quiet=True))
            if not q:
                print(f"game {game}: {len(pairing['tables'])} tables, bye: {pairing['bye']}")
            sheet = Path(tmp) / f"game{game}.csv"
            with open(sheet, "w", newline="", encoding="utf-8") as out:
                writer = csv.writer(out)
                writer.writerow(["game", "player1", "score1", "player2", "score2"])
                for table in pairing["tables"]:
                    a, b = table["players"]
                    if game == 4 and table["table"] == 3:
                        continue  # this scorecard comes back in two disagreeing halves
                    if rnd.random() < 0.5:
                        writer.writerow([game, a, 121, b, loser_score(rnd)])
                    else:
                        writer.writerow([game, a, loser_score(rnd), b, 121])
            crib(db, "result", "import", EVENT, str(sheet), quiet=q)
            if game == 4:
                a, b = next(t["players"] for t in pairing["tables"] if t["table"] == 3)
                crib(db, "result", EVENT, a, "121", b, "97", "--game", "4", "--card", a, quiet=q)
                crib(db, "result", EVENT, a, "121", b, "93", "--game", "4", "--card", b, quiet=q)
                crib(db, "check", EVENT, quiet=q)
                crib(db, "check", EVENT, "--resolve", quiet=q)
                crib(db, "ruling", EVENT, "count", "5H", "5D", "5S", "JC", "--starter", "5C", "--claim", "28",
                     "--game", "4", "--player", a, quiet=q)
    pdf = HERE / "pdf"
    pdf.mkdir(exist_ok=True)
    crib(db, "print", "scorecards", EVENT, "-o", str(pdf / "scorecards.pdf"), quiet=q)
    crib(db, "print", "tables", EVENT, "--game", "9", "-o", str(pdf / "tables-game-9.pdf"), quiet=q)
    crib(db, "print", "standings", EVENT, "-o", str(pdf / "standings.pdf"), quiet=q)
    crib(db, "cut", EVENT, quiet=q)
    crib(db, "print", "slips", EVENT, "-o", str(pdf / "match-slips.pdf"), quiet=q)
    play_bracket(db, rnd, q)
    crib(db, "print", "bracket", EVENT, "-o", str(pdf / "bracket.pdf"), quiet=q)
    crib(db, "print", "rulings", EVENT, "-o", str(pdf / "rulings.pdf"), quiet=q)
    crib(db, "standings", EVENT)
    crib(db, "placings", EVENT)
    doubles(db, roster, rnd, pdf, q)


def doubles(db: Path, roster: list[dict], rnd: random.Random, pdf: Path, q: bool) -> None:
    """The side event: Traditional Doubles (four-player partners) for ten teams,
    entered from a CSV, three games, the top quarter to a bracket."""
    crib(db, "new-event", DOUBLES, "--variant", "four-player", "--date", "2026-10-18",
         "--location", "Elm Street Legion Hall", "--games", "3", "--best-of", "1", "--final-best-of", "3", quiet=q)
    with tempfile.TemporaryDirectory() as tmp:
        teams = Path(tmp) / "teams.csv"
        with open(teams, "w", newline="", encoding="utf-8") as out:
            writer = csv.writer(out)
            writer.writerow(["team", "player1", "player2"])
            names = ["The Skunk Hunters", "", "Fifteen Two", "", "His Nibs", "", "", "Double Run", "", ""]
            for k, name in enumerate(names):
                writer.writerow([name, roster[2 * k + 1]["acc_number"], roster[2 * k + 2]["acc_number"]])
        crib(db, "enter", DOUBLES, "--teams", str(teams), quiet=q)
    for _ in range(3):
        for table in json.loads(crib(db, "round", DOUBLES, "--json", quiet=True))["tables"]:
            (a, b), (members_a, members_b) = table["players"], table["members"]
            # scorekeepers write whichever partner handed in the card: a side is named by any member
            a = a if rnd.random() < 0.5 else members_a[rnd.randrange(2)]
            b = b if rnd.random() < 0.5 else members_b[rnd.randrange(2)]
            first, second = (a, b) if rnd.random() < 0.5 else (b, a)
            crib(db, "result", DOUBLES, first, "121", second, str(loser_score(rnd)), quiet=q)
    crib(db, "print", "tables", DOUBLES, "--game", "3", "-o", str(pdf / "doubles-tables-game-3.pdf"), quiet=q)
    crib(db, "print", "scorecards", DOUBLES, "-o", str(pdf / "doubles-scorecards.pdf"), quiet=q)
    crib(db, "print", "standings", DOUBLES, "-o", str(pdf / "doubles-standings.pdf"), quiet=q)
    crib(db, "cut", DOUBLES, quiet=q)
    play_bracket(db, rnd, q, DOUBLES)
    crib(db, "print", "bracket", DOUBLES, "-o", str(pdf / "doubles-bracket.pdf"), quiet=q)
    crib(db, "standings", DOUBLES)
    crib(db, "placings", DOUBLES)


def play_bracket(db: Path, rnd: random.Random, quiet: bool, event: str = EVENT) -> None:
    """Play every open match game by game; the better seed wins 60% of games."""
    while True:
        bracket = json.loads(crib(db, "bracket", event, "--json", quiet=True))
        if bracket["champion"]:
            return
        for round_ in bracket["rounds"]:
            for match in round_["matches"]:
                if match["winner"] is None and all(match["players"]):
                    (a, b), (sa, sb) = match["players"], match["seeds"]
                    favourite, other = (a, b) if sa < sb else (b, a)
                    winner, loser = (favourite, other) if rnd.random() < 0.6 else (other, favourite)
                    crib(db, "result", event, winner, "121", loser, str(loser_score(rnd)), quiet=quiet)


if __name__ == "__main__":
    main()
