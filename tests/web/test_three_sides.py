"""A three-sided event in the live view: the tables page lists three a table and who
sits out, the JSON twins are the CLI's, and a phone at a table of three sees both
opponents and leaves the scores to the desk."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from tests.conftest import Cli
from tests.web.phones import make_links


@pytest.fixture
def event(tmp_path):
    cli = Cli(tmp_path / "three.db")
    cli("new-event", "Threes", "--variant", "three-player", "--games", "2")
    cli("enter", "Threes", "Ann Lee", "Bob Ray", "Cat Moss", "Dan Oak", "Eve Kay", "--new")
    cli("round", "Threes")  # Ann, Bob and Cat at table 1; Dan and Eve sit out
    cli("result", "Threes", "Ann Lee", "121", "Bob Ray", "95", "Cat Moss", "80")
    return cli


def test_the_pages_show_three_a_table_and_the_json_is_the_clis(event):
    from crib_tourney.web.server import create_app

    client = TestClient(create_app(str(event.db)))
    tables = client.get("/events/1/tables").text
    assert "<td>Ann Lee</td><td>Bob Ray</td><td>Cat Moss</td>" in tables and "bye: Dan Oak, Eve Kay" in tables  # "bye", one word everywhere (issue 33)
    assert client.get("/events/1/tables.json").text == event("round", "Threes", "--show", "1", "--json").stdout
    assert client.get("/events/1/standings.json").text == event("standings", "Threes", "--json").stdout
    player = client.get("/events/1/players/1").text
    assert "Bob Ray &amp; Cat Moss" in player and "121–95–80" in player
    assert client.get("/events/1/").status_code == 200


def test_a_phone_at_a_table_of_three_sees_both_opponents_and_the_desk_enters_it(event):
    from crib_tourney.web.security import DirectorPassword
    from crib_tourney.web.writing import Scoring
    from crib_tourney.web.server import create_app
    from tests.web.test_phone import BASE, Phone

    event("round", "Threes")  # game 2
    links = make_links(str(event.db), 1)
    app = create_app(str(event.db), Scoring(DirectorPassword("correct horse battery")))
    phone = Phone(app, links["Dan Oak"])
    state = phone.state()
    game2 = next(g for g in state["entries"] if g["game"] == 2)
    assert " & " in game2["opponent"] and game2["state"] == "open"
    sent = phone.report(2, "me", 90, "k1")
    assert sent.status_code == 409 and "a table of three" in sent.json()["error"]
    assert BASE.startswith("http")


def test_no_cut_no_bracket_and_its_places_come_from_the_standings(event, tmp_path):
    """Review items 10 and 14: a three-sided event has no bracket (nothing says it
    comes "with the cut"); its placings come when the last game is in, and once
    finished its tables page names the champion with the overview's word."""
    from crib_tourney.web.server import create_app

    client = TestClient(create_app(str(event.db)))
    placings = client.get("/events/1/placings")
    assert placings.status_code == 404 and "its places are its standings once its last game is in" in placings.text
    assert "with the cut" not in placings.text
    for path in ("/events/1/bracket", "/events/1/bracket.pdf"):
        bracket = client.get(path)
        assert bracket.status_code == 404 and "Threes has no bracket: its places are its standings" in bracket.text, path
        assert "at the cut" not in bracket.text, path
    done = Cli(tmp_path / "done.db")
    done("new-event", "Done", "--variant", "three-player", "--games", "1")
    done("enter", "Done", "Ann Lee", "Bob Ray", "Cat Moss", "--new")
    done("round", "Done")
    done("result", "Done", "Ann Lee", "121", "Bob Ray", "95", "Cat Moss", "80")
    finished = TestClient(create_app(str(done.db)))
    assert "Champion: <b>Ann Lee</b>" in finished.get("/events/1/tables").text
    assert "Champion: <b>Ann Lee</b>" in finished.get("/events/1/").text
    assert "Winner:" not in finished.get("/events/1/tables").text
