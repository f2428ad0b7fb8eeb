"""player add | list | show | edit | import | export | games | history | ratings"""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, List, Mapping, Optional

import typer

from crib_tourney.cli.common import JsonOption, db, read_text_file, write_or_print
from crib_tourney.cli.output import note, print_json, print_table, say
from crib_tourney.errors import CribError
from crib_tourney.services.players import (
    add as add_player, search as search_players, details, edit as edit_player, keep_apart, import_players,
)
from crib_tourney.tourney.names import checked_acc, checked_detail, checked_name
from crib_tourney.inputs.names import player_id, entry_id, event_id
from crib_tourney.services.ratings import Made, keep_made, made_here, of_player, table
from crib_tourney.store.db import is_database_error
from crib_tourney.inputs.csvrows import roster_rows
from crib_tourney.csvfiles import csv_text
from crib_tourney.tourney.deskfiles import ROSTER_HEADER, SCORECARD_TYPE, split_name
from crib_tourney.services.histories import player_games, history as player_history
from crib_tourney.tourney.money import format_money
from crib_tourney.services.rankings import rankings as season_rankings

if TYPE_CHECKING:
    from crib_tourney.services.ratings import PlayerRating

players_app = typer.Typer(help="Players: the club's roster, kept across events.", no_args_is_help=True)

CSV_FIELDS = ["name", "acc_number", "club", "email"]


@players_app.command("add")
def add(
    name: Annotated[str, typer.Argument(help="The player's name as it should print.")],
    acc_number: Annotated[Optional[str], typer.Option("--acc-number", help="ACC membership number.")] = None,
    club: Annotated[Optional[str], typer.Option("--club", help="Home club.")] = None,
    email: Annotated[Optional[str], typer.Option("--email", help="E-mail address.")] = None,
    duplicate: Annotated[bool, typer.Option("--duplicate", help="Add a second player of a name already on the roster (two people can share a name).")] = False,
) -> None:
    """Add a player to the roster. A name already on it is refused (a repeated
    command must not add the same person twice) unless --duplicate.

    Example: crib-tourney player add "Pat Smith" --acc-number 12345 --club "Elm Street"
    """
    checked_name(name, "player")  # before the database is opened (or created)
    checked_acc(acc_number), checked_detail(club, "a club"), checked_detail(email, "an e-mail address")
    with db() as conn:
        player = add_player(conn, name, acc_number, club, email, duplicate)
    say(f"added player #{player.id} {player.name}")


@players_app.command("list")
def list_(
    search: Annotated[Optional[str], typer.Argument(help="Case-insensitive part of a name, club or ACC number.")] = None,
    as_json: JsonOption = False,
) -> None:
    """List players, optionally matching a search.

    Example: crib-tourney player list smith
    """
    with db(write=False) as conn:
        players = [p.as_dict() for p in search_players(conn, search)]
    if as_json:
        print_json({"players": players})
        return
    print_table(None, ["#", "name", "ACC", "club", "email"], [[p["id"], p["name"], p["acc_number"], p["club"], p["email"]] for p in players], right=["#"])


@players_app.command("show")
def show(
    player: Annotated[str, typer.Argument(help="Name, #id or ACC number.")],
    as_json: JsonOption = False,
) -> None:
    """Show one player, his rating and the events they entered.

    Example: crib-tourney player show "Pat Smith"
    """
    with db(write=False) as conn:
        found = player_id(conn, player)
        data = details(conn, found)
        rated = of_player(conn, found)
        made = made_here(conn)
    if as_json:
        print_json({**data, "rating": rated.as_dict()})
        _keep_ratings_made(made)
        return
    lines = [f"#{data['id']} {data['name']}"]
    lines += [f"  {key.replace('_', ' ')}: {data[key]}" for key in ("acc_number", "club", "email") if data[key]]
    lines.append(f"  rating: {rating_line(rated)}")
    lines.append("  events: " + (", ".join(data["events"]) or "none"))
    if data["kept_apart_from"]:
        lines.append("  never paired with: " + ", ".join(data["kept_apart_from"]))
    say("\n".join(lines))  # a club an older release let in may hold ESC or BEL
    _keep_ratings_made(made)


@players_app.command("edit")
def edit(
    player: Annotated[str, typer.Argument(help="Name, #id or ACC number.")],
    name: Annotated[Optional[str], typer.Option("--name", help="New name.")] = None,
    acc_number: Annotated[Optional[str], typer.Option("--acc-number", help="New ACC number.")] = None,
    club: Annotated[Optional[str], typer.Option("--club", help="New club.")] = None,
    email: Annotated[Optional[str], typer.Option("--email", help="New e-mail address.")] = None,
    avoid: Annotated[Optional[List[str]], typer.Option("--avoid", help="Never pair with this player (family); repeatable.")] = None,
    allow: Annotated[Optional[List[str]], typer.Option("--no-avoid", help="Pair with this player again; repeatable.")] = None,
) -> None:
    """Change a player's details (an empty string clears a field).

    \b
    Example: crib-tourney player edit "Pat Smith" --club "Oak Hall"
             crib-tourney player edit "Pat Smith" --avoid "Chris Smith"
    """
    if name is None and acc_number is None and club is None and email is None and not avoid and not allow:
        raise CribError("nothing to change: give --name, --acc-number, --club, --email, --avoid or --no-avoid")
    with db() as conn:
        p = edit_player(conn, player_id(conn, player), name, acc_number, club, email)
        kept = keep_apart(conn, p.id, [player_id(conn, o) for o in avoid or []], True)
        kept += keep_apart(conn, p.id, [player_id(conn, o) for o in allow or []], False)
    say(f"updated player #{p.id} {p.name}")
    for k in kept:
        say(f"{k.player} and {k.other} " + ("are kept apart in every pairing" if k.apart else "may be paired again"))


@players_app.command("import")
def import_(
    file: Annotated[Path, typer.Argument(help="CSV with a header: name, acc_number, club, email (and optionally rating, rd, volatility; mrps: lifetime MRPs before); or the ACC desk's roster.")],
) -> None:
    """Import players from a CSV file, all or nothing.

    Optional columns rating, rd and volatility give a player's starting rating
    (Glicko-2: a newcomer's rd 50 and volatility 0.01 when left empty), his first rated
    event starts from it; given for a player on the roster already, it is set.

    Example: crib-tourney player import examples/club-roster.csv
    """
    roster = roster_rows(read_text_file(file), str(file))
    with db() as conn:
        done = import_players(conn, roster)
    say(f"imported {done.added} players" + (f", {done.skipped} already on the roster" if done.skipped else "")
        + (f"; starting ratings for {done.rated}" if done.rated else ""))


@players_app.command("export")
def export(
    output: Annotated[Optional[Path], typer.Option("--output", "-o", help="Write to this file instead of stdout (- is stdout).")] = None,
    format: Annotated[str, typer.Option("--format", help="crib-tourney (id, name, acc_number, club, email) or acc-desk (First Name,Last Name,Email,ACC #,Scorecard Type).")] = "crib-tourney",
) -> None:
    """Export the roster as CSV (the same columns import reads), or as the ACC
    desk's roster file.

    \b
    Examples:
      crib-tourney player export -o roster.csv
      crib-tourney player export --format acc-desk -o acc-roster.csv
    """
    if format not in ("crib-tourney", "acc-desk"):
        raise CribError(f"--format is crib-tourney or acc-desk, not '{format}'")
    with db(write=False) as conn:
        players = search_players(conn, None)
    if format == "acc-desk":
        text = csv_text(ROSTER_HEADER, [[*split_name(p.name), p.email or "", p.acc_number or "", SCORECARD_TYPE]
                                        for p in players])
    else:
        text = csv_text(["id"] + CSV_FIELDS, [[p.id, p.name, p.acc_number, p.club, p.email] for p in players])
    if write_or_print(output, text):
        note(f"wrote {len(players)} players to {output}")


@players_app.command("games")
def games(
    event: Annotated[str, typer.Argument(help="The event's id or its name.")],
    player: Annotated[str, typer.Argument(help="Name (or team), #id or ACC number.")],
    as_json: JsonOption = False,
) -> None:
    """Every game of a player in an event, both scores, and whether the two cards agree.

    Example: crib-tourney player games "Spring Open" "Pat Smith"
    """
    with db(write=False) as conn:
        event_no = event_id(conn, event)
        data = player_games(conn, event_no, entry_id(conn, event_no, player))
    if as_json:
        print_json(data)
        return
    agree = {True: "yes", False: "NO", None: ""}
    print_table(f"{data['player']} in {data['event']}", ["game", "table", "opponent", "score", "GP", "spread", "cards agree"],
                [[g["game"], g["table"], g["opponent"], _score_cell(g), g["game_points"], "" if g["spread"] is None else f"{g['spread']:+d}", agree[g["cards_agree"]]]
                 for g in data["games"]], right=["game", "table", "GP", "spread"])


def _score_cell(game: Mapping[str, Any]) -> str:
    """A game's score as the card reads: a forfeit in words (its scores are only 0-0)."""
    if game["score"] is None:
        return ""
    if game.get("forfeit") in ("won", "lost"):
        return {"won": "won by forfeit", "lost": "forfeited"}[game["forfeit"]]
    return f"{game['score']}-{game['opponent_score']}" + (
        f"-{game['opponent2_score']}" if game.get("opponent2_score") is not None else "")


@players_app.command("history")
def history(
    player: Annotated[str, typer.Argument(help="Name, #id or ACC number.")],
    as_json: JsonOption = False,
) -> None:
    """A player's record in every event and league night of this database.

    Example: crib-tourney player history "Pat Smith" --json
    """
    with db(write=False) as conn:
        found = player_id(conn, player)
        data = player_history(conn, found)
        rated = of_player(conn, found)
        made = made_here(conn)
    if as_json:
        print_json({**data.as_dict(), "rating": rated.as_dict()})
        _keep_ratings_made(made)
        return
    change = {e.event: e for e in rated.events}  # event names are unique
    print_table(f"{data.player}: history", ["event", "date", "place", "GP", "W", "L", "spread", "prize", "MRPs", "rating", "change"],
                [[e.event, e.date or "", e.place, e.game_points, e.wins, e.losses, f"{e.spread:+d}", format_money(e.prize),
                  "" if e.mrps is None else e.mrps,
                  f"{change[e.event].after:.0f}" if e.event in change else "",
                  f"{change[e.event].after - change[e.event].before:+.0f}" if e.event in change else ""]
                 for e in data.events], right=["GP", "W", "L", "spread", "prize", "MRPs", "rating", "change"])
    say(f"{len(data.events)} events: {data.game_points} game points, {data.wins}-{data.losses}, spread {data.spread:+d},"
        f" prizes {format_money(data.prize)}" + (f", {data.mrps} MRPs" if data.mrps else "") + f"; rating {rating_line(rated)}")
    _keep_ratings_made(made)


def _keep_ratings_made(made: Made | None) -> None:
    """Keep the ratings this read had to make from every game, once it has printed, so
    the next player's read is quick (services/ratings.keep_made). A cache: where the
    database takes no write now (a read-only medium, another writer past the busy
    timeout) it is left for a later read, and the command has done its job."""
    if made is None:
        return
    try:
        with db() as conn:
            keep_made(conn, made)
    except Exception as exc:  # noqa: BLE001 (the database's own errors only, as cli/app.py tells them)
        if not isinstance(exc, CribError) and not is_database_error(exc):
            raise


@players_app.command("ratings")
def ratings(
    club: Annotated[Optional[str], typer.Option("--club", help="Only the players of this club.")] = None,
    min_games: Annotated[int, typer.Option("--min-games", help="Only players with at least this many rated games.")] = 0,
    as_json: JsonOption = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print CSV.")] = False,
) -> None:
    """The rating list: every player's Glicko-2 rating from every final game in the database.

    RD is the rating's uncertainty: the range shown is rating +/- 2 RD (95%).
    A '?' marks a provisional rating (RD above 90% of a newcomer's 50: about
    the first nine games). `ratings rebuild` keeps them (a read that had
    to make them keeps them too).

    Example: crib-tourney player ratings --club "Elm Street" --min-games 10
    """
    if as_json and as_csv:
        raise typer.BadParameter("choose one of --json and --csv", param_hint="--json/--csv")
    with db(write=False) as conn:
        rows = table(conn, club, min_games)
        made = made_here(conn)
    if as_json:
        print_json({"ratings": [r.as_dict() for r in rows]})
    elif as_csv:
        typer.echo(csv_text(["rank", "player", "club", "rating", "rd", "volatility", "games", "last_played", "provisional"],
                            ([r.rank, r.player, r.club, f"{r.rating:.1f}", f"{r.rd:.1f}", f"{r.volatility:.6f}", r.games,
                              r.last_played, "yes" if r.provisional else ""] for r in rows)), nl=False)
    else:
        print_table("Ratings", ["#", "player", "rating", "range (95%)", "games", "last played"],
                    [[r.rank, r.player, f"{r.rating:.0f}" + ("?" if r.provisional else ""), rating_range(r.rating, r.rd),
                      r.games, r.last_played or ""] for r in rows], right=["#", "rating", "games"])
    _keep_ratings_made(made)


def rating_line(rated: "PlayerRating") -> str:
    """A player's rating in words: 1623 (1501-1745), 42 games, #3 (or 'none yet')."""
    if rated.rating is None or rated.rd is None:
        return "none yet (no rated game)"
    return (f"{rated.rating:.0f}{'?' if rated.provisional else ''} ({rating_range(rated.rating, rated.rd)}), "
            f"{rated.games} rated game{'' if rated.games == 1 else 's'}, #{rated.rank}" + (" (provisional)" if rated.provisional else ""))


def rating_range(rating: float, rd: float) -> str:
    return f"{rating - 2 * rd:.0f}-{rating + 2 * rd:.0f}"


@players_app.command("rankings")
def rankings(
    season: Annotated[Optional[str], typer.Option("--season", help="The season, e.g. 2026-27 (August 1 to July 31; default: this one).")] = None,
    as_json: JsonOption = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print CSV.")] = False,
) -> None:
    """Season rankings by ACC Master Rating Points: each player's MRPs over the
    season's finished ACC events, his lifetime total and the titles he crossed.

    Example: crib-tourney player rankings --season 2026-27 --csv
    """
    if as_json and as_csv:
        raise typer.BadParameter("choose one of --json and --csv", param_hint="--json/--csv")
    with db(write=False) as conn:
        data = season_rankings(conn, season)
    if as_json:
        print_json(data.as_dict())
        return
    columns = ["rank", "name", "acc_number", "season_mrps", "events", "lifetime_mrps", "titles_crossed", "title"]
    if as_csv:
        typer.echo(csv_text(columns, ([r.rank, r.name, r.acc_number or "", r.season, r.events, r.lifetime,
                                       "; ".join(r.crossed), r.title or ""] for r in data.rows)), nl=False)
        return
    print_table(f"Season {data.season} ({data.first} to {data.last}): MRP rankings",
                ["rank", "player", "ACC", "MRPs", "events", "lifetime", "title", "crossed this season"],
                [[r.rank, r.name, r.acc_number or "", r.season, r.events, r.lifetime, r.title or "", ", ".join(r.crossed)]
                 for r in data.rows], right=["rank", "MRPs", "events", "lifetime"])
    say(f"{len(data.events)} ACC event(s) counted" + (f": {', '.join(data.events)}" if data.events else ""))
