"""new-event, event list | show | set, enter, withdraw, round"""

from __future__ import annotations

from typing import Annotated, List, Optional

import typer

from crib_tourney.cli.common import JsonOption, db
from crib_tourney.cli.output import print_json, print_table
from crib_tourney.errors import CribError

events_app = typer.Typer(help="Events: list, show and change settings.", no_args_is_help=True)
EventArg = Annotated[str, typer.Argument(help="The event's id or its unique name.")]


def new_event(
    name: Annotated[str, typer.Argument(help="Unique name of the event.")],
    date: Annotated[Optional[str], typer.Option("--date", help="Date of play, YYYY-MM-DD.")] = None,
    location: Annotated[Optional[str], typer.Option("--location")] = None,
    games: Annotated[int, typer.Option("--games", help="Qualifying games per player.")] = 7,
    variant: Annotated[str, typer.Option("--variant", help="Rule set of the games.")] = "standard",
    format: Annotated[str, typer.Option("--format", help="acc: qualifying, cut, bracket.")] = "acc",
    win_points: Annotated[int, typer.Option("--win-points")] = 2,
    skunk_points: Annotated[int, typer.Option("--skunk-points")] = 3,
    double_skunk_points: Annotated[int, typer.Option("--double-skunk-points")] = 3,
    skunk_margin: Annotated[int, typer.Option("--skunk-margin", help="Winning margin that is a skunk.")] = 31,
    double_skunk_margin: Annotated[int, typer.Option("--double-skunk-margin")] = 61,
    forfeit_points: Annotated[int, typer.Option("--forfeit-points")] = 2,
    forfeit_spread: Annotated[int, typer.Option("--forfeit-spread")] = 10,
    bye_points: Annotated[int, typer.Option("--bye-points", help="Game points for the sit-out.")] = 2,
    bye_spread: Annotated[int, typer.Option("--bye-spread", help="Spread for the sit-out.")] = 0,
    muggins: Annotated[bool, typer.Option("--muggins", help="Muggins is played.")] = False,
    best_of: Annotated[int, typer.Option("--best-of")] = 3,
    final_best_of: Annotated[int, typer.Option("--final-best-of")] = 5,
    qualify_ratio: Annotated[float, typer.Option("--qualify-ratio")] = 0.25,
    first_dealer: Annotated[str, typer.Option("--first-dealer", help="Playoff games: cut, loser (of the last game) or alternate.")] = "cut",
    prize_fund: Annotated[float, typer.Option("--prize-fund", help="Prize fund for the payout table.")] = 0.0,
    payouts: Annotated[str, typer.Option("--payouts", help="Percentages per place, e.g. 40,25,12.5,12.5.")] = "",
    grand_final_reset: Annotated[bool, typer.Option("--grand-final-reset/--no-grand-final-reset", help="Double elimination: replay the final if the losers' side wins it.")] = True,
) -> None:
    """Create an event. Defaults follow ACC rules (2/3 game points, skunk at 31).

    Example: crib-tourney new-event "Spring Open" --date 2026-04-11 --games 9
    """
    from crib_tourney.store.events import create_event

    settings = dict(
        date=date, location=location, games=games, variant=variant, format=format, win_points=win_points,
        skunk_points=skunk_points, double_skunk_points=double_skunk_points, skunk_margin=skunk_margin,
        double_skunk_margin=double_skunk_margin, forfeit_points=forfeit_points, forfeit_spread=forfeit_spread,
        bye_points=bye_points, bye_spread=bye_spread, muggins=muggins, best_of=best_of,
        final_best_of=final_best_of, qualify_ratio=qualify_ratio, first_dealer=first_dealer,
        prize_fund=prize_fund, payouts=payouts, grand_final_reset=grand_final_reset,
    )
    clean = " ".join(name.split())
    if not clean or clean.isdigit() or clean.startswith("#"):
        raise CribError(f"'{name}' cannot be an event name (it must not be empty or a number)")
    from crib_tourney.tourney.settings import check_consistent, validate_settings

    validate_settings(settings)  # before the database is opened (or created)
    check_consistent(settings)
    with db() as conn:
        event = create_event(conn, clean, settings)
        typer.echo(f"created event #{event.id} {event.name}")


@events_app.command("list")
def list_(as_json: JsonOption = False) -> None:
    """List events.

    Example: crib-tourney event list
    """
    from crib_tourney.store.events import event_summaries

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
    from crib_tourney.store.directory import find_event
    from crib_tourney.store.events import event_details

    with db(write=False) as conn:
        data = event_details(conn, find_event(conn, event))
    if as_json:
        print_json(data)
        return
    typer.echo(f"#{data['id']} {data['name']}")
    for key, value in data["settings"].items():
        typer.echo(f"  {key}: {'' if value is None else value}")
    typer.echo(f"  players: {data['players']} entered, {data['withdrawn']} withdrawn")
    typer.echo(f"  games scheduled: {data['scheduled']} of {data['settings']['games']}; results entered: {data['results']}")


@events_app.command("set")
def set_(
    event: EventArg,
    pairs: Annotated[List[str], typer.Argument(help="SETTING=VALUE pairs, e.g. games=9 muggins=on.")],
) -> None:
    """Change event settings; standings follow the new settings at once.

    Example: crib-tourney event set "Spring Open" games=9 double_skunk_points=4
    """
    from crib_tourney.store.directory import find_event
    from crib_tourney.store.events import change_settings
    from crib_tourney.tourney.settings import parse_setting

    changes = {}
    for pair in pairs:
        if "=" not in pair:
            raise CribError(f"'{pair}' is not SETTING=VALUE")
        key, value = parse_setting(*pair.split("=", 1))
        changes[key] = value
    with db() as conn:
        ev = find_event(conn, event)
        change_settings(conn, ev, changes)
        typer.echo(f"updated {ev.name}: " + ", ".join(f"{k}={v}" for k, v in changes.items()))


def enter(
    event: EventArg,
    players: Annotated[List[str], typer.Argument(help="Players by name, #id or ACC number.")],
    new: Annotated[bool, typer.Option("--new", help="Add unknown names to the roster on the fly.")] = False,
) -> None:
    """Register players in an event. Late entries join from the next game.

    Example: crib-tourney enter "Spring Open" "Pat Smith" "Lee Wong" --new
    """
    from crib_tourney.store.directory import find_event
    from crib_tourney.store.entries import enter_players
    from crib_tourney.store.players import find_or_add

    with db() as conn:
        ev = find_event(conn, event)
        for message in enter_players(conn, ev, find_or_add(conn, players, new)):
            typer.echo(message)


def withdraw(event: EventArg, player: Annotated[str, typer.Argument(help="Name, #id or ACC number.")]) -> None:
    """Withdraw a player: no further games; games already paired are forfeited.

    Example: crib-tourney withdraw "Spring Open" "Pat Smith"
    """
    from crib_tourney.store.directory import find_event, find_player
    from crib_tourney.store.entries import withdraw_player

    from crib_tourney.store.playoffs import Bracket, record_playoff_forfeit, seeded

    with db() as conn:
        ev, who = find_event(conn, event), find_player(conn, player)
        typer.echo(withdraw_player(conn, ev, who))
        if seeded(conn, ev, [who.id]) and Bracket(conn, ev).current_match(who.id) is not None:
            for line in record_playoff_forfeit(conn, ev, who, whole_match=True):
                typer.echo(line)


def round_(
    event: EventArg,
    all_games: Annotated[bool, typer.Option("--all", help="Schedule every remaining game now (scorecards can be printed).")] = False,
    show: Annotated[Optional[int], typer.Option("--show", help="Print an already scheduled game instead.")] = None,
    unschedule_from: Annotated[Optional[int], typer.Option("--unschedule-from", help="Remove the pairings of game N and later (none may have results), e.g. to fit in a late entry.")] = None,
    as_json: JsonOption = False,
) -> None:
    """Make the next game's table assignments.

    Example: crib-tourney round "Spring Open" --json
    """
    from crib_tourney.store.directory import find_event
    from crib_tourney.store.schedule import game_view, schedule_next, scheduled_games, unschedule

    if unschedule_from is not None:
        with db() as conn:
            typer.echo(unschedule(conn, find_event(conn, event), unschedule_from))
        return
    with db(write=show is None) as conn:
        ev = find_event(conn, event)
        if show is not None:
            games = [show]
        elif all_games:
            games = []
            if scheduled_games(conn, ev) >= ev.games:
                raise CribError(f"all {ev.games} qualifying games of {ev.name} are already scheduled")
            while scheduled_games(conn, ev) < ev.games:
                games.append(schedule_next(conn, ev))
        else:
            games = [schedule_next(conn, ev)]
        views = [game_view(conn, ev, g) for g in games]
    if as_json:
        print_json(views[0].as_dict() if len(views) == 1 and not all_games else {"games": [v.as_dict() for v in views]})
        return
    for view in views:
        print_table(f"Game {view.game}", ["table", "player", "opponent"], [[t, a, b] for t, a, b in view.tables], right=["table"])
        if view.bye:
            typer.echo(f"sits out (bye): {view.bye}")


def register(app: typer.Typer) -> None:
    app.command("new-event")(new_event)
    app.add_typer(events_app, name="event")
    app.command()(enter)
    app.command()(withdraw)
    app.command("round")(round_)
