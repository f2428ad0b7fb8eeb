"""services/links.py: personal links issued with the database's key, listed,
revoked, and looked up by token."""

from __future__ import annotations

import pytest

from crib_tourney import tokens
from crib_tourney.errors import CribError, NotFound
from crib_tourney.services import links
from crib_tourney.services.links import Holder, Link
from tests.services.builders import ids, new_event

KEY = bytes(range(32))


def url(event_id, entry, generation=1, root="http://127.0.0.1:8000"):
    return f"{root}/p/{tokens.token(KEY, event_id, entry, generation)}"


def test_issue_one_link_an_entrant_and_revoke(db):
    event = new_event(db, players=("Ann", "Bob"))
    entry = ids(db, event)
    assert links.live_links(db, event.id, KEY) == []
    issued = links.issue(db, event.id, KEY)
    assert issued == links.Issued([Link(entry["Ann"], "Ann", url(event.id, entry["Ann"])),
                                   Link(entry["Bob"], "Bob", url(event.id, entry["Bob"]))], 2, 0)
    assert links.issue(db, event.id, KEY).new == 0  # everyone has one: nothing new
    again = links.issue(db, event.id, KEY, revoke=[entry["Bob"]])
    assert (again.new, again.revoked) == (1, 1)
    assert links.live_links(db, event.id, KEY) == [Link(entry["Ann"], "Ann", url(event.id, entry["Ann"])),
                                                   Link(entry["Bob"], "Bob", url(event.id, entry["Bob"], 2))]


def test_links_live_at_the_events_public_address(db):
    event = new_event(db, players=("Ann",), public_url="https://cribbage.example.org/open/live")
    entry = ids(db, event)
    [link] = links.issue(db, event.id, KEY).links
    assert link.url == url(event.id, entry["Ann"], root="https://cribbage.example.org")


def test_holder_of_a_token(db):
    event = new_event(db, players=("Ann", "Bob"))
    entry = ids(db, event)
    links.issue(db, event.id, KEY)
    token = tokens.token(KEY, event.id, entry["Bob"], 1)
    assert links.holder(db, token) == Holder(event.id, entry["Bob"])
    links.issue(db, event.id, KEY, revoke=[entry["Bob"]])
    for wrong in (token, "not a token", tokens.token(bytes(32), event.id, entry["Bob"], 2)):
        with pytest.raises(NotFound, match="^no such page$"):
            links.holder(db, wrong)
    assert links.holder(db, tokens.token(KEY, event.id, entry["Bob"], 2)) == Holder(event.id, entry["Bob"])


def test_has_links_and_check_key(db):
    event = new_event(db, players=("Ann", "Bob"))
    assert links.has_links(db, event.id) is False
    links.check_key(db, event.id, bytes(32))  # no links: any key will do
    links.issue(db, event.id, KEY)
    assert links.has_links(db, event.id) is True
    assert links.check_key(db, event.id, KEY) is None
    with pytest.raises(tokens.WrongKey, match="^the personal links of Open were not made with this key$") as refused:
        links.check_key(db, event.id, bytes(32))
    assert isinstance(refused.value, CribError) and refused.value.event == "Open"
    assert "\n" not in str(refused.value)
    # the way out the commands name with it (cli/links.wrong_key): new links
    assert tokens.reissue_hint(refused.value.event) == "crib-tourney event links Open --reissue"
    links.issue(db, event.id, bytes(32), reissue=True)  # issued again with another key
    links.check_key(db, event.id, bytes(32))
    with pytest.raises(tokens.WrongKey):
        links.check_key(db, event.id, KEY)
    links.issue(db, event.id, bytes(32), revoke=[entry for entry in ids(db, event).values()])
    assert links.has_links(db, event.id) is True  # revoked ones replaced by new ones
