"""The cut, seeding, byes, matches and placings through the real CLI."""

import pytest

EXPECTED = {  # entrants: (qualifiers, bracket size, byes)
    8: (2, 2, 0), 9: (3, 4, 1), 15: (4, 4, 0), 16: (4, 4, 0), 27: (7, 8, 1),
    33: (9, 16, 7), 60: (15, 16, 1), 108: (27, 32, 5), 132: (33, 64, 31),
}


def qualified_event(cli, tmp_path, n, *settings, name="E"):
    """A one-game qualifying event of n players with a strict finishing order."""
    cli("new-event", name, "--games", "1", *settings)
    cli("enter", name, *[f"P{i:03d}" for i in range(1, n + 1)], "--new")
    tables = cli("round", name, "--json").json()["tables"]
    sheet = tmp_path / f"{name}.csv"
    lines = ["game,player1,score1,player2,score2"]
    lines += [f"1,{t['players'][0]},121,{t['players'][1]},{120 - k}" for k, t in enumerate(tables)]
    sheet.write_text("\n".join(lines) + "\n")
    cli("result", "import", name, sheet)
    return [r["player"] for r in cli("standings", name, "--json").json()["rows"]]


def first_round(cli, name="E"):
    return cli("bracket", name, "--json").json()["rounds"][0]["matches"]


@pytest.mark.parametrize("entrants", sorted(EXPECTED))
def test_cut_qualifiers_byes_and_first_round(cli, tmp_path, entrants):
    order = qualified_event(cli, tmp_path, entrants)
    qualifiers, size, byes = EXPECTED[entrants]
    data = cli("cut", "E", "--json").json()
    assert (data["qualifiers"], data["size"], data["byes"]) == (qualifiers, size, byes)
    # seeds follow the standings
    seeds = sorted((s["seed"], s["player"]) for s in data["seeds"])
    assert [p for _, p in seeds] == order[:qualifiers]
    matches = first_round(cli)
    assert len(matches) == size // 2
    for m in matches:
        present = [s for s in m["seeds"] if s is not None]
        if len(present) == 2:
            assert sum(present) == size + 1  # seed s meets seed size+1-s
        else:  # a bye, always to a top seed
            assert present[0] <= byes and m["winner"] == m["players"][m["seeds"].index(present[0])]
    bye_seeds = sorted(s for m in matches if None in m["seeds"] for s in m["seeds"] if s is not None)
    assert bye_seeds == list(range(1, byes + 1))
    # seeds 1 and 2 are in different halves, 1-4 in different quarters
    halves = [{s for m in matches[h * len(matches) // 2:(h + 1) * len(matches) // 2] for s in m["seeds"]} for h in range(2)]
    if size >= 4:
        assert (1 in halves[0]) != (1 in halves[1]) and (1 in halves[0]) != (2 in halves[0])


def test_bracket_order_of_eight():
    from crib_tourney.tourney.bracket import seed_order

    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert seed_order(16)[:4] == [1, 16, 8, 9]


def play_out(cli, name="E", upset=None):
    """Play every open match: the better seed wins each game unless `upset` says."""
    for _ in range(200):
        data = cli("bracket", name, "--json").json()
        if data["champion"]:
            return data
        for r in data["rounds"]:
            for m in r["matches"]:
                if m["winner"] is None and all(m["players"]):
                    a, b = m["players"]
                    sa, sb = m["seeds"]
                    winner, loser = (a, b) if (sa or 99) < (sb or 99) else (b, a)
                    if upset and upset(m):
                        winner, loser = loser, winner
                    cli("result", name, winner, 121, loser, 100)
                    break
            else:
                continue
            break
    raise AssertionError("the bracket did not finish")


def test_advancement_to_champion_and_best_of(cli, tmp_path):
    qualified_event(cli, tmp_path, 27)
    cli("cut", "E")
    data = play_out(cli)
    seed_one = next(p for m in data["rounds"][0]["matches"] for s, p in zip(m["seeds"], m["players"]) if s == 1)
    assert data["champion"] == seed_one
    final = data["rounds"][-1]["matches"][0]
    assert final["best_of"] == 5 and final["wins"] == [3, 0] and len(final["games"]) == 3
    semis = data["rounds"][-2]["matches"]
    assert all(m["best_of"] == 3 and sorted(m["wins"]) == [0, 2] for m in semis)


def test_best_of_counts_and_refuses_a_game_after_the_match(cli, tmp_path, unchanged):
    qualified_event(cli, tmp_path, 16)  # 4 qualifiers: semifinals and a final
    cli("cut", "E")
    a, b = first_round(cli)[0]["players"]
    cli("result", "E", a, 121, b, 110)
    cli("result", "E", b, 121, a, 99)
    assert first_round(cli)[0]["wins"] == [1, 1] and first_round(cli)[0]["winner"] is None
    out = cli("result", "E", a, 121, b, 95).stdout
    assert f"{a} wins the semifinal (W1.1) 2-1" in out
    with unchanged():
        cli.fails("result", "E", a, 121, b, 95, match="already decided")
        c, d = first_round(cli)[1]["players"]
        cli.fails("result", "E", a, 121, c, 95, match="not in the same open match")


def test_skunks_recorded_on_playoff_games(cli, tmp_path):
    qualified_event(cli, tmp_path, 8)
    cli("cut", "E")
    a, b = first_round(cli)[0]["players"]
    cli("result", "E", a, 121, b, 60)
    game = first_round(cli)[0]["games"][0]
    assert game["scores"] == [121, 60] and game["skunk"] and game["double_skunk"] and game["winner"] == a
    cli("result", "E", a, 121, b, 91)
    assert first_round(cli)[0]["games"][1]["skunk"] is False


def test_per_round_best_of_override(cli, tmp_path, unchanged):
    qualified_event(cli, tmp_path, 16)
    cli("cut", "E")
    cli("bracket", "E", "--set-best-of", "1=5")
    assert all(m["best_of"] == 5 for m in first_round(cli))
    assert cli("log", "E", "--json").json()["log"][-1]["summary"].endswith("best of 5")
    assert cli("undo", "E").stdout.startswith("undid best of")  # a change like any other: logged, undone
    assert all(m["best_of"] == 3 for m in first_round(cli))
    cli("bracket", "E", "--set-best-of", "1=5")
    a, b = first_round(cli)[0]["players"]
    cli("result", "E", a, 121, b, 100)
    with unchanged():
        cli.fails("bracket", "E", "--set-best-of", "1=3", match="has started")
        cli.fails("bracket", "E", "--set-best-of", "1=4", match="odd number")


def test_cascade_correction(cli, tmp_path, unchanged):
    qualified_event(cli, tmp_path, 16)
    cli("cut", "E")
    (a, b), (c, d) = [m["players"] for m in first_round(cli)]
    for _ in range(2):
        cli("result", "E", a, 121, b, 100)
        cli("result", "E", c, 121, d, 100)
    cli("result", "E", a, 121, c, 100)  # final, game 1
    with unchanged():
        cli.fails("result", "E", b, 121, a, 100, "--replace", "--match-game", "2", match="later matches depend on this game: W2.1")
    # the correction makes it 1-1: the final's game is cleared and b is not yet in it
    out = cli("result", "E", b, 121, a, 100, "--replace", "--match-game", "2", "--cascade").stdout
    assert "cleared dependent matches: W2.1" in out
    data = cli("bracket", "E", "--json").json()
    assert data["rounds"][0]["matches"][0]["wins"] == [1, 1]
    assert data["rounds"][1]["matches"][0]["players"][0] is None and data["rounds"][1]["matches"][0]["games"] == []
    cli("result", "E", b, 121, a, 90)
    assert cli("bracket", "E", "--json").json()["rounds"][1]["matches"][0]["players"][0] == b
    # one undo puts back the cleared final game too
    cli("undo", "E")
    cli("undo", "E")
    assert cli("bracket", "E", "--json").json()["rounds"][1]["matches"][0]["games"][0]["scores"] == [121, 100]


def test_forfeits_in_playoffs(cli, tmp_path):
    qualified_event(cli, tmp_path, 16)
    cli("cut", "E")
    (a, b), (c, d) = [m["players"] for m in first_round(cli)]
    assert f"{b} forfeits" in cli("result", "E", "--forfeit", b).stdout
    out = cli("result", "E", "--forfeit", b).stdout
    assert f"{a} wins the semifinal (W1.1) 2-0" in out
    out = cli("withdraw", "E", d).stdout
    assert f"{c} wins the semifinal (W1.2) 2-0" in out
    assert cli("bracket", "E", "--json").json()["rounds"][1]["matches"][0]["players"] == [a, c]


def test_cut_refusals(cli, tmp_path, unchanged):
    cli("new-event", "E", "--games", "2")
    cli("enter", "E", "A", "B", "C", "D", "--new")
    with unchanged():
        cli.fails("cut", "E", match="no games scheduled")
    cli("round", "E")
    with unchanged():
        cli.fails("cut", "E", match="qualifying is not finished: games 2-2 not yet played")
    cli("new-event", "Tiny", "--games", "1")
    cli("enter", "Tiny", "A", "B", "C", "D")
    cli("round", "Tiny")
    for t in cli("round", "Tiny", "--show", "1", "--json").json()["tables"]:
        cli("result", "Tiny", t["players"][0], 121, t["players"][1], 100)
    with unchanged():
        cli.fails("cut", "Tiny", match="too small to cut: 4 entrants give 1 qualifier(s)")
    cli("cut", "Tiny", "--qualifiers", "2")
    with unchanged():
        cli.fails("cut", "Tiny", match="already has its bracket")


def test_tie_across_the_cut_line_settled_by_a_playoff_game(cli, tmp_path, unchanged):
    cli("new-event", "E", "--games", "1")
    cli("enter", "E", *"ABCDEFGH", "--new")
    tables = cli("round", "E", "--json").json()["tables"]
    margins = [30, 20, 20, 10]  # two winners level on everything: ranks 2 and 3
    for t, m in zip(tables, margins):
        cli("result", "E", t["players"][0], 121, t["players"][1], 121 - m)
    tied = [t["players"][0] for t in tables[1:3]]
    with unchanged():
        run = cli.fails("cut", "E", match="tie across the cut line at rank 2")
    assert tied[0] in run.stderr and tied[1] in run.stderr
    cli("result", "E", tied[1], 121, tied[0], 110, "--playoff")
    seeds = {s["seed"]: s["player"] for s in cli("cut", "E", "--json").json()["seeds"]}
    assert seeds == {1: tables[0]["players"][0], 2: tied[1]}


def test_a_cut_playoff_waits_for_the_end_of_qualifying(cli, unchanged):
    """Everybody is level before a game is played: a tiebreak typed then (or a
    stray --playoff) would be kept and settle a later tie, anywhere in the
    standings, that no tiebreak was played for."""
    cli("new-event", "E", "--games", "2")
    cli("enter", "E", *"ABCDEFGH", "--new")
    with unchanged():
        cli.fails("result", "E", "A", 121, "B", 100, "--playoff", match="qualifying has not started in E: no games scheduled")
    tables = cli("round", "E", "--json").json()["tables"]
    with unchanged():
        cli.fails("result", "E", "A", 121, "B", 100, "--playoff", match="qualifying is not finished: games 2-2 not yet played")
    assert all(r["note"] is None for r in cli("standings", "E", "--json").json()["rows"])
    cli("round", "E")
    for game in (1, 2):
        for t in cli("round", "E", "--show", game, "--json").json()["tables"]:
            cli("result", "E", t["players"][0], 121, t["players"][1], 100, "--game", game)
    tied = [r["player"] for r in cli("standings", "E", "--json").json()["rows"] if r["rank"] == 1]
    assert len(tied) > 2 and tables  # the cut line (2 qualifiers) runs through the leaders
    cli("result", "E", tied[1], 121, tied[0], 110, "--playoff")  # qualifying is over: now it is a tiebreak


def test_placings_and_payouts(cli, tmp_path):
    qualified_event(cli, tmp_path, 32, "--prize-fund", "1000", "--payouts", "40,25,12.5,12.5,2.5,2.5,2.5,2.5")
    cli("cut", "E")  # 8 qualifiers
    play_out(cli)
    rows = cli("placings", "E", "--json").json()["rows"]
    assert [r["place"] for r in rows] == ["1st", "2nd", "3rd-4th", "3rd-4th"] + ["5th-8th"] * 4
    assert [r["prize"] for r in rows] == ["400.00", "250.00", "125.00", "125.00", "25.00", "25.00", "25.00", "25.00"]


def test_match_slip_dealer_rule(cli, tmp_path):
    qualified_event(cli, tmp_path, 16, "--first-dealer", "loser")
    cli("cut", "E")
    a, b = first_round(cli)[0]["players"]
    cli("result", "E", a, 121, b, 100)
    slip = cli("match", "E", "W1.1", "--json").json()
    assert slip["dealers"][0] == "cut for deal" and slip["dealers"][1] == f"{b} (lost game 1)"
    assert "game 2: first deal:" in cli("match", "E", "W1.1").stdout


def test_single_elim_format_seeds_the_entry_list(cli):
    cli("new-event", "S", "--format", "single-elim")
    cli("enter", "S", *"ABCDE", "--new")
    cli.fails("round", "S", match="no qualifying games")
    data = cli("cut", "S", "--json").json()
    assert (data["qualifiers"], data["size"], data["byes"]) == (5, 8, 3)
    assert [s["player"] for s in sorted(data["seeds"], key=lambda s: s["seed"])] == list("ABCDE")
    assert play_out(cli, "S")["champion"] == "A"


def test_double_elim_with_grand_final_reset(cli):
    cli("new-event", "D", "--format", "double-elim", "--best-of", "1", "--final-best-of", "1")
    cli("enter", "D", *"ABCDEFGH", "--new")
    cli("cut", "D")
    # the top seed loses its first-round match, then wins every match after it
    data = play_out(cli, "D", upset=lambda m: m["key"] == "W1.1")
    keys = [m["key"] for r in data["rounds"] for m in r["matches"]]
    assert "L1.1" in keys and "F1" in keys
    assert all(isinstance(r["round"], int) for r in data["rounds"])
    assert [(r["bracket"], r["round"]) for r in data["rounds"]][:4] == [("W", 1), ("W", 2), ("W", 3), ("L", 1)]
    assert data["champion"] == "A"
    assert "F2" in keys  # A came from the losers' side, won F1, so the final was replayed
    places = cli("placings", "D", "--json").json()["rows"]
    assert places[0]["player"] == "A" and places[1]["place"] == "2nd"
    assert len(places) == 8


def test_double_elim_winners_champion_needs_no_reset(cli):
    cli("new-event", "D", "--format", "double-elim", "--best-of", "1", "--final-best-of", "1")
    cli("enter", "D", *"ABCDEF", "--new")
    cli("cut", "D")
    data = play_out(cli, "D")
    keys = [m["key"] for r in data["rounds"] for m in r["matches"]]
    assert data["champion"] == "A" and "F2" not in keys


def test_round_robin_format(cli):
    cli("new-event", "R", "--format", "round-robin")
    cli("enter", "R", *"ABCDE", "--new")
    games = cli("round", "R", "--all", "--json").json()["games"]
    assert len(games) == 5  # odd field: five games, one bye each
    met = [frozenset(t["players"]) for g in games for t in g["tables"]]
    assert len(met) == len(set(met)) == 10
    cli.fails("cut", "R", match="round-robin")


def test_consolation_from_non_qualifiers(cli, tmp_path):
    qualified_event(cli, tmp_path, 9)
    cli("cut", "E")
    out = cli("consolation", "E").stdout
    assert "E Consolation (single-elim) with 6 players" in out
    data = cli("cut", "E Consolation", "--json").json()
    assert (data["qualifiers"], data["size"], data["byes"]) == (6, 8, 2)
    cli.fails("consolation", "E", match="already has its consolation")


def test_a_consolation_keeps_its_own_money(cli, tmp_path):
    qualified_event(cli, tmp_path, 9, "--entry-fee", "30", "--payouts", "60,40", "--sanctioning-fee", "1",
                    "--high-nonqualifier-prize", "5")
    cli("cut", "E")
    cli("consolation", "E")  # no fee collected, no payouts: nothing inherited from the main event
    shown = cli("event", "show", "E Consolation", "--json").json()["settings"]
    assert (shown["entry_fee"], shown["payouts"], shown["sanctioning_fee"], shown["high_nonqualifier_prize"]) == (
        "0.00", "", "0.00", "0.00")
    cli("cut", "E Consolation")
    play_out(cli, "E Consolation")
    placings = cli("placings", "E Consolation", "--json").json()
    assert placings["prize_fund"] == "0.00" and all(r["prize"] is None for r in placings["rows"])
    assert cli("report", "E Consolation", "--json").json()["ledger"]["collected"] == "0.00"


def test_a_consolation_with_a_fee_pays_its_own_table(cli, tmp_path):
    qualified_event(cli, tmp_path, 9, "--entry-fee", "30", "--payouts", "60,40")
    cli("cut", "E")
    cli("consolation", "E", "--entry-fee", "10", "--payouts", "100")
    cli("cut", "E Consolation")
    champion = play_out(cli, "E Consolation")["champion"]
    placings = cli("placings", "E Consolation", "--json").json()
    assert placings["prize_fund"] == "60.00"  # six non-qualifiers at 10.00, not the main event's 270.00
    assert [(r["player"], r["prize"]) for r in placings["rows"] if r["prize"]] == [(champion, "60.00")]
    cli.fails("consolation", "E", "--payouts", "50,60", match="add to 110")


def test_a_consolation_says_it_keeps_the_main_events_house_share(cli, tmp_path):
    """--house-share left out keeps the main event's share; --help said 'default: 0.0'."""
    assert "[default: (the main event's)]" in " ".join(cli("consolation", "--help").stdout.split())
    qualified_event(cli, tmp_path, 9, "--entry-fee", "30", "--house-share", "10", "--payouts", "100")
    cli("cut", "E")
    cli("consolation", "E", "--entry-fee", "10", "--payouts", "100")
    assert cli("event", "show", "E Consolation", "--json").json()["settings"]["house_share"] == 10.0


def test_bracket_before_the_cut(cli):
    cli("new-event", "E")
    cli.fails("bracket", "E", match="no bracket yet")
    cli.fails("placings", "E", match="no bracket yet")


def test_correction_that_would_void_later_games_of_the_same_match(cli, tmp_path, unchanged):
    qualified_event(cli, tmp_path, 16)
    cli("cut", "E")
    a, b = first_round(cli)[0]["players"]
    cli("result", "E", b, 121, a, 100)
    cli("result", "E", a, 121, b, 100)
    cli("result", "E", a, 121, b, 100)  # a wins 2-1
    with unchanged():
        cli.fails("result", "E", a, 121, b, 110, "--replace", "--match-game", "1",
                  match="decided after game 2, so games after it could not stand")
    cli("result", "E", b, 121, a, 90, "--replace", "--match-game", "3")  # b wins 2-1 instead
    assert first_round(cli)[0]["winner"] == b


def test_placings_of_finished_rounds_before_the_final(cli, tmp_path):
    qualified_event(cli, tmp_path, 32)  # 8 qualifiers
    cli("cut", "E")
    for m in first_round(cli):
        for _ in range(2):
            cli("result", "E", m["players"][0], 121, m["players"][1], 100)
    data = cli("placings", "E", "--json").json()
    assert data["complete"] is False
    assert [r["place"] for r in data["rows"]] == ["5th-8th"] * 4
    assert {r["player"] for r in data["rows"]} == {m["players"][1] for m in first_round(cli)}


@pytest.mark.parametrize("entrants, fmt", [(27, "acc"), (33, "acc"), (6, "single-elim"), (11, "double-elim"),
                                           (16, "double-elim")])
def test_the_bracket_cut_keeps_for_the_command_is_the_one_read_back(cli, tmp_path, entrants, fmt):
    """cut shows the bracket it has just written from what it wrote (not read back):
    the same layout, seeds, match ids and state as reading it from the database."""
    from crib_tourney.services import playoffs
    from crib_tourney.store.db import transaction
    from crib_tourney.store.events import load_event

    if fmt == "acc":
        qualified_event(cli, tmp_path, entrants)
    else:
        cli("new-event", "E", "--format", fmt)
        cli("enter", "E", *[f"P{i:03d}" for i in range(1, entrants + 1)], "--new")
    with transaction(str(cli.db)) as db:
        event = load_event(db, 1)
        playoffs.make_bracket(db, event, None)
        kept = playoffs.shown_bracket(db, event)
        read = playoffs.Bracket(db, event)
        assert (kept.specs, kept.seeds, kept.match_ids, kept.states) == (read.specs, read.seeds, read.match_ids, read.states)
        assert kept.games == read.games == {} and kept.specs
