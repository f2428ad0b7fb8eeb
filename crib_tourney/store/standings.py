"""Loading an event's outcomes into standings, and checking its scorecards."""

from __future__ import annotations

from dataclasses import dataclass

from crib_tourney.store.directory import player_names
from crib_tourney.store.results import change_outcomes, scoring_rules
from crib_tourney.store.rows import Event, Outcome, Pairing, fetch
from crib_tourney.store.sql import Db
from crib_tourney.tourney.scoring import GameLine, ScoringRules, bye_line, forfeit_line, game_line
from crib_tourney.tourney.bracket import qualifier_count
from crib_tourney.tourney.standings import HeadToHead, Row, rank_rows


def outcome_line(own: int, opp: int, forfeit: str, rules: ScoringRules) -> GameLine:
    if forfeit != "none":
        return forfeit_line(forfeit == "won", rules)
    return game_line(own, opp, rules)


def event_standings(db: Db, event: Event) -> list[Row]:
    rules = scoring_rules(event)
    entries = dict(db.rows("SELECT player_id, withdrawn_after FROM entry WHERE event_id = :e", e=event.id))
    names = player_names(db, set(entries))
    rows = {pid: Row(pid, names[pid], withdrawn=entries[pid] is not None) for pid in entries}
    h2h = HeadToHead()
    played_games: set[int] = set()
    for pid, own, opp, forfeit, p1, p2, game_no in db.rows(
        "SELECT o.player_id, o.own_score, o.opp_score, o.forfeit, p.player1_id, p.player2_id, p.game_no"
        " FROM outcome o JOIN pairing p ON p.id = o.pairing_id WHERE o.event_id = :e",
        e=event.id,
    ):
        played_games.add(game_no)
        line = outcome_line(own, opp, forfeit, rules)
        if pid in rows:
            rows[pid].add(line)
        if line.won:
            h2h.record(pid, p2 if pid == p1 else p1)
    # A bye counts once its game is under way (any result of that game entered),
    # and not for a player who withdrew before that game.
    for pid, game_no in db.rows(
        "SELECT player1_id, game_no FROM pairing WHERE event_id = :e AND player2_id IS NULL", e=event.id
    ):
        withdrawn_after = entries.get(pid)
        if game_no in played_games and pid in rows and (withdrawn_after is None or game_no <= withdrawn_after):
            rows[pid].add(bye_line(rules))
    return rank_rows(list(rows.values()), h2h)


@dataclass
class CardProblem:
    game: int
    table: int | None
    players: tuple[str, str]
    problem: str  # missing | one card | disagree
    detail: str

    def as_dict(self) -> dict:
        return {"game": self.game, "table": self.table, "players": list(self.players), "problem": self.problem, "detail": self.detail}


def _by_pairing(db: Db, event: Event) -> tuple[list[Pairing], dict[int, list[Outcome]]]:
    pairings = fetch(db, Pairing, "event_id = :e AND player2_id IS NOT NULL", "game_no, table_no, id", e=event.id)
    grouped: dict[int, list[Outcome]] = {}
    for o in fetch(db, Outcome, "event_id = :e", "pairing_id, player_id", e=event.id):
        grouped.setdefault(o.pairing_id, []).append(o)
    return pairings, grouped


def _agree(a: Outcome, b: Outcome) -> bool:
    if a.forfeit != "none" or b.forfeit != "none":
        return {a.forfeit, b.forfeit} == {"won", "lost"}
    return a.own_score == b.opp_score and a.opp_score == b.own_score


def check_cards(db: Db, event: Event) -> list[CardProblem]:
    pairings, grouped = _by_pairing(db, event)
    ids = {p.player1_id for p in pairings} | {p.player2_id for p in pairings if p.player2_id}
    names = player_names(db, ids)  # type: ignore[arg-type]
    problems = []
    for p in pairings:
        rows = grouped.get(p.id, [])
        pair = (names[p.player1_id], names[p.player2_id])  # type: ignore[index]
        if not rows:
            problems.append(CardProblem(p.game_no, p.table_no, pair, "missing", "no result entered"))
        elif len(rows) == 1:
            r = rows[0]
            problems.append(CardProblem(p.game_no, p.table_no, pair, "one card", f"only {names[r.player_id]}'s card: {r.own_score}-{r.opp_score}"))
        elif not _agree(rows[0], rows[1]) and not all(r.source == "resolved" for r in rows):
            # resolved cards may still differ: each player's card is a record of its own
            a, b = rows
            detail = f"{names[a.player_id]}'s card {a.own_score}-{a.opp_score}, {names[b.player_id]}'s card {b.own_score}-{b.opp_score}"
            problems.append(CardProblem(p.game_no, p.table_no, pair, "disagree", detail))
    return problems


def resolve_cards(db: Db, event: Event) -> list[str]:
    """Settle every disagreeing game by the ACC rule: an apparent qualifier takes
    the version of the game worse for them; a non-qualifier keeps their own card.
    A game with only one card gets that card copied to the other player."""
    rules = scoring_rules(event)
    standings = event_standings(db, event)
    cut = qualifier_count(len(standings), event.qualify_ratio)
    qualifiers = {r.player for r in standings if r.rank <= cut}
    pairings, grouped = _by_pairing(db, event)
    names = {r.player: r.name for r in standings}
    done = []
    for p in pairings:
        rows = grouped.get(p.id, [])
        if len(rows) == 1:
            r = rows[0]
            other = p.player2_id if r.player_id == p.player1_id else p.player1_id
            flipped = {"won": "lost", "lost": "won"}.get(r.forfeit, "none")
            new_rows = [
                dict(r.values(), source="resolved"),
                dict(r.values(), player_id=other, own_score=r.opp_score, opp_score=r.own_score, forfeit=flipped, source="resolved"),
            ]
            text = f"game {p.game_no}: {names[r.player_id]}'s card copied to {names[other]}"  # type: ignore[index]
            change_outcomes(db, event, "resolve", text, {p.id: new_rows})
            done.append(text)
        elif len(rows) == 2 and not _agree(rows[0], rows[1]) and not all(r.source == "resolved" for r in rows):
            new_rows, parts = [], []
            for mine, theirs in ((rows[0], rows[1]), (rows[1], rows[0])):
                chosen = (mine.own_score, mine.opp_score)
                if mine.player_id in qualifiers:
                    their_version = (theirs.opp_score, theirs.own_score)
                    chosen = min(chosen, their_version, key=lambda v: _line_key(v, rules))
                parts.append(f"{names[mine.player_id]} {chosen[0]}-{chosen[1]}" + (" (apparent qualifier)" if mine.player_id in qualifiers else ""))
                new_rows.append(dict(mine.values(), own_score=chosen[0], opp_score=chosen[1], source="resolved"))
            text = f"game {p.game_no} resolved: " + "; ".join(parts)
            change_outcomes(db, event, "resolve", text, {p.id: new_rows})
            done.append(text)
    return done


def _line_key(version: tuple[int, int], rules: ScoringRules) -> tuple[int, int, int]:
    line = game_line(version[0], version[1], rules)
    return (line.game_points, int(line.won), line.spread)
