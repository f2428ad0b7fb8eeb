"""result (and result import), check, log, undo, standings, ruling"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Annotated, List, Optional

import typer

from crib_tourney.cli.common import JsonOption, db
from crib_tourney.cli.output import print_json, print_table
from crib_tourney.errors import CribError

EventArg = Annotated[str, typer.Argument(help="The event's id or its unique name.")]


def _score(token: str, what: str) -> int:
    try:
        return int(token)
    except ValueError:
        raise CribError(f"{what} '{token}' is not a whole number") from None


def result(
    args: Annotated[List[str], typer.Argument(help="EVENT PLAYER SCORE PLAYER SCORE, or EVENT with --forfeit, or: import EVENT FILE.csv", show_default=False, metavar="EVENT PLAYER SCORE PLAYER SCORE")],
    game: Annotated[Optional[int], typer.Option("--game", "-g", help="Game number (default: their game without a result).")] = None,
    replace: Annotated[bool, typer.Option("--replace", help="Correct a result already entered.")] = False,
    forfeit: Annotated[Optional[str], typer.Option("--forfeit", help="This player forfeits the game.")] = None,
    card: Annotated[Optional[str], typer.Option("--card", help="Enter only this player's own scorecard.")] = None,
    playoff: Annotated[bool, typer.Option("--playoff", help="A tiebreak game between players tied across the cut line.")] = False,
    match_game: Annotated[Optional[int], typer.Option("--match-game", help="Playoffs: which game of the match (with --replace).")] = None,
    cascade: Annotated[bool, typer.Option("--cascade", help="Playoffs: allow a correction that clears later matches (listed).")] = False,
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
    if args and args[0] == "import":
        if len(args) != 3:
            raise CribError("usage: crib-tourney result import EVENT FILE.csv")
        _import(args[1], Path(args[2]))
        return
    from crib_tourney.store.directory import find_event, find_player
    from crib_tourney.store.playoffs import Bracket, record_cut_playoff, record_playoff_forfeit, record_playoff_game, seeded
    from crib_tourney.store.results import record_forfeit, record_result

    if forfeit is not None:
        if len(args) != 1:
            raise CribError("with --forfeit give only the event: result EVENT --forfeit PLAYER")
        with db() as conn:
            ev = find_event(conn, args[0])
            loser = find_player(conn, forfeit)
            if game is None and seeded(conn, ev, [loser.id]) and Bracket(conn, ev).current_match(loser.id) is not None:
                messages = record_playoff_forfeit(conn, ev, loser, whole_match=False)
            else:
                messages = [f"recorded {record_forfeit(conn, ev, loser, game, replace).summary}"]
        typer.echo("\n".join(messages))
        return
    if len(args) != 5:
        raise CribError("expected EVENT PLAYER SCORE PLAYER SCORE (quote names with spaces)")
    event, name1, score1, name2, score2 = args
    scores = [_score(score1, f"{name1}'s score"), _score(score2, f"{name2}'s score")]
    with db() as conn:
        ev = find_event(conn, event)
        players = [find_player(conn, name1), find_player(conn, name2)]
        if playoff:
            typer.echo(f"recorded {record_cut_playoff(conn, ev, players, scores)}")
            return
        if game is None and card is None and seeded(conn, ev, [p.id for p in players]):
            messages = record_playoff_game(conn, ev, players, scores, match_game, replace, cascade)
            typer.echo("\n".join(messages))
            return
        card_of = find_player(conn, card) if card else None
        recorded = record_result(conn, ev, players, scores, game=game, replace=replace, card_of=card_of)
    typer.echo(f"recorded {recorded.summary}")


def _import(event: str, file: Path) -> None:
    from crib_tourney.cli.common import read_text_file
    from crib_tourney.store.directory import find_event, find_player
    from crib_tourney.store.results import last_audit_id, merge_audits, record_forfeit, record_result

    text = read_text_file(file)
    reader = csv.DictReader(io.StringIO(text))
    needed = {"player1", "score1", "player2", "score2"}
    header = {(f or "").strip().lower() for f in reader.fieldnames or []}
    if not needed <= header:
        raise CribError(f"{file}: the header needs columns game, player1, score1, player2, score2 (optional: forfeit)")
    errors: list[str] = []
    count = 0
    with db() as conn:
        ev = find_event(conn, event)
        since = last_audit_id(conn, ev)
        for line_no, raw in enumerate(reader, start=2):
            row = {(k or "").strip().lower(): (v or "").strip() for k, v in raw.items() if k is not None}
            if None in raw:
                errors.append(f"line {line_no}: more fields than the header has")
                continue
            try:
                with conn.savepoint():
                    game = _score(row["game"], "game") if row.get("game") else None
                    if row.get("forfeit"):
                        record_forfeit(conn, ev, find_player(conn, row["forfeit"]), game, replace=False)
                    else:
                        players = [find_player(conn, row["player1"]), find_player(conn, row["player2"])]
                        scores = [_score(row["score1"], "score1"), _score(row["score2"], "score2")]
                        record_result(conn, ev, players, scores, game=game, action="import")
                count += 1
            except CribError as exc:
                errors.append(f"line {line_no}: {exc}")
        if errors:
            raise CribError(f"{len(errors)} bad row(s) in {file}, nothing imported: " + "; ".join(errors))
        merge_audits(conn, ev, since, "import", f"imported {count} results from {file.name}")
    typer.echo(f"imported {count} results into {ev.name}")


def quick_results(
    event: EventArg,
    game: Annotated[Optional[int], typer.Option("--game", "-g", help="Start on this game (default: the first with results missing).")] = None,
) -> None:
    """Type results table by table, one line each, without restarting the program.

    Each line is TABLE SCORE SCORE (scores in the order the table sheet lists the
    two players) and is saved at once, in its own transaction. Also: "game N" to
    switch game, "undo" to take back the last change, "quit" (or end of input).
    A mistyped line gets one error line and changes nothing; keep typing.

    \b
    Example:
      crib-tourney quick-results "Spring Open"
      > 1 121 97
      > 2 88 121
    """
    import sys

    from crib_tourney.store.directory import find_event
    from crib_tourney.store.schedule import first_open_game, game_view

    with db(write=False) as conn:
        ev = find_event(conn, event)
        current = game or first_open_game(conn, ev)
    typer.echo(f"{ev.name}: entering game {current} (TABLE SCORE SCORE; 'game N', 'undo', 'quit')", err=True)
    saved = 0
    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        if words[0].lower() in ("quit", "exit", "q"):
            break
        try:
            if words[0].lower() == "game" and len(words) == 2:
                current = _score(words[1], "game")
                with db(write=False) as conn:
                    game_view(conn, ev, current)  # refuses a game not scheduled
                typer.echo(f"game {current}")
            elif words[0].lower() == "undo":
                from crib_tourney.store.results import undo_last

                with db() as conn:
                    typer.echo(undo_last(conn, ev))
            elif len(words) == 3:
                typer.echo(f"recorded {_record_table(ev, current, words).summary}")
                saved += 1
            else:
                raise CribError(f"'{raw.strip()}' is not TABLE SCORE SCORE")
        except CribError as exc:
            typer.echo(f"error: {exc}", err=True)
    typer.echo(f"{saved} result(s) saved", err=True)


def _record_table(ev, game: int, words: list[str]):  # type: ignore[no-untyped-def]
    from crib_tourney.store.results import record_result
    from crib_tourney.store.rows import Pairing, Player, fetch_one

    table = _score(words[0], "table")
    scores = [_score(words[1], "score"), _score(words[2], "score")]
    with db() as conn:
        pairing = fetch_one(conn, Pairing, "event_id = :e AND game_no = :g AND table_no = :t", e=ev.id, g=game, t=table)
        if pairing is None or pairing.player2_id is None:
            raise CribError(f"game {game} has no table {table}")
        players = [fetch_one(conn, Player, "id = :id", id=pid) for pid in (pairing.player1_id, pairing.player2_id)]
        return record_result(conn, ev, players, scores, game=game)  # type: ignore[arg-type]


def check(
    event: EventArg,
    resolve: Annotated[bool, typer.Option("--resolve", help="Settle disagreeing cards by the ACC rule.")] = False,
    as_json: JsonOption = False,
) -> None:
    """List games whose result is missing or whose two cards disagree.

    Example: crib-tourney check "Spring Open" --resolve
    """
    from crib_tourney.store.directory import find_event
    from crib_tourney.store.standings import check_cards, resolve_cards

    with db(write=resolve) as conn:
        ev = find_event(conn, event)
        resolved = resolve_cards(conn, ev) if resolve else []
        problems = check_cards(conn, ev)
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


def log(event: EventArg, as_json: JsonOption = False) -> None:
    """Show the audit log of every change to results.

    Example: crib-tourney log "Spring Open"
    """
    from crib_tourney.store.directory import find_event
    from crib_tourney.store.results import audit_log

    with db(write=False) as conn:
        entries = audit_log(conn, find_event(conn, event))
    if as_json:
        print_json({"log": entries})
        return
    print_table(None, ["#", "when (UTC)", "action", "change"],
                [[e["id"], e["at"], e["action"] + (" (undone)" if e["undone"] else ""), e["summary"]] for e in entries], right=["#"])


def undo(event: EventArg) -> None:
    """Revert the last change to results (repeat to go further back).

    Example: crib-tourney undo "Spring Open"
    """
    from crib_tourney.store.directory import find_event
    from crib_tourney.store.results import undo_last

    with db() as conn:
        typer.echo(undo_last(conn, find_event(conn, event)))


def standings(
    event: EventArg,
    as_json: JsonOption = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print CSV.")] = False,
) -> None:
    """Standings with the official tie-breaks; remaining ties are marked '='.

    Example: crib-tourney standings "Spring Open" --json
    """
    from crib_tourney.store.directory import find_event
    from crib_tourney.store.standings import event_standings

    with db(write=False) as conn:
        ev = find_event(conn, event)
        name = ev.name
        rows = [r.as_dict() for r in event_standings(conn, ev)]
    if as_json:
        print_json({"event": name, "rows": rows})
        return
    columns = ["rank", "player", "game_points", "wins", "losses", "spread", "plus", "minus", "skunks", "skunks_taken", "tied"]
    if as_csv:
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(columns)
        for r in rows:
            writer.writerow([r[c] for c in columns])
        typer.echo(buffer.getvalue(), nl=False)
        return
    table = [
        [f"{r['rank']}{'=' if r['tied'] else ''}", r["player"] + (" (withdrawn)" if r["withdrawn"] else ""), r["game_points"], r["wins"], r["losses"],
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
    game: Annotated[int, typer.Option("--game", "-g", help="The game in dispute.")],
    player: Annotated[str, typer.Option("--player", "-p", help="The player whose count is disputed.")],
    claim: Annotated[int, typer.Option("--claim", help="What the player claimed.")],
    starter: Annotated[Optional[str], typer.Option("--starter", "-s", help="The starter card (count).")] = None,
    crib: Annotated[bool, typer.Option("--crib", help="The count is of a crib.")] = False,
    seat: Annotated[int, typer.Option("--seat", help="peg: the player's seat, 1 = who led.")] = 1,
    muggins_call: Annotated[Optional[int], typer.Option("--muggins-call", help="Points the opponent called muggins for.")] = None,
    as_json: JsonOption = False,
) -> None:
    """Settle a disputed count at the table and keep the ruling with the game.

    \b
    Examples:
      crib-tourney ruling "Spring Open" count 5H 5D 5S JC --starter 5C --claim 28 --game 3 --player "Pat Smith"
      crib-tourney ruling "Spring Open" peg 5H 10D 5C 5S --claim 6 --seat 2 --game 3 --player "Lee Wong"
    """
    from crib_tourney.store.directory import find_event, find_player
    from crib_tourney.store.rulings import make_ruling

    if kind not in ("count", "peg"):
        raise CribError(f"unknown ruling kind '{kind}' (count or peg)")
    with db() as conn:
        ev = find_event(conn, event)
        data = make_ruling(conn, ev, game, find_player(conn, player), kind, tokens, claim,
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
