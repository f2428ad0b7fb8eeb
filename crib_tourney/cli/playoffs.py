"""cut, bracket, match, placings, consolation"""

from dataclasses import fields
from typing import TYPE_CHECKING, Annotated, Any, List, Literal, Optional

import typer

from crib_tourney.cli.common import EventArg, JsonOption, db, number
from crib_tourney.cli.output import print_json, print_table, say
from crib_tourney.cli.settings_options import settings_options
from crib_tourney.errors import CribError
from crib_tourney.tourney.settings import EventSettings, build
from crib_tourney.inputs import names
from crib_tourney.services.playoffs import cut as make_cut, BestOf, bracket_document, bracket_view, match_view
from crib_tourney.services.placings import placings as load_placings
from crib_tourney.tourney.names import spells_members, checked_name
from crib_tourney.services.events import create_consolation

if TYPE_CHECKING:
    from crib_tourney.services.playoffs import BracketData


def cut(
    event: EventArg,
    qualifiers: Annotated[Optional[int], typer.Option("--qualifiers", parser=number("qualifiers"), metavar="N", help="Override the number of qualifiers.")] = None,
    as_json: JsonOption = False,
) -> None:
    """Cut to the qualifiers and make the seeded bracket (byes to the top seeds).

    For single-elim and double-elim events every entrant is seeded in entry order.
    Example: crib-tourney cut "Spring Open"
    """
    with db() as conn:
        data = make_cut(conn, names.event_id(conn, event), qualifiers)
    first = data["rounds"][0]["matches"]
    byes = sum(1 for m in first for b in m["bye"] if b)
    if as_json:
        print_json({"qualifiers": data["qualifiers"], "size": data["size"], "byes": byes,
                    "seeds": [{"seed": s, "player": p} for m in first for s, p in zip(m["seeds"], m["players"]) if p],
                    "pairings": [{"match": m["match"], "seeds": m["seeds"], "players": m["players"]} for m in first]})
        return
    lines = [f"{data['qualifiers']} qualifiers, bracket of {data['size']}, {byes} bye(s)"]
    for m in first:
        a, b = (f"({s}) {p}" if p else "bye" for s, p in zip(m["seeds"], m["players"]))
        lines.append(f"  match {m['match']}: {a} v {b}")
    say("\n".join(lines))  # one write: 4,096 matches at 20,000 players


def bracket(
    event: EventArg,
    set_best_of: Annotated[Optional[str], typer.Option("--set-best-of", help="ROUND=N, or L2=N for a losers' round: change a round's length before it starts.")] = None,
    as_json: JsonOption = False,
) -> None:
    """Draw the bracket: rounds as columns, seeds, names, games won.

    Example: crib-tourney bracket "Spring Open" --json
    """
    change = None
    if set_best_of is not None:
        where, _, n = set_best_of.partition("=")
        which: Literal["W", "L", "F"] = "W"
        if where[:1].upper() in ("L", "F"):
            which, where = ("L" if where[0].upper() == "L" else "F"), where[1:]
        if not (where.isascii() and where.isdigit() and n.isascii() and n.isdigit()) or len(n) > 3 or len(where) > 3:
            raise CribError(f"--set-best-of needs ROUND=N, e.g. 3=5 (not '{set_best_of}')")
        change = BestOf(which, int(where), int(n))
    with db(write=change is not None) as conn:
        shown = bracket_view(conn, names.event_id(conn, event), change)
    if change is not None and set_best_of is not None:
        typer.echo(f"round {set_best_of.partition('=')[0]}: {shown.changed} match(es) now best of {change.best_of}", err=True)
    if as_json:
        print_json(bracket_document(shown.data))
        return
    _draw(shown.data)


def _draw(data: "BracketData") -> None:
    """Rounds as columns; each match shows both slots with seed and games won,
    and later rounds sit level with the matches they follow."""
    columns: list[str] = []
    cells: list[list[str]] = []
    for r in data["rounds"]:
        lengths = sorted({m["best_of"] for m in r["matches"]})
        columns.append(f"{r['name']} (best of {'/'.join(map(str, lengths))})")
        lines: list[str] = []
        for m in r["matches"]:
            bye_match = any(m["bye"])
            for i in (0, 1):
                if m["players"][i]:
                    quit_ = " (withdrawn)" if m["withdrawn"][i] else ""
                    seed = f"({m['seeds'][i]}) " if m["seeds"][i] else ""
                    won = "" if bye_match else f" {m['wins'][i]}"
                    mark = " <" if m["winner"] == m["players"][i] else ""
                    lines.append(f"{seed}{m['players'][i]}{quit_}{won}{mark}")
                else:
                    lines.append("bye" if m["bye"][i] else "...")
            lines.append("")
        cells.append(lines)
    height = max(len(c) for c in cells)
    spread = [_spread(c, height) for c in cells]
    rows = [[column[i] for column in spread] for i in range(height)]
    print_table(data["event"], columns, rows)
    say(f"champion: {data['champion'] or '(not yet decided)'}")


def _spread(lines: list[str], height: int) -> list[str]:
    """Centre a round's matches in equal shares of the column's height."""
    blocks = [lines[i:i + 3] for i in range(0, len(lines), 3)]
    per = height // max(1, len(blocks))
    out: list[str] = []
    for block in blocks:
        pad = (per - 3) // 2
        out += [""] * pad + block + [""] * (per - 3 - pad)
    return out + [""] * (height - len(out))


def match(
    event: EventArg,
    key: Annotated[str, typer.Argument(help="The match, as the bracket names it: W1.3, L2.1, F1.")],
    as_json: JsonOption = False,
) -> None:
    """Show a match slip: players, seeds, best-of, who deals first, games so far.

    Example: crib-tourney match "Spring Open" W2.1
    """
    with db(write=False) as conn:
        data = match_view(conn, names.event_id(conn, event), key)
    if as_json:
        print_json(data)
        return
    a, b = (f"({s}) {p}" if p else "bye" if bye else "to be decided" for s, p, bye in zip(data["seeds"], data["players"], data["bye"]))
    if any(data["bye"]):  # a bye is no match: no table, no games, the player goes through
        say(f"{data['event']}, {data['round']} ({data['match']}): {b if data['bye'][0] else a} has a bye, no match to play")
        return
    say(f"{data['event']}, {data['round']} ({data['match']}), best of {data['best_of']}")
    say(f"  {a} v {b}; games won {data['wins'][0]}-{data['wins'][1]}")
    for n, dealer in enumerate(data["dealers"], start=1):
        played = f"  {data['games'][n - 1][0]}-{data['games'][n - 1][1]}" if n <= len(data["games"]) else ""
        say(f"  game {n}: first deal: {dealer}{played}")


def placings(event: EventArg, as_json: JsonOption = False) -> None:
    """Final placings (1st, 2nd, 3rd-4th, 5th-8th, ...) and prizes from the payout table.

    Example: crib-tourney placings "Spring Open"
    """
    with db(write=False) as conn:
        data = load_placings(conn, names.event_id(conn, event), director=True)
    if as_json:
        print_json(data)
        return
    acc = "acc_event" in data and not data.get("mrps_note")
    print_table(f"{data['event']}: placings", ["place", "player", "prize"] + (["MRPs"] if acc else []),
                [[r["place"], r["player"] + (f" ({', '.join(r['members'])})" if r.get("members") and not spells_members(r["player"], r["members"]) else ""),
                  (data.get("currency", "") + r["prize"]) if r["prize"] else ""]
                 + ([r.get("mrps") if r.get("mrps") is not None else ""] if acc else []) for r in data["rows"]],
                right=["prize", "MRPs"])
    if data.get("mrps_note"):
        say(str(data["mrps_note"]))
    high = data["high_nonqualifier"]
    if high:
        say(f"high non-qualifier: {high['player']} (rank {high['rank']})"
            + (f", {data.get('currency', '')}{high['prize']}" if high["prize"] else ""))
    if data.get("did_not_play"):
        say(f"did not play: {', '.join(data.get('did_not_play', []))}")
    if data.get("overpaid"):
        say(f"warning: {data.get('overpaid')}")
    if not data["complete"]:
        say("(the event is not finished: these places can still change)")  # a table of three has no playoffs


CONSOLATION_MONEY = ("entry_fee", "house_share", "prize_fund", "payouts")  # the consolation's own money, as options


@settings_options(EventSettings, skip=tuple(f.name for f in fields(EventSettings) if f.name not in CONSOLATION_MONEY),
                  shown_defaults={"house_share": "the main event's"})  # the one money setting it keeps
def consolation(
    event: EventArg,
    settings: dict[str, Any],
    players: Annotated[Optional[List[str]], typer.Argument(help="With --only or --except: the non-qualifiers named.", show_default=False, metavar="[PLAYER]...")] = None,
    name: Annotated[Optional[str], typer.Option("--name", help="Name of the consolation event.")] = None,
    format: Annotated[Optional[str], typer.Option("--format", help="single-elim (default), double-elim, acc or round-robin.")] = None,
    only: Annotated[bool, typer.Option("--only", help="Only the non-qualifiers named play.")] = False,
    except_: Annotated[bool, typer.Option("--except", help="Every non-qualifier plays but those named.")] = False,
) -> None:
    """Create the consolation event from the non-qualifiers, linked to the main event.
    It plays by the main event's rules with money of its own: no entry fee and no
    payouts unless given here (or later with `event set`); the house keeps the
    main event's share unless --house-share says otherwise. No-shows never play it;
    --only A B ... or --except A B ... says who does.

    \b
    Examples:
      crib-tourney consolation "Spring Open" --format single-elim --entry-fee 10 --payouts 60,40
      crib-tourney consolation "Spring Open" --only "Pat Smith" "Lee Wong" "Ann Lee" "Bo Chan"
    """
    if only and except_:
        raise typer.BadParameter("choose one of --only and --except", param_hint="--only/--except")
    if players and not (only or except_):
        raise typer.BadParameter("players named go with --only or --except", param_hint="PLAYER")
    if (only or except_) and not players:
        raise typer.BadParameter(f"{'--only' if only else '--except'} needs the players it names", param_hint="PLAYER")
    build(EventSettings, settings | ({"format": format} if format is not None else {}))
    clean = checked_name(name, "event") if name is not None else None
    with db() as conn:
        event_id = names.event_id(conn, event)
        chosen = [names.entry_id(conn, event_id, p) for p in players or []]
        made = create_consolation(conn, event_id, clean, format, settings=settings,
                                  only=chosen if only else None, leave_out=chosen if except_ else None)
    say(f"created event #{made.event.id} {made.event.name} ({made.event.format}) with {made.entries} players")
