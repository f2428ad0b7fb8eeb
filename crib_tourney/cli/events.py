"""new-event, event list | show | set, enter, withdraw, round"""

from pathlib import Path
from typing import Annotated, Any, List, Optional
import secrets

import typer

from crib_tourney.cli.common import EventArg, JsonOption, RecutOption, db, number, read_text_file
from crib_tourney.cli.output import print_json, print_table, say
from crib_tourney.cli.settings_options import settings_options
from crib_tourney.tourney.names import checked_name
from crib_tourney.tourney.settings import EventSettings, build, parse_pairs
from crib_tourney.services.events import (
    create_event, event_summaries, event_details, change_settings, withdraw as withdraw_entry, make_round, unschedule,
)
from crib_tourney.inputs import names
from crib_tourney.services import events as service
from crib_tourney.inputs.csvrows import teams_file
from crib_tourney.csvfiles import csv_text
from crib_tourney.services.official import desk_schedule
from crib_tourney.services.ratings import during
from crib_tourney.tourney.deskfiles import SCHEDULE_HEADER
from crib_tourney.tourney.glicko2 import win_probability

events_app = typer.Typer(help="Events: list, show and change settings.", no_args_is_help=True)


@settings_options(EventSettings)
def new_event(name: Annotated[str, typer.Argument(help="Unique name of the event.")], settings: dict[str, Any]) -> None:
    """Create an event. Defaults follow ACC rules (2/3 game points, skunk at 31).

    Example: crib-tourney new-event "Spring Open" --date 2026-04-11 --games 9
    """
    clean = checked_name(name, "event")
    checked = build(EventSettings, settings)  # before the database is opened (or created)
    with db() as conn:
        event = create_event(conn, clean, checked)
        say(f"created event #{event.id} {event.name}")


@events_app.command("list")
def list_(as_json: JsonOption = False) -> None:
    """List events.

    Example: crib-tourney event list
    """
    with db(write=False) as conn:
        rows = event_summaries(conn)
    if as_json:
        print_json({"events": rows})
        return
    print_table(None, ["#", "name", "date", "players", "games", "variant"],
                [[r["id"], r["name"], r["date"], r["players"], f"{r['scheduled']}/{r['games']}", r["variant"]] for r in rows], right=["#", "players"])


@events_app.command("show")
def show(event: EventArg, as_json: JsonOption = False) -> None:
    """Show an event's settings and progress.

    Example: crib-tourney event show "Spring Open"
    """
    with db(write=False) as conn:
        data = event_details(conn, names.event_id(conn, event))
    if as_json:
        print_json(data)
        return
    say(f"#{data['id']} {data['name']}")
    for key, value in data["settings"].items():
        say(f"  {key}: {'' if value is None else value}")
    say(f"  players: {data['players']} entered, {data['withdrawn']} withdrawn")
    say(f"  games scheduled: {data['scheduled']} of {data['settings']['games']}; results entered: {data['results']}"
        + (f" ({data['not_counted']} more not counted until final)" if data["not_counted"] else ""))


@events_app.command("set")
def set_(
    event: EventArg,
    pairs: Annotated[List[str], typer.Argument(help="SETTING=VALUE pairs, e.g. games=9 muggins=on.")],
    recut: RecutOption = False,
) -> None:
    """Change event settings; standings follow the new settings at once.

    After the cut a change that would move a qualifier or a seed is refused
    unless --recut (before the first playoff game).
    Example: crib-tourney event set "Spring Open" games=9 double_skunk_points=4
    """
    changes = parse_pairs(EventSettings, pairs)
    with db() as conn:
        done = change_settings(conn, names.event_id(conn, event), changes, recut)
    say("\n".join(done.lines()))


def enter(
    event: EventArg,
    players: Annotated[Optional[List[str]], typer.Argument(help="Players by name, #id or ACC number (with --team: the team's players).", show_default=False)] = None,
    new: Annotated[bool, typer.Option("--new", help="Add unknown names to the roster on the fly.")] = False,
    team: Annotated[bool, typer.Option("--team", help="The players given are one team (a team event).")] = False,
    team_name: Annotated[Optional[str], typer.Option("--team-name", help="With --team: the team's name (default: its players' names joined by ' & ').")] = None,
    teams: Annotated[Optional[Path], typer.Option("--teams", help="A CSV of teams: team, player1, player2[, player3].")] = None,
) -> None:
    """Register players (or teams) in an event. Late entries join from the next game.

    \b
    Example: crib-tourney enter "Spring Open" "Pat Smith" "Lee Wong" --new
             crib-tourney enter "Doubles" --team "Pat Smith" "Lee Wong" --team-name "The Aces"
             crib-tourney enter "Doubles" --teams teams.csv --new
    """
    if teams is not None:
        if players or team or team_name:
            raise typer.BadParameter("--teams FILE takes no players, --team or --team-name", param_hint="--teams")
        text = read_text_file(teams)
        with db() as conn:
            event_id = names.event_id(conn, event)
            done = service.enter_team_file(conn, event_id, teams_file(conn, event_id, text, str(teams), new))
    elif not players:
        raise typer.BadParameter("name the players (or give --teams FILE.csv)", param_hint="PLAYERS")
    elif team:
        with db() as conn:
            event_id = names.event_id(conn, event)
            done = service.enter_team(conn, event_id, names.players_or_new(conn, players, new), team_name)
    else:
        if team_name:
            raise typer.BadParameter("--team-name names a team: give --team too", param_hint="--team-name")
        with db() as conn:
            event_id = names.event_id(conn, event)
            done = service.enter(conn, event_id, names.players_or_new(conn, players, new))
    say("\n".join(done.lines()))


def withdraw(event: EventArg, players: Annotated[List[str], typer.Argument(help="Names, #ids or ACC numbers.", metavar="PLAYER...")]) -> None:
    """Withdraw players: no further games; games already paired are forfeited,
    and a qualifier forfeits each playoff match as soon as its opponent is known.
    One withdrawn before his first game is a no-show: out of the prize fund, the
    fees owed and the ranking ("did not play"). All in one change: undo takes it back.

    Example: crib-tourney withdraw "Spring Open" "Pat Smith" "Lee Wong"
    """
    with db() as conn:
        event_id = names.event_id(conn, event)
        done = withdraw_entry(conn, event_id, [names.entry_id(conn, event_id, player) for player in players])
    say("\n".join(done.lines()))


def round_(
    event: EventArg,
    seed: Annotated[Optional[int], typer.Argument(parser=number("seed"), metavar="[SEED]", help="With --draw: the draw's seed (default: a new one, shown).", show_default=False)] = None,
    draw: Annotated[bool, typer.Option("--draw", help="Seat the next game by a random draw, reproducible from its seed (stored and shown).")] = False,
    all_games: Annotated[bool, typer.Option("--all", help="Schedule every remaining game now (scorecards can be printed).")] = False,
    show: Annotated[Optional[int], typer.Option("--show", parser=number("game"), metavar="N", help="Print an already scheduled game instead.")] = None,
    unschedule_from: Annotated[Optional[int], typer.Option("--unschedule-from", parser=number("game"), metavar="N", help="Remove the pairings of game N and later (none may have results), e.g. to fit in a late entry.")] = None,
    ignore_check_in: Annotated[bool, typer.Option("--ignore-check-in", help="Pair game 1 without those not checked in (they join from game 2).")] = False,
    odds: Annotated[bool, typer.Option("--odds", help="Show each table's win chances from the players' ratings so far (two at a table).")] = False,
    as_json: JsonOption = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="With --show and --format acc-desk: the game as the ACC desk's schedule CSV.")] = False,
    format: Annotated[Optional[str], typer.Option("--format", help="acc-desk: Game,Player A ID,Player B ID,Player A Table/Seat,Player B Table/Seat.")] = None,
) -> None:
    """Make the next game's table assignments.

    \b
    Example: crib-tourney round "Spring Open" --json
             crib-tourney round "Club Night" --draw 4711
             crib-tourney round "Spring Open" --show 3 --csv --format acc-desk
    """
    if as_csv or format is not None:
        if format != "acc-desk" or not as_csv or show is None:
            raise typer.BadParameter("the ACC desk's schedule is: round EVENT --show N --csv --format acc-desk",
                                     param_hint="--csv/--format")

        with db(write=False) as conn:
            rows = desk_schedule(conn, names.event_id(conn, event), show)
        typer.echo(csv_text(SCHEDULE_HEADER, rows), nl=False)
        return

    if seed is not None and not draw:
        raise typer.BadParameter("a seed needs --draw", param_hint="SEED")
    if draw and seed is None:
        seed = secrets.randbelow(1_000_000)

    if unschedule_from is not None:
        with db() as conn:
            done = unschedule(conn, names.event_id(conn, event), unschedule_from)
            say(f"removed the pairings of games {done.first}-{done.last};"
                       f" pair them again with: crib-tourney round \"{done.event}\"")
        return
    with db(write=show is None) as conn:
        event_no = names.event_id(conn, event)
        views = make_round(conn, event_no, all_games, show, seed if draw else None, ignore_check_in=ignore_check_in)
        if odds:
            estimates = during(conn, event_no)
    if as_json:
        shown: list[Any] = [v.as_dict() for v in views]
        if odds:
            for data in shown:
                data["tables"] = [dict(table, win_probability=_odds(_chance(estimates, table["players"]))) for table in data["tables"]]
        print_json(shown[0] if len(views) == 1 and not all_games else {"games": shown})
        return
    for view in views:
        drawn = f" (drawn, seed {view.draw_seed})" if view.draw_seed is not None else ""
        if view.not_counted is not None:
            pending, disputed = view.not_counted
            say(f"paired from the standings without {pending} pending and {disputed} disputed game(s): not counted until final")
        if view.thirds is not None:  # three at a table; one or two have a bye
            print_table(f"Game {view.game}{drawn}", ["table", "player", "opponent", "opponent"],
                        [[t, *view.sides(t, a, b)] for t, a, b in view.tables], right=["table"])
            if view.byes:
                say(f"bye: {', '.join(view.byes)}")
            continue
        if odds:
            print_table(f"Game {view.game}{drawn}", ["table", "player", "opponent", "chances"],
                        [[t, a, b, _chances(_chance(estimates, [a, b]))] for t, a, b in view.tables], right=["table"])
        else:
            print_table(f"Game {view.game}{drawn}", ["table", "player", "opponent"], [[t, a, b] for t, a, b in view.tables],
                        right=["table"])
        if view.bye:
            say(f"bye: {view.bye}")


def _chance(estimates: Any, players: list[str]) -> float | None:
    """The first player's chance to win by the ratings so far (None: three at a table, or one unrated)."""
    if len(players) != 2 or any(p not in estimates for p in players):
        return None
    return win_probability(estimates[players[0]].now, estimates[players[1]].now)


def _odds(chance: float | None) -> list[float] | None:
    return None if chance is None else [round(chance, 4), round(1 - chance, 4)]


def _chances(chance: float | None) -> str:
    return "" if chance is None else f"{100 * chance:.0f}% - {100 - round(100 * chance)}%"
