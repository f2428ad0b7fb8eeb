"""Build the benchmark database: an event of 1,000 players with 22 games played.

    python tests/benchmarks/build_big_event.py PATH.db [--players 1000] [--games 22]

It goes through the project's own store functions (the code the CLI runs), but
enters each game's 500 results in one call, the way `result import` does, so the
build takes seconds rather than the minutes 11,000 separate commands would.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from crib_tourney.store.db import transaction
from crib_tourney.store.entries import enter_players
from crib_tourney.store.events import create_event
from crib_tourney.store.players import add_player
from crib_tourney.store.results import change_outcomes, mirror_rows
from crib_tourney.store.rows import Event, Pairing, fetch
from crib_tourney.store.schedule import schedule_next
from crib_tourney.tourney.settings import DEFAULTS


def build(path: Path, players: int, games: int, extra_games: int = 1) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    rnd = random.Random(7)
    location = str(path)
    with transaction(location) as db:
        event = create_event(db, "Big Open", DEFAULTS | {"games": games + extra_games})
        roster = [add_player(db, f"Player {i:04d}", str(100000 + i), None, None) for i in range(players)]
        enter_players(db, event, roster)
    for game in range(1, games + extra_games + 1):
        with transaction(location) as db:
            (event,) = fetch(db, Event)
            schedule_next(db, event)
            if game > games:
                continue
            rows = {}
            for pairing in fetch(db, Pairing, "game_no = :g AND player2_id IS NOT NULL", g=game):
                loser = max(45, min(120, int(rnd.gauss(101, 13))))
                winner_first = rnd.random() < 0.5
                scores = {pairing.player1_id: 121 if winner_first else loser, pairing.player2_id: loser if winner_first else 121}
                rows[pairing.id] = mirror_rows(event, pairing, scores)
            change_outcomes(db, event, "import", f"game {game}", rows)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("path", type=Path)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--games", type=int, default=22)
    args = parser.parse_args()
    build(args.path, args.players, args.games)


if __name__ == "__main__":
    main()
