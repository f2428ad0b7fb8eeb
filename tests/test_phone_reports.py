"""The phone's services from check-in to the final, called as a library in real
transactions on a database built through the CLI: self check-in, a table of three
from three phones, a playoff match game from two phones by the two-card rule, and
the match, place and prize in the phone's state."""

from __future__ import annotations

import pytest

from crib_tourney.errors import CribError
from crib_tourney.services import phone
from crib_tourney.services.phone_report import Conflict
from crib_tourney.store.db import transaction
from tests.conftest import Cli
from tests.web.phones import make_links


def _send(cli: Cli, name: str, body: dict) -> dict:
    with transaction(str(cli.db), write=True) as db:
        who = phone.holder(db, cli.links[name])
        assert who is not None
        return phone.receive(db, who, body)


def _state(cli: Cli, name: str) -> dict:
    with transaction(str(cli.db)) as db:
        who = phone.holder(db, cli.links[name])
        assert who is not None
        return phone.phone_state(db, who)


def test_self_check_in_from_the_link_while_check_in_is_open(tmp_path):
    cli = Cli(tmp_path / "in.db")
    cli("new-event", "Door", "--games", "2", "--check-in")
    cli("enter", "Door", "Ann", "Bob", "Cat", "Dan", "--new")
    cli.links = make_links(str(cli.db), 1)
    assert _state(cli, "Ann")["check_in_open"] is True and _state(cli, "Ann")["checked_in"] is False
    with transaction(str(cli.db), write=True) as db:
        who = phone.holder(db, cli.links["Ann"])
        assert who is not None
        assert phone.check_in_self(db, who) == {"checked_in": True}
    assert _state(cli, "Ann")["checked_in"] is True
    entries = cli("log", "Door", "--json").json()["log"]
    assert entries[-1]["action"] == "checkin" and entries[-1]["source"] == "web" and entries[-1]["actor"] == "Ann"
    before = len(cli("log", "Door", "--json").json()["log"])
    with transaction(str(cli.db), write=True) as db:  # again: nothing to change, nothing logged
        who = phone.holder(db, cli.links["Ann"])
        assert who is not None and phone.check_in_self(db, who) == {"checked_in": True}
    assert len(cli("log", "Door", "--json").json()["log"]) == before
    cli("checkin", "Door", "Bob", "Cat", "Dan")
    cli("round", "Door")
    with transaction(str(cli.db), write=True) as db, pytest.raises(Conflict, match="already paired"):
        who = phone.holder(db, cli.links["Bob"])
        assert who is not None
        phone.check_in_self(db, who)


def test_check_in_from_the_phone_is_refused_without_check_in(tmp_path):
    cli = Cli(tmp_path / "off.db")
    cli("new-event", "Door", "--games", "2")
    cli("enter", "Door", "Ann", "Bob", "--new")
    cli.links = make_links(str(cli.db), 1)
    with transaction(str(cli.db), write=True) as db, pytest.raises(Conflict, match="no check-in from the phones"):
        who = phone.holder(db, cli.links["Ann"])
        assert who is not None
        phone.check_in_self(db, who)


def test_a_table_of_three_from_three_phones_is_final_when_all_three_agree(tmp_path):
    cli = Cli(tmp_path / "three.db")
    cli("new-event", "T", "--variant", "three-player", "--games", "2")
    cli("enter", "T", "Ann", "Bob", "Cat", "--new")
    cli("round", "T")
    cli.links = make_links(str(cli.db), 1)
    seats = _state(cli, "Ann")["entries"][0]["seats"]
    scores = {"Ann": 121, "Bob": 100, "Cat": 80}
    in_order = [scores[s] for s in seats]
    assert _send(cli, "Ann", {"game": 1, "scores": in_order, "key": "a1"})["state"] == "pending"
    assert _send(cli, "Bob", {"game": 1, "scores": in_order, "key": "b1"})["state"] == "pending"
    rows = {r["player"]: r for r in cli("standings", "T", "--json").json()["rows"]}
    assert rows["Ann"]["games"] == 0 and rows["Ann"]["pending"] == 1  # two agreeing cards of three: not yet
    assert _send(cli, "Cat", {"game": 1, "scores": in_order, "key": "c1"})["state"] == "agreed"
    rows = {r["player"]: r for r in cli("standings", "T", "--json").json()["rows"]}
    assert [(rows[p]["games"], rows[p]["game_points"]) for p in ("Ann", "Bob", "Cat")] == [(1, 3), (1, 1), (1, 0)]
    ann = _state(cli, "Ann")["entries"][0]
    assert (ann["state"], ann["won"], ann["points"]) == ("agreed", True, 3)


def test_three_phones_that_disagree_wait_for_the_desk(tmp_path):
    cli = Cli(tmp_path / "three.db")
    cli("new-event", "T", "--variant", "three-player", "--games", "1")
    cli("enter", "T", "Ann", "Bob", "Cat", "--new")
    cli("round", "T")
    cli.links = make_links(str(cli.db), 1)
    seats = _state(cli, "Ann")["entries"][0]["seats"]
    first = [{"Ann": 121, "Bob": 100, "Cat": 80}[s] for s in seats]
    other = [{"Ann": 100, "Bob": 121, "Cat": 80}[s] for s in seats]
    _send(cli, "Ann", {"game": 1, "scores": first, "key": "a1"})
    assert _send(cli, "Bob", {"game": 1, "scores": other, "key": "b1"})["state"] == "disputed"
    shown = cli("standings", "T", "--json").json()
    assert shown["disputed"] == 1 and all(r["games"] == 0 for r in shown["rows"])
    with transaction(str(cli.db), write=True) as db, pytest.raises(CribError, match="three scores in seat order"):
        who = phone.holder(db, cli.links["Cat"])
        assert who is not None
        phone.receive(db, who, {"game": 1, "winner": "me", "loser_score": 90, "key": "c1"})


def _cut_event(tmp_path) -> Cli:  # type: ignore[no-untyped-def]
    cli = Cli(tmp_path / "cut.db")
    cli("new-event", "Open", "--games", "1", "--qualify-ratio", "0.5")
    cli("enter", "Open", "Ann", "Bob", "Cat", "Dan", "--new")
    tables = [t["players"] for t in cli("round", "Open", "--json").json()["tables"]]
    for (a, b), loser in zip(tables, (90, 100)):
        cli("result", "Open", a, 121, b, loser)
    cli("cut", "Open")
    cli.links = make_links(str(cli.db), 1)
    return cli


def test_after_the_cut_the_phones_show_and_enter_the_match(tmp_path):
    cli = _cut_event(tmp_path)
    final = cli("bracket", "Open", "--json").json()["rounds"][0]["matches"][0]
    a, b = final["players"]
    match = _state(cli, a)["match"]
    assert match == {"id": final["key"], "round": "final", "opponent": b, "table": 1, "best_of": final["best_of"],
                     "games_won": [0, 0], "game": 1, "bye": False, "waiting": False, "state": "open", "mine": None,
                     "theirs": None, "won": None}
    assert _state(cli, "Cat" if "Cat" not in (a, b) else "Ann")["match"] is None  # not a qualifier
    answer = _send(cli, a, {"match": final["key"], "match_game": 1, "winner": "me", "loser_score": 100, "key": "m1"})
    assert answer == {"state": "pending", "match": final["key"], "match_game": 1, "mine": [121, 100], "theirs": None}
    assert cli("bracket", "Open", "--json").json()["rounds"][0]["matches"][0]["games"] == []  # a lone card: nothing yet
    assert _state(cli, b)["match"]["state"] == "pending" and _state(cli, b)["match"]["theirs"] == [100, 121]
    # the same key again: the same answer, nothing written twice
    again = _send(cli, a, {"match": final["key"], "match_game": 1, "winner": "me", "loser_score": 100, "key": "m1"})
    assert again == dict(answer, repeated=True)
    assert _send(cli, b, {"match": final["key"], "match_game": 1, "winner": "opponent", "loser_score": 100,
                          "key": "m2"})["state"] == "agreed"
    games = cli("bracket", "Open", "--json").json()["rounds"][0]["matches"][0]["games"]
    assert [(g["winner"], g["scores"]) for g in games] == [(a, [121, 100])]
    assert _state(cli, a)["match"]["games_won"] == [1, 0] and _state(cli, b)["match"]["games_won"] == [0, 1]
    # game 2 disputed: both claim it; nothing is recorded until the desk enters it
    _send(cli, a, {"match": final["key"], "match_game": 2, "winner": "me", "loser_score": 99, "key": "m3"})
    assert _send(cli, b, {"match": final["key"], "match_game": 2, "winner": "me", "loser_score": 99, "key": "m4"})["state"] == "disputed"
    assert len(cli("bracket", "Open", "--json").json()["rounds"][0]["matches"][0]["games"]) == 1
    with transaction(str(cli.db), write=True) as db, pytest.raises(Conflict, match="next game of match .* is game 2, not 3"):
        who = phone.holder(db, cli.links[a])
        assert who is not None
        phone.receive(db, who, {"match": final["key"], "match_game": 3, "winner": "me", "loser_score": 1, "key": "m5"})


def test_the_champion_sees_his_place_and_prize(tmp_path):
    cli = _cut_event(tmp_path)
    cli("event", "set", "Open", "entry_fee=10", "payouts=100")
    final = cli("bracket", "Open", "--json").json()["rounds"][0]["matches"][0]
    a, b = final["players"]
    for n in range(1, final["best_of"] // 2 + 2):
        _send(cli, a, {"match": final["key"], "match_game": n, "winner": "me", "loser_score": 90, "key": f"a{n}"})
        _send(cli, b, {"match": final["key"], "match_game": n, "winner": "opponent", "loser_score": 90, "key": f"b{n}"})
        if cli("bracket", "Open", "--json").json()["champion"]:
            break
    shown = _state(cli, a)
    assert (shown["place"], shown["prize"], shown["currency"]) == ("1st", "40.00", "$") and shown["match"]["won"] is True
    assert _state(cli, b)["place"] == "2nd" and _state(cli, b)["prize"] is None


def test_a_non_qualifier_in_the_consolation_is_pointed_to_it(tmp_path):
    cli = _cut_event(tmp_path)
    cli("consolation", "Open")
    qualifiers = set(cli("bracket", "Open", "--json").json()["rounds"][0]["matches"][0]["players"])
    out = next(n for n in ("Ann", "Bob", "Cat", "Dan") if n not in qualifiers)
    consolation = cli("event", "show", "Open Consolation", "--json").json()
    entry = next(e["entry"] for e in cli("event", "links", "Open Consolation", "--json").json()["links"] if e["name"] == out)
    assert _state(cli, out)["consolation"] == {"event": "Open Consolation",
                                               "page": f"/events/{consolation['id']}/players/{entry}"}
    assert _state(cli, next(iter(qualifiers)))["consolation"] is None


def test_a_disputed_match_game_waits_at_the_desk_and_in_check(tmp_path):
    from crib_tourney.services import desk

    cli = _cut_event(tmp_path)
    final = cli("bracket", "Open", "--json").json()["rounds"][0]["matches"][0]
    a, b = final["players"]
    _send(cli, a, {"match": final["key"], "match_game": 1, "winner": "me", "loser_score": 100, "key": "m1"})
    _send(cli, b, {"match": final["key"], "match_game": 1, "winner": "opponent", "loser_score": 101, "key": "m2"})
    (said,) = cli("check", "Open", "--json").json()["match_games"]
    assert said.startswith(f"match {final['key']} game 1 (table 1, {a} v {b}): disputed: ")
    assert f"{a}'s card 121-100" in said and f"{b}'s card 101-121" in said
    assert "every scheduled game has a result" not in cli("check", "Open").stdout
    with transaction(str(cli.db)) as db:
        (w,) = desk.waiting(db, desk.event_of(db, 1))
    assert (w.match, w.state, w.players) == (final["key"], "disputed", (a, b))

