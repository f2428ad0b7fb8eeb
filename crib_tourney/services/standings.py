"""An event's standings and its scorecards' state, loaded and decided.

One entry point: ``standings`` is what `standings`, the web's standings page (and
its JSON twin), the printed standings and `report` read: the ranked rows with the
no-shows taken out (ranked among themselves, listed apart), the games not counted
yet, and the cut line. One cut line: ``qualifiers_due`` is how many the event's
ratio qualifies of the field that played; ``cut_line`` is where every screen and
sheet draws it; ``apparent_qualifiers`` is ACC 12.2's top of the standings counted
from each player's own cards. The cut itself (services/playoffs.py), a tiebreak
across the line and the desk's 12.2 settlements all count from here.
"""

from __future__ import annotations

import dataclasses
from typing import Iterator, Sequence, TypedDict

from crib_tourney.records import record
from crib_tourney.services.noshows import no_shows, played_entries
from crib_tourney.store import brackets as seeded
from crib_tourney.store import qualifying as q
from crib_tourney.store import totals
from crib_tourney.store.directory import entries_of, entry_names, member_names
from crib_tourney.store.events import load_event
from crib_tourney.store.events import scoring_rules as scoring_rules  # its home; imported from here by many
from crib_tourney.store.leagues import is_night
from crib_tourney.tourney.bracket import qualifier_count
from crib_tourney.tourney.formats import FORMATS
from crib_tourney.tourney.noshows import rerank
from crib_tourney.store.rows import Event
from crib_tourney.store.sql import Db
from crib_tourney.tourney.cut import apply_cut_playoffs
from crib_tourney.tourney.reconcile import FLIPPED, Card, needs_resolving
from crib_tourney.tourney.scoring import GameLine, ScoringRules, bye_line, outcome_line
from crib_tourney.tourney.standings import HeadToHead, Row, bye_counts, rank_rows
from crib_tourney.tourney.reconcile_three import Card3, cards_agree
from crib_tourney.tourney.scoring_three import beaten, parse_place_points, place_of, three_forfeit_line, three_line
from crib_tourney.tourney.reconcile_three import is_final3


# What the standings count (``view``): only final games (the official standings);
# as if every lone card stood (a director's look, `standings --provisional`); or each
# player from his own cards, as ACC 12.2's cross-checking finds the apparent qualifiers.
FINAL, PROVISIONAL, OWN_CARDS = "final", "provisional", "own cards"
VIEWS = (FINAL, PROVISIONAL, OWN_CARDS)


class _Standing(TypedDict):
    rank: int
    player: str
    game_points: int
    wins: int
    losses: int
    spread: int
    plus: int
    minus: int
    skunks: int
    skunks_taken: int
    double_skunks: int
    double_skunks_taken: int
    games: int
    pending: int  # games whose result waits for a card (a lone card): not counted
    disputed: int  # games whose two cards disagree, not yet settled: not counted
    tied: bool
    withdrawn: bool
    note: str | None


class StandingRow(_Standing, total=False):
    """One row of the standings as `standings --json` prints it; in a team event
    also the team's name and its players."""

    team: str
    members: list[str]
    seconds: int  # a three-sided event: games placed 2nd
    thirds: int  # and 3rd


def standing_row(row: Row[int]) -> StandingRow:
    return StandingRow(rank=row.rank, player=row.name, game_points=row.game_points, wins=row.wins, losses=row.losses,
                       spread=row.spread, plus=row.plus, minus=row.minus, skunks=row.skunks, skunks_taken=row.skunks_taken,
                       double_skunks=row.double_skunks, double_skunks_taken=row.double_skunks_taken, games=row.games,
                       pending=row.pending, disputed=row.disputed, tied=row.tied, withdrawn=row.withdrawn, note=row.note)


# What the standings are read from: the writer drops the memo when one changes.
_STANDINGS_TABLES = ("event", "entry", "player", "outcome", "pairing", "cut_playoff", "entry_total")
# and what the rest of Standings reads: the cut line (seeds, league nights), a team's players
_ALSO_READ = ("seed", "league_night", "entry_member")


def _event_standings(db: Db, event: Event, cut_playoffs: bool, view: str) -> list[Row[int]]:
    """Ranked rows, one per entry, the no-shows ranked in; cut playoff games settle
    ties at the line. Only final games count (``view``); each row also counts its
    games pending and disputed."""
    rules = scoring_rules(event)
    entries = {e.id: e for e in entries_of(db, event)}
    names = entry_names(db, event)
    rows = {eid: Row(eid, names[eid], withdrawn=e.withdrawn_after is not None) for eid, e in entries.items()}
    h2h = HeadToHead()
    under_way: set[int] = set()
    if event.sides == 3:
        _three_sided_lines(db, event, rules, rows, h2h, under_way, counted_only=view != OWN_CARDS)
    else:
        under_way |= q.games_under_way(db, event.id)
        for entry, games, *sums in _card_sums(db, event, rules):
            if entry in rows:
                rows[entry].add_totals(games, sums)
    add_not_counted_yet(db, event, rules, rows, view)
    for entry, game_no in q.byes(db, event.id):
        if entry in rows and bye_counts(game_no, under_way, entries[entry].withdrawn_after):
            rows[entry].add(bye_line(rules))
    if event.sides != 3:
        head_to_head_of_ties(db, event, rules, rows, h2h)
    ranked = rank_rows(list(rows.values()), h2h)
    if not cut_playoffs:
        return ranked
    return apply_cut_playoffs(ranked, q.cut_playoff_games(db, event.id))


@record
class CutLine:
    """The qualifying cut as the standings draw it: the top ``qualifiers`` rows are
    inside it (0: no line is drawn); ``made``: the bracket is seeded (the line is
    at the number seeded, so a --qualifiers override shows)."""

    qualifiers: int
    made: bool

    def inside(self, place: int) -> bool:
        """Whether the row at this place (1 is the top) is inside the line."""
        return place <= self.qualifiers


def qualifiers_due(db: Db, event: Event) -> int:
    """How many qualify by the event's ratio (ACC: one in four, fractions rounded
    up) of the field that played: the no-shows are no part of it. The cut, a
    tiebreak across the line, the apparent qualifiers and the line drawn all count it."""
    return qualifier_count(len(played_entries(db, event)), event.qualify_ratio)


def plays_a_cut(db: Db, event: Event) -> bool:
    """Whether the standings end in a cut: not a round robin, a league night nor tables of three."""
    return FORMATS[event.format].seeds_by_standings and event.sides == 2 and not is_night(db, event.id)


def cut_line(db: Db, event: Event, ranked: Sequence[Row[int]]) -> CutLine:
    """Where the standings (``ranked``: the no-shows out) draw the cut line, on every
    screen and sheet: at ``qualifiers_due`` (never below the last row), at the number
    seeded once the cut is made. None (0) in an event that plays no playoff from its
    standings (a round robin, a league night, tables of three) and before any result counts."""
    if not plays_a_cut(db, event):
        return CutLine(0, False)
    made = seeded.seeded_count(db, event.id)
    if made:
        return CutLine(made, True)
    if not any(r.wins or r.losses or r.game_points for r in ranked):
        return CutLine(0, False)
    return CutLine(min(qualifiers_due(db, event), len(ranked)), False)


def apparent_qualifiers(db: Db, event: Event) -> set[int]:
    """ACC 12.2's apparent qualifiers (services/cross_checking.py applies the rule):
    the top ``qualifiers_due`` of the standings counted from each player's own cards
    (his pending and disputed games as his card says, a provisional settlement by
    his original card), of those who played a game."""
    due = qualifiers_due(db, event)
    return {r.player for r in standings(db, event, OWN_CARDS).every if r.rank <= due and r.games > 0}


@record
class Standings:
    """An event's standings as every reader shows them: ``ranked`` by the official
    tie-breaks, the no-shows taken out (ranked among themselves) and named apart in
    ``did_not_play``; the games not counted yet; the cut line. ``rows`` are the rows
    of `standings --json` (made when read: `report` needs the typed rows only).
    ``every``: each entry's row as ranked with the no-shows in, for the services
    that must place every entrant (a round's pairing, the pools' finishing order,
    a league night) or look up a qualifier's totals (MRPs, the ACC report)."""

    event: str
    ranked: tuple[Row[int], ...]
    did_not_play: tuple[str, ...]
    pending: int  # games not counted yet: a lone card (or a table of three missing a card)
    disputed: int  # and cards that disagree
    view: str  # VIEWS
    cut: CutLine
    members: dict[int, list[str]] | None = None  # a team event: each entry's players
    three_sided: bool = False
    every: tuple[Row[int], ...] = ()

    @property
    def entries(self) -> tuple[int, ...]:
        """Each row's entry, in the rows' order."""
        return tuple(r.player for r in self.ranked)

    @property
    def rows(self) -> list[StandingRow]:
        return _rows(self.ranked, self.members, self.three_sided)


def standings(db: Db, event: Event | int, view: str = FINAL, cut_playoffs: bool = True) -> Standings:
    """The standings of an event (or its id), once per command (``report --csv``
    reads them three ways): see Standings. The rows are shared: read them, never
    change them. ``view``: only final games (the official standings), as if every
    lone card stood (PROVISIONAL), or each player from his own cards (OWN_CARDS).
    ``cut_playoffs`` False: ties at the line as the qualifying games left them."""
    if isinstance(event, int):
        event = load_event(db, event)
    if view not in VIEWS:
        raise ValueError(f"not a view of the standings: {view!r}")
    key = ("standings", event.id, event.settings, view, cut_playoffs)
    return db.memo(key, _STANDINGS_TABLES + _ALSO_READ, lambda: _standings(db, event, view, cut_playoffs))


def _standings(db: Db, event: Event, view: str, cut_playoffs: bool) -> Standings:
    rows = _event_standings(db, event, cut_playoffs, view)
    gone = no_shows(db, event)
    ranked = tuple(rows)
    if gone:
        ranks = rerank([r.rank for r in rows], [r.player in gone for r in rows])
        ranked = tuple(dataclasses.replace(r, rank=rank) for r, rank in zip((r for r in rows if r.player not in gone), ranks))
    pending, disputed = uncounted_games(db, event)
    members = member_names(db, event) if event.team_size > 1 else None
    return Standings(event.name, ranked, tuple(r.name for r in rows if r.player in gone), pending, disputed, view,
                     cut_line(db, event, ranked), members, event.sides == 3, tuple(rows))


def _rows(ranked: Sequence[Row[int]], members: dict[int, list[str]] | None, three_sided: bool) -> list[StandingRow]:
    """Standings rows as plain dicts; in a team event each also names its "team" and "members"."""
    rows = [standing_row(r) for r in ranked]
    if members is not None:
        for row, r in zip(rows, ranked):
            row["team"], row["members"] = r.name, members[r.player]
    if three_sided:
        for row, r in zip(rows, ranked):
            row["seconds"], row["thirds"] = r.seconds, r.thirds
    return rows


class StandingsDocument(TypedDict):
    """`standings --json` and the standings page's JSON twin: one shape, made here."""

    event: str
    rows: list[StandingRow]
    did_not_play: list[str]  # no-shows, not ranked (services/noshows.py)
    pending: int
    disputed: int
    provisional: bool


def standings_document(event: str, rows: list[StandingRow], pending: int, disputed: int, provisional: bool = False,
                       did_not_play: Sequence[str] = ()) -> StandingsDocument:
    return {"event": event, "rows": rows, "did_not_play": list(did_not_play), "pending": pending, "disputed": disputed,
            "provisional": provisional}


def uncounted_games(db: Db, event: Event) -> tuple[int, int]:
    """(pending, disputed): the games whose cards do not count yet."""
    pending = disputed = 0
    for _, _, _, sides, cards in q.uncounted_cards(db, event.id):
        if (not cards_agree([Card3(*c) for c in cards], sides)) if len(sides) == 3 else len(cards) > 1:
            disputed += 1
        else:
            pending += 1
    return pending, disputed


def add_not_counted_yet(db: Db, event: Event, rules: ScoringRules, rows: dict[int, Row[int]], view: str) -> None:
    """Count each entry's games pending (a lone card, or cards missing at a table of
    three) and disputed (cards that disagree); and, by ``view``, add the lines a
    lone card would give both sides (PROVISIONAL) or each player's own card gives
    him (OWN_CARDS; at tables of three the cards were read with the others)."""
    for _, _, _, sides, cards in q.uncounted_cards(db, event.id):
        if len(sides) == 3:
            disputed = not cards_agree([Card3(*c) for c in cards], sides)
        else:
            disputed = len(cards) > 1
        for side in sides:
            if side in rows:
                if disputed:
                    rows[side].disputed += 1
                else:
                    rows[side].pending += 1
        if len(sides) == 3 or view == FINAL:
            continue
        for entry, own, opp, _, forfeit, _ in cards:
            if view == OWN_CARDS or (view == PROVISIONAL and not disputed):
                if entry in rows:
                    rows[entry].add(outcome_line(own, opp, forfeit, rules))
                other = next((s for s in sides if s != entry), None)
                if view == PROVISIONAL and other in rows:
                    rows[other].add(outcome_line(opp, own, FLIPPED[forfeit], rules))
    if view == OWN_CARDS and event.sides == 2 and q.has_provisional(db, event.id):
        for _, _, _, _, settled, originals in q.provisional_tables(db, event.id):  # each by his own card, not the settlement
            for sign, cards in ((-1, settled), (1, originals)):
                for entry, own, opp, _, forfeit, _ in cards:
                    if entry in rows:
                        rows[entry].add(outcome_line(own, opp, forfeit, rules), sign)


def _card_sums(db: Db, event: Event, rules: ScoringRules) -> list[tuple[int, ...]]:
    """(entry, cards, totals.SUMS...) for every entry with cards: as the writer keeps
    them, or summed from the counted cards (totals not kept)."""
    kept = totals.kept(db, event.id, rules)
    return kept if kept is not None else totals.card_sums(db, event.id, rules)


def head_to_head_of_ties(db: Db, event: Event, rules: ScoringRules, rows: dict[int, Row[int]], h2h: HeadToHead) -> None:
    """Head-to-head settles only entries level on the first four tie-breaks, so only
    their cards are read for it (a few, not the whole event)."""
    keys = {entry: row.key() for entry, row in rows.items()}
    level: dict[tuple[int, ...], int] = {}
    for key in keys.values():
        level[key] = level.get(key, 0) + 1
    tied = {entry: key for entry, key in keys.items() if level[key] > 1}
    for entry, own, opp, forfeit, e1, e2 in q.cards_between(db, event.id, tied):
        other = e2 if entry == e1 else e1
        # only games between two entries of one level can split it (rank_rows)
        if other is not None and tied.get(other) == tied[entry] and outcome_line(own, opp, forfeit, rules).won:
            h2h.record(entry, other)


@record
class SideLine:
    """One side's line of one game at a table of three, read off its own card."""

    entry: int
    game: int
    line: GameLine
    place: int  # 1, 2 or 3
    beat: tuple[int, ...]  # the sides it placed above (head-to-head)
    beaten_by: tuple[int, ...]  # a forfeit: the sides it lost to


def three_sided_lines(db: Db, event: Event, counted_only: bool = True) -> Iterator[SideLine]:
    """Each side's line of each table of three that counts (``counted_only``; else of
    every card), read off its own card (tourney/scoring_three.py)."""

    rules = scoring_rules(event)
    places = parse_place_points(event.place_points)
    for entry, own, opp, opp2, forfeit, e1, e2, e3, game_no in q.outcome_lines3(db, event.id, counted_only):
        others = tuple(e for e in (e1, e2, e3) if e is not None and e != entry)
        if e3 is None:  # not a table of three (the setting was changed): a head-to-head line
            line = outcome_line(own, opp, forfeit, rules)
            yield SideLine(entry, game_no, line, 1 if line.won else 2, others if line.won else (), ())
        elif forfeit != "none":  # the side that forfeits lost to both others (recorded from its own card)
            line = three_forfeit_line(forfeit == "won", rules)
            yield SideLine(entry, game_no, line, 1 if line.won else 3, (), others if forfeit == "lost" else ())
        else:
            line = three_line(own, opp, opp2 or 0, rules, places)
            yield SideLine(entry, game_no, line, place_of(own, (opp, opp2 or 0)),
                           tuple(beaten(own, list(zip(others, (opp, opp2 or 0))))), ())


def _three_sided_lines(db: Db, event: Event, rules: ScoringRules, rows: dict[int, Row[int]], h2h: HeadToHead,
                       under_way: set[int], counted_only: bool = True) -> None:
    for side in three_sided_lines(db, event, counted_only):
        under_way.add(side.game)
        if side.entry in rows:
            rows[side.entry].add(side.line)
        for other in side.beat:
            h2h.record(side.entry, other)
        for other in side.beaten_by:
            h2h.record(other, side.entry)


class CardProblemJson(TypedDict):
    game: int
    table: int | None
    players: list[str]
    problem: str
    detail: str


@record
class CardProblem:
    game: int
    table: int | None
    players: tuple[str, ...]  # two, or three at a table of three
    problem: str  # missing | one card | disagree (three sides: missing | missing cards | disagree)
    detail: str

    def as_dict(self) -> CardProblemJson:
        return {"game": self.game, "table": self.table, "players": list(self.players), "problem": self.problem, "detail": self.detail}


def check_cards(db: Db, event: Event) -> list[CardProblem]:
    """Every game whose result is missing, has one card, or whose cards disagree;
    both cards are shown in the table sheet's player order."""
    if event.sides == 3:
        return _check_three(db, event)
    problems: list[CardProblem] = []
    for (_, game, table, entry1, entry2), rows in q.tables_not_agreed(db, event.id):
        names = entry_names(db, event)  # read once (kept for the command), only when a table needs a word
        cards = sorted((Card(*r) for r in rows), key=lambda c: c.entry != entry1)
        pair = (names[entry1], names[entry2])
        if not cards:
            problems.append(CardProblem(game, table, pair, "missing", "no result entered"))
        elif len(cards) == 1:
            c = cards[0]
            problems.append(CardProblem(game, table, pair, "one card", f"only {names[c.entry]}'s card: {c.own}-{c.opp}"))
        elif needs_resolving(cards):
            a, b = cards  # both read in the table sheet's order: first player's score, then the second's
            detail = (f"{names[a.entry]}'s card {a.own}-{a.opp}, {names[b.entry]}'s card {b.opp}-{b.own}"
                      f" ({pair[0]} first)")
            problems.append(CardProblem(game, table, pair, "disagree", detail))
    return problems


def _check_three(db: Db, event: Event) -> list[CardProblem]:
    """A three-sided event's tables whose result is missing, that miss a side's card,
    or whose cards disagree; each card read as its side's version of the table."""
    names = entry_names(db, event)
    problems: list[CardProblem] = []
    for (_, game, table, sides), rows in q.tables_with_cards3(db, event.id):
        cards = [Card3(*r) for r in rows]
        players = tuple(names[e] for e in sides)
        by_entry = {c.entry: c for c in cards}

        def shown(card: Card3, sides: tuple[int, ...] = sides) -> str:
            version = card.version(sides)
            return f"{names[card.entry]}'s card " + "-".join(str(version[e]) for e in sides)

        if not cards:
            problems.append(CardProblem(game, table, players, "missing", "no result entered"))
        elif len(cards) < len(sides):
            missing = [names[e] for e in sides if e not in by_entry]
            # two cards in that already disagree are a dispute, whether or not the third comes
            problem = "disagree" if not cards_agree(cards, sides) else "missing cards"
            problems.append(CardProblem(game, table, players, problem,
                                        f"no card from {' or '.join(missing)}; " + ", ".join(shown(c) for c in cards)
                                        + f" ({', '.join(players)})"))
        elif not is_final3(cards, sides):
            problems.append(CardProblem(game, table, players, "disagree",
                                        ", ".join(shown(c) for c in cards) + f" ({', '.join(players)})"))
    return problems
