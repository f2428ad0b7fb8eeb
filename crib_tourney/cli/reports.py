"""standings and report: what an event's results add up to, on the screen, as
JSON or CSV, or (report --acc) the ACC's own results report."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from crib_tourney.cli.common import EventArg, JsonOption, db, write_or_print
from crib_tourney.cli.output import note, print_json, print_table, say
from crib_tourney.inputs import names
from crib_tourney.services.standings import standings as load_standings
from crib_tourney.services.standings import standings_document
from crib_tourney.tourney.names import spells_members
from crib_tourney.services.ratings import during
from crib_tourney.csvfiles import csv_text
from crib_tourney.inputs.names import event_id
from crib_tourney.services.reports import report as load_report
from crib_tourney import jsontext
from crib_tourney.cli.ledger import ledger_text
from crib_tourney.cli.output import text_table
from crib_tourney.tourney.money import format_money
from crib_tourney.services.official import acc_report
from crib_tourney.cli.common import refuse_the_database

if TYPE_CHECKING:
    from crib_tourney.services.reports import Report


def standings(
    event: EventArg,
    as_json: JsonOption = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print CSV.")] = False,
    provisional: Annotated[bool, typer.Option("--provisional", help="A look only: count every lone card as if it stood (disputed games still do not count).")] = False,
    with_ratings: Annotated[bool, typer.Option("--ratings", help="Add each player's rating before the event and the estimate so far.")] = False,
) -> None:
    """Standings with the official tie-breaks; remaining ties are marked '='.
    Only final games count: a lone card is pending, two that disagree disputed.

    Example: crib-tourney standings "Spring Open" --json
    """

    if as_json and as_csv:
        raise typer.BadParameter("choose one of --json and --csv", param_hint="--json/--csv")
    with db(write=False) as conn:
        event_no = names.event_id(conn, event)
        loaded = load_standings(conn, event_no, "provisional" if provisional else "final")
        if with_ratings:
            estimates = during(conn, event_no)
    name, rows = loaded.event, loaded.rows
    rated: list[tuple[float | None, float | None]] = []  # each row's rating before the event and now, by the entry's name
    if with_ratings:  # (a team, or a name two entries share, has none)
        rated = [(_rated(estimates, r["player"], "before"), _rated(estimates, r["player"], "now")) for r in rows]
    if as_json:
        shown = [dict(r, rating_before=b, rating_now=n) for r, (b, n) in zip(rows, rated)] if with_ratings else rows
        print_json(standings_document(name, shown, loaded.pending, loaded.disputed, provisional, loaded.did_not_play))  # type: ignore[arg-type]
        return
    columns = ["rank", "player", "game_points", "wins", "losses", "spread", "plus", "minus", "skunks", "skunks_taken", "tied"]
    if with_ratings:
        columns += ["rating_before", "rating_now"]
    if as_csv:
        typer.echo(csv_text(columns, ([r["rank"], r["player"], r["game_points"], r["wins"], r["losses"], r["spread"], r["plus"],
                                       r["minus"], r["skunks"], r["skunks_taken"], r["tied"]]
                                      + (list(rated[i]) if with_ratings else []) for i, r in enumerate(rows))), nl=False)
        return
    table = [
        [f"{r['rank']}{'=' if r['tied'] else ''}", r["player"] + (" (withdrawn)" if r["withdrawn"] else "") + (f" ({r['note']})" if r["note"] else "")
         + (f" ({', '.join(r['members'])})" if r.get("members") and not spells_members(r["player"], r["members"]) else ""), r["game_points"], r["wins"], r["losses"],
         f"{r['spread']:+d}", r["plus"], r["minus"], r["skunks"], r["skunks_taken"]]
        for r in rows
    ]
    headers = ["rank", "player", "GP", "W", "L", "spread", "plus", "minus", "skunks", "skunked"]
    if rows and "seconds" in rows[0]:  # three at a table: the losses split into 2nd and 3rd places
        for line, r in zip(table, rows):
            line[5:5] = [r.get("seconds", 0), r.get("thirds", 0)]
        headers[5:5] = ["2nd", "3rd"]
    title = f"{name}: standings" + (" (provisional: every lone card counted as if it stood)" if provisional else "")
    if with_ratings:
        for line, (before, now) in zip(table, rated):
            line += ["" if before is None else f"{before:.0f}", "" if now is None else f"{now:.0f}"]
        headers += ["rating before", "now"]
    print_table(title, headers, table, right=[h for h in headers if h != "player"])
    if any(r["tied"] for r in rows):
        say("= tied after game points, wins, spread, plus spread and head-to-head")
    if loaded.did_not_play:
        say(f"did not play (not ranked): {', '.join(loaded.did_not_play)}")
    if loaded.pending or loaded.disputed:
        say(f"{loaded.pending} pending, {loaded.disputed} disputed: not counted until final (see check)")


def _rated(estimates: Any, name: str, which: str) -> float | None:
    found = estimates.get(name)
    return None if found is None else round(getattr(found, which).rating, 2)


REPORT_COLUMNS = ["place", "name", "acc_number", "game_points", "wins", "losses", "spread", "qualified", "playoff_finish",
                  "prize", "pools", "mrps"]


def report(
    event: EventArg,
    as_json: JsonOption = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print CSV (one row per entrant).")] = False,
    output: Annotated[Optional[Path], typer.Option("--output", "-o", help="Write to this file instead of the screen (- is the screen); with --acc a .pdf is printed.")] = None,
    acc: Annotated[bool, typer.Option("--acc", help="The ACC's results report: the qualifiers with MRPs, the placements, the high non-qualifier; checked, and only once the event is finished.")] = False,
) -> None:
    """The final results an association asks for: one row per entrant with place,
    name, ACC number, game points, wins, losses, spread, qualified, playoff finish,
    prize and pools (and MRPs in an ACC event). With --acc: the ACC's own report.

    \b
    Examples:
      crib-tourney report "Spring Open" --csv -o results.csv
      crib-tourney report "Spring Open" --acc -o acc-report.pdf
    """

    if as_json and as_csv:
        raise typer.BadParameter("choose one of --json and --csv", param_hint="--json/--csv")
    if acc:
        _acc_report(event, as_json, as_csv, output)
        return
    with db(write=False) as conn:  # worded inside: no full garbage collection walks what was read (cli/common.db)
        found = load_report(conn, event_id(conn, event))
        if as_json:
            text = jsontext.dumps(found.as_dict(), ensure_ascii=False) + "\n"
        elif as_csv or (output is not None and output.suffix.lower() == ".csv"):
            text = csv_text(REPORT_COLUMNS, (["" if r[c] is None else r[c] for c in REPORT_COLUMNS] for r in found.as_dict()["rows"]))
        else:
            text = _report_text(found)
    if write_or_print(output, text):
        note(f"wrote the results of {found.event} ({found.entrants} entrants) to {output}")


def _report_text(found: "Report") -> str:
    """The report as a table, the MRPs' note, who did not play, the ledger and a
    warning when the payouts exceed what was collected. Made from the typed rows
    (20,000 at a big event): no dictionary of each first, each amount worded once."""

    worded: dict[int, str] = {}

    def money(cents: int) -> str:
        if cents not in worded:
            worded[cents] = found.currency + format_money(cents)
        return worded[cents]

    mrps = found.acc_event is not None and found.mrps_note is None
    text = text_table(f"{found.event}: results", ["place", "name", "ACC", "GP", "W", "L", "spread", "qualified", "playoffs",
                                                  "prize", "pools"] + (["MRPs"] if mrps else []),
                      [[r.place, r.name, r.acc_number, r.game_points, r.wins, r.losses, f"{r.spread:+d}",
                        "yes" if r.qualified else "", r.playoff_finish or "", money(r.prize), money(r.pools)]
                       + (["" if r.mrps is None else r.mrps] if mrps else []) for r in found.rows],
                      right=["place", "GP", "W", "L", "spread", "prize", "pools", "MRPs"])
    if found.mrps_note:
        text += found.mrps_note + "\n"
    if found.did_not_play:
        text += f"did not play (not ranked): {', '.join(found.did_not_play)}\n"
    text += "\n" + ledger_text(f"{found.event}: ledger", found.ledger.lines())
    overpaid = found.ledger.overpaid()
    if overpaid:
        text += f"warning: {overpaid}\n"
    return text


ACC_COLUMNS = ["rank", "name", "acc_number", "game_points", "games_won", "plus", "minus", "net_spread", "mrps", "q_pool",
               "other_awards", "playoff_place", "prize"]


def _acc_report(event: str, as_json: bool, as_csv: bool, output: Path | None) -> None:
    """report --acc: checked by the service; written as JSON, CSV (one row per
    qualifier with his playoff place, then the high non-qualifier), a PDF or text."""

    pdf = output is not None and output.suffix.lower() == ".pdf"
    if pdf and (as_json or as_csv):
        raise typer.BadParameter("a .pdf is the printed report: drop --json/--csv, or name a .json/.csv file")
    if pdf and output is not None:
        refuse_the_database(output)
    with db(write=False) as conn:
        data = acc_report(conn, event_id(conn, event)).as_dict()
    if pdf and output is not None:
        from crib_tourney.render.documents import acc_report as chunks
        from crib_tourney.render.pdf import write_pdf

        pages = write_pdf(chunks(data, "letter", False), output)
        note(f"wrote the ACC report of {data['event']} to {output} ({pages} page{'s' if pages != 1 else ''})")
        return
    if as_json or (output is not None and output.suffix.lower() == ".json"):
        text = jsontext.dumps(data, ensure_ascii=False) + "\n"
    elif as_csv or (output is not None and output.suffix.lower() == ".csv"):
        place = {p["name"]: p for p in data["placements"]}
        lines = [[r["rank"], r["name"], r["acc_number"], r["game_points"], r["games_won"], r["plus"], r["minus"], r["net_spread"],
                  "" if r["mrps"] is None else r["mrps"], r["q_pool"], r["other_awards"],
                  place[r["name"]]["place"] if r["name"] in place else "", place[r["name"]]["prize"] if r["name"] in place else ""]
                 for r in data["qualifier_rows"]]
        high = data["high_nonqualifier"]
        if high:
            lines.append([high["rank"], high["name"], "", "", "", "", "", "", "", "", "", "high non-qualifier", high["prize"]])
        text = csv_text(ACC_COLUMNS, lines)
    else:
        text = acc_report_text(data)
    if write_or_print(output, text):
        note(f"wrote the ACC report of {data['event']} to {output}")


def acc_report_text(data: dict[str, Any]) -> str:
    cur = data["currency"]
    head = [f"ACC results report: {data['tournament']}" + (f", {data['event']}" if data["event"] != data["tournament"] else ""),
            f"{data['kind']}; {data['date'] or 'no date'}" + (f"; {data['location']}" if data["location"] else "")
            + f"; {data['participants']} participants, {data['qualifiers']} qualifiers; currency {cur}"]
    text = "\n".join(head) + "\n"
    text += text_table("Qualifiers", ["rank", "name", "ACC", "GP", "won", "plus", "minus", "net", "MRPs", "Q-pool", "other"],
                       [[r["rank"], r["name"], r["acc_number"], r["game_points"], r["games_won"], r["plus"], r["minus"],
                         f"{r['net_spread']:+d}", "" if r["mrps"] is None else r["mrps"], cur + r["q_pool"],
                         cur + r["other_awards"]] for r in data["qualifier_rows"]],
                       right=["rank", "GP", "won", "plus", "minus", "net", "MRPs", "Q-pool", "other"])
    text += text_table("Playoff placements", ["place", "name", "prize"],
                       [[p["place"], p["name"], cur + p["prize"]] for p in data["placements"]], right=["prize"])
    high = data["high_nonqualifier"]
    if high:
        text += f"high non-qualifier: {high['name']} (rank {high['rank']}), {cur}{high['prize']}\n"
    if data["mrps_note"]:
        text += data["mrps_note"] + "\n"
    return text
