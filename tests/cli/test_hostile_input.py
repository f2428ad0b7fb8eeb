"""Hostile and careless input, table-driven: every case must be refused with
exit 1 (a domain error) or 2 (usage), no traceback, nothing but printable text
on the terminal, exactly one line for exit 1, and the database byte for byte as
it was. Grow this table with every new command or option."""

import shutil
from pathlib import Path

import pytest

from tests.conftest import Cli

BIG = "99999999999999999999"  # past 2**63

CASES = [
    # names: one policy for players, events and leagues
    (["player", "add", ""], "needs a name"),
    (["player", "add", "   "], "needs a name"),
    (["player", "add", "\u200b"], "invisible characters"),
    (["player", "add", "Bell\x07"], "control or invisible"),
    (["player", "add", "Pat #3"], "names things by number"),
    (["player", "add", "95687"], "names things by number"),
    (["player", "add", "#5"], "cannot start with '#'"),
    (["player", "add", "x" * 81], "at most 80 characters"),
    (["player", "edit", "Ann", "--name", ""], "needs a name"),
    (["player", "show", "Nobody"], "unknown player"),
    (["player", "show", "#999"], "no player #999"),
    (["player", "show", "Kowalski"], "matches 2 players"),
    (["enter", "E", "", "--new"], "needs a name"),
    (["enter", "E", "Zed #999", "--new"], "names things by number"),
    (["enter", "E", "#999", "--new"], "no player #999"),
    (["enter", "E", "Ann"], "already entered"),
    (["new-event", ""], "needs a name"),
    (["new-event", "123"], "names things by number"),
    (["new-event", "Open #4"], "names things by number"),
    (["new-event", "e"], "already exists"),
    (["league", "new", "7"], "names things by number"),
    (["league", "new", "club"], "already exists"),
    (["consolation", "C", "--name", "7"], "names things by number"),
    # numbers as people mistype them
    (["result", "E", "Ann", "1_2_1", "Bob", "100"], "is not a whole number"),
    (["result", "E", "Ann", "١٢١", "Bob", "100"], "is not a whole number"),
    (["result", "E", "Ann", BIG, "Bob", "100"], "out of range"),
    (["result", "E", "Ann", "121", "Bob", "-5"], "cannot be negative"),
    (["result", "E", "Ann", "121", "Bob", "100", "--game", BIG], "out of range"),
    (["result", "E", "Ann", "121", "Bob", "100", "--game", "1_0"], "not a whole number"),
    (["result", "E", "--forfeit", "Ann", "--game", BIG], "out of range"),
    (["round", "E", "--show", BIG], "out of range"),
    (["round", "E", "--unschedule-from", BIG], "out of range"),
    (["print", "tables", "E", "--game", BIG], "out of range"),
    (["ruling", "E", "count", "5H", "5D", "5S", "JC", "--starter", "5C", "--claim", BIG, "--game", "1", "--player", "Ann"], "out of range"),
    (["ruling", "E", "count", "5H", "5D", "5S", "JC", "--starter", "5C", "--claim", "28", "--game", BIG, "--player", "Ann"], "out of range"),
    (["ruling", "E", "count", "5H", "5D", "5S", "JC", "--starter", "5C", "--claim", "28", "--game", "9", "--player", "Ann"], "does not exist"),
    (["cut", "C", "--qualifiers", BIG], "out of range"),
    (["bracket", "C", "--set-best-of", f"1={BIG}"], "needs ROUND=N"),
    (["count", "5H", "5D", "5S", "JC", "--starter", "5C", "--claim", "1e3"], "not a whole number"),
    (["new-event", "X", "--win-points", BIG], "out of range"),
    (["new-event", "X", "--forfeit-spread", "1_0"], "not a whole number"),
    (["new-event", "X", "--best-of", BIG], "out of range"),
    (["new-event", "X", "--prize-fund", "inf"], "finite"),
    (["new-event", "X", "--qualify-ratio", "nan"], "finite"),
    (["league", "new", "L", "--skunk-pot", "inf"], "finite"),
    (["league", "new", "L", "--best-of-nights", BIG], "out of range"),
    # settings
    (["event", "set", "E", f"win_points={BIG}"], "needs a whole number"),
    (["event", "set", "E", "win_points=1_0"], "needs a whole number"),
    (["event", "set", "E", "prize_fund=inf"], "finite"),
    (["event", "set", "E", "payouts=nan"], "payouts must be percentages"),
    (["event", "set", "E", "payouts=60,50"], "add up to at most 100"),
    (["event", "set", "E", "colour=red"], "unknown setting"),
    (["event", "set", "E", "games"], "is not SETTING=VALUE"),
    (["event", "set", "E", "games=0"], "games must be 1 to 60"),
    (["event", "set", "E", "skunk_margin=70"], "double_skunk_margin must be larger"),
    (["event", "set", "E", "variant=four-player"], "tables seat two players"),
    (["event", "set", "E", "muggins=perhaps"], "needs on or off"),
    (["event", "set", "E", "games=3", "--recut"], "no bracket seeded from qualifying"),
    (["league", "set", "Club", "formula=fancy"], "unknown formula"),
    (["league", "set", "Club", "drop_worst=-1"], "cannot be negative"),
    # dates: YYYY-MM-DD and real
    (["new-event", "X", "--date", "20260915"], "YYYY-MM-DD"),
    (["new-event", "X", "--date", "2026-W07-2"], "YYYY-MM-DD"),
    (["new-event", "X", "--date", "2026-02-30"], "YYYY-MM-DD"),
    (["event", "set", "E", "date=2026-13-01"], "YYYY-MM-DD"),
    (["league", "night", "Club", "--date", "20260915"], "YYYY-MM-DD"),
    (["league", "standings", "Club", "--from", "2026-W07-2"], "YYYY-MM-DD"),
    # results, cut playoffs, undo and recut
    (["result", "E", "Ann", "121", "Ann", "100"], "cannot play against themselves"),
    (["result", "E", "Ann", "121", "Bob", "121"], "two winners"),
    (["result", "E", "Bob", "121", "Cat", "100", "--recut"], "no bracket seeded from qualifying"),
    (["result", "E", "Ann", "121", "Bob", "100", "--playoff"], "not tied across the cut line"),
    (["result", "E", "Ann", "121", "Outsider", "100"], "not entered in E"),
    (["result", "E", "Bob", "121", "Cat", "100", "--card", "Ann"], "not in this game"),
    (["result", "E", "Ann", "121", "Dan", "100"], "already has a result"),
    (["result", "Nope", "Ann", "121", "Bob", "100"], "unknown event"),
    (["result", "E", "Ann", "121"], "expected EVENT PLAYER SCORE PLAYER SCORE"),
    (["undo", "Empty"], "nothing to undo"),
    (["undo", "Empty", "--recut"], "nothing to undo"),
    (["withdraw", "E", "Outsider"], "not entered in E"),
    (["cut", "E"], "qualifying is not finished"),
    (["cut", "C"], "already has its bracket"),
    (["match", "C", "W9.9"], "no match W9.9"),
    (["bracket", "E"], "has no bracket yet"),
    (["placings", "E"], "has no bracket yet"),
    (["ruling", "E", "shout", "5H", "--claim", "1", "--game", "1", "--player", "Ann"], "unknown ruling kind"),
    (["league", "join", "Club", "Ann"], "already a member"),
    (["league", "hand", "Club", "Ann", "5H", "5D", "5S", "JC", "--starter", "5C", "--claim", "28"], "counts 29, not 28"),
]


@pytest.fixture(scope="module")
def seeded(tmp_path_factory) -> Path:
    """One database with an event mid-qualifying, a cut event, an empty event and a league."""
    path = tmp_path_factory.mktemp("hostile") / "seed.db"
    cli = Cli(path)
    cli("player", "add", "Margaret Kowalski")
    cli("player", "add", "Mark Kowalski")
    cli("player", "add", "Outsider")
    cli("new-event", "E", "--games", "3")
    cli("enter", "E", "Ann", "Bob", "Cat", "Dan", "--new")
    cli("round", "E")
    tables = cli("round", "E", "--show", "1", "--json").json()["tables"]
    cli("result", "E", "Ann", "121", "Dan", "100")
    cli("new-event", "C", "--format", "single-elim")
    cli("enter", "C", "Ann", "Bob", "Cat")
    cli("cut", "C")
    cli("new-event", "Empty")
    cli("league", "new", "Club")
    cli("league", "join", "Club", "Ann", "Bob")
    # the circle seats Ann v Dan and Bob v Cat in game 1; the table above relies on it
    assert [t["players"] for t in tables] == [["Ann", "Dan"], ["Bob", "Cat"]]
    return path


@pytest.mark.parametrize("args, match", CASES, ids=[" ".join(a)[:60] for a, _ in CASES])
def test_refused_in_one_printable_line_and_nothing_changes(seeded, tmp_path, args, match):
    path = tmp_path / "case.db"
    shutil.copy(seeded, path)
    cli = Cli(path)
    before = cli.snapshot()
    run = cli(*args, ok=False)
    assert run.code in (1, 2), run
    output = run.stdout + run.stderr
    assert "Traceback" not in output
    assert all(c.isprintable() or c in "\n\t" for c in output), repr(output)
    if run.code == 1:
        lines = [line for line in run.stderr.splitlines() if line.strip()]
        assert len(lines) == 1, run.stderr
    assert match.lower() in output.lower(), output
    assert cli.snapshot() == before, "a refused command changed the database"
