"""When a page says its data last changed: a league night made in its league's log
says when it was made (not "not yet"); a page kept past midnight is built again,
as it shows the time alone only on the day it changed."""

from __future__ import annotations

from crib_tourney.services import site as facts
from crib_tourney.store.db import transaction
from crib_tourney.web import server, site
from tests.conftest import Cli


def test_a_fresh_league_night_says_when_it_was_made(cli: Cli):
    cli("player", "add", "Ann")
    cli("player", "add", "Bob")
    cli("league", "new", "Elm", "--season", "2026")
    cli("league", "join", "Elm", "Ann", "Bob")
    cli("league", "night", "Elm", "--date", "2026-09-08")
    with transaction(str(cli.db), write=False) as db:
        [event_id] = facts.event_ids(db)
        page = site.page(db, f"events/{event_id}/standings")
    assert page.updated is not None and site.updated_text(page.updated) != "not yet"


def test_a_page_kept_past_midnight_is_built_again(cli: Cli, monkeypatch):
    cli("new-event", "Open")
    cli("enter", "Open", "Ann", "Bob", "--new")
    pages = server.Pages(str(cli.db))
    first = pages.get("events/1/standings", "html", False)
    assert first is not None and pages.get("events/1/standings", "html", False)[0] is first[0]  # kept
    monkeypatch.setattr(server, "today", lambda: "2099-01-01")
    again = pages.get("events/1/standings", "html", False)
    assert again is not None and again[0] is not first[0]  # another day: built again


def test_a_page_built_again_after_a_change_in_the_same_transaction_says_when_it_changed(cli: Cli):
    """The page's "updated" is read once per transaction (web/site.py, a memo of the
    audit and event tables): a change logged in the same transaction drops it, as a
    change drops the standings the page shows with it."""
    from crib_tourney.services import results

    cli("new-event", "Open")
    cli("enter", "Open", "Ann", "Bob", "--new")
    cli("round", "Open")
    with transaction(str(cli.db)) as db:
        first = site.page(db, "events/1/standings")
        results.record_table(db, 1, 1, 1, (121, 90))
        again = site.page(db, "events/1/standings")
        changed = facts.event_changed(db, 1)
        assert first.updated is not None and changed is not None and changed > first.updated
        assert again.updated == changed
