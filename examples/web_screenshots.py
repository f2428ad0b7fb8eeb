"""Screenshots of the live view, from the sample tournament's database.

    python examples/sample_tournament.py --quiet   # makes examples/sample-tournament.db
    python examples/web_screenshots.py            # writes examples/screenshots/*.png

Serves the database on a free loopback port and photographs each page in
headless Chromium (Debian's chromium package), at desktop size and, for the
tables page, phone size.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from tests.web.browser import Browser, find_chromium, wait_until_serving  # noqa: E402

PAGES = [("index", "/"), ("event", "/events/1/"), ("standings", "/events/1/standings"), ("tables", "/events/1/tables"),
         ("bracket", "/events/1/bracket"), ("player", "/events/1/players/1"), ("doubles-standings", "/events/2/standings"),
         ("projector", "/events/1/standings?screen=1")]


def main() -> None:
    chromium = find_chromium()
    if chromium is None:
        sys.exit("no Chromium here: apt-get install chromium")
    db = HERE / "sample-tournament.db"
    if not db.exists():
        sys.exit("run examples/sample_tournament.py first")
    out = HERE / "screenshots"
    out.mkdir(exist_ok=True)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "crib_tourney", "--db", str(db), "serve", "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=dict(os.environ))
    try:
        wait_until_serving(f"http://127.0.0.1:{port}/", server)
        for width, height, pages in ((1280, 900, PAGES), (390, 844, [("tables-phone", "/events/1/tables")])):
            browser = Browser(chromium, width=width, height=height)
            try:
                for name, path in pages:
                    browser.open(f"http://127.0.0.1:{port}{path}")
                    if name.startswith("tables"):
                        browser.type("#find", "mc")
                        time.sleep(0.3)
                    browser.screenshot(out / f"{name}.png")
                    print(f"wrote {out / name}.png")
            finally:
                browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
