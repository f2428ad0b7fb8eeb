"""The pages of the live view and of the published site: one function per page,
its data from the services (its JSON twin is exactly what the CLI prints), its
HTML from templates/web. A page is named by its site path ("events/3/standings");
the server and the publisher only differ in how a path becomes a link.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Callable, Mapping

from crib_tourney.errors import CribError, NotFound
from crib_tourney.store.sql import Db

if TYPE_CHECKING:
    from crib_tourney.store.rows import Event

# Ids in paths are ASCII digits, and no longer than an id can be: \d would take '١'
# and '１' for event 1, and int() refuses a number past 4,300 digits.
_ID = "([0-9]{1,19})"
PATH = re.compile(rf"^(?:index|events/{_ID}/(index|standings|tables|bracket|players/{_ID})|leagues/{_ID}/index)$")


@dataclass
class Page:
    path: str  # "events/3/standings": no leading slash, no extension
    template: str
    title: str
    kind: str
    heading: str
    context: dict = field(default_factory=dict)
    data: Mapping[str, Any] | None = None  # the JSON twin, served at path + ".json"
    nav: list[tuple[str, str]] = field(default_factory=list)


def page(db: Db, path: str) -> Page:
    """The page at a site path, or NotFound."""
    match = PATH.fullmatch(path)
    if not match:
        raise NotFound(f"no page {path}")
    if path == "index":
        return _index(db)
    event_id, what, entry_id, league_id = match.groups()
    if league_id is not None:
        return _league(db, int(league_id))
    event = _event(db, int(event_id))
    builder: Callable[..., Page] = {"index": _overview, "standings": _standings, "tables": _tables, "bracket": _bracket}.get(
        what, _player)
    built = builder(db, event, int(entry_id)) if entry_id is not None else builder(db, event)
    built.nav = [("Overview", f"events/{event.id}/index"), ("Standings", f"events/{event.id}/standings"),
                 ("Tables", f"events/{event.id}/tables"), ("Bracket", f"events/{event.id}/bracket"), ("All events", "index")]
    return built


def last_change(db: Db) -> str:
    """When the data last changed (the newest audit entry), as a published page shows it."""
    from crib_tourney.store.writer import last_change_at as changed

    at = changed(db)
    return at[:16] if at else "not yet"


def event_paths(db: Db, event_id: int) -> list[str]:
    """Every page of one event (what publish writes)."""
    from crib_tourney.store.directory import entries_of

    event = _event(db, event_id)
    pages = [f"events/{event_id}/{p}" for p in ("index", "standings", "tables", "bracket")]
    return pages + [f"events/{event_id}/players/{e.id}" for e in entries_of(db, event)]


def render(built: Page, href: Callable[[str], str], live: bool, fragment: bool = False, updated: str | None = None) -> str:
    """The page's HTML (or, with ``fragment``, only its content); ``updated`` is
    the time shown (default: now)."""
    from crib_tourney.render.templates import environment

    template = environment().get_template(built.template)
    context = {"title": f"{built.heading} · {built.kind}", "kind": built.kind, "heading": built.heading, "nav": built.nav,
               "here": built.path, "href": href, "live": live, "updated": updated or datetime.now().strftime("%H:%M:%S"),
               **built.context}
    if fragment:  # only the page's content: what the live pages fetch to follow new results
        return "".join(template.blocks["main"](template.new_context(context)))
    return template.render(context)


# --- the pages ---------------------------------------------------------------

def _event(db: Db, event_id: int) -> Event:
    from crib_tourney.store.events import load_event

    try:
        return load_event(db, event_id)
    except CribError:
        raise NotFound(f"no event {event_id}") from None


def _index(db: Db) -> Page:
    from crib_tourney.services.events import event_summaries
    from crib_tourney.services.leagues import league_summaries

    events, leagues = event_summaries(db), league_summaries(db)
    return Page("index", "web/index.html", "crib-tourney", "Events", "Events and leagues",
                {"events": events, "leagues": leagues}, {"events": events, "leagues": leagues})


def _overview(db: Db, event) -> Page:  # type: ignore[no-untyped-def]
    from crib_tourney.services.events import event_details
    from crib_tourney.services.standings import check_cards

    details = event_details(db, event.id)
    missing = sum(p.problem == "missing" for p in check_cards(db, event))
    return Page(f"events/{event.id}/index", "web/event.html", event.name, "Event", event.name,
                {"event": details, "missing": missing}, details | {"results_missing": missing})


def _standings(db: Db, event: Event) -> Page:
    from crib_tourney.services.printing import standings_data
    from crib_tourney.services.standings import event_standings

    data = standings_data(db, event.id)
    entry_ids = [r.player for r in event_standings(db, event)]
    return Page(f"events/{event.id}/standings", "web/standings.html", event.name, "Standings", event.name,
                {"rows": data["rows"], "cut": data["cut"], "event_id": event.id, "entry_ids": entry_ids,
                 "team_event": event.team_size > 1},
                {"event": event.name, "rows": data["rows"]})


def _tables(db: Db, event: Event) -> Page:
    from crib_tourney.services.printing import tables_data
    from crib_tourney.store import qualifying as q

    game = find = None
    if q.scheduled_games(db, event.id):
        data = tables_data(db, event.id)["games"][0]
        find = data.pop("find")
        game = data
    return Page(f"events/{event.id}/tables", "web/tables.html", event.name, "Tables", event.name,
                {"game": game, "find": find, "team_event": event.team_size > 1}, game)


def _bracket(db: Db, event) -> Page:  # type: ignore[no-untyped-def]
    from crib_tourney.render.bracket_chart import pages as chart_pages
    from crib_tourney.services.playoffs import bracket_document, bracket_json
    from crib_tourney.store import brackets as st
    from crib_tourney.tourney.formats import FORMATS

    charts, data, champion = [], None, None
    if st.seeded_count(db, event.id):
        full = bracket_json(db, event)
        data, champion = bracket_document(full), full["champion"]
        charts = [{"title": t, "svg": svg} for t, svg in chart_pages(full["rounds"], champion,
                                                                      champion_column=not FORMATS[event.format].grand_final)]
    return Page(f"events/{event.id}/bracket", "web/bracket.html", event.name, "Bracket", event.name,
                {"charts": charts, "champion": champion}, data)


def _player(db: Db, event: Event, entry_id: int) -> Page:
    """One entry's games: the same rows as `player games --json`."""
    from crib_tourney.services.histories import games_of
    from crib_tourney.store.directory import entries_of, entry_names, member_names

    if entry_id not in {e.id for e in entries_of(db, event)}:
        raise NotFound(f"no entry {entry_id} in event {event.id}")
    name = entry_names(db, event)[entry_id]
    games = games_of(db, event.id, entry_id)
    members = member_names(db, event).get(entry_id, []) if event.team_size > 1 else []
    return Page(f"events/{event.id}/players/{entry_id}", "web/player.html", name, "Games", name,
                {"games": games, "members": members},
                {"event": event.name, "player": name, "members": members, "games": games})


def _league(db: Db, league_id: int) -> Page:
    from crib_tourney.services.leagues import season_view

    try:
        season = season_view(db, league_id)
    except CribError:
        raise NotFound(f"no league {league_id}") from None
    built = Page(f"leagues/{league_id}/index", "web/league.html", season["league"], "Season", season["league"],
                 {"season": season}, season)
    built.nav = [("All events", "index")]
    return built
