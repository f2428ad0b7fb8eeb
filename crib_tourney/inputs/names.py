"""Names into ids: events, leagues, players and an event's entries, as typed
(an id, '#12', 'Name #12', an ACC number, or a name matched as people type it).
Refusals say what was not found or list the candidates (tourney/names.py)."""

from __future__ import annotations

import re

from crib_tourney.errors import NotFound
from crib_tourney.records import record
from crib_tourney.store import directory
from crib_tourney.store.sql import Db
from crib_tourney.tourney.names import checked_name


def event_id(db: Db, text: str) -> int:
    return directory.find_event(db, text).id


def league_id(db: Db, text: str) -> int:
    return directory.find_league_id(db, text)


def player_id(db: Db, text: str, loose: bool = True) -> int:
    """A player on the roster. ``loose`` also takes a unique last name, initial plus
    last name or prefix; without it only the whole name matches."""
    return directory.find_player(db, text, loose).id


def entry_id(db: Db, event: int, text: str) -> int:
    """The competitor a name means in an event: an entrant by name (a team by its
    name) first, then any player and his entry (his team's in a team event)."""
    return directory.find_entry(db, directory.find_event(db, str(event)), text).id


@record
class NewPlayer:
    """A name not on the roster, to be added by the command that names it (--new)."""

    name: str


def players_or_new(db: Db, texts: list[str], add_unknown: bool) -> list[int | NewPlayer]:
    """Players by what was typed; with ``add_unknown`` a name not on the roster
    becomes a NewPlayer (only the whole name finds a player then: 'Pat' must not
    become 'Patricia Smith'). '#12' and 'Pat #12' must name someone who exists."""
    found: list[int | NewPlayer] = []
    for text in texts:
        try:
            found.append(player_id(db, text, loose=not add_unknown))
        except NotFound:
            if not add_unknown or re.search(r"#\d+$", text.strip()):
                raise
            found.append(NewPlayer(checked_name(text, "player")))
    return found
