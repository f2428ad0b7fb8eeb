"""Players and events through the real CLI."""

import pytest


def test_player_add_list_show_edit(cli):
    assert "added player #1 Pat Smith" in cli("player", "add", "Pat Smith", "--acc-number", "12345", "--club", "Elm St").stdout
    cli("player", "add", "Lee Wong")
    listed = cli("player", "list", "SMI", "--json").json()["players"]
    assert [p["name"] for p in listed] == ["Pat Smith"]
    assert cli("player", "list", "elm", "--json").json()["players"][0]["acc_number"] == "12345"
    cli("player", "edit", "pat smith", "--club", "Oak Hall", "--email", "pat@example.org")
    shown = cli("player", "show", "12345", "--json").json()
    assert (shown["club"], shown["email"]) == ("Oak Hall", "pat@example.org")


def test_same_name_players_are_told_apart(cli, unchanged):
    cli("player", "add", "Pat Smith", "--acc-number", "111")
    with unchanged():  # a second Pat Smith is a second person only when said so: a repeated command adds nobody
        cli.fails("player", "add", "Pat Smith", "--acc-number", "222", match="Pat Smith (#1, ACC 111) is already on the roster")
    cli("player", "add", "Pat Smith", "--acc-number", "222", "--duplicate")
    with unchanged():
        run = cli.fails("player", "show", "Pat Smith", match="matches 2 players")
    assert "#1" in run.stderr and "#2" in run.stderr and "ACC 222" in run.stderr
    assert cli("player", "show", "#2", "--json").json()["acc_number"] == "222"
    assert cli("player", "show", "Pat Smith #1", "--json").json()["acc_number"] == "111"
    with unchanged():
        cli.fails("player", "add", "Someone", "--acc-number", "111", match="already belongs to Pat Smith")


def test_unknown_player_suggests(cli):
    cli("player", "add", "Margaret Kowalski")
    cli.fails("player", "show", "Margret Kowalski", match="did you mean 'Margaret Kowalski'")


def test_player_import_and_export_roundtrip(cli, tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("name,acc_number,club,email\nAnn Lee,1,Elm,ann@example.org\n\"O'Brien, Carol\",2,Oak,\nBob Ray,,Elm,\n")
    assert "imported 3 players" in cli("player", "import", roster).stdout
    assert "imported 0 players, 3 already on the roster" in cli("player", "import", roster).stdout
    exported = cli("player", "export").stdout.splitlines()
    assert exported[0] == "id,name,acc_number,club,email"
    assert '"O\'Brien, Carol"' in "\n".join(exported)
    out = tmp_path / "out.csv"
    cli("player", "export", "-o", out)
    assert out.read_text().count("\n") == 4


@pytest.mark.parametrize(
    "content, match",
    [
        ("name,acc_number\nAnn,1\n,2\nBob,1\n", "line 3: a player needs a name; line 4: ACC number 1 repeats line 2"),
        ("who,acc\nAnn,1\n", "header row with a 'name' column"),
        ("name,acc_number\nAnn,1,extra\n", "line 2: more fields"),
    ],
)
def test_malformed_roster_imports_nothing(cli, unchanged, tmp_path, content, match):
    cli("player", "add", "Existing")
    bad = tmp_path / "bad.csv"
    bad.write_text(content)
    with unchanged():
        cli.fails("player", "import", bad, match=match)


def test_roster_errors_found_reading_and_against_the_roster_are_listed_by_line(cli, unchanged, tmp_path):
    cli("player", "add", "Ann", "--acc-number", "7")
    bad = tmp_path / "bad.csv"
    bad.write_text("name,acc_number\nZed,7\n,3\nYan,7\n")
    with unchanged():
        cli.fails("player", "import", bad, match="3 bad row(s) in " + str(bad) + ", nothing imported: "
                  "line 2: ACC number 7 belongs to Ann (#1), not Zed; line 3: a player needs a name; line 4: ACC number 7 repeats line 2")


def test_missing_file(cli, unchanged):
    with unchanged():
        cli.fails("player", "import", "nowhere.csv", match="no such file: nowhere.csv")


def test_new_event_defaults_follow_acc(cli):
    assert "created event #1 Spring Open" in cli("new-event", "Spring Open", "--date", "2026-04-11").stdout
    settings = cli("event", "show", "Spring Open", "--json").json()["settings"]
    assert settings["win_points"] == 2 and settings["skunk_points"] == 3 and settings["double_skunk_points"] == 3
    assert settings["forfeit_spread"] == 10 and settings["qualify_ratio"] == 0.25 and settings["best_of"] == 3
    assert settings["muggins"] is False and settings["bye_points"] == 2 and settings["bye_spread"] == 0
    assert cli("event", "show", "1", "--json").json()["name"] == "Spring Open"


def test_event_list_and_set(cli, unchanged):
    cli("new-event", "A", "--games", "9", "--muggins")
    cli("new-event", "B", "--double-skunk-points", "4")
    events = cli("event", "list", "--json").json()["events"]
    assert [(e["name"], e["games"]) for e in events] == [("A", 9), ("B", 7)]
    cli("event", "set", "A", "games=11", "double-skunk-points=5", "muggins=off")
    settings = cli("event", "show", "A", "--json").json()["settings"]
    assert (settings["games"], settings["double_skunk_points"], settings["muggins"]) == (11, 5, False)
    with unchanged():
        cli.fails("event", "set", "A", "bogus=1", match="unknown setting 'bogus'")
        cli.fails("event", "set", "A", "games=many", match="games needs a whole number")
        cli.fails("event", "set", "A", "skunk_margin=70", match="double_skunk_margin must be larger")
        cli.fails("event", "set", "Nope", "games=3", match="unknown event 'Nope'")


@pytest.mark.parametrize(
    "args, match",
    [
        (["--variant", "bogus"], "unknown variant"),
        (["--games", "0"], "games must be 1 to 60"),
        (["--best-of", "4"], "odd number"),
        (["--qualify-ratio", "1.5"], "qualify_ratio"),
        (["--date", "April 1"], "YYYY-MM-DD"),
        (["--skunk-points", "-1"], "cannot be negative"),
    ],
)
def test_new_event_bad_settings(cli, unchanged, args, match):
    with unchanged():
        cli.fails("new-event", "Bad", *args, match=match)


def test_duplicate_event_name_refused(cli, unchanged):
    cli("new-event", "Spring Open")
    with unchanged():
        cli.fails("new-event", "spring open", match="already exists")


def test_enter_with_new_and_unknown(cli, unchanged):
    cli("new-event", "E")
    cli("player", "add", "Ann")
    with unchanged():
        cli.fails("enter", "E", "Ann", "Zed", match="unknown player 'Zed'")
    out = cli("enter", "E", "Ann", "Zed", "--new").stdout
    assert "entered Ann" in out and "entered Zed" in out
    with unchanged():
        cli.fails("enter", "E", "Ann", match="already entered")


def test_unknown_event_suggests(cli):
    cli("new-event", "Spring Open")
    cli.fails("standings", "Sprng Open", match="did you mean 'Spring Open'")


def test_the_cli_says_bye_and_echoes_a_namesake_with_his_number(cli):
    """Issue 33: one word, "bye" (not "sits out"), in `round` and the help; a
    namesake entered is echoed as `Name #id`, as the CLI names him elsewhere."""
    first = cli("player", "add", "Janet Novak").stdout.split()[2]  # "added player #1 Janet Novak"
    second = cli("player", "add", "Janet Novak", "--duplicate").stdout.split()[2]
    cli("new-event", "E", "--games", "1")
    assert cli("enter", "E", second, "Ann", "Bob", "--new").stdout.splitlines() == [
        f"entered Janet Novak {second}", "entered Ann", "entered Bob"]
    assert cli("enter", "E", first).stdout.strip() == f"entered Janet Novak {first}"
    cli("withdraw", "E", "Bob")
    shown = cli("round", "E").stdout
    bye = cli("round", "E", "--show", "1", "--json").json()["bye"]
    assert f"bye: {bye}" in shown and "sits out" not in shown
    help_text = " ".join(cli("new-event", "--help").stdout.split())
    assert "game points for a bye" in help_text.lower() and "sitting out" not in help_text
