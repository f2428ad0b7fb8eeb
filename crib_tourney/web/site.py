"""The pages of the live view and of the published site: one function per page,
its data from the services (its JSON twin is exactly what the CLI prints), its
HTML from templates/web. A page is named by its site path ("events/3/standings");
the server and the publisher only differ in how a path becomes a link.
"""

from __future__ import annotations

import dataclasses
import re
from html import escape
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Callable, Mapping

from crib_tourney.errors import CribError, NotFound
from crib_tourney.services import site as facts
from crib_tourney.services.desk import round_grid
from crib_tourney.services.standings import standings, standings_document, check_cards
from crib_tourney.services.mrps import mrps_of
from crib_tourney.render import documents
from crib_tourney.render.pdf import render_chunk
from crib_tourney.render.terms import BYE
from crib_tourney.services.database import Db
from crib_tourney.services.site import Event
from crib_tourney.render.templates import environment
from crib_tourney.services.events import event_summaries, event_details
from crib_tourney.services.leagues import league_summaries, records, season_view
from crib_tourney.services.playoffs import event_decided, round_robin_finished, bracket_json, placings_view, bracket_document
from crib_tourney.services.ratings import table, during
from crib_tourney.tourney.formats import FORMATS
from crib_tourney.render.bracket_chart import pages as chart_pages, HEIGHT, WIDTH
from crib_tourney.services.placings import placings
from crib_tourney.services.printing import document_data, paper_names, tables_data
from crib_tourney.services.histories import games_of
from crib_tourney.tourney.scoring import won_game

# Ids in paths are ASCII digits, and no longer than an id can be: \d would take '١'
# and '１' for event 1, and int() refuses a number past 4,300 digits.
_ID = "([0-9]{1,19})"
PATH = re.compile(rf"^(?:index|ratings|events/{_ID}/(index|standings|tables|bracket|placings|checkin|players/{_ID})|leagues/{_ID}/index)$")


@dataclass
class Page:
    path: str  # "events/3/standings": no leading slash, no extension
    template: str
    title: str
    kind: str
    heading: str
    context: dict[str, Any] = field(default_factory=dict)
    data: Mapping[str, Any] | None = None  # the JSON twin, served at path + ".json"
    nav: list[tuple[str, str]] = field(default_factory=list)
    updated: datetime | None = None  # when what the page shows last changed (UTC): its event, its league, or anything


def updated_text(at: datetime | None, now: datetime | None = None) -> str:
    """When a page's data last changed, in local time: the time alone today, with
    the date on another day ("not yet" before any change).

    >>> updated_text(None)
    'not yet'
    >>> updated_text(datetime(2026, 10, 17, 9, 5, 3), datetime(2027, 1, 1).astimezone())[:10]
    '2026-10-17'
    """
    if at is None:
        return "not yet"
    local = at.replace(tzinfo=timezone.utc).astimezone()
    today = (now or datetime.now().astimezone()).date()
    return local.strftime("%H:%M:%S") if local.date() == today else local.strftime("%Y-%m-%d %H:%M")


def on_screen(value: Any, names: Mapping[str, str]) -> Any:
    """``value`` with every namesake named as paper names him (services/printing.paper_names:
    'Janet Novak (ACC 90391)', else her club, never the database's '#19'), in
    strings, dicts (keys too), lists, tuples and frozen dataclasses alike."""
    if not names:
        return value
    pattern = re.compile("|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) + r"(?!\d)")

    def walk(v: Any) -> Any:
        if isinstance(v, str):
            return pattern.sub(lambda m: names[m.group(0)], v) if "#" in v else v
        if isinstance(v, dict):
            return {walk(k): walk(x) for k, x in v.items()}
        if isinstance(v, (list, tuple)) and not hasattr(v, "_fields"):
            return type(v)(walk(x) for x in v)
        if dataclasses.is_dataclass(v) and not isinstance(v, type):
            return dataclasses.replace(v, **{f.name: walk(getattr(v, f.name)) for f in dataclasses.fields(v) if f.init})
        return v

    return walk(value)


def page(db: Db, path: str) -> Page:
    """The page at a site path, or NotFound."""
    match = PATH.fullmatch(path)
    if not match:
        raise NotFound(f"no page {path}")
    return _named(db, _page(db, path, match))


def _named(db: Db, built: Page) -> Page:
    """The page with its namesakes named as on paper (the JSON twin keeps the CLI's '#id')."""

    names = paper_names(db)
    if names:
        built.context = on_screen(built.context, names)
        built.heading, built.title = on_screen(built.heading, names), on_screen(built.title, names)
    return built


def _page(db: Db, path: str, match: re.Match[str]) -> Page:
    if path == "index":
        return _index(db)
    if path == "ratings":
        return _ratings(db)
    event_id, what, entry_id, league_id = match.groups()
    if league_id is not None:
        return _league(db, int(league_id))
    event = _event(db, int(event_id))
    builder: Callable[..., Page] = {"index": _overview, "standings": _standings, "tables": _tables, "bracket": _bracket,
                                    "placings": _placings, "checkin": _checkin}.get(what, _player)
    built = builder(db, event, int(entry_id)) if entry_id is not None else builder(db, event)
    built.nav = [("Overview", f"events/{event.id}/index"), ("Standings", f"events/{event.id}/standings"),
                 ("Tables", f"events/{event.id}/tables")]
    if _has_bracket(event):  # no bracket link where there is no cut (a round robin, a three-sided event)
        built.nav.append(("Bracket", f"events/{event.id}/bracket"))
    if _placed(db, event):
        built.nav.append(("Placings", f"events/{event.id}/placings"))
    built.nav.append(("All events", "index"))
    built.context.setdefault("event_id", event.id)
    built.updated = db.memo(("web changed", event.id), ("audit", "event"), lambda: facts.event_changed(db, event.id))
    return built


_NO_BRACKET = "{event} has no bracket: its places are its standings"


def _has_bracket(event: Event) -> bool:
    """Whether the event plays to a bracket (a three-sided event is placed by its standings)."""

    return FORMATS[event.format].layout is not None and event.sides != 3


def event_paths(db: Db, event_id: int) -> list[str]:
    """Every page of one event (what publish writes)."""
    event = _event(db, event_id)
    pages = [f"events/{event_id}/{p}" for p in ("index", "standings", "tables", "bracket", "checkin")
             if p != "bracket" or _has_bracket(event)]
    if _placed(db, event):
        pages.append(f"events/{event_id}/placings")
    return pages + [f"events/{event_id}/players/{entry}" for entry in facts.entry_ids(db, event)]


@dataclass(frozen=True)
class Intervals:
    """How often a live page and a player's phone ask the server for news
    (``refresh``, serve --refresh) and how long the projector shows each page of
    a long list, or each screen of a long page (``page``, serve --page-seconds),
    in seconds. The defaults suit a room; a crowded Wi-Fi wants slower polls, and
    the browser tests pass short ones. They reach the page as its body's
    data-refresh-ms and data-page-ms, which the page's script reads."""

    refresh: float = 5.0
    page: float = 8.0

    @property
    def refresh_ms(self) -> int:
        return max(1, round(self.refresh * 1000))

    @property
    def page_ms(self) -> int:
        return max(1, round(self.page * 1000))


def render(built: Page, href: Callable[[str], str], live: bool, fragment: bool = False, updated: str | None = None,
           content_etag: str = "", json_href: Callable[[str], str] | None = None, content: str | None = None,
           intervals: Intervals = Intervals()) -> str:
    """The page's HTML (or, with ``fragment``, only its content); ``updated`` is
    the time shown (default: when the page's data last changed, ``built.updated``); ``content_etag`` the ETag of the content alone
    (the live page's first poll sends it); ``json_href`` links a JSON twin;
    ``content``: the page's content as ``fragment`` rendered it (not rendered twice);
    ``intervals``: how often the page polls and the projector turns its pages."""
    template = environment().get_template(built.template)
    event_id = built.context.get("event_id")
    context = {"title": f"{built.heading} · {built.kind}", "kind": built.kind, "heading": built.heading, "nav": built.nav,
               "here": built.path, "href": href, "live": live, "updated": updated or updated_text(built.updated),
               "content_etag": content_etag, "refresh_ms": intervals.refresh_ms, "page_ms": intervals.page_ms,
               "me_sources": ({"find": href(f"events/{event_id}/tables"), "event": event_id} if event_id is not None else None),
               **built.context}
    if fragment:  # only the page's content: what the live pages fetch to follow new results
        return "".join(template.blocks["main"](template.new_context(context)))
    if content is not None:  # the content rendered already: only the frame around it
        return environment().get_template("web/base.html").render(context | {"content": content})
    return template.render(context)


# --- the pages ---------------------------------------------------------------

def _event(db: Db, event_id: int) -> Event:
    return facts.event_of(db, event_id)


def _index(db: Db) -> Page:
    """Leagues on top; then events in play first, then those not started, then
    the finished ones, each newest first."""
    events, leagues = event_summaries(db), league_summaries(db)
    nights = facts.league_night_events(db)
    shown: list[dict[str, Any]] = [{**e, **dict(zip(("state", "order"), _state(db, e, e["id"] in nights)))} for e in events]
    shown.sort(key=lambda e: (e["order"], _newest(e["date"], e["id"])))
    leagues = sorted(leagues, key=lambda lg: -lg["id"])
    ranked = _season_rankings(db)
    return Page("index", "web/index.html", "crib-tourney", "Events", "Events and leagues",
                {"events": shown, "leagues": leagues, "ratings": True, "rankings": ranked},
                {"events": events, "leagues": leagues} | ({"rankings": ranked} if ranked else {}),
                updated=facts.last_change(db))


def _state(db: Db, e: Mapping[str, Any], league_night: bool) -> tuple[str, int]:
    """An event's state as the index shows it, and its group: 0 in play, 1 not
    started, 2 finished (a league night is finished once its games are all in)."""

    event = facts.event_of(db, e["id"])
    if event_decided(db, event) or (league_night and not facts.cut_made(db, event.id) and round_robin_finished(db, event)):
        return "finished", 2
    if facts.cut_made(db, e["id"]):
        return "playoffs", 0
    if e["scheduled"]:
        return f"game {e['scheduled']} of {e['games']}", 0
    return "not started", 1


def _season_rankings(db: Db) -> dict[str, Any] | None:
    """The MRP rankings of the season of the newest dated ACC event (none: no such event)."""
    found = facts.newest_season_rankings(db)
    return None if found is None else found.as_dict()


def _ratings(db: Db) -> Page:
    """The rating list of every player: the rows of `player ratings --json`."""
    rows = [r.as_dict() for r in table(db)]
    built = Page("ratings", "web/ratings.html", "Ratings", "Ratings", "Ratings", {"rows": rows}, {"ratings": rows},
                 updated=facts.last_change(db))
    built.nav = [("All events", "index")]
    return built


def pages_in_play(db: Db) -> tuple[list[str], list[str]]:
    """The pages a room opens first, and its players' pages: the index, and for each
    event in play (as the index lists them first) its overview, standings, tables
    and bracket; then each of its entries' page."""
    shared, players = ["index"], []
    for e in _index(db).context["events"]:
        if e["order"] == 0:
            shared += [f"events/{e['id']}/{what}" for what in ("index", "standings", "tables", "bracket")]
            players += [f"events/{e['id']}/players/{entry}" for entry in facts.entry_ids(db, facts.event_of(db, e["id"]))]
    return shared, players


def _newest(date: str | None, ident: int) -> tuple[str, int]:
    """A sort key putting the newest first: later dates, then higher ids (no date: by id, after dated ones)."""
    inverted = "".join(chr(0x10FFFF - ord(c)) for c in date) if date else "\U0010ffff"
    return inverted, -ident


def _placed(db: Db, event: Event) -> bool:
    """Whether the event has places to show: a bracket, or a round robin (or a
    three-sided event: its standings order is the placing) played out. Asked twice
    by each page of the event: read once per data version."""

    def placed() -> bool:
        if facts.cut_made(db, event.id):
            return True
        return (FORMATS[event.format].placed_by_standings or event.sides == 3) and round_robin_finished(db, event)

    return db.memo(("web placed", event.id), ("seed", "outcome", "pairing", "entry", "event"), placed)


def _playoff(db: Db, event: Event) -> dict[str, Any] | None:
    """The bracket at a glance: the matches now playing (key, round, table, the two
    sides, games won), the champion; None before the cut."""
    if not facts.cut_made(db, event.id):
        return None
    full = bracket_json(db, event)
    playing = [{"key": m["key"], "round": r["name"], "table": m["table"], "players": m["players"], "seeds": m["seeds"],
                "wins": m["wins"], "best_of": m["best_of"]}
               for r in full["rounds"] for m in r["matches"]
               if m["winner"] is None and all(m["players"]) and not any(m["bye"])]
    return {"event": event.name, "champion": full["champion"], "matches": playing, "full": full}


def _overview(db: Db, event: Event) -> Page:
    details = event_details(db, event.id)
    missing = check_cards(db, event)  # no result, a lone card (pending), cards that disagree (disputed): none counts yet
    pending = sum(p.problem in ("one card", "missing cards") for p in missing)
    disputed = sum(p.problem == "disagree" for p in missing)
    playoff = _playoff(db, event)
    placings = placings_view(db, event) if _placed(db, event) else None
    finished = bool(placings and placings["complete"])
    if finished:
        progress = "finished"
    elif playoff:
        progress = "playoffs"
    elif details["scheduled"]:
        progress = f"game {details['scheduled']} of {details['settings']['games']}"
    else:
        progress = "not started"
    charts = _charts(db, event, playoff["full"]) if playoff else []
    return Page(f"events/{event.id}/index", "web/event.html", event.name, "Event", event.name,
                {"event": details, "missing": missing, "progress": progress, "playoff": playoff, "charts": charts,
                 "placings": placings if finished else None, "pending": pending, "disputed": disputed},
                details | {"results_missing": len(missing), "pending": pending, "disputed": disputed})


def _charts(db: Db, event: Event, full: Any) -> list[dict[str, Any]]:
    """The printed bracket chart, scaled to the screen, its names linked to their
    player pages: ``links`` pairs a placeholder href in ``svg`` with its page (the
    template makes each a link the way this site links, live or published)."""

    charts = chart_pages(full["rounds"], full["champion"], champion_column=not FORMATS[event.format].grand_final, screen=True)
    names = facts.entry_names(db, event)
    out = []
    for title, svg in charts:
        svg, links = _scalable(svg), []
        for entry, name in names.items():
            placeholder = f"#bk-entry-{entry}."  # the dot: entry 1 is no prefix of entry 10
            # a name alone in its label (after its seed), before the label's end or its "(withdrawn)"
            shown = escape(name)
            svg, count = re.subn(rf'(?<=>)( ?){re.escape(shown)}(?=</div>| <span class="bk-gone">)',
                                 rf'\1<a href="{placeholder}">{shown.replace(chr(92), chr(92) * 2)}</a>', svg)
            if count:
                links.append((placeholder, f"events/{event.id}/players/{entry}"))
        out.append({"title": title, "svg": svg, "links": links})
    return out


_MM = re.compile(r"(left|top|font-size):(-?[0-9.]+)mm")


def _scalable(chart: str) -> str:
    """The printed chart made to scale with the screen's width instead of scrolling
    sideways: the page-sized box takes the width (its height by aspect ratio), the
    SVG fills it through its viewBox, and the names' millimetres become shares of
    the box (places in %, sizes in cqw of the .chart container)."""
    def share(m: re.Match[str]) -> str:
        prop, mm = m.group(1), float(m.group(2))
        if prop == "left":
            return f"left:{mm / WIDTH * 100:.3f}%"
        if prop == "top":
            return f"top:{mm / HEIGHT * 100:.3f}%"
        return f"font-size:{mm / WIDTH * 100:.3f}cqw"

    chart = chart.replace(f'style="width:{WIDTH}mm; height:{HEIGHT}mm"', "", 1)
    chart = chart.replace(f'width="{WIDTH}mm" height="{HEIGHT}mm"', 'width="100%" height="100%"', 1)
    return _MM.sub(share, chart)


def _placings(db: Db, event: Event) -> Page:
    """Final places and prizes: the JSON twin is `placings --json`."""
    if not _placed(db, event):
        if not _has_bracket(event):  # a round robin, a three-sided event: no cut
            raise NotFound(f"no placings of {event.name} yet: its places are its standings once its last game is in")
        raise NotFound(f"no placings of {event.name} yet: they come with the cut")
    data = placings(db, event.id)  # as `placings --json`: MRPs, who did not play, an overpay warning
    return Page(f"events/{event.id}/placings", "web/placings.html", event.name, "Placings", event.name,
                {"placings": data}, data)


def _standings(db: Db, event: Event) -> Page:
    table = facts.standings_table(db, event)  # the rows and each row's entry from one ranking
    played = any(r["wins"] or r["losses"] or r["game_points"] for r in table.rows)  # no cut line before any result
    return Page(f"events/{event.id}/standings", "web/standings.html", event.name, "Standings", event.name,
                {"rows": table.rows, "cut": table.cut if played else 0, "event_id": event.id,
                 "entry_ids": list(table.entries), "team_event": event.team_size > 1,
                 "cut_made": facts.cut_made(db, event.id), "pending": table.pending, "disputed": table.disputed,
                 "did_not_play": table.did_not_play},
                standings_document(event.name, table.rows, table.pending, table.disputed, did_not_play=table.did_not_play))


def _tables(db: Db, event: Event) -> Page:
    """The current game's seating with find-your-table; after the cut, the
    playoff matches now being played and every qualifier's state; its JSON twin
    is the CLI's (`round --show N --json`, or the matches now playing)."""

    find = facts.find_your_table(db, event)
    playoff = _playoff(db, event)
    if playoff is not None:
        data = {"event": playoff["event"], "champion": playoff["champion"], "matches": playoff["matches"]}
        return Page(f"events/{event.id}/tables", "web/tables.html", event.name, "Tables", event.name,
                    {"game": None, "find": find, "playoff": data, "team_event": event.team_size > 1}, data)
    game = None
    states: dict[int, str] = {}
    grid = None
    if facts.games_scheduled(db, event.id):
        data = tables_data(db, event.id)["games"][0]
        data.pop("find")
        game = data
        grid = round_grid(db, event, int(data["game"]))  # each table's state: a lone card is pending, cards that differ disputed
        states = {t.table: t.state for t in grid.tables}
    return Page(f"events/{event.id}/tables", "web/tables.html", event.name, "Tables", event.name,
                {"game": game, "find": find, "playoff": None, "team_event": event.team_size > 1, "states": states,
                 "pending": grid.pending if grid else 0, "disputed": grid.disputed if grid else 0}, game)


def _checkin(db: Db, event: Event) -> Page:
    """How to check in (the door sheet's QR code opens this page)."""
    data = {"event": event.name, "check_in": bool(event.check_in)}
    return Page(f"events/{event.id}/checkin", "web/checkin.html", event.name, "Check-in", f"{event.name}: how to check in",
                dict(data), data)


def _bracket(db: Db, event: Event) -> Page:
    """The bracket as rounds (templates/web/bracket.html); the chart as printed is its PDF (bracket_pdf)."""

    if not _has_bracket(event):
        raise NotFound(_NO_BRACKET.format(event=event.name))
    playoff = _playoff(db, event)
    data, champion = None, None
    if playoff is not None:
        full = playoff["full"]
        data, champion = bracket_document(full), full["champion"]
    entry_of = facts.entries_by_name(db, event)  # the bracket names its sides: each name linked to its page
    return Page(f"events/{event.id}/bracket", "web/bracket.html", event.name, "Bracket", event.name,
                {"champion": champion, "playoff": playoff, "entry_of": entry_of, "bye": BYE}, data)


def bracket_pdf(db: Db, event_id: int) -> bytes:
    """The bracket sheet as `print bracket` prints it (the bracket page's link to
    the chart as printed); NotFound before the cut."""

    event = _event(db, event_id)
    if not _has_bracket(event):
        raise NotFound(_NO_BRACKET.format(event=event.name))
    if not facts.cut_made(db, event.id):
        raise NotFound(f"no bracket of {event.name} yet: it is made at the cut")
    (html,) = documents.bracket(document_data(db, "bracket", event.id), "letter", True)
    return render_chunk(html)


def _player(db: Db, event: Event, entry_id: int) -> Page:
    """One entry's games: the same rows as `player games --json`; above them a
    summary line (rank, GP, W-L, spread, seed), and below them the playoff games."""
    if entry_id not in facts.entry_ids(db, event):
        raise NotFound(f"no entry {entry_id} in event {event.id}")
    name = facts.entry_names(db, event)[entry_id]
    games = games_of(db, event.id, entry_id)
    members = facts.member_names(db, event).get(entry_id, []) if event.team_size > 1 else []
    backward = event.settings.scoring_rules().target_loses
    shown = []
    for g in games:
        forfeit = g.get("forfeit")
        if g.get("state"):  # pending or disputed: no win or loss until the game is final
            result = str(g["state"])
        elif forfeit:
            result = "W" if forfeit == "won" else "L"
        elif g.get("place") is not None:  # a table of three: first place is the win
            result = "W" if g.get("place") == 1 else "L"
        elif g["score"] is not None and g["opponent_score"] is not None:
            result = "W" if won_game(g["score"], g["opponent_score"], backward) else "L"
        else:
            result = ""
        shown.append({**g, "result": result})
    # one standings (and one bracket) per data version for every player page: the server shares reads per version
    # the standings page's ranking (the no-shows apart) and its cut line: one call
    found = db.memo(("web standings", event.id), ("outcome", "entry", "pairing", "seed"), lambda: standings(db, event))
    ranked = found.ranked
    row = next((r for r in ranked if r.player == entry_id), None)
    seeds = db.memo(("web seeds", event.id), ("seed",), lambda: facts.seeds(db, event.id))
    summary = None
    if row is not None:
        summary = {"rank": f"{row.rank}{'=' if row.tied else ''}", "of": len(ranked), "gp": row.game_points, "wins": row.wins,
                   "losses": row.losses, "spread": row.spread, "seed": seeds.get(entry_id), "withdrawn": row.withdrawn,
                   "standing": None}
        played = any(r.wins or r.losses or r.game_points for r in ranked)
        if not seeds and played and not row.withdrawn:  # before the cut: where the standings' cut line puts him
            cut = found.cut.qualifiers
            if cut and cut < len(ranked):
                at = ranked.index(row) + 1  # the standings page's order: its Q marks and dashed line
                summary["standing"] = ("inside" if at <= cut else "outside", cut)

        earned = mrps_of(db, event)
        summary["mrps"] = earned.of(entry_id) if earned.shown else None
    playoff = db.memo(("web playoff", event.id), ("bracket_game",), lambda: _playoff(db, event))
    matches = []
    for r in (playoff["full"]["rounds"] if playoff else []):
        for m in r["matches"]:
            if name in m["players"]:
                me = m["players"].index(name)
                other = m["players"][1 - me] if len(m["players"]) == 2 else None
                matches.append({"round": r["name"], "key": m["key"], "table": m["table"], "opponent": other, "bye": any(m["bye"]),
                                "wins": [m["wins"][me], m["wins"][1 - me]], "winner": m["winner"],
                                "games": [{"scores": [g["scores"][g["players"].index(name)], g["scores"][1 - g["players"].index(name)]]
                                           if name in g["players"] else g["scores"], "forfeit": g["forfeit"]} for g in m["games"]]})

    estimate = during(db, event.id).get(name)
    rating = None if estimate is None else {"before": round(estimate.before.rating, 2), "now": round(estimate.now.rating, 2),
                                            "rd": round(estimate.now.rd, 2), "games": estimate.games}
    place: str | None = None
    champion: str | None = None
    if _placed(db, event):  # the place he has (decided places only), and the champion once there is one

        placed = db.memo(("web placings", event.id), ("outcome", "bracket_game", "entry"), lambda: placings_view(db, event))
        place = next((r["place"] for r in placed["rows"] if r["player"] == name), None)
        champion = placed["champion"]
    held = {"name": event.name, "line": " · ".join(x for x in (event.name, event.date, event.location) if x)}
    return Page(f"events/{event.id}/players/{entry_id}", "web/player.html", name, "Games", name,
                {"games": shown, "members": members, "summary": summary, "matches": matches, "cut_made": bool(seeds),
                 "rating": rating, "held": held, "place": place, "champion": champion},
                {"event": event.name, "player": name, "members": members, "games": games, "rating": rating})


def _league(db: Db, league_id: int) -> Page:
    """The season's standings, the night in play, the grid of nights and the club
    records the season sheet prints (special hands, perfect nights, the skunk pot)."""

    try:
        season = season_view(db, league_id)
    except CribError:
        raise NotFound(f"no league {league_id}") from None
    nights = facts.league_nights(db, league_id)
    summaries = {e["id"]: e for e in event_summaries(db) if e["id"] in set(nights.events.values())}
    in_play = [{"night": night, "event": event_id, "name": summaries[event_id]["name"], "state": state}
               for night, event_id in nights.events.items()
               for state, order in [_state(db, summaries[event_id], True)] if order == 0]
    built = Page(f"leagues/{league_id}/index", "web/league.html", season["league"], "Season", season["league"],
                 {"season": season, "night_events": nights.events, "entries": nights.entries, "in_play": in_play,
                  "records": records(db, league_id), "currency": _currency(db, nights)}, season,
                 updated=facts.league_changed(db, league_id))
    built.nav = [("All events", "index")]
    return built


def _currency(db: Db, nights: facts.LeagueNights) -> str:
    """The currency sign of a league's money (its skunk pot): its first night's event's, else "$"."""
    first = min(nights.events, key=int, default=None)
    return facts.event_of(db, nights.events[first]).currency if first is not None else "$"
