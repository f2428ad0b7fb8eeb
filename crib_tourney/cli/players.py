"""player add | list | show | edit | import | export"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, List, Optional

import typer

from crib_tourney.cli.common import JsonOption, db, read_text_file
from crib_tourney.cli.output import note, print_json, print_table
from crib_tourney.errors import CribError

players_app = typer.Typer(help="Players: the club's roster, kept across events.", no_args_is_help=True)

CSV_FIELDS = ["name", "acc_number", "club", "email"]


@players_app.command("add")
def add(
    name: Annotated[str, typer.Argument(help="The player's name as it should print.")],
    acc_number: Annotated[Optional[str], typer.Option("--acc-number", help="ACC membership number.")] = None,
    club: Annotated[Optional[str], typer.Option("--club", help="Home club.")] = None,
    email: Annotated[Optional[str], typer.Option("--email", help="E-mail address.")] = None,
) -> None:
    """Add a player to the roster.

    Example: crib-tourney player add "Pat Smith" --acc-number 12345 --club "Elm Street"
    """
    from crib_tourney.services.players import add as add_player
    from crib_tourney.tourney.names import checked_name

    checked_name(name, "player")  # before the database is opened (or created)
    with db() as conn:
        player = add_player(conn, name, acc_number, club, email)
    typer.echo(f"added player #{player.id} {player.name}")


@players_app.command("list")
def list_(
    search: Annotated[Optional[str], typer.Argument(help="Case-insensitive part of a name, club or ACC number.")] = None,
    as_json: JsonOption = False,
) -> None:
    """List players, optionally matching a search.

    Example: crib-tourney player list smith
    """
    from crib_tourney.services.players import search as search_players

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
    """Show one player and the events they entered.

    Example: crib-tourney player show "Pat Smith"
    """
    from crib_tourney.services.players import details

    with db(write=False) as conn:
        data = details(conn, player)
    if as_json:
        print_json(data)
        return
    typer.echo(f"#{data['id']} {data['name']}")
    for key in ("acc_number", "club", "email"):
        if data[key]:
            typer.echo(f"  {key.replace('_', ' ')}: {data[key]}")
    typer.echo("  events: " + (", ".join(data["events"]) or "none"))
    if data["kept_apart_from"]:
        typer.echo("  never paired with: " + ", ".join(data["kept_apart_from"]))


@players_app.command("edit")
def edit(
    player: Annotated[str, typer.Argument(help="Name, #id or ACC number.")],
    name: Annotated[Optional[str], typer.Option("--name", help="New name.")] = None,
    acc_number: Annotated[Optional[str], typer.Option("--acc-number")] = None,
    club: Annotated[Optional[str], typer.Option("--club")] = None,
    email: Annotated[Optional[str], typer.Option("--email")] = None,
    avoid: Annotated[Optional[List[str]], typer.Option("--avoid", help="Never pair with this player (family); repeatable.")] = None,
    allow: Annotated[Optional[List[str]], typer.Option("--no-avoid", help="Pair with this player again; repeatable.")] = None,
) -> None:
    """Change a player's details (an empty string clears a field).

    \b
    Example: crib-tourney player edit "Pat Smith" --club "Oak Hall"
             crib-tourney player edit "Pat Smith" --avoid "Chris Smith"
    """
    from crib_tourney.services.players import edit as edit_player
    from crib_tourney.services.players import keep_apart

    with db() as conn:
        p = edit_player(conn, player, name, acc_number, club, email)
        lines = keep_apart(conn, f"#{p.id}", avoid or [], True) + keep_apart(conn, f"#{p.id}", allow or [], False)
    typer.echo(f"updated player #{p.id} {p.name}")
    for line in lines:
        typer.echo(line)


@players_app.command("import")
def import_(
    file: Annotated[Path, typer.Argument(help="CSV with a header: name, acc_number, club, email.")],
) -> None:
    """Import players from a CSV file, all or nothing.

    Example: crib-tourney player import examples/club-roster.csv
    """
    from crib_tourney.services.players import import_players

    text = read_text_file(file)
    with db() as conn:
        added, skipped = import_players(conn, text, str(file))
    typer.echo(f"imported {added} players" + (f", {skipped} already on the roster" if skipped else ""))


@players_app.command("export")
def export(
    output: Annotated[Optional[Path], typer.Option("--output", "-o", help="Write to this file instead of stdout.")] = None,
) -> None:
    """Export the roster as CSV (the same columns import reads).

    Example: crib-tourney player export -o roster.csv
    """
    from crib_tourney.csvfiles import csv_text
    from crib_tourney.services.players import search as search_players

    with db(write=False) as conn:
        players = search_players(conn, None)
    text = csv_text(["id"] + CSV_FIELDS, [[p.id, p.name, p.acc_number, p.club, p.email] for p in players])
    if output is None:
        typer.echo(text, nl=False)
    else:
        try:
            output.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise CribError(f"cannot write {output}: {exc.strerror}") from None
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
    from crib_tourney.services.histories import player_games

    with db(write=False) as conn:
        data = player_games(conn, event, player)
    if as_json:
        print_json(data)
        return
    agree = {True: "yes", False: "NO", None: ""}
    print_table(f"{data['player']} in {data['event']}", ["game", "table", "opponent", "score", "GP", "spread", "cards agree"],
                [[g["game"], g["table"], g["opponent"], "" if g["score"] is None else f"{g['score']}-{g['opponent_score']}",
                  g["game_points"], "" if g["spread"] is None else f"{g['spread']:+d}", agree[g["cards_agree"]]]
                 for g in data["games"]], right=["game", "table", "GP", "spread"])


@players_app.command("history")
def history(
    player: Annotated[str, typer.Argument(help="Name, #id or ACC number.")],
    as_json: JsonOption = False,
) -> None:
    """A player's record in every event and league night of this database.

    Example: crib-tourney player history "Pat Smith" --json
    """
    from crib_tourney.services.histories import history as load

    with db(write=False) as conn:
        data = load(conn, player)
    if as_json:
        print_json(data)
        return
    print_table(f"{data['player']}: history", ["event", "date", "place", "GP", "W", "L", "spread", "prize"],
                [[e["event"], e["date"] or "", e["place"], e["game_points"], e["wins"], e["losses"], f"{e['spread']:+d}",
                  e["prize"]] for e in data["events"]], right=["GP", "W", "L", "spread", "prize"])
    t = data["totals"]
    typer.echo(f"{t['events']} events: {t['game_points']} game points, {t['wins']}-{t['losses']}, spread {t['spread']:+d}, prizes {t['prize']}")


def register(app: typer.Typer) -> None:
    app.add_typer(players_app, name="player")
