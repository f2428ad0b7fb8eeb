"""Leagues and seasons through the real CLI: a season of 10+ nights."""

import pytest
from starlette.testclient import TestClient

from crib_tourney.web.server import create_app
from tests.render.test_print import pdf_text

MEMBERS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
STRENGTH = {name: i for i, name in enumerate(MEMBERS + ["Gus", "Hal"])}  # earlier names win


def play_night(cli, tmp_path, event, skunk_every=0):
    """Schedule every game and enter results: the stronger player wins by 20
    (by 35, a skunk, at every skunk_every-th table)."""
    games = cli("round", event, "--all", "--json").json()["games"]
    lines = ["game,player1,score1,player2,score2"]
    k = 0
    for g in games:
        for t in g["tables"]:
            a, b = sorted(t["players"], key=lambda n: STRENGTH[n])
            k += 1
            margin = 35 if skunk_every and k % skunk_every == 0 else 20
            lines.append(f"{g['game']},{a},121,{b},{121 - margin}")
    sheet = tmp_path / "night.csv"
    sheet.write_text("\n".join(lines) + "\n")
    cli("result", "import", event, sheet)
    # a member withdrawn as absent is listed with no games: not a night played
    return {r["player"]: r for r in cli("standings", event, "--json").json()["rows"] if r["games"]}


def season(cli, tmp_path, nights=10, formula="grass-roots", games=4, **kw):
    cli("league", "new", "Elm", "--season", "2026-27", "--games-per-night", games, "--formula", formula,
        *[a for k, v in kw.items() for a in (f"--{k.replace('_', '-')}", str(v))])
    cli("league", "join", "Elm", *MEMBERS, "--new")
    history = []
    for n in range(1, nights + 1):
        date = f"2026-{9 + (n - 1) // 4:02d}-{1 + 7 * ((n - 1) % 4):02d}"
        event = cli("league", "night", "Elm", "--date", date, "--json").json()["event"]
        absent = MEMBERS[n % len(MEMBERS)] if n % 3 == 0 else None  # changing attendance
        if absent:
            cli("withdraw", event, absent)
        if n in (2, 4, 6, 7, 8, 9):
            cli("enter", event, "Gus", "--new")  # a guest who keeps coming back
        history.append((date, play_night(cli, tmp_path, event, skunk_every=5)))
    return history


def test_night_creates_event_with_members_and_league_settings(cli):
    cli("league", "new", "Elm", "--games-per-night", "9")
    cli("league", "join", "Elm", "Ann", "Bob", "Cat", "--new")
    event = cli("league", "night", "Elm", "--date", "2026-09-08", "--json").json()["event"]
    assert event == "Elm night 1 (2026-09-08)"
    shown = cli("event", "show", event, "--json").json()
    assert shown["players"] == 3 and shown["settings"]["games"] == 9 and shown["settings"]["date"] == "2026-09-08"
    assert cli("league", "night", "Elm", "--date", "2026-09-15").stdout.strip() == "Elm night 2 (2026-09-15)"


def test_grass_roots_season_with_guests_and_attendance(cli, tmp_path):
    history = season(cli, tmp_path, nights=10, threshold=5)
    data = cli("league", "standings", "Elm", "--json").json()
    assert data["nights"] == 10
    rows = {r["player"]: r for r in data["rows"]}
    for name in MEMBERS:
        nights = [s[name] for _, s in history if name in s]
        expected = sum(r["game_points"] for r in nights if r["game_points"] >= 5)
        assert rows[name]["season_points"] == expected, name
        assert rows[name]["nights"] == len(nights)
        assert rows[name]["game_points"] == sum(r["game_points"] for r in nights)
        assert rows[name]["skunks"] == sum(r["skunks"] for r in nights)
    # the guest played 6 nights, past the limit of 4: listed apart
    assert "Gus" not in rows and [g["player"] for g in data["guests"]] == ["Gus"]
    points = [r["season_points"] for r in data["rows"]]
    assert points == sorted(points, reverse=True) and data["rows"][0]["rank"] == 1
    assert rows["Ann"]["best_night"] == max(s["Ann"]["game_points"] for _, s in history if "Ann" in s)
    table = cli("league", "standings", "Elm").stdout
    assert "Guests past the guest limit" in table


def test_guest_within_limit_is_ranked(cli, tmp_path):
    season(cli, tmp_path, nights=3)
    data = cli("league", "standings", "Elm", "--json").json()
    guest = next(r for r in data["rows"] if r["player"] == "Gus")
    assert guest["member"] is False and data["guests"] == []


@pytest.mark.parametrize("formula", ["acc-internet", "game-points", "placing"])
def test_each_formula(cli, tmp_path, formula):
    history = season(cli, tmp_path, nights=10, formula=formula, threshold=5, place_points="10,7,5,3,1")
    rows = {r["player"]: r for r in cli("league", "standings", "Elm", "--json").json()["rows"]}
    places = [10, 7, 5, 3, 1]
    for name in MEMBERS:
        total = 0
        for _, s in history:
            if name not in s:
                continue
            gp, rank = s[name]["game_points"], s[name]["rank"]
            if formula == "acc-internet":
                total += gp + 2 * (gp - 11) if gp >= 5 else 0
            elif formula == "game-points":
                total += gp
            else:
                tied = [r for r in s.values() if r["rank"] == rank]
                total += sum(places[p - 1] if p <= 5 else 0 for p in range(rank, rank + len(tied))) / len(tied)
        assert rows[name]["season_points"] == pytest.approx(total), name


def test_drop_worst_and_best_of_nights(cli, tmp_path):
    history = season(cli, tmp_path, nights=10, formula="game-points", drop_worst=2)
    rows = {r["player"]: r for r in cli("league", "standings", "Elm", "--json").json()["rows"]}
    for name in MEMBERS:
        scores = sorted((s[name]["game_points"] for _, s in history if name in s), reverse=True)
        assert rows[name]["season_points"] == sum(scores[:-2]) and rows[name]["counted_nights"] == len(scores) - 2
    cli("league", "set", "Elm", "drop_worst=0", "best_of_nights=5")
    rows = {r["player"]: r for r in cli("league", "standings", "Elm", "--json").json()["rows"]}
    for name in MEMBERS:
        scores = sorted((s[name]["game_points"] for _, s in history if name in s), reverse=True)
        assert rows[name]["season_points"] == sum(scores[:5])


def test_quarterly_view(cli, tmp_path):
    history = season(cli, tmp_path, nights=10, formula="game-points")
    data = cli("league", "standings", "Elm", "--from", "2026-10-01", "--to", "2026-10-31", "--json").json()
    october = [s for date, s in history if date.startswith("2026-10")]
    assert data["nights"] == len(october) == 4
    rows = {r["player"]: r for r in data["rows"]}
    assert rows["Bob"]["season_points"] == sum(s["Bob"]["game_points"] for s in october if "Bob" in s)


def test_settings_change_mid_season_keeps_played_nights(cli, tmp_path):
    cli("league", "new", "Elm", "--games-per-night", "4", "--formula", "game-points")
    cli("league", "join", "Elm", *MEMBERS, "--new")
    first = cli("league", "night", "Elm", "--date", "2026-09-01", "--json").json()["event"]
    before = play_night(cli, tmp_path, first)
    cli("league", "set", "Elm", "formula=grass-roots", "threshold=100")
    second = cli("league", "night", "Elm", "--date", "2026-09-08", "--json").json()["event"]
    play_night(cli, tmp_path, second)
    rows = {r["player"]: r for r in cli("league", "standings", "Elm", "--json").json()["rows"]}
    # night 1 still scores plain game points; night 2 (threshold 100) scores nothing
    for name in MEMBERS:
        assert rows[name]["season_points"] == before[name]["game_points"]
    assert cli("league", "show", "Elm", "--json").json()["nights"][0]["formula"] == "game-points"


def test_special_hands_perfect_nights_and_skunk_pot(cli, tmp_path, unchanged):
    history = season(cli, tmp_path, nights=2, games=3, skunk_pot=0.5)
    out = cli("league", "hand", "Elm", "Ann", "5H", "5D", "5S", "JC", "--starter", "5C", "--claim", "29",
              "--night", "Elm night 1 (2026-09-01)").stdout
    assert "recorded Ann's 29" in out
    cli("league", "hand", "Elm", "Bob", "5H", "5D", "5S", "JD", "--starter", "5C", "--claim", "28")
    with unchanged():
        cli.fails("league", "hand", "Elm", "Cat", "5H", "5D", "5S", "JD", "--starter", "5C", "--claim", "29",
                  match="that hand counts 28, not 29")
        cli.fails("league", "hand", "Elm", "Cat", "5H", "5H", "5S", "JD", "--starter", "5C", "--claim", "29",
                  match="5H")
    records = cli("league", "records", "Elm", "--json").json()
    assert [(h["player"], h["points"], h["date"]) for h in records["special_hands"]][0] == ("Ann", 29, "2026-09-01")
    assert len(records["special_hands"]) == 2
    perfect = {(name, date) for date, s in history for name, r in s.items() if r["losses"] == 0 and r["wins"]}
    assert {(p["player"], p["date"]) for p in records["perfect_nights"]} == perfect
    assert ("Ann", "2026-09-01") in perfect  # the strongest player wins every game
    pot = records["skunk_pot"]
    assert pot["total"] == pytest.approx(0.5 * sum(p["taken"] for p in pot["players"])) and pot["total"] > 0


def test_league_list_show_and_print_season(cli, tmp_path):
    season(cli, tmp_path, nights=2, games=3)
    assert cli("league", "list", "--json").json()["leagues"][0]["nights"] == 2
    assert len(cli("league", "show", "Elm", "--json").json()["members"]) == 6
    out = tmp_path / "season.pdf"
    cli("print", "season", "Elm", "-o", out)
    from pypdf import PdfReader

    text = "\n".join(p.extract_text() for p in PdfReader(out).pages)
    assert "season standings" in text.lower()
    assert all(name in text for name in MEMBERS) and "Skunk pot" in text


@pytest.mark.parametrize(
    "args, match",
    [
        (["league", "night", "Nope"], "unknown league 'Nope'"),
        (["league", "new", "Other", "--formula", "bogus"], "unknown formula 'bogus'"),
        (["league", "set", "Elm", "formula=bogus"], "unknown formula 'bogus'"),
        (["league", "set", "Elm", "colour=red"], "unknown league setting"),
        (["league", "new", "Elm"], "already exists"),
        (["league", "join", "Elm", "Ann"], "already a member"),
        (["league", "join", "Elm", "Zed Newman", "zed newman", "--new"], "Zed Newman is already a member"),  # one new player, named twice
        (["league", "night", "Elm", "--date", "tuesday"], "YYYY-MM-DD"),
        (["league", "standings", "Elm", "--from", "fall"], "YYYY-MM-DD"),
    ],
)
def test_bad_league_input(cli, unchanged, args, match):
    cli("league", "new", "Elm")
    cli("league", "join", "Elm", "Ann", "--new")
    with unchanged():
        cli.fails(*args, match=match)


def test_a_night_in_play_is_marked_and_makes_no_perfect_night(cli, tmp_path):
    """Issue 33: night 2 at game 1 of 2, one table played: no perfect night from it,
    its column marked in play, those still playing "…" (not "–"), the pot in money."""
    season(cli, tmp_path, nights=1, games=2)
    before = cli("league", "records", "Elm", "--json").json()["perfect_nights"]
    event = cli("league", "night", "Elm", "--date", "2026-09-08", "--json").json()["event"]
    tables = cli("round", event, "--json").json()["tables"]
    a, b = sorted(tables[0]["players"], key=lambda n: STRENGTH[n])
    cli("result", event, a, "121", b, "100")
    assert cli("league", "records", "Elm", "--json").json()["perfect_nights"] == before  # a's one win is no perfect night
    shown = cli("league", "standings", "Elm", "--json").json()
    waiting = sorted(p for t in tables[1:] for p in t["players"])
    assert shown["in_play"] == {"2": waiting} and shown["nights"] == 2
    said = cli("league", "standings", "Elm").stdout.splitlines()  # the text says it too
    assert said[-1] == f"night 2 in play: it counts as it stands; no result yet: {', '.join(waiting)}"
    out = tmp_path / "season.pdf"
    cli("print", "season", "Elm", "-o", out)
    text = pdf_text(out)
    assert "2 IN PLAY" in text.upper() and "…" in text and "Skunk pot: $" in text and "Skunk pot: 0.00" not in text
    grid = TestClient(create_app(str(cli.db))).get("/leagues/1/").text.split('id="grid"', 1)[1].split("</table>", 1)[0]
    assert '2 <span class="in-play">in play</span>' in grid and grid.count(">…</td>") == len(waiting)
