"""game (and ruling ... game) through the real CLI. The games are those worked by
hand in tests/engine/test_game.py; the arithmetic is in the comments there."""

from __future__ import annotations

import json
import sqlite3

from tests.engine.test_game import BACKWARD, FIVE_CARD, NODDY, PONE_COUNTS_OUT, SOLITAIRE


def write(tmp_path, data, name="game.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data) if isinstance(data, dict) else data, encoding="utf-8")
    return path


def test_the_contract_shape(cli, tmp_path):
    # five-card to 61, the pone's 3 deciding it: 23-21, 25-42, then seat 2 counts out
    # first in deal 3 (29-61), a win by 32: a skunk by the event's five-card lines (31, none double)
    data = cli("game", write(tmp_path, FIVE_CARD), "--json").json()
    assert (data["final"], data["winner"], data["skunk"]) == ([29, 61], 2, "skunk")
    assert [d["totals"] for d in data["deals"]] == [[23, 21], [25, 42], [29, 61]]
    assert data["out"]["what"] == "hand" and data["out"]["seat"] == 2 and data["finished"] is True
    # the pone counts out with 7 from 117 while the dealer's 18 is left uncounted
    data = cli("game", write(tmp_path, PONE_COUNTS_OUT), "--json").json()
    assert (data["final"], data["winner"], data["skunk"], [d["totals"] for d in data["deals"]]) == (
        [112, 121], 2, "none", [[112, 121]])


def test_the_game_deal_by_deal(cli, tmp_path):
    shown = cli("game", write(tmp_path, BACKWARD)).stdout.splitlines()
    assert shown[0] == "backward, 2 players (seat 1, seat 2), to 121"
    assert shown[1] == "deal 1: seat 1 deals, starter 5D"
    assert [line.split()[:4] for line in shown[2:6]] == [
        ["seat", "2", "play", "+1"], ["seat", "1", "play", "+1"], ["seat", "2", "hand", "+20"], ["after", "deal", "1:", "96-121"]]
    assert shown[-1] == "seat 2 reached 121 with the hand in deal 1 and loses: seat 1 wins 96-121"


def test_noddy_and_solitaire_from_the_file(cli, tmp_path):
    noddy = cli("game", write(tmp_path, NODDY), "--json").json()
    # Noddy's event lines are 8 and 16: won by 21 over the runner-up is a double skunk
    assert (noddy["final"], noddy["winner"], noddy["skunk"]) == ([31, 10, 6], 1, "double")
    assert cli("game", write(tmp_path, NODDY), "--skunk-margin", "31", "--double-skunk-margin", "61", "--json").json()["skunk"] == "none"
    solitaire = cli("game", write(tmp_path, SOLITAIRE), "--json").json()
    assert (solitaire["final"], solitaire["winner"], solitaire["deals"][-1].get("free_crib")) == ([184], 1, True)


def test_the_text_form_and_standard_input(cli, tmp_path):
    text = ("variant standard\nplayers 2\nstart 110 112\ndealer 1\nseat 1: 5H 5D 10S JC\nseat 2: 2C 3C 4D 9H\n"
            "crib: 6H 7S 8D KD\nstarter: QC\nplay: 2C 10S 3C 5H 4D 5D 9H JC\n")
    assert cli("game", write(tmp_path, text, "game.txt"), "--json").json()["final"] == [112, 121]
    run = cli.runner.invoke(__import__("crib_tourney.cli.app", fromlist=["app"]).app, ["game", "-", "--json"], input=text)
    assert run.exit_code == 0 and json.loads(run.stdout)["winner"] == 2


def test_options_fill_in_what_the_file_leaves_out(cli, tmp_path):
    bare = dict(PONE_COUNTS_OUT)
    del bare["variant"], bare["players"]
    assert cli("game", write(tmp_path, bare), "--json").json()["final"] == [112, 121]  # standard, two players
    cli.fails("game", write(tmp_path, PONE_COUNTS_OUT), "--variant", "backward", match="the file's game is standard, --variant says backward")
    cli.fails("game", write(tmp_path, PONE_COUNTS_OUT), "--players", "3", match="the file's game has 2 players, --players says 3")


def test_a_ruling_on_who_went_out_first(cli, tmp_path):
    cli("new-event", "E", "--games", "1")
    cli("enter", "E", "Ann", "Bob", "--new")
    cli("round", "E")
    game = write(tmp_path, PONE_COUNTS_OUT)
    # Ann, the dealer (seat 1), says her 18 took her out; the pone counted out first with 7
    data = cli("ruling", "E", "game", game, "--claim", "121", "--seat", "1", "--game", "1", "--player", "Ann", "--json").json()
    assert (data["total"], data["difference"], data["game"]["winner"]) == (112, 9, 2)
    assert data["ruling"] == ("game 1, Ann, game 1 deals (seat 1): seat 2 wins 121-112: seat 2 reached 121 with the hand"
                              " in deal 1: claimed 121, the game gives seat 1 112")
    con = sqlite3.connect(cli.db)
    assert con.execute("SELECT kind, claim, true_score, muggins FROM ruling").fetchall() == [("game", 121, 112, 0)]
    con.close()
    assert cli("ruling", "E", "game", game, "--claim", "121", "--seat", "2", "--game", "1", "--player", "Bob",
               "--json").json()["verdict"] == "correct"
