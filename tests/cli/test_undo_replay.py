"""Undo, one entry at a time, from a finished 10-game event back to the empty
event: after every step what the director sees (check, standings, bracket,
placings, pools, the event's settings) is exactly what a replay of the entries
still in force gives on a fresh database.

The event uses every kind of change: entries, a late entry, a withdrawal,
rounds (one drawn, some paired ahead and unscheduled again), results, single
cards resolved by the ACC rule, a forfeit, an import, a ruling, settings, a side
pool, a cut playoff, the cut, playoff games, a round's length and a consolation.
"""

from __future__ import annotations

import math
from pathlib import Path


from tests.conftest import Cli

FIELD = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim"]
LATE, GONE = "Lou", "Kim"  # Lou enters before game 2; Kim withdraws after game 9
GAMES = 10


def _schedule(folder: Path) -> list[list[list[str]]]:
    """Each game's tables (byes as one-name tables), paired as the event will pair
    them: pairing follows the field and who has met, never the results."""
    cli = Cli(folder / "schedule.db")
    cli("new-event", "Big", "--games", GAMES)
    cli("enter", "Big", *FIELD, "--new")
    games = []
    for game in range(1, GAMES + 1):
        if game == 2:
            cli("enter", "Big", LATE, "--new")
        if game == 10:
            cli("withdraw", "Big", GONE)
        view = cli("round", "Big", "--json").json()
        games.append([t["players"] for t in view["tables"]] + ([[view["bye"]]] if view["bye"] else []))
    return games


def _twins(schedule: list[list[list[str]]]) -> tuple[str, str]:
    """Two players who never meet and never sit out: given the same result in every
    game, they finish tied, and no head-to-head separates them."""
    names = FIELD + [LATE]
    for x in names:
        for y in names:
            if x < y and GONE not in (x, y) and LATE not in (x, y) and all(
                    [x, y] not in (sorted(t) for t in game) and [x] not in game and [y] not in game for game in schedule):
                return x, y
    raise AssertionError("no two players who never meet: change the field")


def _results(game: list[list[str]], twins: tuple[str, str], number: int) -> list[tuple[str, int, str, int]]:
    """(winner, 121, loser, score) at each table: the first seated wins by 21, 15 or
    30 by table; the second twin's table mirrors the first twin's."""
    x, y = twins
    played = [t for t in game if len(t) == 2]
    outcome = {}
    for k, (a, b) in enumerate(played):
        margin = (21, 15, 30)[(k + number) % 3]
        outcome[(a, b)] = (a, b, margin)
    x_table = next(t for t in played if x in t)
    w, _, m = outcome[tuple(x_table)]
    y_table = tuple(next(t for t in played if y in t))
    other = y_table[1] if y_table[0] == y else y_table[0]
    outcome[y_table] = (y, other, m) if w == x else (other, y, m)
    return [(w, 121, lo, 121 - m) for w, lo, m in outcome.values()]


def _view(cli: Cli) -> dict:
    """Everything a director looks at, as data."""
    def json_or_refusal(*args: str) -> object:
        run = cli(*args, ok=None)
        return run.json() if run.code == 0 else run.stderr.strip()

    return {"check": json_or_refusal("check", "Big", "--json"), "standings": json_or_refusal("standings", "Big", "--json"),
            "bracket": json_or_refusal("bracket", "Big", "--json"), "placings": json_or_refusal("placings", "Big", "--json"),
            "pools": json_or_refusal("pool", "report", "Big", "--json"), "event": json_or_refusal("event", "show", "Big", "--json"),
            "events": json_or_refusal("event", "list", "--json")}


def _commands(folder: Path, schedule: list[list[list[str]]], twins: tuple[str, str]) -> list[list[str]]:
    """Every command of the event, each one entry of its log."""
    commands: list[list[str]] = [["enter", "Big", *FIELD], ["event", "set", "Big", "entry_fee=30"],
                                 ["pool", "add", "Big", "Skins", "--fee", "5"], ["pool", "join", "Big", "Skins", "Ann", "Bob", "Cat"]]
    for number, game in enumerate(schedule, 1):
        if number == 2:
            commands.append(["enter", "Big", LATE])
        if number == 10:
            commands.append(["withdraw", "Big", GONE])
        if number == 4:
            commands += [["round", "Big", "--all"], ["round", "Big", "--unschedule-from", "5"]]  # paired ahead, then freed
        else:
            commands.append(["round", "Big"])
        results = _results(game, twins, number)
        if number == 3:  # a whole game from a file
            csv = folder / "game3.csv"
            csv.write_text("game,player1,score1,player2,score2\n" + "".join(f"3,{w},121,{lo},{s}\n" for w, _, lo, s in results))
            commands.append(["result", "import", "Big", str(csv)])
            continue
        for k, (w, _, lo, s) in enumerate(results):
            if number == 5 and k == 0:  # one player's card only: copied to the other by check --resolve
                commands.append(["result", "Big", w, "121", lo, str(s), "--card", w])
            elif number == 6 and k == 0 and twins[0] not in (w, lo) and twins[1] not in (w, lo):
                commands.append(["result", "Big", "--forfeit", lo, "--game", "6"])
            else:
                commands.append(["result", "Big", w, "121", lo, str(s)])
        if number == 5:
            commands.append(["check", "Big", "--resolve"])
        if number == 7:
            commands.append(["ruling", "Big", "count", "5H", "5D", "5S", "JC", "--starter", "5C", "--claim", "28",
                             "--game", "7", "--player", "Ann"])
    return commands


def test_undo_back_to_the_empty_event_matches_a_replay_at_every_step(tmp_path):
    schedule = _schedule(tmp_path)
    twins = _twins(schedule)
    commands = _commands(tmp_path, schedule, twins)
    cli = Cli(tmp_path / "big.db")
    cli("player", "import", _roster(tmp_path))
    cli("new-event", "Big", "--games", GAMES)
    views = [_view(cli)]  # views[k]: after the first k commands, as a replay on a fresh database gives it
    for command in commands:
        cli(*command)
        views.append(_view(cli))
    # the qualifying standings: the twins tie across the cut line, which the ratio is set to
    rows = cli("standings", "Big", "--json").json()["rows"]
    rank = {r["player"]: r["rank"] for r in rows}
    assert rank[twins[0]] == rank[twins[1]], (twins, rows)
    line = 1 + sum(1 for r in rows if r["rank"] < rank[twins[0]] and not r["withdrawn"])  # the cut leaves the withdrawn out
    entrants = len(FIELD) + 1
    after_play = [["event", "set", "Big", f"qualify_ratio={line / entrants - 0.0001:.4f}"],
                  ["result", "Big", twins[0], "121", twins[1], "100", "--playoff"],
                  ["cut", "Big"]]
    for command in after_play:
        cli(*command)
        views.append(_view(cli))
    commands += after_play
    bracket = cli("bracket", "Big", "--json").json()
    assert bracket["rounds"][0]["matches"], bracket
    (a, b) = next(m["players"] for m in bracket["rounds"][0]["matches"] if None not in m["players"])
    for command in (["bracket", "Big", "--set-best-of", "1=1"], ["result", "Big", a, "121", b, "90"], ["consolation", "Big"]):
        cli(*command)
        views.append(_view(cli))
        commands.append(command)
    log = [e for e in cli("log", "Big", "--json").json()["log"] if e["action"] != "new-event"]
    assert len(log) == len(commands)  # one entry per command, no more
    kinds = {e["action"] for e in log}
    assert {"enter", "settings", "pool add", "pool join", "round", "unschedule", "result", "import", "card", "forfeit",
            "resolve", "ruling", "withdraw", "cut playoff", "cut", "best of", "playoff", "consolation"} <= kinds, kinds

    for k in range(len(commands), 0, -1):
        said = cli("undo", "Big").stdout
        assert said.startswith(f"undid {log[k - 1]['action']} #{log[k - 1]['id']}"), (k, said, log[k - 1])
        assert _view(cli) == views[k - 1], f"after undoing {commands[k - 1]}"
    cli.fails("undo", "Big", match="nothing to undo in Big")

    # the views recorded going forward are a replay; check a few against a literal one
    for k in (len(commands) // 3, len(commands) - 3):
        fresh = Cli(tmp_path / f"replay{k}.db")
        fresh("player", "import", _roster(tmp_path))
        fresh("new-event", "Big", "--games", GAMES)
        for command in commands[:k]:
            fresh(*command)
        assert _view(fresh) == views[k], f"replay of {k} commands"


def _roster(folder: Path) -> Path:
    csv = folder / "roster.csv"
    csv.write_text("name\n" + "".join(f"{n}\n" for n in FIELD + [LATE]))
    return csv


def test_the_ratio_puts_the_line_between_the_twins():
    """The arithmetic the test above relies on: ceil(n * (r/n - 0.0001)) is r."""
    for n in range(8, 40):
        for r in range(2, n):
            assert math.ceil(n * float(f"{r / n - 0.0001:.4f}")) == r, (n, r)
