"""Build the benchmark database: an event of 1,000 players with 22 games played.

    python tests/benchmarks/build_big_event.py PATH.db [--players 1000] [--games 22] [--changes-every 3]

It goes through the project's own services and audit writer (the code the CLI runs), but
enters each game's 500 results in one call, the way `result import` does, so the
build takes seconds rather than the minutes 11,000 separate commands would.
``--changes-every N``: after every N games played, five entries withdraw and five
late entries arrive (the services `withdraw` and `enter --new` run), as a field
changes in a long event.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from crib_tourney.inputs.names import NewPlayer
from crib_tourney.services.events import create_event, enter, enter_players, schedule_next, withdraw
from crib_tourney.services.results import outcome_row
from crib_tourney.store.writer import Change, Log
from crib_tourney.store.db import transaction
from crib_tourney.store.players import add_player
from crib_tourney.store.qualifying import pairings
from crib_tourney.store.rows import Entry, Event, fetch
from crib_tourney.tourney.reconcile import Card
from crib_tourney.tourney.settings import EventSettings


def build(path: Path, players: int, games: int, extra_games: int = 1, event_games: int | None = None,
          changes_every: int = 0) -> None:
    """``games`` played, ``extra_games`` more paired; the event has ``event_games`` (default both);
    every ``changes_every`` games played (0: never) the field changes by five withdrawals and five late entries."""
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    rnd = random.Random(7)
    location = str(path)
    with transaction(location) as db:
        event = create_event(db, "Big Open", EventSettings(games=event_games or games + extra_games))
        change = Change(db, "enter", Log(event.id))
        roster = [add_player(change, f"Player {i:04d}", str(100000 + i), None, None) for i in range(players)]
        enter_players(change, event, roster)
        change.log(f"entered {players} players")
    for game in range(1, games + extra_games + 1):
        with transaction(location) as db:
            (event,) = fetch(db, Event)
            change = Change(db, "round", Log(event.id))
            schedule_next(change, event)
            change.log(f"paired game {game}")
        if game <= games:
            play_game(location, game, rnd)
            if changes_every and game % changes_every == 0 and game < (event_games or games + extra_games):
                change_field(location, game, rnd)


def change_field(location: str, game: int, rnd: random.Random, count: int = 5) -> None:
    """``count`` entries still playing withdraw, and ``count`` new players enter late."""
    with transaction(location) as db:
        (event,) = fetch(db, Event)
        playing = [e for e in fetch(db, Entry, "withdrawn_after IS NULL") if e.event_id == event.id]
        for entry in rnd.sample(playing, count):
            withdraw(db, event.id, entry.id)
        enter(db, event.id, [NewPlayer(f"Late {game}-{k}") for k in range(count)])


def play_game(location: str, game: int, rnd: random.Random) -> None:
    """Enter a result at every table of ``game`` (random scores, one audit entry)."""
    with transaction(location) as db:
        (event,) = fetch(db, Event)
        change = Change(db, "import", Log(event.id))
        for pairing in pairings(db, event.id, game):
            if pairing.entry2_id is None:
                continue
            loser = max(45, min(120, int(rnd.gauss(101, 13))))
            a, b = (121, loser) if rnd.random() < 0.5 else (loser, 121)
            change.replace("outcome", {"pairing_id": pairing.id}, [
                outcome_row(event, pairing.id, Card(pairing.entry1_id, a, b, "none", "result")),
                outcome_row(event, pairing.id, Card(pairing.entry2_id, b, a, "none", "result"))])
        change.log(f"game {game}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("path", type=Path)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--games", type=int, default=22)
    parser.add_argument("--extra-games", type=int, default=1, help="games paired but not played")
    parser.add_argument("--changes-every", type=int, default=0, help="five withdrawals and five late entries every N games")
    args = parser.parse_args()
    build(args.path, args.players, args.games, args.extra_games, changes_every=args.changes_every)


if __name__ == "__main__":
    main()
