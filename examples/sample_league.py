"""Run a club's league season through the crib-tourney CLI: ten Tuesday nights.

    python examples/sample_league.py [--db PATH] [--quiet]

Sixteen members from the club roster join the Elm Street league (grass-roots
formula: a night of 12 or more game points scores them). Each night a few members
are away and a guest or two drop in; every night is 9 games, entered as one CSV.
Halfway through the club switches to the ACC internet-style table; the nights
already played keep the formula they were played under. A 29 hand is recorded.
Prints the season standings and club records and writes examples/pdf/season.pdf.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import tempfile
from datetime import date as Date
from datetime import timedelta
from pathlib import Path

from sample_tournament import HERE, crib  # the same way of running the CLI

LEAGUE = "Elm Street Tuesday League"
FIRST_NIGHT = Date(2026, 9, 1)  # a Tuesday


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=HERE / "sample-league.db")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    db, q = args.db, args.quiet
    for suffix in ("", "-wal", "-shm"):
        Path(str(db) + suffix).unlink(missing_ok=True)
    rnd = random.Random(1212)
    with open(HERE / "club-roster.csv", encoding="utf-8") as f:
        roster = list(csv.DictReader(f))
    members = [r["acc_number"] for r in roster[:16]]
    guests = [r["acc_number"] for r in roster[16:20]]
    skill = {acc: rnd.gauss(0, 1) for acc in members + guests}

    crib(db, "player", "import", str(HERE / "club-roster.csv"), quiet=True)
    crib(db, "league", "new", LEAGUE, "--season", "2026-27", "--games-per-night", "9", "--formula", "grass-roots", quiet=q)
    crib(db, "league", "join", LEAGUE, *members, quiet=q)
    with tempfile.TemporaryDirectory() as tmp:
        for night in range(1, 11):
            if night == 6:
                crib(db, "league", "set", LEAGUE, "formula=acc-internet", quiet=q)
            date = (FIRST_NIGHT + timedelta(weeks=night - 1)).isoformat()
            event = json.loads(crib(db, "league", "night", LEAGUE, "--date", date, "--json", quiet=True))["event"]
            for away in rnd.sample(members, 3):
                crib(db, "withdraw", event, away, quiet=True)
            crib(db, "enter", event, *rnd.sample(guests, rnd.choice([1, 2])), quiet=True)
            schedule = json.loads(crib(db, "round", event, "--all", "--json", quiet=True))["games"]
            sheet = Path(tmp) / f"night{night}.csv"
            with open(sheet, "w", newline="", encoding="utf-8") as out:
                writer = csv.writer(out)
                writer.writerow(["game", "player1", "score1", "player2", "score2"])
                acc_of = {}
                for game in schedule:
                    for table in game["tables"]:
                        a, b = table["players"]
                        for name in (a, b):
                            acc_of.setdefault(name, next(r["acc_number"] for r in roster
                                                        if r["name"] == name.split(" #")[0]))
                        edge = skill[acc_of[a]] - skill[acc_of[b]]
                        a_wins = rnd.random() < 1 / (1 + 10 ** (-edge / 2))
                        loser = max(50, min(120, int(rnd.gauss(101, 13))))
                        writer.writerow([game["game"], a, 121 if a_wins else loser, b, loser if a_wins else 121])
            crib(db, "result", "import", event, str(sheet), quiet=True)
            if not q:
                print(f"night {night} ({date}): {event} played")
    crib(db, "league", "hand", LEAGUE, members[0], "5H", "5D", "5S", "JC", "--starter", "5C", "--claim", "29",
         "--night", f"{LEAGUE} night 3 (2026-09-15)", quiet=q)
    crib(db, "league", "standings", LEAGUE)
    crib(db, "league", "records", LEAGUE)
    (HERE / "pdf").mkdir(exist_ok=True)
    crib(db, "print", "season", LEAGUE, "-o", str(HERE / "pdf" / "season.pdf"), quiet=q)


if __name__ == "__main__":
    main()
