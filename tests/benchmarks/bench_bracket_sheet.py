"""The bracket sheet against the standings sheet, a page each (issue 31: "the
bracket sheet no costlier a page than the standings sheet").

One event of --players entrants (one qualifying game, everyone qualifies), so
the bracket and the standings hold the same names. Two figures for each sheet:

- the command, `crib-tourney print KIND`, as a club runs it: CPU of the process
  and its render workers, a page (start-up and `import weasyprint` included:
  they are the same for both sheets);
- the render alone (data loaded once, HTML -> PDF in this process, median of
  --runs): what the sheet's own layout costs a page.

    .venv/bin/python tests/benchmarks/bench_bracket_sheet.py --players 64 --runs 5

The load average is printed first: the figures mean little on a busy machine.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FIRST = ["Margaret", "Raymond", "Janet", "Russell", "Lloyd", "Bonnie", "Clifford", "Stanley", "Patricia", "Wayne",
         "Maximilian", "Dale", "Judy", "Glen", "Sandra", "Lorraine"]
LAST = ["Kowalski-Lindqvist", "Novak", "Johansson", "Lachance", "Fitzgerald-Worthington", "Bergstrom", "McAllister",
        "Trudeau", "Whitfield"]


def names(count: int) -> list[str]:
    return [f"{FIRST[i % len(FIRST)]} {LAST[(i // len(FIRST)) % len(LAST)]} {i + 1}" for i in range(count)]


def crib(db: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "crib_tourney", "--db", str(db), *args]


def build(db: Path, players: int) -> None:
    """The event: entered, one game played, cut with every entrant qualifying."""
    from tests.conftest import Cli

    cli = Cli(db)
    cli("new-event", "Bench Open", "--games", "1", "--date", "2026-10-17")
    cli("enter", "Bench Open", *names(players), "--new")
    for n, table in enumerate(cli("round", "Bench Open", "--json").json()["tables"]):
        cli("result", "Bench Open", table["players"][0], "121", table["players"][1], str(60 + n % 60))
    cli("cut", "Bench Open", "--qualifiers", str(players - players % 2))


def command_cpu(command: list[str]) -> tuple[float, float]:
    """(CPU seconds of the command and its children, wall seconds)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, wall


def render_seconds(db: Path, kind: str, runs: int) -> tuple[list[float], int, int]:
    """(seconds of each HTML -> PDF render, pages, elements in the HTML) in this process."""
    from crib_tourney.render import documents
    from crib_tourney.render.pdf import render_pages
    from crib_tourney.services.database import read_only
    from crib_tourney.services.printing import DOCUMENTS, document_data

    with read_only(str(db)) as conn:
        data = document_data(conn, kind, 1)
    chunks = getattr(documents, DOCUMENTS[kind].renderer)(data, "letter", kind == "bracket")
    html = "".join(chunks)
    elements = html.count("<") - html.count("</")
    render_pages(chunks[0])  # warm: fonts, WeasyPrint's caches
    times, pages = [], 0
    for _ in range(runs):
        start = time.perf_counter()
        pages = sum(render_pages(chunk)[1] for chunk in chunks)
        times.append(time.perf_counter() - start)
    return times, pages, elements


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        build(db, args.players)
        from pypdf import PdfReader

        print(f"{args.players} players, one game, all qualify; median of {args.runs} runs")
        print(f"{'sheet':10} {'pages':>5} {'elements':>8} {'render s/page':>13} {'min':>6} {'max':>6} {'command CPU s/page':>18}")
        results = {}
        for kind in ("standings", "bracket"):
            times, pages, elements = render_seconds(db, kind, args.runs)
            out = Path(tmp) / f"{kind}.pdf"
            extra = ["--landscape"] if kind == "standings" else []
            cpus = []
            for _ in range(max(1, args.runs // 2)):
                cpu, _wall = command_cpu(crib(db, "print", kind, "Bench Open", "-o", str(out), *extra))
                cpus.append(cpu)
            printed = len(PdfReader(out).pages)
            per_page = [t / pages for t in times]
            results[kind] = statistics.median(per_page)
            print(f"{kind:10} {pages:5d} {elements:8d} {statistics.median(per_page):13.3f} {min(per_page):6.3f} "
                  f"{max(per_page):6.3f} {statistics.median(cpus) / printed:18.3f}")
        print(f"bracket / standings, render a page: {results['bracket'] / results['standings']:.2f}x (goal <= 1.0)")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    main()
