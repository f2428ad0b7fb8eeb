"""event links EVENT [--json|--csv] [--revoke P]: every entrant's personal link.

The command is a subcommand of the `event` group, which cli/events.py defines;
it joins the group through register_into_event_group (cli/app.py calls it when
it builds the group), so this module needs no change there."""

from typing import TYPE_CHECKING, Annotated, List, Optional

import typer

from crib_tourney.cli.common import EventArg, JsonOption, db
from crib_tourney.errors import CribError
from crib_tourney import tokens
from crib_tourney.inputs.names import entry_id, event_id
from crib_tourney.services.links import issue, has_links
from crib_tourney.cli.output import print_json, print_table, note
from crib_tourney.csvfiles import csv_text
from crib_tourney.cli import state
from crib_tourney.store.events import load_event

if TYPE_CHECKING:
    from crib_tourney.store.sql import Db


def links(
    event: EventArg,
    as_json: JsonOption = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print CSV: entry, name, url.")] = False,
    revoke: Annotated[Optional[List[str]], typer.Option("--revoke", metavar="P",
                                                        help="Take back this entrant's link (a lost phone) and issue a new one;"
                                                             " repeat for more.", show_default=False)] = None,
    reissue: Annotated[bool, typer.Option("--reissue", help="Take back every link and issue new ones (their key is lost:"
                                                            " the printed ones stop opening).")] = False,
) -> None:
    """Every entrant's personal link (/p/TOKEN), issuing those not issued yet.

    The link opens the entrant's own page; the scorecard prints it as a QR code.
    The address is the event's public_url's site, or the served address.
    Links made with another key than the one on hand are refused, never printed.
    Example: crib-tourney event links "Spring Open" --csv > links.csv
    """
    if as_json and as_csv:
        raise typer.BadParameter("choose one of --json and --csv", param_hint="--json/--csv")
    if reissue and revoke:
        raise typer.BadParameter("--reissue takes back every link: give it without --revoke", param_hint="--reissue")
    with db() as conn:
        ref = event_id(conn, event)
        taken_back = [entry_id(conn, ref, p) for p in revoke or []]
        if len(set(taken_back)) != len(taken_back):
            raise typer.BadParameter("an entrant is named twice", param_hint="--revoke")
        key = link_key(conn, ref, reissue)
        try:
            issued = issue(conn, ref, key, taken_back, reissue=reissue)
        except tokens.WrongKey as exc:
            raise CribError(wrong_key(exc.event)) from None
    rows = [{"entry": link.entry, "name": link.name, "url": link.url} for link in issued.links]
    if as_json:
        print_json({"links": rows, "new": issued.new, "revoked": issued.revoked})
    elif as_csv:
        typer.echo(csv_text(["entry", "name", "url"], ([r["entry"], r["name"], r["url"]] for r in rows)), nl=False)
    else:
        print_table(None, ["entry", "name", "url"], [[r["entry"], r["name"], r["url"]] for r in rows], right=["entry"])
    if issued.new or issued.revoked:
        note(f"issued {issued.new} new link{'s' if issued.new != 1 else ''}"
             + (f", revoked {issued.revoked}" if issued.revoked else ""))


def link_key(conn: "Db", event_ref: int, reissue: bool) -> bytes:
    """The key on hand; one is made only for an event with no links (or links to be reissued)."""
    try:
        return tokens.load_key(state.DB_LOCATION, create=False)
    except tokens.KeyMissing:
        if has_links(conn, event_ref) and not reissue:
            name = load_event(conn, event_ref).name
            raise CribError(f"no link key at {tokens.key_file(state.DB_LOCATION)}, and {name}'s links were made with it: put it back"
                            f" (or name it in CRIB_TOURNEY_KEY_FILE), or issue new ones: {tokens.reissue_hint(name)}") from None
    return tokens.load_key(state.DB_LOCATION)


def wrong_key(event: str) -> str:
    """The refusal of links another key made, with the way out."""
    return (f"the personal links of {event} were not made with the key in {tokens.key_file(state.DB_LOCATION)}: put the key"
            f" that made them there, or issue new ones (the printed ones stop opening): {tokens.reissue_hint(event)}")
