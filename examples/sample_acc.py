"""An ACC-sanctioned Main with its Consolation, through the crib-tourney CLI, to
the official record: the results report for the association and the season's
Master Rating Point rankings.

    python examples/sample_acc.py [--db PATH] [--quiet]

Imports the club roster (three players bring lifetime MRPs in), creates a 12-game
ACC Main with a $25 entry, drops two no-shows in one `withdraw`, plays the
qualifying games (one CSV import per game), cuts to the top quarter and plays the
bracket out; then the Consolation of the non-qualifiers (one goes home: --except),
8 games, cut and played out. It ends with `report --acc` for both events and
`player rankings --season 2026-27`, and writes examples/pdf/acc-report.pdf and
examples/pdf/rankings.pdf. Results come from a seeded random generator, so every
run gives the same events.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import tempfile
from pathlib import Path

from sample_tournament import ENVIRONMENT, crib, loser_score, play_bracket  # noqa: F401  (ENVIRONMENT: fixed PDF dates)

HERE = Path(__file__).resolve().parent
MAIN = "Harvest Main 2026"
CONSOLATION = "Harvest Main 2026 Consolation"


def qualifying(db: Path, event: str, games: int, rnd: random.Random, q: bool) -> None:
    """Pair and play ``games`` games: each game's cards come in as one CSV."""
    with tempfile.TemporaryDirectory() as tmp:
        for game in range(1, games + 1):
            pairing = json.loads(crib(db, "round", event, "--json", quiet=True))
            sheet = Path(tmp) / f"game{game}.csv"
            with open(sheet, "w", newline="", encoding="utf-8") as out:
                writer = csv.writer(out)
                writer.writerow(["game", "player1", "score1", "player2", "score2"])
                for table in pairing["tables"]:
                    a, b = table["players"]
                    if rnd.random() < 0.5:
                        writer.writerow([game, a, 121, b, loser_score(rnd)])
                    else:
                        writer.writerow([game, a, loser_score(rnd), b, 121])
            crib(db, "result", "import", event, str(sheet), quiet=q)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=HERE / "sample-acc.db")
    parser.add_argument("--quiet", action="store_true", help="print only the reports and the rankings")
    args = parser.parse_args()
    db: Path = args.db
    for suffix in ("", "-wal", "-shm"):
        Path(str(db) + suffix).unlink(missing_ok=True)
    q = args.quiet
    rnd = random.Random(32)

    crib(db, "player", "import", str(HERE / "club-roster.csv"), quiet=q)
    with open(HERE / "club-roster.csv", encoding="utf-8") as f:
        roster = list(csv.DictReader(f))
    with tempfile.TemporaryDirectory() as tmp:  # lifetime MRPs earned before this database
        brought = Path(tmp) / "mrps.csv"
        with open(brought, "w", newline="", encoding="utf-8") as out:
            writer = csv.writer(out)
            writer.writerow(["name", "acc_number", "mrps"])
            for row, mrps in zip(roster[:3], (1990, 3995, 5610)):
                writer.writerow([row["name"], row["acc_number"], mrps])
        crib(db, "player", "import", str(brought), quiet=q)
    crib(db, "new-event", MAIN, "--date", "2026-10-24", "--location", "Elm Street Legion Hall", "--games", "12",
         "--acc-event", "main", "--entry-fee", "25", "--payouts", "40,25,10,10,3.75,3.75,3.75,3.75",
         "--high-nonqualifier-prize", "10", "--sanctioning-fee", "1", quiet=q)
    crib(db, "enter", MAIN, *[r["acc_number"] for r in roster], quiet=q)
    crib(db, "withdraw", MAIN, roster[7]["acc_number"], roster[19]["acc_number"], quiet=q)  # two no-shows, one line
    qualifying(db, MAIN, 12, rnd, q)
    crib(db, "cut", MAIN, quiet=q)
    play_bracket(db, rnd, q, MAIN)
    crib(db, "placings", MAIN, quiet=q)

    goes_home = json.loads(crib(db, "standings", MAIN, "--json", quiet=True))["rows"][-1]["player"]
    crib(db, "consolation", MAIN, "--format", "acc", "--entry-fee", "10", "--payouts", "50,30,10,10",
         "--except", goes_home, quiet=q)
    crib(db, "event", "set", CONSOLATION, "games=8", "date=2026-10-25", quiet=q)
    qualifying(db, CONSOLATION, 8, rnd, q)
    crib(db, "cut", CONSOLATION, quiet=q)
    play_bracket(db, rnd, q, CONSOLATION)
    crib(db, "placings", CONSOLATION, quiet=q)

    pdf = HERE / "pdf"
    pdf.mkdir(exist_ok=True)
    crib(db, "report", MAIN, "--acc")
    crib(db, "report", CONSOLATION, "--acc")
    crib(db, "report", MAIN, "--acc", "-o", str(pdf / "acc-report.pdf"), quiet=q)
    crib(db, "player", "rankings", "--season", "2026-27")
    crib(db, "print", "rankings", "2026-27", "-o", str(pdf / "rankings.pdf"), quiet=q)


if __name__ == "__main__":
    main()
