"""event links EVENT [--json|--csv] [--revoke P]: every entrant's personal link.

The command is a subcommand of the `event` group, which cli/events.py defines;
it joins the group through register_into_event_group (cli/app.py calls it when
it builds the group), so this module needs no change there."""

from typing import Annotated, List, Optional

import typer

from crib_tourney.cli.common import EventArg, JsonOption, db


def links(
    event: EventArg,
    as_json: JsonOption = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print CSV: entry, name, url.")] = False,
    revoke: Annotated[Optional[List[str]], typer.Option("--revoke", metavar="P",
                                                        help="Take back this entrant's link (a lost phone) and issue a new one;"
                                                             " repeat for more.", show_default=False)] = None,
) -> None:
    """Every entrant's personal link (/p/TOKEN), issuing those not issued yet.

    The link opens the entrant's own page; the scorecard prints it as a QR code.
    The address is the event's public_url's site, or the served address.
    Example: crib-tourney event links "Spring Open" --csv > links.csv
    """
    from crib_tourney import tokens
    from crib_tourney.cli import state
    from crib_tourney.inputs.names import entry_id, event_id
    from crib_tourney.services.links import issue

    if as_json and as_csv:
        raise typer.BadParameter("choose one of --json and --csv", param_hint="--json/--csv")
    with db() as conn:
        ref = event_id(conn, event)
        taken_back = [entry_id(conn, ref, p) for p in revoke or []]
        if len(set(taken_back)) != len(taken_back):
            raise typer.BadParameter("an entrant is named twice", param_hint="--revoke")
        issued = issue(conn, ref, tokens.load_key(state.DB_LOCATION), taken_back)
    rows = [{"entry": link.entry, "name": link.name, "url": link.url} for link in issued.links]
    if as_json:
        from crib_tourney.cli.output import print_json

        print_json({"links": rows, "new": issued.new, "revoked": issued.revoked})
    elif as_csv:
        from crib_tourney.csvfiles import csv_text

        typer.echo(csv_text(["entry", "name", "url"], ([r["entry"], r["name"], r["url"]] for r in rows)), nl=False)
    else:
        from crib_tourney.cli.output import print_table

        print_table(None, ["entry", "name", "url"], [[r["entry"], r["name"], r["url"]] for r in rows], right=["entry"])
    if issued.new or issued.revoked:
        from crib_tourney.cli.output import note

        note(f"issued {issued.new} new link{'s' if issued.new != 1 else ''}"
             + (f", revoked {issued.revoked}" if issued.revoked else ""))


def register_into_event_group(events_app: typer.Typer) -> None:
    """Add `event links` to the event group (once, however often the group is built)."""
    if not any(c.callback is links for c in events_app.registered_commands):
        events_app.command("links")(links)
