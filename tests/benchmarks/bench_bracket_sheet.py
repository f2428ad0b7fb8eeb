"""The bracket sheet against the standings sheet, a page each (issue 31: "the
bracket sheet no costlier a page than the standings sheet").

One event of --players entrants (one qualifying game, everyone qualifies), so
the bracket and the standings hold the same names. Two figures for each sheet:

- the command, `crib-tourney print KIND`, as a club runs it: CPU of the process
  and its render workers, a page (start-up and `import weasyprint` included:
  they are the same for both sheets);
- the render alone (data loaded once, HTML -> PDF in this process, CPU seconds,
  median of --runs, the two sheets in turn): what the sheet's own layout costs a page.

    .venv/bin/python tests/benchmarks/bench_bracket_sheet.py --players 64 --runs 7 [--short]

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


def build(db: Path, players: int, short: bool = False) -> None:
    """The event: entered, one game played, cut with every entrant qualifying."""
    from tests.conftest import Cli

    cli = Cli(db)
    cli("new-event", "Bench Open", "--games", "1", "--date", "2026-10-17")
    cli("enter", "Bench Open", *([f"Player {i + 1}" for i in range(players)] if short else names(players)), "--new")
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


def prepared(db: Path, kind: str) -> tuple[list[str], int]:
    """The sheet's HTML chunks (its data loaded once) and the elements in them."""
    from crib_tourney.render import documents
    from crib_tourney.services.database import read_only
    from crib_tourney.services.printing import DOCUMENTS, document_data

    with read_only(str(db)) as conn:
        data = document_data(conn, kind, 1)
    chunks = getattr(documents, DOCUMENTS[kind].renderer)(data, "letter", kind == "bracket")
    html = "".join(chunks)
    return chunks, html.count("<") - html.count("</")


def render(chunks: list[str]) -> tuple[float, int]:
    """(CPU seconds, pages) of one HTML -> PDF render of every chunk, in this
    process: CPU, not wall time, so that other work on the machine counts less."""
    from crib_tourney.render.pdf import render_pages

    start = time.process_time()
    pages = sum(render_pages(chunk)[1] for chunk in chunks)
    return time.process_time() - start, pages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--short", action="store_true", help="short names (Player 17): no name wraps on the chart")
    args = parser.parse_args()
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        build(db, args.players, args.short)
        from pypdf import PdfReader

        kinds = ("standings", "bracket")
        sheets = {kind: prepared(db, kind) for kind in kinds}
        for kind in kinds:  # warm: fonts, WeasyPrint's caches
            render(sheets[kind][0])
        per_page: dict[str, list[float]] = {kind: [] for kind in kinds}
        pages = dict.fromkeys(kinds, 0)
        ratios = []
        for _ in range(args.runs):  # the two sheets one after the other in each run: a change of load hits both
            for kind in kinds:
                took, pages[kind] = render(sheets[kind][0])
                per_page[kind].append(took / pages[kind])
            ratios.append(per_page["bracket"][-1] / per_page["standings"][-1])
        commands = {}
        for kind in kinds:
            out = Path(tmp) / f"{kind}.pdf"
            extra = ["--landscape"] if kind == "standings" else []
            cpus = [command_cpu(crib(db, "print", kind, "Bench Open", "-o", str(out), *extra))[0] for _ in range(3)]
            commands[kind] = statistics.median(cpus) / len(PdfReader(out).pages)
        names = "short names" if args.short else "long names (some wrap on the chart)"
        print(f"{args.players} players, {names}, one game, all qualify; {args.runs} runs")
        print(f"{'sheet':10} {'pages':>5} {'elements':>8} {'render CPU s/page':>17} {'min':>6} {'max':>6} {'command CPU s/page':>18}")
        for kind in kinds:
            times = per_page[kind]
            print(f"{kind:10} {pages[kind]:5d} {sheets[kind][1]:8d} {statistics.median(times):17.3f} {min(times):6.3f} "
                  f"{max(times):6.3f} {commands[kind]:18.3f}")
        print(f"bracket / standings, render a page: median {statistics.median(ratios):.2f}x of the runs' ratios"
              f" ({min(ratios):.2f}-{max(ratios):.2f}; goal <= 1.0)")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    main()
