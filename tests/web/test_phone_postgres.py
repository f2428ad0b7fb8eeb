"""Two `serve --scoring` processes on one PostgreSQL database (an association's
server behind one proxy) take 2 x 100 phone entries at once, then every one of
them again through the other process: nothing lost, nothing doubled. Runs when
CRIB_TOURNEY_TEST_POSTGRES names a server (CI starts one); skipped otherwise."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys

import pytest

from crib_tourney.store.db import read_only
from tests.conftest import POSTGRES_SERVER, Cli
from tests.web.browser import wait_until_serving
from tests.web.phones import HttpPhone, make_links
from tests.web.browser import free_port

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not POSTGRES_SERVER, reason="no PostgreSQL server given (CRIB_TOURNEY_TEST_POSTGRES)")]
TABLES = 100


def test_two_servers_on_one_postgresql_database_lose_and_double_nothing(pg_url):
    cli = Cli(pg_url)  # type: ignore[arg-type]
    cli("new-event", "Open", "--games", "2")
    cli("enter", "Open", *(f"Player {i:03d}" for i in range(2 * TABLES)), "--new")
    tables = cli("round", "Open", "--json").json()["tables"]
    assert len(tables) == TABLES
    links = make_links(pg_url, 1)
    ports = [free_port(), free_port()]
    env = dict(os.environ, CRIB_TOURNEY_DB=pg_url)
    servers = [subprocess.Popen([sys.executable, "-m", "crib_tourney", "serve", "--scoring", "--port", str(port)], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for port in ports]
    try:
        for port, server in zip(ports, servers):
            wait_until_serving(f"http://127.0.0.1:{port}/", server)
        answers = asyncio.run(_enter_everything(ports, tables, links))
    finally:
        for server in servers:
            server.terminate()
        errors = [server.communicate(timeout=20)[1].decode() for server in servers]
    first, again = answers
    assert [status for status, _ in first] == [200] * 2 * TABLES, errors
    assert sorted(a["state"] for _, a in first).count("agreed") == TABLES  # the second card of each table agrees
    assert [(status, a.get("repeated")) for status, a in again] == [(200, True)] * 2 * TABLES
    with read_only(pg_url) as db:
        assert db.scalar("SELECT COUNT(*) FROM outcome WHERE source = 'card'") == 2 * TABLES
        assert db.scalar("SELECT COUNT(*) FROM web_request") == 2 * TABLES
        assert db.scalar("SELECT COUNT(*) FROM audit WHERE action = 'card' AND source = 'web'") == 2 * TABLES
        assert db.scalar("SELECT COUNT(DISTINCT actor) FROM audit WHERE action = 'card'") == 2 * TABLES
    assert cli("check", "Open", "--json").json()["problems"] == []
    rows = cli("standings", "Open", "--json").json()["rows"]
    assert sum(r["wins"] for r in rows) == TABLES and sum(r["spread"] for r in rows) == 0


async def _enter_everything(ports: list[int], tables: list[dict], links: dict[str, str]) -> tuple[list, list]:
    """Each table's first player's phone on the first server, the second's on the
    second; all 200 at once; then each phone's report again, through the other server."""
    phones = []
    for k, table in enumerate(tables):
        for side, name in enumerate(table["players"]):
            phones.append((HttpPhone(ports[side], links[name]), side, k))
    await asyncio.gather(*(phone.open() for phone, _, _ in phones))

    def report(phone: HttpPhone, side: int, k: int, port: int | None = None):  # type: ignore[no-untyped-def]
        return phone.report(1, "me" if side == 0 else "opponent", k % 120, f"key-{phone.token}", port)

    first = await asyncio.gather(*(report(phone, side, k) for phone, side, k in phones))
    again = await asyncio.gather(*(report(phone, side, k, ports[1 - side]) for phone, side, k in phones))
    return list(first), list(again)
