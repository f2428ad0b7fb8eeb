"""Generative hostile input: hypothesis draws command lines from the CLI's own
command table (every command, every argument and option, read from the click
tree, so a new command or option is fuzzed without touching this file) and runs
them in-process on a copy of a small prepared database.

Values mix what a director would type (names, events, cards and numbers that
exist in the database, so commands get past argument parsing into the services)
with what an outsider would: control, format, separator, combining and
other-letter characters, right-to-left marks, full-width, superscript and
Arabic-Indic digits, huge and signed numbers, exponents, underscores, empty and
whitespace-only text, 100,000-character strings, bytes that are not UTF-8 (as
Python hands them over in argv), and paths to a folder, a missing folder, a
symlink loop, /dev/null and /dev/full.

Every run must end with exit 0, 1 or 2, no traceback, printable output, exactly
one line on stderr for exit 1, and the database byte for byte as it was whenever
the exit is not 0 (an exit 0 may change it; the copy is then laid anew).

Four commands are held back from what they would do here, each at one point:
`serve` gets as far as uvicorn's run, which does not listen; `print` runs its
checks, loads and lays out its HTML and writes its file, with WeasyPrint's
rendering replaced by a one-page blank PDF (0.3 s a page would spend the whole
budget on a few prints); `stats` computes each distribution it is asked for
once, and hands it out again for the same variant and crib (0.2 s each, asked
for a hundred times; tests/engine/test_stats.py checks the numbers);
`quick-results` reads typed lines from its standard input (a few hostile ones). Every output path is the work folder, a path in it,
/dev/null or /dev/full; inputs never read /dev/full or /dev/zero (endless).

Budget: CRIB_TOURNEY_FUZZ_EXAMPLES examples in all (default 2,400, a fixed
seed), shared among the commands by their number of parameters; a longer run
draws more and, with CRIB_TOURNEY_FUZZ_SEED, other ones. What it finds becomes
a named case in tests/cli/test_hostile_input.py.
"""

from __future__ import annotations

import functools
import io
import math
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, List, get_args, get_origin

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st
from typer.core import TyperArgument, TyperGroup
from typer.testing import CliRunner

from crib_tourney.cli.app import app
from crib_tourney.cli.typer_hook import value_type
from tests.cli.test_hostile_input import seed_database
from tests.conftest import COMMAND, Cli

pytestmark = pytest.mark.filterwarnings("ignore:Generating overly large repr")  # the 100,000-character values
EXAMPLES = int(os.environ.get("CRIB_TOURNEY_FUZZ_EXAMPLES", "2400"))
SEED = int(os.environ.get("CRIB_TOURNEY_FUZZ_SEED", "0"))


# --- the command table ---------------------------------------------------------


@dataclass(frozen=True)
class Param:
    name: str
    argument: bool
    kind: Any  # str, int, float, bool, Path
    many: bool  # an argument taking any number, or an option given many times
    required: bool
    opts: tuple[str, ...] = ()
    flag: bool = False
    secondary: tuple[str, ...] = ()


@dataclass(frozen=True)
class Leaf:
    words: tuple[str, ...]
    params: tuple[Param, ...] = field(default=())

    @property
    def id(self) -> str:
        return " ".join(self.words)


def _param(p: Any) -> Param:
    kind = value_type(p)
    many = p.nargs == -1 or bool(getattr(p, "multiple", False))
    if get_origin(kind) in (list, List):
        kind = (get_args(kind) or (str,))[0]
    if isinstance(p, TyperArgument):
        return Param(p.name, True, kind, many, p.required)
    return Param(p.name, False, kind, many, p.required, tuple(p.opts), bool(p.is_flag), tuple(p.secondary_opts))


def leaves(command: Any = COMMAND, words: tuple[str, ...] = ()) -> list[Leaf]:
    """Every runnable command under ``command``, with its parameters."""
    if isinstance(command, TyperGroup):
        found = []
        for name in command.list_commands(None):
            found += leaves(command.get_command(None, name), (*words, name))
        return found
    return [Leaf(words, tuple(_param(p) for p in command.params))]


LEAVES = leaves()
ROOT = [_param(p) for p in COMMAND.params]


# --- values --------------------------------------------------------------------

CARDS = [r + s for r in "A23456789TJQK" for s in "HDSC"] + ["10H", "go", "GO"]
EVENTS = ["E", "C", "Empty", "#1", "#2", "#3", "e", " E ", "Nope", "Club", "#0"]
PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Outsider", "Kowalski", "Margaret Kowalski", "Mark Kowalski #2", "#1", "#4", "Zed", "ann"]
NUMBERS = ["0", "1", "2", "3", "5", "7", "9", "29", "31", "100", "121", "-1", "+3"]
NEW_NAMES = ["Zed", "Nova Open", "Skins", "Q", "Aces", "x" * 80]
SETTING_VALUES = [*NUMBERS, "on", "off", "", "none", "acc", "single-elim", "double-elim", "round-robin", "standard",
                  "five-card", "partners", "2026-09-15", "60,40", "https://crib.example/x", "grass-roots", "placing", "loser"]

# by parameter name: what a director would type there
HINTS: dict[str, list[str]] = {
    "event": EVENTS, "refs": EVENTS + ["Club"], "league": ["Club", "#1", "Nope", "E"], "night": EVENTS,
    "player": PLAYERS, "players": PLAYERS, "forfeit": PLAYERS, "card": PLAYERS, "avoid": PLAYERS, "no_avoid": PLAYERS,
    "absent": PLAYERS, "search": PLAYERS + ["Kow", ""],
    "cards": CARDS, "tokens": CARDS + ["count"], "starter": CARDS,
    "kind": ["standings", "bracket", "scorecards", "tables", "slips", "rulings", "season", "cash", "count", "peg", "side", "q"],
    "key": ["W1.1", "W2.1", "L1.1", "W1.2", "GF", "W9.9", "X1"],
    "name": NEW_NAMES, "team_name": NEW_NAMES,
    "date": ["2026-09-15", "2024-02-29", "2026-02-29", "2026-13-01"], "date_from": ["2026-01-01"], "date_to": ["2026-12-31"],
    "set_best_of": ["1=3", "W1=3", "L1=3", "1=2", "2=5"],
    "fee": ["5", "12.50", "0", "1e3"], "payout": ["places:60,40", "winner", "60,40"], "payouts": ["60,40", "40,25,12.5,12.5"],
    "place_points": ["10,8,6", "5"], "variant": ["standard", "five-card", "partners", "four-player", "three-player", "noddy"],
    "format": ["acc", "single-elim", "double-elim", "round-robin"], "formula": ["grass-roots", "acc-internet", "placing"],
    "first_dealer": ["cut", "loser", "alternate"], "paper": ["letter", "a4", "A4"],
    "host": ["127.0.0.1", "localhost", "::1", "0.0.0.0"],
    "public_url": ["https://crib.example/open", "http://x"], "email": ["a@b.example"], "club": ["Hall"],
    "acc_number": ["K1", "77"], "season": ["2026-27"], "location": ["Hall"],
}

DIGITS = "０１２３４５６７８９⁰¹²³⁴⁵⁶⁷⁸⁹٠١٢٣٤٥٦٧٨٩۱۲߁"
SPECIAL = ["\u200f", "\u200e", "\u202e", "\u2066", "\u200b", "\u200d", "\ufeff", "\u00ad", "\u3000", "\u00a0", "\u2028",
           "\x00", "\x07", "\x1b[2J", "\x7f", "\x85", "\r", "\n", "\t", "\u0301", "\U0001f0a1", "\udcff"]
HOSTILE_CHARS = st.one_of(st.characters(categories=["Cc", "Cf", "Zs", "Mn", "Lo"]), st.sampled_from(SPECIAL + list(DIGITS)))
HUGE_NUMBERS = ["99999999999999999999", "-99999999999999999999", "9223372036854775808", "-9223372036854775809", "1" * 5000,
                "1e3", "1E400", "-0", "+7", "1_000", "0x1F", "1.5", "121.0", " 7", "7 ", "nan", "inf", "-inf", "1e-400", "١٢١", "１２１"]
LONG = ["x" * 100_000, "9" * 100_000, "é" * 100_000, "\u200b" * 100_000, "Ann" + "\u0301" * 100_000]
BLANK = ["", " ", "   ", "\t", "\n", "\u3000", "\u00a0", "\u200b"]

hostile_text = st.lists(HOSTILE_CHARS, max_size=8).map("".join)
hostile_number = st.one_of(st.integers().map(str), st.sampled_from(HUGE_NUMBERS),
                           st.text(st.sampled_from(DIGITS + "0123456789+-_.eE "), min_size=1, max_size=8))
hostile = st.one_of(hostile_text, hostile_number, st.sampled_from(LONG + BLANK), st.text(max_size=8))


def mixed(plausible: list[str]) -> st.SearchStrategy[str]:
    """Mostly what a director would type, often spoilt, sometimes anything."""
    known = st.sampled_from(plausible)
    spoilt = st.tuples(known, hostile_text, st.booleans()).map(lambda t: t[0] + t[1] if t[2] else t[1] + t[0])
    return st.one_of(known, known, spoilt, hostile)


@dataclass(frozen=True)
class Places:
    """The prepared files and folders of the work folder (the current directory)."""

    work: Path

    def inputs(self) -> list[str]:
        w = self.work
        return [str(w / "roster.csv"), str(w / "results.csv"), str(w / "teams.csv"), "roster.csv", str(w / "empty.csv"),
                str(w / "binary.csv"), str(w / "folder"), str(w / "missing.csv"), str(w / "no" / "such" / "x.csv"),
                str(w / "loop"), "/dev/null", str(w / ("x" * 300)), "x" * 100_000, ""]

    def outputs(self) -> list[str]:
        w = self.work
        return ["out.csv", "out.pdf", "site", str(w / "folder"), str(w / "folder" / "x.pdf"), str(w / "no" / "such" / "x.pdf"),
                str(w / "loop"), str(w / "roster.csv"), "/dev/null", "/dev/full", str(w / ("x" * 300)), "x" * 100_000, "", "."]


def values(param: Param, places: Places) -> st.SearchStrategy[str]:
    if param.kind is Path:  # no NUL: argv cannot carry one, and open() refuses it before any check of ours
        return mixed(places.outputs() if param.name == "output" else places.inputs()).map(lambda path: path.replace("\x00", ""))
    if param.name == "pairs":
        from crib_tourney.tourney.settings import EventSettings, LeagueSettings, names

        keys = st.sampled_from(names(EventSettings) + names(LeagueSettings) + ["colour", ""])
        pair = st.tuples(st.one_of(keys, keys, hostile_text), st.sampled_from(["="] * 4 + ["", "=="]), mixed(SETTING_VALUES))
        return pair.map("".join)
    if param.name in HINTS and not (param.name == "night" and param.kind is int):
        return mixed(HINTS[param.name])
    if param.kind in (int, float):
        plausible = NUMBERS + (["0.25", "0.5", "50", "12.50"] if param.kind is float else [])
        return st.one_of(st.sampled_from(plausible), st.sampled_from(plausible), hostile_number, hostile)
    return mixed(PLAYERS + EVENTS + CARDS[:8] + NUMBERS)  # a parameter nobody told this file about


def result_args(places: Places) -> st.SearchStrategy[list[str]]:
    """`result` takes EVENT PLAYER SCORE PLAYER SCORE, EVENT (with --forfeit) or import EVENT FILE."""
    score = st.one_of(st.sampled_from(["121", "100", "90", "0", "120", "122"]), hostile_number, hostile)
    five = st.tuples(mixed(EVENTS), mixed(PLAYERS), score, mixed(PLAYERS), score).map(list)
    imported = st.tuples(st.just("import"), mixed(EVENTS), mixed(places.inputs())).map(list)
    imported = imported.map(lambda words: [*words[:2], words[2].replace("\x00", "")])
    return st.one_of(five, five, imported, st.lists(mixed(EVENTS + PLAYERS + NUMBERS), max_size=7))


def chunk(param: Param, places: Places) -> st.SearchStrategy[list[str]]:
    """The words one parameter adds to a command line (often none for an option)."""
    if param.argument:
        if param.name == "args":
            return result_args(places)
        many = st.lists(values(param, places), min_size=0 if not param.required else 1, max_size=6)
        one = values(param, places).map(lambda v: [v])
        drawn = many if param.many else one
        return st.one_of(drawn, drawn, drawn, st.just([]))  # a missing argument now and then
    if param.flag:
        return st.sampled_from([[], [], *([o] for o in param.opts + param.secondary)])
    value = values(param, places)
    given_once = st.tuples(st.sampled_from(param.opts), value).map(list)
    given = st.lists(given_once, min_size=1, max_size=3).map(lambda xs: sum(xs, [])) if param.many else given_once
    return st.one_of(given, st.just([])) if param.required else st.one_of(st.just([]), st.just([]), given)


def command_line(leaf: Leaf, places: Places) -> st.SearchStrategy[list[str]]:
    options = [chunk(p, places) for p in leaf.params if not p.argument]
    arguments = [chunk(p, places) for p in leaf.params if p.argument]
    odd = st.sampled_from([[], [], [], [], ["--nope"], ["--"], ["--json"], ["--help"]])

    def assemble(parts: tuple) -> list[str]:
        opts, args, dashes, extra = parts
        words = [w for c in args for w in c]
        return [*leaf.words, *(w for c in opts for w in c), *(["--"] if dashes and words else []), *words, *extra]

    shuffled = st.tuples(*options).flatmap(lambda cs: st.permutations(list(cs))) if options else st.just([])
    return st.tuples(shuffled, st.tuples(*arguments) if arguments else st.just(()), st.booleans(), odd).map(assemble)


# --- the sandbox ---------------------------------------------------------------


def blank_pdf() -> bytes:
    from pypdf import PdfWriter

    writer = PdfWriter()
    writer.add_blank_page(width=612, height=792)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


class Sandbox:
    """The prepared database and files; `reset` lays them out as prepared."""

    def __init__(self, folder: Path):
        self.pristine = folder / "pristine.db"
        self.work = folder / "work"
        self.db = self.work / "case.db"
        self.places = Places(self.work)
        seed_database(self.pristine)
        cli = Cli(self.pristine)
        cli("pool", "add", "E", "Skins", "--fee", "5")
        cli("pool", "join", "E", "Skins", "Ann", "Bob")
        cli("league", "night", "Club", "--date", "2026-09-01")
        cli("new-event", "Pairs", "--variant", "four-player")
        self.pristine_bytes = self.pristine.read_bytes()
        self.files: dict[str, bytes] = {
            "roster.csv": b"name,acc_number\nZed,Z1\nYan,Y1\n",
            "results.csv": b"game,player1,score1,player2,score2\n1,Bob,121,Cat,90\n",
            "teams.csv": b"team,player1,player2\nAces,Zed,Yan\n",
            "empty.csv": b"",
            "binary.csv": b"name\n\xff\xfe\x00\n",
        }
        self.runner = CliRunner(env={"COLUMNS": "200", "CRIB_TOURNEY_DB": None})
        self.reset(full=True)

    def reset(self, full: bool = False) -> None:
        """The work folder (the current directory, so never removed) as prepared."""
        if full:
            self.work.mkdir()
            (self.work / "folder").mkdir()
            (self.work / "loop").symlink_to("loop")
            self.expected = {"folder", "loop", self.db.name, *self.files}
        for path in self.work.iterdir():
            if path.name not in self.expected:
                shutil.rmtree(path) if path.is_dir() and not path.is_symlink() else path.unlink()
        if list((self.work / "folder").iterdir()):
            shutil.rmtree(self.work / "folder")
            (self.work / "folder").mkdir()
        for name, data in [*self.files.items(), (self.db.name, self.pristine_bytes)]:
            path = self.work / name
            if not path.is_file() or path.read_bytes() != data:  # a hostile --db may have made one a database
                path.write_bytes(data)

    def state(self) -> tuple[bytes, ...]:
        return tuple(p.read_bytes() for p in (self.db, Path(f"{self.db}-wal")) if p.exists())

    def run(self, argv: list[str], stdin: str = "") -> None:
        """Run one command line and check every invariant."""
        self.reset()
        before = self.state()
        typed = stdin.encode("utf-8", "surrogateescape")  # a surrogate stands for a byte that is not UTF-8
        result = self.runner.invoke(app, ["--db", str(self.db), *argv], input=typed)
        shown = f"command line: {argv!r}" + (f", stdin {stdin!r}" if stdin else "")
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise AssertionError(f"{shown} raised {type(result.exception).__name__}: {result.exception}") from result.exception
        output = result.stdout + result.stderr
        assert result.exit_code in (0, 1, 2), f"{shown} exited {result.exit_code}: {output[-500:]!r}"
        assert "Traceback" not in output, f"{shown} printed a traceback: {output[-2000:]}"
        assert all(c.isprintable() or c in "\n\t" for c in output), f"{shown} printed unprintable text: {output[-500:]!r}"
        if result.exit_code == 1:
            lines = [line for line in result.stderr.splitlines() if line.strip()]
            assert len(lines) == 1, f"{shown} exit 1 with {len(lines)} lines on stderr: {result.stderr[-1000:]!r}"
        if result.exit_code != 0:
            assert self.state() == before, f"{shown} exited {result.exit_code} and changed the database"


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory):
    import uvicorn

    from crib_tourney.cli import engine_cmds
    from crib_tourney.render import pdf

    folder = tmp_path_factory.mktemp("fuzz")
    pages = blank_pdf()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(uvicorn, "run", lambda *args, **kwargs: None)
        patch.setattr(uvicorn.Server, "run", lambda self, *args, **kwargs: None)  # serve gets this far, and never listens
        patch.setattr(pdf, "_render_all", lambda chunks, progress: [(pages, 1)])
        patch.setattr(engine_cmds, "score_distribution", functools.cache(engine_cmds.score_distribution))
        box = Sandbox(folder)
        patch.chdir(box.work)
        yield box


def fuzz_settings(examples: int) -> settings:
    return settings(max_examples=max(examples, 1), derandomize=SEED == 0, database=None, deadline=None, print_blob=False,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much,
                                           HealthCheck.large_base_example])


# the budget shared by weight: a command's parameters, plus two (the root test counts as many)
WEIGHTS = {leaf.id: 2 + len(leaf.params) for leaf in LEAVES}
ROOT_WEIGHT = max(WEIGHTS.values())
PER_WEIGHT = EXAMPLES / (sum(WEIGHTS.values()) + ROOT_WEIGHT)


@pytest.mark.parametrize("leaf", LEAVES, ids=[leaf.id for leaf in LEAVES])
def test_every_command_line_keeps_the_invariants(sandbox, leaf):
    stdin = st.just("")
    if leaf.words == ("quick-results",):
        line = st.lists(st.one_of(st.sampled_from(["1 121 90", "2 121 100", "1 121 90 replace", "1 forfeit Bob", "game 1",
                                                   "game 2", "undo", "quit"]), mixed(NUMBERS + PLAYERS)), max_size=4)
        stdin = line.map(lambda lines: "".join(f"{x}\n" for x in lines))

    @fuzz_settings(math.ceil(PER_WEIGHT * WEIGHTS[leaf.id]))
    @given(argv=command_line(leaf, sandbox.places), stdin=stdin)
    def run(argv: list[str], stdin: str) -> None:
        sandbox.run(argv, stdin)

    if SEED:
        run = seed(SEED)(run)
    run()


def test_any_words_keep_the_invariants(sandbox):
    """Words in any order: command names, the global --db (at hostile places), and anything."""
    names = [w for leaf in LEAVES for w in leaf.words] + ["--db", "--version", "--help", "import"]
    db_places = [str(sandbox.work / "folder"), str(sandbox.work / "loop"), str(sandbox.work / "roster.csv"),
                 str(sandbox.work / "empty.csv"), str(sandbox.work / "binary.csv"), str(sandbox.work / "no" / "x.db")]
    word = st.one_of(st.sampled_from(names), st.sampled_from(names), mixed(EVENTS + PLAYERS + NUMBERS))
    elsewhere = st.sampled_from([[], [], [], *(["--db", p] for p in db_places)])
    word = word.map(lambda w: w.replace("\x00", ""))  # argv cannot carry a NUL (and any word here may land on a path)
    argv = st.tuples(elsewhere, st.lists(word, max_size=6)).map(lambda t: [*t[0], *t[1]])

    @fuzz_settings(math.ceil(PER_WEIGHT * ROOT_WEIGHT))
    @given(argv=argv)
    def run(argv: list[str]) -> None:
        sandbox.run(argv)

    if SEED:
        run = seed(SEED)(run)
    run()
