"""The live view keys its pages on the data version that every write moves: an
edit that adds no row (a renamed player, a changed setting, an undo) shows on
the next poll."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from tests.conftest import Cli


@pytest.fixture
def cli(tmp_path) -> Cli:
    cli = Cli(tmp_path / "live.db")
    cli("new-event", "Open", "--games", "2")
    cli("enter", "Open", "Ann", "Bob", "Cat", "Dan", "--new")
    cli("round", "Open")
    ann, dan = cli("round", "Open", "--show", "1", "--json").json()["tables"][0]["players"]
    assert (ann, dan) == ("Ann", "Dan")
    cli("result", "Open", "Ann", "121", "Dan", "99")
    return cli


def _poll(client: TestClient, path: str, etag: str) -> tuple[int, str, str]:
    page = client.get(path, headers={"If-None-Match": etag})
    return page.status_code, page.headers["etag"], page.text


def test_an_edited_name_shows_on_the_next_poll(cli):
    from crib_tourney.web.server import create_app

    client = TestClient(create_app(str(cli.db)))
    first = client.get("/events/1/standings.json")
    etag = first.headers["etag"]
    assert _poll(client, "/events/1/standings.json", etag)[0] == 304  # nothing changed yet
    cli("player", "edit", "Ann", "--name", "Annabel")  # an UPDATE: no table grows
    status, new_etag, body = _poll(client, "/events/1/standings.json", etag)
    assert status == 200 and new_etag != etag
    assert "Annabel" in body and '"Ann"' not in body
    assert body == cli("standings", "Open", "--json").stdout


@pytest.mark.parametrize("edit", [
    ["event", "set", "Open", "win_points=1"],  # an UPDATE of the event: Ann's game points change
    ["undo", "Open"],  # the result goes
    ["withdraw", "Open", "Cat"],  # an UPDATE of an entry
    ["player", "edit", "Dan", "--name", "Daniel"],
])
def test_an_edit_of_any_kind_shows_on_the_next_poll(cli, edit):
    from crib_tourney.web.server import create_app

    client = TestClient(create_app(str(cli.db)))
    etag = client.get("/events/1/standings.json").headers["etag"]
    cli(*edit)
    status, _, body = _poll(client, "/events/1/standings.json", etag)
    assert status == 200 and body == cli("standings", "Open", "--json").stdout
