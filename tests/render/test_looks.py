"""The printed sheets look as they did: fixed documents rendered to PNG at low
resolution and compared with the committed pictures in tests/render/reference/,
pixel by pixel with a tolerance (anti-aliasing may differ between poppler
versions; a moved column, a lost row or a clipped name does not pass).

Needs pdftoppm (poppler-utils; .ci/run installs it when it can), else skipped.
After an intended change of layout: CRIB_UPDATE_REFERENCES=1 pytest tests/render/test_looks.py,
then look at every picture before committing it."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REFERENCE = Path(__file__).parent / "reference"
DPI = 24
MEAN_LIMIT = 2.0  # mean difference of grey levels (0-255) over a page
CHANGED_LIMIT = 0.006  # share of pixels allowed to differ by more than a quarter of the range

EVENT = {"name": "Looks Open", "date": "2026-10-17", "location": "Elm Hall", "games": 9, "win_points": 2, "skunk_points": 3,
         "skunk_margin": 31, "double_skunk_points": 4, "muggins": False, "team_size": 1, "best_of": 3, "final_best_of": 5,
         "sides": 2}
FIRST = ["Margaret", "Raymond", "Janet", "Russell", "Lloyd", "Bonnie", "Clifford", "Stanley", "Patricia", "Wayne", "Bartholomew"]
LAST = ["Kowalski", "Lindqvist", "Novak", "Johansson", "Lachance", "Fitzgerald", "Ducharme", "Vandermeer-Ostrowski", "Okafor"]


def names(count: int) -> list[str]:
    return [f"{FIRST[i % len(FIRST)]} {LAST[(i * 7) % len(LAST)]}" + (f" {i}" if i >= len(FIRST) else "") for i in range(count)]


def standings() -> list[str]:
    from crib_tourney.render import documents

    rows = [{"rank": i + 1, "tied": i in (4, 5), "player": n + (" (ACC 90391)" if i == 7 else ""), "withdrawn": i == 30,
             "game_points": 20 - i // 4, "wins": 9 - i // 8, "losses": i // 8, "spread": 200 - 7 * i, "plus": 190 + i,
             "minus": 3 * i, "skunks": i % 3, "skunks_taken": i % 4} for i, n in enumerate(names(70))]
    return documents.standings({"event": EVENT, "rows": rows, "cut": 16, "qr": None}, "letter", False)


def tables() -> list[str]:
    from crib_tourney.render import documents

    people = names(44)
    seats = [{"table": k + 1, "players": [people[2 * k], people[2 * k + 1]]} for k in range(22)]
    find = sorted(({"player": p, "table": t["table"]} for t in seats for p in t["players"]), key=lambda w: w["player"].lower())
    return documents.tables({"event": EVENT, "games": [{"game": 9, "tables": seats, "bye": None, "find": find}], "qr": None},
                            "letter", False)


def scorecards() -> list[str]:
    from crib_tourney.render import documents

    people = names(8)
    cards = []
    for k, player in enumerate(people[:3] + ["Lloyd Lachance & Wayne Okafor-Fitzgerald"]):
        games = [{"game": g, "table": (k + g) % 11 + 1, "opponent": people[(k + g) % 8] if g != 4 else "Janet Novak (ACC 70095)",
                  "result": "W" if (k + g) % 2 else "L", "gp": 2 if (k + g) % 2 else 0, "plus": 20 if (k + g) % 2 else 0,
                  "minus": 0 if (k + g) % 2 else 15, "total_gp": None, "total_spread": None} for g in range(1, 10)]
        cards.append({"player": player, "members": ["Lloyd Lachance", "Wayne Okafor-Fitzgerald"] if k == 3 else [],
                      "acc_number": "85360", "start": f"table {k + 1}, seat 1", "games": games, "totals": None, "qr": None})
    return documents.scorecards({"event": EVENT, "cards": cards}, "letter", False, chunks=1)


def bracket() -> list[str]:
    from crib_tourney.render import documents

    people = names(8)

    def match(key, table, seeds, players, wins, withdrawn=(False, False)):
        winner = players[0] if wins[0] == 2 else (players[1] if wins[1] == 2 else None)
        return {"key": key, "table": table, "seeds": list(seeds), "players": list(players), "wins": list(wins), "winner": winner,
                "bye": [False, False], "games": [1] if any(wins) else [], "withdrawn": list(withdrawn)}

    first = [match("W1.1", 1, (1, 8), (people[0], people[7]), (2, 0)), match("W1.2", 2, (4, 5), (people[3], people[4]), (2, 1)),
             match("W1.3", 3, (2, 7), (people[1], people[6]), (2, 0), (False, True)),
             match("W1.4", 4, (3, 6), (people[2], people[5]), (0, 2))]
    second = [match("W2.1", 1, (1, 4), (people[0], people[3]), (1, 1)), match("W2.2", 2, (2, 6), (people[1], people[5]), (0, 0))]
    final = [match("W3.1", 1, (None, None), (None, None), (0, 0))]
    rounds = [{"name": name, "bracket": "W", "matches": m} for name, m in (("Quarterfinal", first), ("Semifinal", second), ("Final", final))]
    data = {"event": "Looks Open", "event_header": EVENT, "rounds": rounds, "format": "single-elim", "champion": None,
            "qualifiers": 8, "size": 8}
    return documents.bracket(data, "letter", True)


DOCUMENTS = {"standings": standings, "tables": tables, "scorecards": scorecards, "bracket": bracket}


def pictures(kind: str, folder: Path) -> list[Path]:
    from crib_tourney.render.pdf import _merge, render_chunk

    pdf = folder / f"{kind}.pdf"
    pdf.write_bytes(_merge([render_chunk(chunk) for chunk in DOCUMENTS[kind]()]))
    subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", "-png", str(pdf), str(folder / kind)], check=True)
    return sorted(folder.glob(f"{kind}-*.png"))


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed")
@pytest.mark.parametrize("kind", sorted(DOCUMENTS))
def test_sheet_looks_as_its_reference(kind, tmp_path):
    from PIL import Image, ImageChops

    drawn = pictures(kind, tmp_path)
    if os.environ.get("CRIB_UPDATE_REFERENCES"):
        REFERENCE.mkdir(exist_ok=True)
        for old in REFERENCE.glob(f"{kind}-*.png"):
            old.unlink()
        for page, path in enumerate(drawn, start=1):
            Image.open(path).save(REFERENCE / f"{kind}-{page}.png", optimize=True)
    wanted = sorted(REFERENCE.glob(f"{kind}-*.png"))
    assert len(drawn) == len(wanted), f"{kind}: {len(drawn)} pages, the reference has {len(wanted)}"
    for page, (path, reference) in enumerate(zip(drawn, wanted), start=1):
        got, want = Image.open(path).convert("L"), Image.open(reference).convert("L")
        assert got.size == want.size, f"{kind} page {page}: {got.size} against {want.size}"
        diff = ImageChops.difference(got, want)
        histogram = diff.histogram()
        pixels = got.size[0] * got.size[1]
        mean = sum(level * count for level, count in enumerate(histogram)) / pixels
        changed = sum(histogram[64:]) / pixels
        assert mean <= MEAN_LIMIT and changed <= CHANGED_LIMIT, (
            f"{kind} page {page} differs from {reference.name}: mean {mean:.2f} (limit {MEAN_LIMIT}), "
            f"{changed:.2%} of pixels changed (limit {CHANGED_LIMIT:.1%})")
