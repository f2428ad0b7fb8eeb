"""result (and result import), check, log, undo, standings, ruling"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, List, Optional

import typer

from crib_tourney.cli.common import EventArg, JsonOption, RecutOption, db, number
from crib_tourney.cli.output import note, print_json, print_table, printable
from crib_tourney.errors import CribError
from crib_tourney.tourney.numbers import whole_number


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
) -> None:
    """Record a game result, a forfeit, one player's card, or import a CSV of results.

    Once the bracket is made, a result between two qualifiers (without --game) is a
    game of the playoff match they are playing.

    \b
    Examples:
      crib-tourney result "Spring Open" "Pat Smith" 121 "Lee Wong" 88
      crib-tourney result "Spring Open" --forfeit "Lee Wong" --game 3
      crib-tourney result import "Spring Open" results.csv
    """
    from crib_tourney.services import results as service

    if args and args[0] == "import":
        if len(args) != 3:
            raise CribError("usage: crib-tourney result import EVENT FILE.csv")
        _import(args[1], Path(args[2]))
        return
    if forfeit is not None:
        if len(args) != 1:
            raise CribError("with --forfeit give only the event: result EVENT --forfeit PLAYER")
        with db() as conn:
            recorded = service.record_forfeit(conn, args[0], forfeit, game, replace, recut)
    else:
        if len(args) != 5:
            raise CribError("expected EVENT PLAYER SCORE PLAYER SCORE (quote names with spaces)")
        event, name1, score1, name2, score2 = args
        scores = [whole_number(score1, f"{name1}'s score"), whole_number(score2, f"{name2}'s score")]
        with db() as conn:
            recorded = service.record_result(conn, event, name1, scores[0], name2, scores[1], game=game, replace=replace,
                                             card=card, playoff=playoff, match_game=match_game, cascade=cascade, recut=recut)
    typer.echo("\n".join(recorded.lines))


def _import(event: str, file: Path) -> None:
    from crib_tourney.cli.common import read_text_file
    from crib_tourney.services.results import import_results

    text = read_text_file(file)
    with db() as conn:
        count = import_results(conn, event, text, file.name)
    typer.echo(printable(f"imported {count} results into {event}"))


def quick_results(
    event: EventArg,
    game: Annotated[Optional[int], typer.Option("--game", "-g", parser=number("game"), metavar="N", help="Start on this game (default: the first with results missing).")] = None,
) -> None:
    """Type results table by table, one line each, without restarting the program.

    Each line is TABLE SCORE SCORE (scores in the order the table sheet lists the
    two players) and is saved at once, in its own transaction. Also: TABLE SCORE
    SCORE replace (correct a table already entered), TABLE forfeit NAME (that
    player forfeits), "game N" to switch game, "undo" to take back this session's
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
    import sys

    from crib_tourney.services import results as service
    from crib_tourney.services.events import open_game
    from crib_tourney.store.writer import Log, last_entry_id

    with db(write=False) as conn:
        ev, current = open_game(conn, event, game)
    typer.echo(f"{ev.name}: entering game {current} (TABLE SCORE SCORE [replace]; TABLE forfeit NAME; 'game N', 'undo', 'quit')",
               err=True)
    if hasattr(sys.stdin, "reconfigure"):  # a byte that is not UTF-8 (a strict UTF-8 locale): '\ufffd' in a refused line
        sys.stdin.reconfigure(errors="replace")
    saved = 0
    mine: list[int] = []  # the audit entries of this session's lines: "undo" takes back only these
    ours: set[int] = set()  # and every entry it wrote, its undos included
    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        if words[0].lower() in ("quit", "exit", "q"):
            break
        try:
            if words[0].lower() == "game" and len(words) == 2:
                wanted = whole_number(words[1], "game")
                with db(write=False) as conn:
                    open_game(conn, str(ev.id), wanted)  # refuses a game not scheduled, before switching to it
                current = wanted
                typer.echo(f"game {current}")
            elif words[0].lower() == "undo" and len(words) == 1:
                with db() as conn:
                    if not mine:
                        raise CribError("nothing typed in this session to undo")
                    typer.echo("\n".join(service.undo_own_line(conn, ev, mine[-1], ours)))
                    ours.add(last_entry_id(conn, Log(ev.id)))
                mine.pop()
                saved -= 1
            elif len(words) >= 3 and words[1].lower() == "forfeit":
                table = whole_number(words[0], "table")
                with db() as conn:
                    typer.echo("\n".join(service.record_table_forfeit(conn, ev, current, table, " ".join(words[2:])).lines))
                    mine.append(last_entry_id(conn, Log(ev.id)))
                    ours.add(mine[-1])
                saved += 1
            elif len(words) == 3 or (len(words) == 4 and words[3].lower() == "replace"):
                table, *scores = (whole_number(w, "table" if i == 0 else "score") for i, w in enumerate(words[:3]))
                with db() as conn:
                    typer.echo("\n".join(service.record_table(conn, ev, current, table, scores, replace=len(words) == 4).lines))
                    mine.append(last_entry_id(conn, Log(ev.id)))
                    ours.add(mine[-1])
                saved += 1
            else:
                raise CribError(f"'{raw.strip()}' is not TABLE SCORE SCORE [replace], TABLE forfeit NAME, game N, undo or quit")
        except CribError as exc:
            typer.echo(f"error: {printable(str(exc))}", err=True)
    typer.echo(f"{saved} result(s) saved", err=True)


def check(
    event: EventArg,
    resolve: Annotated[bool, typer.Option("--resolve", help="Settle disagreeing cards by the ACC rule.")] = False,
    recut: RecutOption = False,
    as_json: JsonOption = False,
) -> None:
    """List games whose result is missing or whose two cards disagree.

    Example: crib-tourney check "Spring Open" --resolve
    """
    from crib_tourney.services.results import check as check_event

    with db(write=resolve) as conn:
        resolved, problems = check_event(conn, event, resolve, recut)
    if as_json:
        print_json({"problems": [p.as_dict() for p in problems], "resolved": resolved})
        return
    for line in resolved:
        typer.echo(line)
    if not problems:
        typer.echo("every scheduled game has a result and its cards agree")
        return
    print_table(None, ["game", "table", "players", "problem", "detail"],
                [[p.game, p.table, " v ".join(p.players), p.problem, p.detail] for p in problems], right=["game", "table"])


LogEventArg = Annotated[Optional[str], typer.Argument(help="The event's id or name (or give --players or --league).")]
PlayersLogOption = Annotated[bool, typer.Option("--players", help="The roster's log: players added, edited, imported, kept apart.")]
LeagueLogOption = Annotated[Optional[str], typer.Option("--league", metavar="LEAGUE", help="A league's log: new, set, join, nights, hands.")]


def _one_log(event: str | None, players: bool, league: str | None) -> None:
    if (event is not None) + players + (league is not None) != 1:
        raise typer.BadParameter("name one log: an EVENT, --players or --league LEAGUE")


def log(event: LogEventArg = None, players: PlayersLogOption = False, league: LeagueLogOption = None,
        as_json: JsonOption = False) -> None:
    """Show a log of changes: an event's (results, rounds, entries, settings,
    the cut...), a league's, or the roster's; each with its source and actor.

    Example: crib-tourney log "Spring Open"; crib-tourney log --players
    """
    from crib_tourney.services.changes import entries as log_entries

    _one_log(event, players, league)
    with db(write=False) as conn:
        found = log_entries(conn, event, league)
    if as_json:
        print_json({"log": [{"id": e.id, "at": e.at, "action": e.action, "summary": e.summary, "undone": e.undone,
                             "source": e.source, "actor": e.actor} for e in found]})
        return
    print_table(None, ["#", "when (UTC)", "action", "change", "by"],
                [[e.id, e.at, e.action + (" (undone)" if e.undone else ""), e.summary,
                  e.source + (f" ({e.actor})" if e.actor else "")] for e in found], right=["#"])


def undo(event: LogEventArg = None, players: PlayersLogOption = False, league: LeagueLogOption = None,
         recut: RecutOption = False,
         dry_run: Annotated[bool, typer.Option("--dry-run", help="Say what undo would revert, and change nothing.")] = False) -> None:
    """Revert the newest change of a log, whatever its kind (a result, round,
    entry, withdrawal, setting, the cut, a pool...); repeat to go further back.

    Example: crib-tourney undo "Spring Open"; crib-tourney undo --players --dry-run
    """
    from crib_tourney.services import changes
    from crib_tourney.services.results import undo as undo_event

    _one_log(event, players, league)
    if dry_run:
        with db(write=False) as conn:
            found = changes.next_undo(conn, event, league)
        typer.echo("nothing to undo" if found is None else f"would undo {found.action} #{found.id}: {found.summary}")
        return
    with db() as conn:
        if event is not None:
            typer.echo("\n".join(undo_event(conn, event, recut)))
        else:
            if recut:
                raise typer.BadParameter("--recut is for an event's undo")
            done = changes.undo(conn, league)
            typer.echo(f"undid {done.action} #{done.id}: {done.summary}")


def standings(
    event: EventArg,
    as_json: JsonOption = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print CSV.")] = False,
) -> None:
    """Standings with the official tie-breaks; remaining ties are marked '='.

    Example: crib-tourney standings "Spring Open" --json
    """
    from crib_tourney.services.results import standings as load
    from crib_tourney.tourney.names import spells_members

    if as_json and as_csv:
        raise typer.BadParameter("choose one of --json and --csv", param_hint="--json/--csv")
    with db(write=False) as conn:
        name, rows = load(conn, event)
    if as_json:
        print_json({"event": name, "rows": rows})
        return
    columns = ["rank", "player", "game_points", "wins", "losses", "spread", "plus", "minus", "skunks", "skunks_taken", "tied"]
    if as_csv:
        from crib_tourney.csvfiles import csv_text

        typer.echo(csv_text(columns, ([r[c] for c in columns] for r in rows)), nl=False)
        return
    table = [
        [f"{r['rank']}{'=' if r['tied'] else ''}", r["player"] + (" (withdrawn)" if r["withdrawn"] else "") + (f" ({r['note']})" if r["note"] else "")
         + (f" ({', '.join(r['members'])})" if r.get("members") and not spells_members(r["player"], r["members"]) else ""), r["game_points"], r["wins"], r["losses"],
         f"{r['spread']:+d}", r["plus"], r["minus"], r["skunks"], r["skunks_taken"]]
        for r in rows
    ]
    print_table(f"{name}: standings", ["rank", "player", "GP", "W", "L", "spread", "plus", "minus", "skunks", "skunked"],
                table, right=["rank", "GP", "W", "L", "spread", "plus", "minus", "skunks", "skunked"])
    if any(r["tied"] for r in rows):
        typer.echo("= tied after game points, wins, spread, plus spread and head-to-head")


def ruling(
    event: EventArg,
    kind: Annotated[str, typer.Argument(help="count (a hand or crib) or peg (a pegging sequence).")],
    tokens: Annotated[List[str], typer.Argument(help="The cards (count) or cards and 'go' (peg).")],
    game: Annotated[int, typer.Option("--game", "-g", parser=number("game"), metavar="N", help="The game in dispute.")],
    player: Annotated[str, typer.Option("--player", "-p", help="The player whose count is disputed.")],
    claim: Annotated[int, typer.Option("--claim", parser=number("claim"), metavar="N", help="What the player claimed.")],
    starter: Annotated[Optional[str], typer.Option("--starter", "-s", help="The starter card (count).")] = None,
    crib: Annotated[bool, typer.Option("--crib", help="The count is of a crib.")] = False,
    seat: Annotated[int, typer.Option("--seat", parser=number("seat"), metavar="N", help="peg: the player's seat, 1 = who led.")] = 1,
    muggins_call: Annotated[Optional[int], typer.Option("--muggins-call", parser=number("muggins call"), metavar="N", help="Points the opponent called muggins for.")] = None,
    as_json: JsonOption = False,
) -> None:
    """Settle a disputed count at the table and keep the ruling with the game.

    \b
    Examples:
      crib-tourney ruling "Spring Open" count 5H 5D 5S JC --starter 5C --claim 28 --game 3 --player "Pat Smith"
      crib-tourney ruling "Spring Open" peg 5H 10D 5C 5S --claim 6 --seat 2 --game 3 --player "Lee Wong"
    """
    from crib_tourney.services.rulings import make_ruling

    with db() as conn:
        data = make_ruling(conn, event, game, player, kind, tokens, claim,
                           starter=starter, crib=crib, seat=seat, muggins_call=muggins_call)
    if as_json:
        print_json(data)
        return
    typer.echo(data["ruling"])


def register(app: typer.Typer) -> None:
    # Unknown options pass through so a typo'd "-5" reaches the score check.
    app.command(context_settings={"ignore_unknown_options": True})(result)
    app.command("quick-results")(quick_results)
    app.command()(check)
    app.command()(log)
    app.command()(undo)
    app.command()(standings)
    app.command()(ruling)
    app.command()(report)


REPORT_COLUMNS = ["place", "name", "acc_number", "game_points", "wins", "losses", "spread", "qualified", "playoff_finish",
                  "prize", "pools"]


def report(
    event: EventArg,
    as_json: JsonOption = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print CSV (one row per entrant).")] = False,
    output: Annotated[Optional[Path], typer.Option("--output", "-o", help="Write to this file instead of the screen.")] = None,
) -> None:
    """The final results an association asks for: one row per entrant with place,
    name, ACC number, game points, wins, losses, spread, qualified, playoff finish,
    prize and pools.

    Example: crib-tourney report "Spring Open" --csv -o results.csv
    """
    from crib_tourney.services.histories import report as load

    if as_json and as_csv:
        raise typer.BadParameter("choose one of --json and --csv", param_hint="--json/--csv")
    with db(write=False) as conn:
        data = load(conn, event)
    if as_json:
        text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    elif as_csv or (output is not None and output.suffix.lower() == ".csv"):
        from crib_tourney.csvfiles import csv_text

        text = csv_text(REPORT_COLUMNS, ([r[c] for c in REPORT_COLUMNS] for r in data["rows"]))
    else:
        from crib_tourney.cli.output import text_table

        text = text_table(f"{data['event']}: results", ["place", "name", "ACC", "GP", "W", "L", "spread", "qualified", "playoffs",
                                                       "prize", "pools"],
                          [[r["place"], r["name"], r["acc_number"], r["game_points"], r["wins"], r["losses"], f"{r['spread']:+d}",
                            "yes" if r["qualified"] else "", r["playoff_finish"] or "", r["prize"], r["pools"]] for r in data["rows"]],
                          right=["place", "GP", "W", "L", "spread", "prize", "pools"])
    if output is None:
        typer.echo(text, nl=False)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise CribError(f"cannot write {output}: {exc.strerror}") from None
    note(f"wrote the results of {data['event']} ({data['entrants']} entrants) to {output}")
