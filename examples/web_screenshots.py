"""Screenshots of the live view, from the sample tournament's database.

    python examples/sample_tournament.py --quiet   # makes examples/sample-tournament.db
    python examples/web_screenshots.py            # writes examples/screenshots/*.png

Serves the database on a free loopback port and photographs each page in
headless Chromium (Debian's chromium package) at three sizes: desktop 1366x900,
phone 390x844 (a new event's tables, a name typed and "this is me" pinned) and
projector 1920x1080 (?screen=1): NAME-desktop.png, NAME-phone.png, NAME-projector.png.
"""

from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from tests.web.browser import Browser, find_chromium, wait_until_serving  # noqa: E402

SIZES = {"desktop": (1366, 900, ""), "phone": (390, 844, ""), "projector": (1920, 1080, "?screen=1")}
PAGES = [("index", "/"), ("event", "/events/1/"), ("standings", "/events/1/standings"), ("tables", "/events/1/tables"),
         ("bracket", "/events/1/bracket"), ("placings", "/events/1/placings"), ("player", "/events/1/players/1"),
         ("doubles-standings", "/events/2/standings"), ("evening-tables", "/events/3/tables")]
SHOTS = [(size, name, path) for size in SIZES for name, path in PAGES]
ME = "/events/3/tables"  # on the phone: find-your-table filtered, "this is me" pinned


def evening(sample: Path, folder: Path) -> Path:
    """A copy of the sample with a third event at its first game (the sample's two
    are finished), for the phone's find-your-table: event 3."""
    import shutil

    db = folder / "shots.db"
    shutil.copy(sample, db)
    names = [n for (n,) in sqlite3.connect(db).execute("SELECT name FROM player GROUP BY name HAVING COUNT(*) = 1 ORDER BY MIN(id) LIMIT 24")]
    env = dict(os.environ, CRIB_TOURNEY_DB=str(db))
    for args in (["new-event", "Evening Open", "--games", "3"], ["enter", "Evening Open", *names], ["round", "Evening Open"]):
        subprocess.run([sys.executable, "-m", "crib_tourney", *args], env=env, check=True, capture_output=True)
    return db


def main() -> None:
    chromium = find_chromium()
    if chromium is None:
        sys.exit("no Chromium here: apt-get install chromium")
    db = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "sample-tournament.db"
    if not db.exists():
        sys.exit("run examples/sample_tournament.py first")
    out = HERE / "screenshots"
    out.mkdir(exist_ok=True)
    db = evening(db, Path(tempfile.mkdtemp(prefix="crib-shots-")))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "crib_tourney", "--db", str(db), "serve", "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=dict(os.environ))
    try:
        wait_until_serving(f"http://127.0.0.1:{port}/", server)
        for size, (width, height, query) in SIZES.items():
            browser = Browser(chromium, width=width, height=height)
            page = browser.context(width, height)
            try:
                for name, path in [(n, p) for s, n, p in SHOTS if s == size]:
                    page.open(f"http://127.0.0.1:{port}{path}{query}")
                    if size == "phone" and path == ME and page.js("!!document.querySelector('[data-me]')"):
                        first = page.js("document.querySelector('[data-me]').getAttribute('data-me')")
                        page.js(f"localStorage.setItem('crib-me-3', {first!r}); location.reload()")
                        time.sleep(1)
                        page.wait_for("!document.getElementById('me').hidden")
                        page.type("#find", first.split()[0][:3].lower())
                        time.sleep(0.3)
                    target = out / f"{name}-{size}.png"
                    page.screenshot(target)
                    print(f"wrote {target}")
            finally:
                page.close()
                browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
