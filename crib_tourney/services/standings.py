"""An event's standings and its scorecards' state, loaded and decided."""

from __future__ import annotations

from dataclasses import dataclass

from crib_tourney.store import qualifying as q
from crib_tourney.store.directory import entries_of, entry_names
from crib_tourney.store.rows import Event, Outcome, Pairing
from crib_tourney.store.sql import Db
from crib_tourney.tourney.cut import apply_cut_playoffs
from crib_tourney.tourney.reconcile import Card, needs_resolving
from crib_tourney.tourney.scoring import GameLine, ScoringRules, bye_line, forfeit_line, game_line
from crib_tourney.tourney.standings import HeadToHead, Row, bye_counts, rank_rows


def scoring_rules(event: Event) -> ScoringRules:
    return event.settings.scoring_rules()


def outcome_line(own: int, opp: int, forfeit: str, rules: ScoringRules) -> GameLine:
    if forfeit != "none":
        return forfeit_line(forfeit == "won", rules)
    return game_line(own, opp, rules)


def event_standings(db: Db, event: Event, cut_playoffs: bool = True) -> list[Row]:
    """Ranked rows, one per entry; cut playoff games settle ties at the line."""
    rules = scoring_rules(event)
    entries = {e.id: e for e in entries_of(db, event)}
    names = entry_names(db, event)
    rows = {eid: Row(eid, names[eid], withdrawn=e.withdrawn_after is not None) for eid, e in entries.items()}
    h2h = HeadToHead()
    under_way: set[int] = set()
    for entry, own, opp, forfeit, e1, e2, game_no in q.outcome_lines(db, event.id):
        under_way.add(game_no)
        line = outcome_line(own, opp, forfeit, rules)
        if entry in rows:
            rows[entry].add(line)
        if line.won:
            h2h.record(entry, e2 if entry == e1 else e1)
    for entry, game_no in q.byes(db, event.id):
        if entry in rows and bye_counts(game_no, under_way, entries[entry].withdrawn_after):
            rows[entry].add(bye_line(rules))
    ranked = rank_rows(list(rows.values()), h2h)
    return apply_cut_playoffs(ranked, q.cut_playoff_games(db, event.id)) if cut_playoffs else ranked


def card(o: Outcome) -> Card:
    return Card(o.entry_id, o.own_score, o.opp_score, o.forfeit, o.source)


def cards_by_pairing(db: Db, event: Event) -> tuple[list[Pairing], dict[int, list[Outcome]]]:
    tables = [p for p in q.pairings(db, event.id) if p.entry2_id is not None]
    grouped: dict[int, list[Outcome]] = {}
    for o in q.event_outcomes(db, event.id):
        grouped.setdefault(o.pairing_id, []).append(o)
    return tables, grouped


@dataclass
class CardProblem:
    game: int
    table: int | None
    players: tuple[str, str]
    problem: str  # missing | one card | disagree
    detail: str

    def as_dict(self) -> dict:
        return {"game": self.game, "table": self.table, "players": list(self.players), "problem": self.problem, "detail": self.detail}


def check_cards(db: Db, event: Event) -> list[CardProblem]:
    """Every game whose result is missing, has one card, or whose cards disagree;
    both cards are shown in the table sheet's player order."""
    tables, grouped = cards_by_pairing(db, event)
    names = entry_names(db, event)
    problems = []
    for p in tables:
        rows = sorted(grouped.get(p.id, []), key=lambda o: o.entry_id != p.entry1_id)
        pair = (names[p.entry1_id], names[p.entry2_id])  # type: ignore[index]
        if not rows:
            problems.append(CardProblem(p.game_no, p.table_no, pair, "missing", "no result entered"))
        elif len(rows) == 1:
            r = rows[0]
            problems.append(CardProblem(p.game_no, p.table_no, pair, "one card", f"only {names[r.entry_id]}'s card: {r.own_score}-{r.opp_score}"))
        elif needs_resolving([card(r) for r in rows]):
            a, b = rows
            detail = f"{names[a.entry_id]}'s card {a.own_score}-{a.opp_score}, {names[b.entry_id]}'s card {b.own_score}-{b.opp_score}"
            problems.append(CardProblem(p.game_no, p.table_no, pair, "disagree", detail))
    return problems
