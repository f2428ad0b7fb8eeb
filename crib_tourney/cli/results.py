"""result (and result import), quick-results, check, log, undo, ruling"""

import shutil
import sys
from pathlib import Path
from typing import Annotated, Iterator, List, Optional, TYPE_CHECKING

import typer

from crib_tourney.cli.common import EventArg, JsonOption, RecutOption, db, number
from crib_tourney.cli.output import print_json, print_table, printable, say
from crib_tourney.cli.common import read_text_file
from crib_tourney.errors import AlreadyRecorded, CribError
from crib_tourney.tourney.numbers import whole_number
from crib_tourney.inputs import names
from crib_tourney.services import results as service
from crib_tourney.services.results import competitor, import_results, check as check_event, undo as undo_event
from crib_tourney.tourney.names import fold
from crib_tourney.inputs.csvrows import results_file
from crib_tourney.store.writer import Log, last_entry_id
from crib_tourney.inputs.names import event_id, player_id

if TYPE_CHECKING:
    from crib_tourney.services.results import Recorded
    from crib_tourney.store.sql import Db


def result(
    args: Annotated[List[str], typer.Argument(help="EVENT PLAYER SCORE PLAYER SCORE, or EVENT with --forfeit, or: import EVENT FILE.csv", show_default=False, metavar="EVENT PLAYER SCORE PLAYER SCORE")],
    game: Annotated[Optional[int], typer.Option("--game", "-g", parser=number("game"), metavar="N", help="Game number (default: their game without a result).")] = None,
    replace: Annotated[bool, typer.Option("--replace", help="Correct a result already entered.")] = False,
    forfeit: Annotated[Optional[str], typer.Option("--forfeit", help="This player forfeits the game.")] = None,
    card: Annotated[Optional[str], typer.Option("--card", help="Enter only this player's own scorecard.")] = None,
    playoff: Annotated[bool, typer.Option("--playoff", help="A tiebreak game between players tied across the cut line.")] = False,
    match_game: Annotated[Optional[int], typer.Option("--match-game", parser=number("match game"), metavar="N", help="Playoffs: which game of the match (with --replace).")] = None,
    cascade: Annotated[bool, typer.Option("--cascade", help="Playoffs: allow a correction that clears later matches (listed).")] = False,
    recut: RecutOption = False,
    table: Annotated[Optional[int], typer.Option("--table", "-t", parser=number("table"), metavar="T", help="Enter a table's scores in the table sheet's order: result EVENT --game G --table T SCORE SCORE [SCORE].")] = None,
) -> None:
    """Record a game result, a forfeit, one player's card, or import a CSV of results.

    Once the bracket is made, a result between two qualifiers (without --game) is a
    game of the playoff match they are playing. In a three-sided event (three at a
    table) give the three sides and their scores, in any order.

    \b
    Examples:
      crib-tourney result "Spring Open" "Pat Smith" 121 "Lee Wong" 88
      crib-tourney result "Spring Open" --forfeit "Lee Wong" --game 3
      crib-tourney result import "Spring Open" results.csv
      crib-tourney result "Threes" "Ann" 121 "Bob" 95 "Cy" 80
      crib-tourney result "Threes" --game 2 --table 4 121 95 80
    """
    if args and args[0] == "import":
        if len(args) != 3:
            raise CribError("usage: crib-tourney result import EVENT FILE.csv")
        _refuse_options("result import", {  # the file says it all: --replace most of all would change nothing
            "--game": game is not None, "--replace": replace, "--forfeit": forfeit is not None, "--card": card is not None,
            "--playoff": playoff, "--match-game": match_game is not None, "--cascade": cascade, "--recut": recut,
            "--table": table is not None}, "each row gives its game and players, and an import adds new results only"
            " (correct one with: crib-tourney result ... --replace)")
        _import(args[1], Path(args[2]))
        return
    if table is not None:
        recorded = _by_table(args, game, table, replace, forfeit, card, playoff, match_game, cascade, recut)
    elif len(args) == 7 and forfeit is None and not (playoff or match_game is not None or cascade):
        recorded = _three(args, game, replace, card, recut)
    elif forfeit is not None:
        if len(args) != 1:
            raise CribError("with --forfeit give only the event: result EVENT --forfeit PLAYER")
        _refuse_options("--forfeit", {"--card": card is not None, "--playoff": playoff, "--match-game": match_game is not None,
                                      "--cascade": cascade}, "it takes --game, --replace and --recut")
        with db() as conn:
            event_id = names.event_id(conn, args[0])
            recorded = service.record_forfeit(conn, event_id, names.entry_id(conn, event_id, forfeit), game, replace, recut)
    else:
        if len(args) != 5:
            raise CribError("expected EVENT PLAYER SCORE PLAYER SCORE, or three of PLAYER SCORE at a table of three"
                            " (quote names with spaces)")
        event, name1, score1, name2, score2 = args
        if playoff:  # one game, outside qualifying and the bracket: undo corrects it
            _refuse_options("--playoff", {"--game": game is not None, "--replace": replace, "--card": card is not None,
                                          "--match-game": match_game is not None, "--cascade": cascade, "--recut": recut},
                            "a cut tiebreak is the two players and their scores (undo takes one back)")
        if card is not None and not card.strip():  # '' must not fall back to recording the whole result
            raise CribError("--card names the player whose own scorecard this is; it cannot be empty")
        scores = [whole_number(score1, f"{name1}'s score"), whole_number(score2, f"{name2}'s score")]
        with db() as conn:
            event_id = names.event_id(conn, event)
            first, second = _sides(conn, event_id, name1, name2)
            card_of = names.entry_id(conn, event_id, card) if card and not playoff else None  # a tiebreak has no cards
            recorded = service.record_result(conn, event_id, first, scores[0], second, scores[1], game=game, replace=replace,
                                             card=card_of, playoff=playoff, match_game=match_game, cascade=cascade, recut=recut)
    say("\n".join(recorded.lines()))


def _refuse_options(what: str, given: dict[str, bool], why: str) -> None:
    """Options given that ``what`` would drop without a word: one line naming them."""
    refused = [option for option, on in given.items() if on]
    if refused:
        raise CribError(f"{what} takes no {', '.join(refused)}: {why}")


def _by_table(args: list[str], game: int | None, table: int, replace: bool, forfeit: str | None, card: str | None,
              playoff: bool, match_game: int | None, cascade: bool, recut: bool) -> "Recorded":
    """result EVENT --game G --table T SCORE SCORE [SCORE]: the scores in the table sheet's order."""
    if forfeit is not None or card is not None or playoff or match_game is not None or cascade:
        raise CribError("--table takes only the table's scores (and --game, --replace, --recut)")
    if game is None:
        raise CribError("--table needs --game: result EVENT --game G --table T SCORE SCORE [SCORE]")
    if len(args) not in (3, 4):
        raise CribError("expected EVENT SCORE SCORE [SCORE] with --table (the scores in the table sheet's order)")
    scores = tuple(whole_number(s, "score") for s in args[1:])
    with db() as conn:
        event_id = names.event_id(conn, args[0])
        return service.record_table(conn, event_id, game, table, scores, replace=replace, recut=recut)


def _three(args: list[str], game: int | None, replace: bool, card: str | None, recut: bool) -> "Recorded":
    """result EVENT A SCORE B SCORE C SCORE: a table of three, the sides in any order."""
    event = args[0]
    pairs = [(args[i], args[i + 1]) for i in (1, 3, 5)]
    scores = [whole_number(score, f"{name}'s score") for name, score in pairs]
    if card is not None and not card.strip():
        raise CribError("--card names the player whose own scorecard this is; it cannot be empty")
    with db() as conn:
        event_id = names.event_id(conn, event)
        entries = [names.entry_id(conn, event_id, name) for name, _ in pairs]
        card_of = names.entry_id(conn, event_id, card) if card else None
        from crib_tourney.services.three_sides import record_three  # off result's path: tests/test_local_imports.py

        return record_three(conn, event_id, list(zip(entries, scores)), game=game, replace=replace, card=card_of, recut=recut)


def _sides(conn: "Db", event_id: int, name1: str, name2: str) -> tuple[int, int]:
    """The two entries named; two players of one team are refused in their own words."""
    first, second = names.entry_id(conn, event_id, name1), names.entry_id(conn, event_id, name2)
    if first == second and fold(name1) != fold(name2):
        team = competitor(conn, event_id, first).team_name
        if team is not None:
            raise CribError(f"{name1} and {name2} are on the same team ({team}): a game is one team against another")
    return first, second


def _import(event: str, file: Path) -> None:
    text = read_text_file(file)
    with db() as conn:
        event_id = names.event_id(conn, event)
        done = import_results(conn, event_id, results_file(conn, event_id, text, file.name))
    say(f"imported {done.results} results into {event}")


def quick_results(
    event: EventArg,
    game: Annotated[Optional[int], typer.Option("--game", "-g", parser=number("game"), metavar="N", help="Start on this game (default: the first with results missing).")] = None,
) -> None:
    """Type results table by table, one line each, without restarting the program.

    Each line is TABLE SCORE SCORE (scores in the order the table sheet lists the
    two players; at a table of three, TABLE SCORE SCORE SCORE) and is saved at
    once, in its own transaction. Also: TABLE SCORE
    SCORE replace (correct a table already entered), TABLE forfeit NAME [replace]
    (that player forfeits), "game N" to switch game, "undo" to take back this session's
    last line, "quit" (or end of input). A mistyped line gets one error line and
    changes nothing; keep typing.

    \b
    Example:
      crib-tourney quick-results "Spring Open"
      > 1 121 97
      > 2 88 121
      > 2 91 121 replace
      > 3 forfeit Pat Smith
      > undo
    """
    from crib_tourney.services.events import open_game  # only this command's: tests/test_local_imports.py

    if sys.stdin is None:
        raise CribError("quick-results reads its lines from standard input, and it is closed")
    with db(write=False) as conn:
        opened = open_game(conn, names.event_id(conn, event), game)
    event_id, current = opened.event_id, opened.game
    usage = "TABLE SCORE SCORE SCORE" if opened.sides == 3 else "TABLE SCORE SCORE"
    typer.echo(f"{opened.event}: entering game {current} ({usage} [replace]; TABLE forfeit NAME [replace]; 'game N', 'undo', 'quit')",
               err=True)
    if hasattr(sys.stdin, "reconfigure"):  # a byte that is not UTF-8 (a strict UTF-8 locale): '\ufffd' in a refused line
        sys.stdin.reconfigure(errors="replace")
    saved = 0
    mine: list[int] = []  # the audit entries of this session's lines: "undo" takes back only these
    ours: set[int] = set()  # and every entry it wrote, its undos included
    for raw in _typed_lines():
        words = raw.split()
        if not words:
            continue
        if words[0].lower() in ("quit", "exit", "q") and len(words) == 1:  # 'quit now' is a mistyped line, not a quit
            break
        try:
            if words[0].lower() == "game" and len(words) == 2:
                wanted = whole_number(words[1], "game")
                with db(write=False) as conn:
                    open_game(conn, event_id, wanted)  # refuses a game not scheduled, before switching to it
                current = wanted
                say(f"game {current}")
            elif words[0].lower() == "undo" and len(words) == 1:
                with db() as conn:
                    if not mine:
                        raise CribError("nothing typed in this session to undo")
                    say("\n".join(service.undo_own_line(conn, event_id, mine[-1], ours).lines()))
                    ours.add(last_entry_id(conn, Log(event_id)))
                mine.pop()
                saved -= 1
            elif len(words) >= 3 and words[1].lower() == "forfeit":  # TABLE forfeit NAME [replace]
                table = whole_number(words[0], "table")
                named, replace_it = _trailing_replace(words)
                with db() as conn:
                    loser = names.entry_id(conn, event_id, " ".join(named[2:]))
                    recorded = service.record_table_forfeit(conn, event_id, current, table, loser, replace=replace_it)
                    say("\n".join(_said(recorded.lines(), replace_it)))
                    mine.append(last_entry_id(conn, Log(event_id)))
                    ours.add(mine[-1])
                saved += 1
            elif _table_line(words):  # TABLE SCORE SCORE [SCORE] [replace]: a third score at a table of three
                numbers, replace_it = _trailing_replace(words)
                table, *scores = (whole_number(w, "table" if i == 0 else "score") for i, w in enumerate(numbers))
                with db() as conn:
                    recorded = service.record_table(conn, event_id, current, table, tuple(scores), replace=replace_it)
                    say("\n".join(_said(recorded.lines(), replace_it)))
                    mine.append(last_entry_id(conn, Log(event_id)))
                    ours.add(mine[-1])
                saved += 1
            else:
                raise CribError(f"'{raw.strip()}' is not {usage} [replace], TABLE forfeit NAME [replace], game N, undo or quit")
        except AlreadyRecorded as exc:  # the line's own word, not the option of result
            typer.echo(f"error: {printable(exc.what)}; end the line with replace to correct it", err=True)
        except CribError as exc:
            typer.echo(f"error: {printable(str(exc))}", err=True)
    typer.echo(f"{saved} result(s) saved", err=True)


def fitted(summary: str, width: int) -> str:
    """A log line's change in ``width`` characters (`log --json` keeps it whole): a
    run of like parts told by their count ("entered 36: Ann Lee ... Zoë Bélanger"),
    else cut with an ellipsis.

    >>> fitted("entered Ann; entered Bob; entered Cat; entered Dan", 30)
    'entered 4: Ann ... Dan'
    >>> fitted("game 1 table 1: Ann 121 - Bob 99", 20)
    'game 1 table 1: Ann…'
    """
    if len(summary) <= width:
        return summary
    parts = summary.split("; ")
    verbs = {p.split(" ", 1)[0] for p in parts}
    if len(parts) > 3 and len(verbs) == 1 and all(" " in p for p in parts):
        first, last = parts[0].split(" ", 1)[1], parts[-1].split(" ", 1)[1]
        told = f"{verbs.pop()} {len(parts)}: {first} ... {last}"
        if len(told) <= width:
            return told
        summary = told
    return summary[:width - 1] + "…"


def _typed_lines() -> Iterator[str]:
    """The lines typed, each asked for with "> " on stderr when a person types them
    (a terminal); a file or a pipe is read as it is."""
    prompt = sys.stdin.isatty()
    while True:
        if prompt:
            sys.stderr.write("> ")
            sys.stderr.flush()
        raw = sys.stdin.readline()
        if not raw:
            return
        yield raw


def _said(lines: list[str], replaced: bool) -> list[str]:
    """A line's answer: a replace line "replaced" what it corrected, not "recorded"."""
    return [("replaced " + line.removeprefix("recorded ")) if replaced and line.startswith("recorded ") else line for line in lines]


def _trailing_replace(words: list[str]) -> tuple[list[str], bool]:
    """A line's words without a last 'replace' (past the three words of the
    shortest line), and whether it was there: the correction of a table or forfeit."""
    if len(words) > 3 and words[-1].lower() == "replace":
        return words[:-1], True
    return words, False


def _table_line(words: list[str]) -> bool:
    numbers, _ = _trailing_replace(words)
    return len(numbers) == 3 or (len(numbers) == 4 and numbers[3].isascii() and numbers[3].isdigit())


def check(
    event: EventArg,
    game: Annotated[Optional[int], typer.Argument(parser=number("game"), metavar="GAME", help="With --use-card: the game.")] = None,
    table: Annotated[Optional[int], typer.Argument(parser=number("table"), metavar="TABLE", help="With --use-card: its table.")] = None,
    resolve: Annotated[bool, typer.Option("--resolve", help="Settle disagreeing cards by the ACC rule.")] = False,
    use_card: Annotated[Optional[str], typer.Option("--use-card", metavar="PLAYER", help="Settle GAME TABLE by this player's card (the director's choice).")] = None,
    recut: RecutOption = False,
    as_json: JsonOption = False,
) -> None:
    """List games whose result is missing or whose two cards disagree; settle
    them by the ACC rule, or one game by the card the director chooses.

    \b
    Example: crib-tourney check "Spring Open" --resolve
             crib-tourney check "Spring Open" --resolve 3 12 --use-card "Pat Smith"
    """
    if (game is None) != (table is None) or (game is not None and use_card is None):
        raise typer.BadParameter("GAME TABLE go with --use-card PLAYER: check EVENT --resolve GAME TABLE --use-card PLAYER")
    if use_card is not None and game is None:
        raise typer.BadParameter("--use-card needs the game and table: check EVENT --resolve GAME TABLE --use-card PLAYER")
    with db(write=resolve or use_card is not None) as conn:
        event_id = names.event_id(conn, event)
        chosen = None
        if use_card is not None and game is not None and table is not None:
            chosen = (game, table, names.entry_id(conn, event_id, use_card))
        checked = check_event(conn, event_id, resolve, recut, use_card=chosen)
    problems, resolved = checked.problems, [fact.line() for fact in checked.resolved]
    again = [fact.line() for fact in checked.judged_again]
    matches = [f"match {m.match} game {m.game} (table {m.table}, {' v '.join(m.players)}): {m.state}: "
               + ", ".join(f"{who}'s card {own}-{opp}" for who, own, opp in m.cards) for m in checked.match_games]
    if as_json:
        print_json({"problems": [p.as_dict() for p in problems], "resolved": resolved, "judged_again": again,
                    "match_games": matches})
        return
    for line in resolved + again + matches:
        say(line)
    if not problems and matches:
        say("enter the match games above with: crib-tourney result EVENT PLAYER SCORE PLAYER SCORE")
        return
    if not problems:
        say("every scheduled game has a result and its cards agree")
        return
    print_table(None, ["game", "table", "players", "problem", "detail"],
                [[p.game, p.table, " v ".join(p.players), p.problem, p.detail] for p in problems], right=["game", "table"])


LogEventArg = Annotated[Optional[str], typer.Argument(help="The event's id or name (or give --players or --league).")]
PlayersLogOption = Annotated[bool, typer.Option("--players", help="The roster's log: players added, edited, imported, kept apart.")]
LeagueLogOption = Annotated[Optional[str], typer.Option("--league", metavar="LEAGUE", help="A league's log: new, set, join, nights, hands.")]


def _one_log(event: str | None, players: bool, league: str | None) -> None:
    if (event is not None) + players + (league is not None) != 1:
        raise typer.BadParameter("name one log: an EVENT, --players or --league LEAGUE")


def _log_ids(conn: "Db", event: str | None, league: str | None) -> tuple[int | None, int | None]:
    """The event or league whose log is named (neither: the roster's)."""
    return (None if event is None else names.event_id(conn, event)), (None if league is None else names.league_id(conn, league))


def log(event: LogEventArg = None, players: PlayersLogOption = False, league: LeagueLogOption = None,
        as_json: JsonOption = False) -> None:
    """Show a log of changes: an event's (results, rounds, entries, settings,
    the cut...), a league's, or the roster's; each with its source and actor.

    Example: crib-tourney log "Spring Open"; crib-tourney log --players
    """
    from crib_tourney.services.changes import entries as log_entries  # only this command's: tests/test_local_imports.py

    _one_log(event, players, league)
    with db(write=False) as conn:
        found = log_entries(conn, *_log_ids(conn, event, league))
    if as_json:
        print_json({"log": [{"id": e.id, "at": e.at, "action": e.action, "summary": e.summary, "undone": e.undone,
                             "source": e.source, "actor": e.actor} for e in found]})
        return
    rows = [[e.id, e.at, e.action + (" (undone)" if e.undone else ""), e.summary, e.source + (f" ({e.actor})" if e.actor else "")]
            for e in found]
    # the change's column gets what the terminal leaves it (the others, the rules, a space either side of each cell)
    others = sum(max([len(str(r[k])) for r in rows] + [len(h)]) + 3 for k, h in ((0, "#"), (1, "when (UTC)"), (2, "action"),
                                                                                  (4, "by")))
    room = max(30, shutil.get_terminal_size((100, 24)).columns - others - 4)
    for row in rows:
        row[3] = fitted(str(row[3]), room)
    print_table(None, ["#", "when (UTC)", "action", "change", "by"], rows, right=["#"])


def undo(event: LogEventArg = None, players: PlayersLogOption = False, league: LeagueLogOption = None,
         recut: RecutOption = False,
         dry_run: Annotated[bool, typer.Option("--dry-run", help="Say what undo would revert, and change nothing.")] = False,
         change: Annotated[Optional[int], typer.Option("--change", metavar="N", parser=number("--change"),
                                                       help="Undo only if change #N (as `log` shows it) is still the newest; refused, naming it, when a newer one has arrived.")] = None) -> None:
    """Revert the newest change of a log, whatever its kind (a result, round,
    entry, withdrawal, setting, the cut, a pool...); repeat to go further back.

    Example: crib-tourney undo "Spring Open"; crib-tourney undo --players --dry-run
    """
    from crib_tourney.services import changes  # only this command's: tests/test_local_imports.py

    _one_log(event, players, league)
    if change is not None and event is None:
        raise typer.BadParameter("--change is for an event's undo")
    if change is not None and change < 1:
        raise typer.BadParameter(f"--change must be a change's number as `log` shows it (1 or more), not {change}")
    if dry_run:
        with db(write=False) as conn:
            found = changes.next_undo(conn, *_log_ids(conn, event, league), expected=change)
        say("nothing to undo" if found is None else f"would undo {found.action} #{found.id}: {found.summary}")
        return
    with db() as conn:
        if event is not None:
            say("\n".join(undo_event(conn, names.event_id(conn, event), recut, expected=change).lines()))
        else:
            if recut:
                raise typer.BadParameter("--recut is for an event's undo")
            done = changes.undo(conn, _log_ids(conn, None, league)[1])
            say(f"undid {done.action} #{done.id}: {done.summary}")


def ruling(
    event: EventArg,
    kind: Annotated[str, typer.Argument(help="count (a hand or crib), peg (a pegging sequence) or game (who went out first).")],
    tokens: Annotated[List[str], typer.Argument(help="The cards (count), cards and 'go' (peg), or the game's FILE (game).")],
    game: Annotated[int, typer.Option("--game", "-g", parser=number("game"), metavar="N", help="The game in dispute.")],
    player: Annotated[str, typer.Option("--player", "-p", help="The player whose count is disputed.")],
    claim: Annotated[int, typer.Option("--claim", parser=number("claim"), metavar="N", help="What the player claimed (game: their final score).")],
    starter: Annotated[Optional[str], typer.Option("--starter", "-s", help="The starter card (count).")] = None,
    crib: Annotated[bool, typer.Option("--crib", help="The count is of a crib.")] = False,
    seat: Annotated[int, typer.Option("--seat", parser=number("seat"), metavar="N", help="peg: the player's seat, 1 = who led; game: their seat in the file.")] = 1,
    muggins_call: Annotated[Optional[int], typer.Option("--muggins-call", parser=number("muggins call"), metavar="N", help="Points the opponent called muggins for.")] = None,
    as_json: JsonOption = False,
) -> None:
    """Settle a disputed count at the table and keep the ruling with the game.

    \b
    Examples:
      crib-tourney ruling "Spring Open" count 5H 5D 5S JC --starter 5C --claim 28 --game 3 --player "Pat Smith"
      crib-tourney ruling "Spring Open" peg 5H 10D 5C 5S --claim 6 --seat 2 --game 3 --player "Lee Wong"
      crib-tourney ruling "Spring Open" game game3.json --claim 121 --seat 2 --game 3 --player "Lee Wong"
    """
    from crib_tourney.inputs.cards import disputed  # only this command's: tests/test_local_imports.py
    from crib_tourney.services.rulings import make_ruling
    from crib_tourney.cli.game import read_game

    game_sheet = None
    if kind == "game":  # the file is read and parsed before the database is opened
        if len(tokens) != 1:
            raise CribError(f"a game ruling takes one game file, not {len(tokens)} arguments")
        game_sheet = read_game(tokens[0])
    asked = disputed(kind, tokens, starter, crib, seat, game_sheet)
    with db() as conn:
        made = make_ruling(conn, event_id(conn, event), game, player_id(conn, player), asked, claim, muggins_call)
    sentence = f"game {made.game}, {made.player}, {made.kind} {made.cards}: {made.said()}"
    if as_json:
        print_json({"total": made.total, "items": [i.as_dict() for i in made.items], **made.verdict.as_dict(), "ruling": sentence,
                    **({"game": made.played.as_dict()} if made.played is not None else {})})
        return
    say(sentence)
