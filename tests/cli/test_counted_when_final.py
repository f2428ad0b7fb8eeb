"""Nothing counts until it is final, through the real CLI: a lone card is pending,
two cards that disagree disputed, and neither counts in the standings, the cut or
the report until the cards agree, the director enters the game or settles it.
Undo acts only on the change the director saw."""

from __future__ import annotations

from tests.conftest import Cli


def _event(cli: Cli, games: int = 2) -> list[list[str]]:
    cli("new-event", "Fin", "--games", games, "--qualify-ratio", "0.5")
    cli("enter", "Fin", "Cat", "Fay", "Ann", "Bob", "--new")
    return [t["players"] for t in cli("round", "Fin", "--json").json()["tables"]]


def _rows(cli: Cli, *extra: str) -> dict[str, dict]:
    return {r["player"]: r for r in cli("standings", "Fin", "--json", *extra).json()["rows"]}


def test_a_lone_paper_card_is_pending_and_counts_for_no_one(cli):
    (a, b), (c, d) = _event(cli)
    cli("result", "Fin", a, 121, b, 90, "--card", a)  # a made-up skunk on one card
    shown = cli("standings", "Fin", "--json").json()
    rows = {r["player"]: r for r in shown["rows"]}
    assert (shown["pending"], shown["disputed"]) == (1, 0)
    assert [(rows[p]["games"], rows[p]["game_points"], rows[p]["pending"], rows[p]["disputed"]) for p in (a, b, c, d)] == [
        (0, 0, 1, 0), (0, 0, 1, 0), (0, 0, 0, 0), (0, 0, 0, 0)]
    assert "1 pending, 0 disputed: not counted until final" in cli("standings", "Fin").stdout
    # --provisional: a look as if the lone card stood, for both sides
    look = _rows(cli, "--provisional")
    assert [(look[p]["games"], look[p]["game_points"], look[p]["spread"]) for p in (a, b)] == [(1, 3, 31), (1, 0, -31)]
    assert "(provisional" in cli("standings", "Fin", "--provisional").stdout
    # the other card agrees: final, counted for both
    cli("result", "Fin", b, 90, a, 121, "--card", b)
    rows = _rows(cli)
    assert [(rows[p]["games"], rows[p]["game_points"], rows[p]["spread"], rows[p]["pending"]) for p in (a, b)] == [
        (1, 3, 31, 0), (1, 0, -31, 0)]


def test_two_cards_that_disagree_are_disputed_until_settled(cli):
    (a, b), (c, d) = _event(cli, 1)
    cli("result", "Fin", a, 121, b, 100, "--card", a)
    cli("result", "Fin", b, 121, a, 111, "--card", b)  # both claim the win
    shown = cli("standings", "Fin", "--json").json()
    rows = {r["player"]: r for r in shown["rows"]}
    assert (shown["pending"], shown["disputed"]) == (0, 1)
    assert [(rows[p]["wins"], rows[p]["losses"], rows[p]["disputed"]) for p in (a, b)] == [(0, 0, 1), (0, 0, 1)]
    assert sum(r["wins"] for r in rows.values()) == sum(r["losses"] for r in rows.values())
    # the disputed game is no one's win even in the provisional look
    look = _rows(cli, "--provisional")
    assert [look[p]["games"] for p in (a, b)] == [0, 0]
    cli("result", "Fin", c, 121, d, 100)
    cli("check", "Fin", "--resolve")  # 12.2(e): each charged a loss by his own card
    rows = _rows(cli)
    assert [(rows[p]["wins"], rows[p]["losses"], rows[p]["spread"], rows[p]["disputed"]) for p in (a, b)] == [
        (0, 1, -21, 0), (0, 1, -10, 0)]


def test_hal_and_flo_the_rules_own_example(cli):
    """ACC 12.2(e) as the rule sheet works it: Hal's card 121-100 and Flo's 121-111:
    Hal -21, Flo -10 (the rule before charged each the other's card: Hal -10, Flo -21)."""
    cli("new-event", "Fin", "--games", 1)
    cli("enter", "Fin", "Hal", "Flo", "--new")
    cli("round", "Fin")
    cli("result", "Fin", "Hal", 121, "Flo", 100, "--card", "Hal")
    cli("result", "Fin", "Flo", 121, "Hal", 111, "--card", "Flo")
    cli("check", "Fin", "--resolve")
    rows = _rows(cli)
    assert (rows["Hal"]["spread"], rows["Flo"]["spread"]) == (-21, -10)
    assert (rows["Hal"]["wins"], rows["Flo"]["wins"]) == (0, 0)


def test_cut_waits_for_pending_and_disputed_games_and_names_them(cli, unchanged):
    (a, b), (c, d) = _event(cli, 1)
    cli("result", "Fin", a, 121, b, 100, "--card", a)
    cli("result", "Fin", c, 121, d, 100, "--card", c)
    cli("result", "Fin", c, 121, d, 95, "--card", d)  # the same winner, another score
    with unchanged():
        run = cli.fails("cut", "Fin", match="game 1")
    assert f"{a} v {b} (one card)" in run.stderr and "(disagree)" in run.stderr
    cli("result", "Fin", b, 100, a, 121, "--card", b)
    cli("check", "Fin", "--resolve")
    assert cli("cut", "Fin").code == 0


def test_pairing_the_next_game_does_not_wait_for_a_pending_card(cli):
    (a, b), _ = _event(cli, 3)
    cli("result", "Fin", a, 121, b, 100, "--card", a)
    assert len(cli("round", "Fin", "--json").json()["tables"]) == 2


def test_undo_with_the_change_seen_is_refused_when_a_newer_one_arrived(cli, unchanged):
    (a, b), (c, d) = _event(cli)
    cli("result", "Fin", a, 121, b, 100)
    seen = max(e["id"] for e in cli("log", "Fin", "--json").json()["log"])
    cli("result", "Fin", c, 121, d, 99, "--card", c)  # a card lands after the director looked
    newest = max(e["id"] for e in cli("log", "Fin", "--json").json()["log"])
    with unchanged():
        run = cli.fails("undo", "Fin", "--change", seen, match=f"a newer change arrived: #{newest}")
        assert f"{c}'s card" in run.stderr
        cli.fails("undo", "--players", "--change", 1, match="--change is for an event's undo", code=2)
    assert cli("undo", "Fin", "--change", newest).stdout.startswith(f"undid card #{newest}")
    assert cli("undo", "Fin", "--change", seen).stdout.startswith(f"undid result #{seen}")


def test_the_printed_standings_say_what_is_not_counted_yet(cli, tmp_path):
    from tests.render.test_print import pdf_text

    (a, b), (c, d) = _event(cli)
    cli("result", "Fin", a, 121, b, 90, "--card", a)
    cli("result", "Fin", c, 121, d, 100, "--card", c)
    cli("result", "Fin", d, 121, c, 100, "--card", d)
    out = tmp_path / "standings.pdf"
    cli("print", "standings", "Fin", "-o", out)
    assert "Not counted yet: 1 pending, 1 disputed" in " ".join(pdf_text(out).split())
    cli("result", "Fin", b, 90, a, 121, "--card", b)
    cli("check", "Fin", "--resolve")
    cli("print", "standings", "Fin", "-o", out)
    assert "Not counted yet" not in pdf_text(out)


def test_a_card_replaced_after_a_settlement_reopens_the_game_with_the_players_own_cards(cli):
    """A settled (provisionally) game whose card is replaced is disputed again between
    the players' own cards: the settlement's versions are not taken for a card, and
    the kept cards are not judged again behind the new one's back."""
    cli("new-event", "P", "--games", 2, "--qualify-ratio", "0.5")
    cli("enter", "P", "A", "B", "C", "D", "--new")
    cli("round", "P")
    cli("result", "P", "A", 121, "D", 100, "--card", "A")
    cli("result", "P", "D", 110, "A", 121, "--card", "D")
    cli("result", "P", "B", 121, "C", 60)
    assert "resolved provisionally" in cli("check", "P", "--resolve").stdout
    cli("round", "P")
    cli("result", "P", "D", 121, "A", 90, "--card", "D", "--replace")  # D's card now claims the win
    (problem,) = [p for p in cli("check", "P", "--json").json()["problems"] if p["game"] == 1]
    assert problem["problem"] == "disagree" and "A's card 121-100" in problem["detail"]  # A's own card, not the settlement
    cli("result", "P", "C", 121, "A", 60)
    cli("result", "P", "D", 121, "B", 60)
    shown = cli("standings", "P", "--json").json()
    assert shown["disputed"] == 1 and cli("check", "P", "--json").json()["judged_again"] == []
    cli("check", "P", "--resolve")  # 12.2(e) from the cards as they stand: each charged his own claim
    games = {g["game"]: g for g in cli("player", "games", "P", "A", "--json").json()["games"]}
    assert (games[1]["score"], games[1]["opponent_score"]) == (100, 121)
    games = {g["game"]: g for g in cli("player", "games", "P", "D", "--json").json()["games"]}
    assert (games[1]["score"], games[1]["opponent_score"]) == (90, 121)


def test_a_players_games_show_a_pending_or_disputed_game_without_its_points(cli):
    (a, b), _ = _event(cli)
    cli("result", "Fin", a, 121, b, 90, "--card", a)
    game = cli("player", "games", "Fin", a, "--json").json()["games"][0]
    assert (game["score"], game["game_points"], game["spread"], game["state"]) == (121, None, None, "pending")
    cli("result", "Fin", b, 121, a, 100, "--card", b)
    game = cli("player", "games", "Fin", b, "--json").json()["games"][0]
    assert (game["game_points"], game["state"]) == (None, "disputed")
    cli("result", "Fin", a, 121, b, 95, "--replace")  # the director's result: final
    game = cli("player", "games", "Fin", a, "--json").json()["games"][0]
    assert (game["game_points"], game["spread"], "state" in game) == (2, 26, False)


def test_event_show_counts_only_final_results_and_names_the_rest(cli):
    (a, b), (c, d) = _event(cli)
    cli("result", "Fin", a, 121, b, 100, "--card", a)  # a lone card: not counted yet
    cli("result", "Fin", c, 121, d, 99)  # the director's entry counts at once
    shown = cli("event", "show", "Fin", "--json").json()
    assert (shown["results"], shown["not_counted"]) == (1, 1)
    assert "results entered: 1 (1 more not counted until final)" in cli("event", "show", "Fin").stdout
    cli("result", "Fin", b, 100, a, 121, "--card", b)
    assert cli("event", "show", "Fin", "--json").json()["not_counted"] == 0


def test_the_directors_result_over_waiting_cards_says_what_is_waiting(cli, unchanged):
    (a, b), (c, d) = _event(cli)
    cli("result", "Fin", a, 121, b, 100, "--card", a)
    with unchanged():
        cli.fails("result", "Fin", a, 121, b, 100, match=f"has only {a}'s card, pending (the other card goes in with --card); use --replace")
    cli("result", "Fin", c, 121, d, 100, "--card", c)
    cli("result", "Fin", d, 121, c, 110, "--card", d)
    with unchanged():
        cli.fails("result", "Fin", c, 121, d, 100, match="has two cards that disagree, disputed (check --resolve settles them); use --replace")
    cli("result", "Fin", c, 121, d, 100, "--replace")  # the director's word counts at once
    assert _rows(cli)[c]["wins"] == 1
    with unchanged():
        cli.fails("result", "Fin", c, 121, d, 100, match="already has a result")
