"""league new | list | show | set | join | night | standings | records | hand"""

from typing import Annotated, Any, List, Optional

import typer

from crib_tourney.cli.common import JsonOption, db, number
from crib_tourney.cli.output import print_json, print_table, say
from crib_tourney.cli.settings_options import settings_options
from crib_tourney.tourney.names import checked_name
from crib_tourney.tourney.settings import LeagueSettings, build, parse_pairs
from crib_tourney.services.leagues import (
    create_league, league_summaries, league_details, change_league, join as join_league, new_night, mark_absent, season_view, records as
    league_records, record_hand,
)
from crib_tourney.inputs.names import league_id, players_or_new, player_id, event_id
from crib_tourney.inputs.dates import day
from crib_tourney.tourney.league import nights_shown
from crib_tourney.inputs.cards import hand as typed_hand

league_app = typer.Typer(help="Club leagues: weekly nights and season standings.", no_args_is_help=True)
LeagueArg = Annotated[str, typer.Argument(help="The league's id or name.")]


@league_app.command("new")
@settings_options(LeagueSettings)
def new(name: Annotated[str, typer.Argument(help="Unique name of the league.")], settings: dict[str, Any]) -> None:
    """Create a league.

    Example: crib-tourney league new "Elm Street" --season 2026-27 --formula grass-roots
    """
    clean = checked_name(name, "league")
    checked = build(LeagueSettings, settings)
    with db() as conn:
        league = create_league(conn, clean, checked)
    say(f"created league #{league.id} {league.name}")


@league_app.command("list")
def list_(as_json: JsonOption = False) -> None:
    """List leagues.

    Example: crib-tourney league list
    """
    with db(write=False) as conn:
        rows = league_summaries(conn)
    if as_json:
        print_json({"leagues": rows})
        return
    print_table(None, ["#", "name", "season", "formula", "members", "nights"],
                [[r["id"], r["name"], r["season"], r["formula"], r["members"], r["nights"]] for r in rows], right=["#", "members", "nights"])


@league_app.command("show")
def show(league: LeagueArg, as_json: JsonOption = False) -> None:
    """Show a league's settings, members and nights.

    Example: crib-tourney league show "Elm Street"
    """
    with db(write=False) as conn:
        data = league_details(conn, league_id(conn, league))
    if as_json:
        print_json(data)
        return
    for key, value in data.items():
        if key not in ("members", "nights"):
            say(f"{key}: {'' if value is None else value}")
    say(f"members ({len(data['members'])}): " + ", ".join(data["members"]))
    for n in data["nights"]:
        say(f"night {n['night']}: {n['event']} ({n['formula']})")


@league_app.command("set")
def set_(league: LeagueArg, pairs: Annotated[List[str], typer.Argument(help="SETTING=VALUE pairs.")]) -> None:
    """Change league settings. Nights already played keep the formula they were played under.

    Example: crib-tourney league set "Elm Street" formula=acc-internet drop_worst=2
    """
    changes = parse_pairs(LeagueSettings, pairs)
    with db() as conn:
        changed = change_league(conn, league_id(conn, league), changes)
    say(f"updated {changed.name}: " + ", ".join(f"{k}={v}" for k, v in changes.items()))


@league_app.command("join")
def join(
    league: LeagueArg,
    players: Annotated[List[str], typer.Argument(help="Players by name, #id or ACC number.")],
    new: Annotated[bool, typer.Option("--new", help="Add unknown names to the roster on the fly.")] = False,
) -> None:
    """Make players members of a league.

    Example: crib-tourney league join "Elm Street" "Pat Smith" "Lee Wong"
    """
    with db() as conn:
        joined = join_league(conn, league_id(conn, league), players_or_new(conn, players, new))
    say("\n".join(f"{name} joined {joined.league}" for name in joined.players))


@league_app.command("night")
def night(
    league: LeagueArg,
    date: Annotated[Optional[str], typer.Option("--date", help="YYYY-MM-DD (default today).")] = None,
    absent: Annotated[Optional[List[str]], typer.Option("--absent", help="A member who is not here tonight (repeatable): not entered, not a withdrawal.")] = None,
    as_json: JsonOption = False,
) -> None:
    """Create tonight's event with every member entered; prints its name.

    Then: enter guests, and use round / result / standings.
    Example: crib-tourney league night "Elm Street" --date 2026-09-08 --absent "Pat Smith"
    """
    when = day(date)
    with db() as conn:
        made = new_night(conn, league_id(conn, league), when, [player_id(conn, p) for p in absent or []])
    if as_json:
        print_json({"event": made.event})
    else:
        say(made.event)


@league_app.command("absent")
def absent(
    league: LeagueArg,
    players: Annotated[List[str], typer.Argument(help="Members who missed the night.")],
    night_no: Annotated[Optional[int], typer.Option("--night", parser=number("night"), metavar="N", help="Which night (default: the latest).")] = None,
) -> None:
    """Mark members absent from a night, before its games are paired: they are
    taken out of the night (not withdrawn), and drop_absences_first can count the
    night as one of their dropped nights.

    Example: crib-tourney league absent "Elm Street" "Pat Smith" --night 3
    """
    with db() as conn:
        marked = mark_absent(conn, league_id(conn, league), [player_id(conn, p) for p in players], night_no)
    say("\n".join(f"{name}: absent on night {marked.night}" for name in marked.players))


@league_app.command("standings")
def standings(
    league: LeagueArg,
    date_from: Annotated[Optional[str], typer.Option("--from", help="Only nights on or after YYYY-MM-DD.")] = None,
    date_to: Annotated[Optional[str], typer.Option("--to", help="Only nights on or before YYYY-MM-DD.")] = None,
    formula: Annotated[Optional[str], typer.Option("--formula", help="Preview the season scored by another formula (the league is not changed).")] = None,
    threshold: Annotated[Optional[int], typer.Option("--threshold", parser=number("threshold"), metavar="N", help="With the preview: another threshold.")] = None,
    as_json: JsonOption = False,
) -> None:
    """Season standings: season points by the league's formula, drop-worst applied.

    Example: crib-tourney league standings "Elm Street" --from 2026-09-01 --to 2026-11-30
    """
    since, until = day(date_from), day(date_to)
    if since is not None and until is not None and since > until:  # an empty table said nothing of the slip
        raise typer.BadParameter(f"--from {since} is after --to {until}", param_hint="--from/--to")
    with db(write=False) as conn:
        data = season_view(conn, league_id(conn, league), since, until, formula, threshold)
    if as_json:
        print_json(data)
        return
    columns = ["rank", "player", "points", "nights", "GP", "W", "spread", "best night", "skunks", "skunked"]
    def line(r: dict[str, Any]) -> list[Any]:
        return [f"{r['rank']}{'=' if r['tied'] else ''}", r["player"] + ("" if r["member"] else " (guest)"), r["season_points"],
                nights_shown(r["counted_nights"], r["nights"], bool(data["drop_worst"] or data["best_of_nights"])),
                r["game_points"], r["wins"], f"{r['spread']:+d}", r["best_night"], r["skunks"], r["skunks_taken"]]
    span = f" ({date_from or '...'} to {date_to or '...'})" if date_from or date_to else ""
    preview = f", preview: scored by {data['formula']}" if data["preview"] else ""
    print_table(f"{data['league']}: season standings{span}, {data['nights']} nights{preview}", columns,
                [line(r) for r in data["rows"]], right=["rank", "points", "nights", "GP", "W", "spread", "best night", "skunks", "skunked"])
    if data["guests"]:
        print_table("Guests past the guest limit (listed apart)", columns, [line(r) for r in data["guests"]])
    for night, waiting in data["in_play"].items():  # as the web's grid and the season sheet mark it
        say(f"night {night} in play: it counts as it stands" + (f"; no result yet: {', '.join(waiting)}" if waiting else ""))


@league_app.command("records")
def records(league: LeagueArg, as_json: JsonOption = False) -> None:
    """The club's side records: special hands, perfect nights, the skunk pot.

    Example: crib-tourney league records "Elm Street"
    """
    with db(write=False) as conn:
        data = league_records(conn, league_id(conn, league))
    if as_json:
        print_json(data)
        return
    print_table("Special hands", ["points", "player", "cards", "starter", "date"],
                [[h["points"], h["player"], h["cards"] + (" (crib)" if h["crib"] else ""), h["starter"], h["date"]] for h in data["special_hands"]], right=["points"])
    print_table("Perfect nights", ["player", "night", "wins"], [[p["player"], p["night"], p["wins"]] for p in data["perfect_nights"]], right=["wins"])
    pot = data["skunk_pot"]
    print_table(f"Skunk pot: {pot['total']:.2f} ({pot['per_skunk']:.2f} per skunk taken)", ["player", "skunks given", "skunks taken"],
                [[p["player"], p["given"], p["taken"]] for p in pot["players"]], right=["skunks given", "skunks taken"])


@league_app.command("hand")
def hand(
    league: LeagueArg,
    player: Annotated[str, typer.Argument(help="Who held it.")],
    cards: Annotated[List[str], typer.Argument(help="The four cards of the hand (or crib).")],
    starter: Annotated[str, typer.Option("--starter", "-s", help="The starter card.")],
    claim: Annotated[int, typer.Option("--claim", parser=number("claim"), metavar="N", help="The count being recorded, e.g. 29.")],
    crib: Annotated[bool, typer.Option("--crib", help="It was a crib.")] = False,
    night_event: Annotated[Optional[str], typer.Option("--night", help="The night's event it was held in.")] = None,
) -> None:
    """Record a special hand (28, 29, ...) after the engine confirms the count.

    Example: crib-tourney league hand "Elm Street" "Pat Smith" 5H 5D 5S JC --starter 5C --claim 29
    """
    held, turned = typed_hand(cards, starter)
    with db() as conn:
        kept = record_hand(conn, league_id(conn, league), player_id(conn, player), held, turned, crib, claim,
                           None if night_event is None else event_id(conn, night_event))
    say(f"recorded {kept.player}'s {kept.points}: {' '.join(str(c) for c in kept.hand)} with {kept.starter}")
