"""The cut, cut playoff games, the bracket and its games, withdrawals from it,
and the views of it (bracket, match slip, placings).

What a command did comes back as values (a game recorded, a match won, the
champion, seeds that moved); each knows its own words (``line()``), which the
change's log summary, the CLI and the web share, so they never drift apart.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Literal, NoReturn, TypedDict, Union, cast

from crib_tourney.errors import CribError
from crib_tourney import records
from crib_tourney.store import brackets as st
from crib_tourney.store import qualifying as q
from crib_tourney.store.events import load_event
from crib_tourney.store.writer import CLI, Actor, Change, Log
from crib_tourney.store.directory import entries_of, entry_names, member_names
from crib_tourney.store.rows import Entry, Event
from crib_tourney.store.sql import Db
from crib_tourney.services.standings import check_cards, qualifiers_due, scoring_rules, standings
from crib_tourney.engine.variants import get_variant
from crib_tourney.tourney import bracket as bk
from crib_tourney.tourney.cut import qualifiers as cut_qualifiers
from crib_tourney.tourney.cut import tied_across_line
from crib_tourney.tourney.formats import FORMATS
from crib_tourney.tourney.ledger import fund_for_places
from crib_tourney.tourney.money import format_money, parse_payouts, payout_shares
from crib_tourney.tourney.scoring import ScoringRules, check_scores, won_game
from crib_tourney.tourney.standings import Row
from crib_tourney.services.noshows import no_shows, played_count


# --- what the playoff commands did ---------------------------------------------

@records.record
class SeedMove:
    """An entry whose place in the bracket a change moves (None: not in it)."""

    name: str
    was: int | None
    now: int | None

    def text(self) -> str:
        return f"{self.name} ({_seed_text(self.was)} -> {_seed_text(self.now)})"


@records.record
class Recut:
    """The bracket reseeded after a change to qualifying."""

    moved: tuple[SeedMove, ...]

    def line(self) -> str:
        return "recut the bracket: " + ", ".join(m.text() for m in self.moved)


@records.record
class CutTiebreak:
    """A one-game tiebreak across the cut line."""

    winner: str
    winner_score: int
    loser: str
    loser_score: int

    def line(self) -> str:
        return f"recorded cut tiebreak: {self.winner} {self.winner_score} - {self.loser} {self.loser_score}"


@records.record
class PlayoffGame:
    """A game of a playoff match: two scores, or a forfeit."""

    match: str  # the round's name and the match's key: "Final (W3.1)"
    game_no: int
    players: tuple[str, str]
    scores: tuple[int, int]
    forfeit_by: str | None = None

    def line(self) -> str:
        if self.forfeit_by is not None:
            return f"recorded {self.match} game {self.game_no}: {self.forfeit_by} forfeits"
        return (f"recorded {self.match} game {self.game_no}: {self.players[0]} {self.scores[0]}"
                f" - {self.players[1]} {self.scores[1]}")


@records.record
class MatchesCleared:
    """Later matches whose games a correction cleared (--cascade)."""

    keys: tuple[str, ...]

    def line(self) -> str:
        return "cleared dependent matches: " + ", ".join(self.keys)


@records.record
class MatchWon:
    winner: str
    match: str
    wins: tuple[int, int]  # the winner's games, the loser's

    def line(self) -> str:
        return f"{self.winner} wins the {self.match} {self.wins[0]}-{self.wins[1]}"


@records.record
class Champion:
    name: str

    def line(self) -> str:
        return f"champion: {self.name}"


PlayoffFact = Union[PlayoffGame, MatchesCleared, MatchWon, Champion]


# --- the bracket as `bracket --json`, `match --json` and `placings --json` show it ---

class GameJson(TypedDict):
    players: list[str | None]
    scores: list[int]
    winner: str | None
    forfeit: str | None
    skunk: bool
    double_skunk: bool


class MatchJson(TypedDict):
    match: int
    key: str
    table: int | None  # a round's matches sit at tables 1, 2, ...; a bye has none
    seeds: list[int | None]
    players: list[str | None]
    bye: list[bool]
    withdrawn: list[bool]
    best_of: int
    wins: list[int]
    winner: str | None
    games: list[GameJson]


class RoundJson(TypedDict):
    round: int
    bracket: str
    name: str
    matches: list[MatchJson]


class BracketDocument(TypedDict):
    """The bracket as `bracket --json` prints it (and the web view serves it)."""

    rounds: list[RoundJson]
    champion: str | None


class BracketData(BracketDocument):
    """The whole bracket: its event, format and size too."""

    event: str
    format: str
    qualifiers: int
    size: int


class MatchSlip(TypedDict):
    event: str
    match: str
    table: int | None  # None: a bye
    round: str
    best_of: int
    players: list[str | None]
    seeds: list[int | None]
    bye: list[bool]  # a bye: no match to play (no dealers, no games)
    wins: list[int]
    winner: str | None
    first_dealer_rule: str
    dealers: list[str]
    games: list[list[int]]


class _Place(TypedDict):
    place: str
    first: int
    last: int
    player: str
    prize: str | None


class PlaceRow(_Place, total=False):
    team: str  # a team event: the team and its players
    members: list[str]
    mrps: int | None  # a finished ACC event: the qualifier's Master Rating Points


class HighNonQualifier(TypedDict):
    player: str
    rank: int
    prize: str | None


class _Placings(TypedDict):
    event: str
    complete: bool
    champion: str | None
    prize_fund: str
    rows: list[PlaceRow]
    high_nonqualifier: HighNonQualifier | None
    currency: str  # the event's currency sign


class Placings(_Placings, total=False):
    acc_event: str  # a finished ACC event: main or consolation
    mrps_note: str | None  # "MRPs: report by hand (...)"
    did_not_play: list[str]  # the no-shows, not placed
    overpaid: str | None  # "the payouts (...) exceed what was collected (...)"


@records.record
class BestOf:
    """A round's new length: the bracket (W, L or F), the round, best of N."""

    bracket: Literal["W", "L", "F"]
    round: int
    best_of: int


@records.record
class BracketShown:
    """The bracket, and how many matches a --set-best-of changed."""

    data: BracketData
    changed: int


_BRACKET_TABLES = ("playoff_match", "seed", "playoff_game")


def _bracket_key(event: Event) -> tuple[str, int, str]:
    return ("bracket", event.id, event.variant)


def shown_bracket(db: Db, event: Event) -> Bracket:
    """The bracket as it stands, loaded once per command until a playoff table is
    written (``report`` reads it four times): read it, never change it."""
    return db.memo(_bracket_key(event), _BRACKET_TABLES, lambda: Bracket(db, event))


def _keep_made_bracket(db: Db, event: Event, specs: list[bk.MatchSpec], seeds: dict[int, int]) -> None:
    """The bracket this command has just written, as shown_bracket would read it back
    (8,191 matches at 20,000 players), kept for the rest of the command."""
    db.memo(_bracket_key(event), _BRACKET_TABLES, lambda: Bracket(db, event, (specs, seeds)))


class Bracket:
    """A loaded bracket: layout, seeds, games, and the computed state."""

    def __init__(self, db: Db, event: Event, made: tuple[list[bk.MatchSpec], dict[int, int]] | None = None):
        """Read from the database; or ``made``: the layout and seeds just written (no game yet)."""
        self.event = event
        if made is None:
            self.match_ids, self.specs = st.layout(db, event.id)
            self.seeds = st.seeds(db, event.id)
        else:
            self.specs, self.seeds = made
            self.match_ids = st.match_ids(db, event.id)
        self.target_loses = get_variant(event.variant).reaching_target_loses
        keys = {mid: key for key, mid in self.match_ids.items()}
        self.game_rows: dict[str, list[dict[str, Any]]] = {}
        self.games: dict[str, list[bk.GameRecord]] = {}
        for row in st.games(db, event.id) if made is None else []:
            key = keys[row["match_id"]]
            self.game_rows.setdefault(key, []).append(row)
            self.games.setdefault(key, []).append(record(row, self.target_loses))
        self.states = bk.compute(self.specs, self.seeds, self.games)
        self.tables = bk.tables(self.specs, self.states)  # a bye has none

    @property
    def exists(self) -> bool:
        return bool(self.specs)

    def match_of(self, a: int, b: int) -> bk.MatchState | None:
        """The latest match in which these two entries meet (open or decided)."""
        found = None
        for spec in self.specs:
            if set(self.states[spec.key].players) == {a, b}:
                found = self.states[spec.key]
        return found

    def current_match(self, entry: int) -> bk.MatchState | None:
        return next((self.states[s.key] for s in self.specs if self.states[s.key].open and entry in self.states[s.key].players), None)


def record(row: dict[str, Any], target_loses: bool) -> bk.GameRecord:
    return bk.GameRecord((row["entry1_id"], row["entry2_id"]), (row["score1"], row["score2"]), row["forfeit_by"], target_loses)


def _require(br: Bracket) -> None:
    if not br.exists:
        _no_bracket(br.event)


def _no_bracket(event: Event) -> NoReturn:
    raise CribError(f"{event.name} has no bracket yet (make it with: crib-tourney cut \"{event.name}\")")


# --- the cut ---------------------------------------------------------------

def cut_order(db: Db, event: Event, count: int, keep: frozenset[int] = frozenset()) -> list[int]:
    """The top ``count`` entries of qualifying in seed order; withdrawn entries
    drop out unless in ``keep`` (qualifiers who withdrew after the cut)."""
    ranked = [r for r in standings(db, event).every if not r.withdrawn or r.player in keep]
    return cast(list[int], cut_qualifiers(ranked, count, event.name))


def _check_count(count: int, available: int, entrants: int) -> None:
    if count < 2:
        raise CribError(f"the field is too small to cut: {entrants} entrants give {count} qualifier(s); a bracket needs at least 2")
    if count > available:
        raise CribError(f"{count} qualifiers asked for, but only {available} players are still in")


def _check_qualifying_finished(db: Db, event: Event) -> None:
    scheduled = q.scheduled_games(db, event.id)
    if scheduled == 0:
        raise CribError(f"qualifying has not started in {event.name}: no games scheduled")
    problems = check_cards(db, event)
    if problems or scheduled < event.games:
        listed = [f"game {p.game} {' v '.join(p.players)} ({p.problem})" for p in problems[:6]]
        more = f" and {len(problems) - 6} more" if len(problems) > 6 else ""
        unscheduled = f"games {scheduled + 1}-{event.games} not yet played; " if scheduled < event.games else ""
        raise CribError(f"qualifying is not finished: {unscheduled}{'; '.join(listed)}{more}".rstrip("; "))


@records.record
class Cut:
    qualifiers: int
    size: int
    seeds: tuple[tuple[int, str], ...]  # (seed, name)


def cut(db: Db, event_id: int, qualifiers: int | None, by: Actor = CLI) -> BracketData:
    """Make the seeded bracket; returns it as `bracket --json` shows it, but for
    its first round only (what cut prints: 4,095 later matches at 20,000 players are not)."""
    event = load_event(db, event_id)
    if event.sides == 3:  # a bracket is head to head: three at a table are placed by their standings
        raise CribError(f"{event.name} seats three at a table: it has no bracket; its places are its standings"
                        " (crib-tourney placings)")
    make_bracket(db, event, qualifiers, by)
    return bracket_json(db, event, first_round_only=True)


def bracket_view(db: Db, event_id: int, best_of: BestOf | None = None, by: Actor = CLI) -> BracketShown:
    """The bracket, after changing one round's length if asked."""
    event = load_event(db, event_id)
    changed = set_round_best_of(db, event, best_of.bracket, best_of.round, best_of.best_of, by) if best_of else 0
    return BracketShown(bracket_json(db, event), changed)


def bracket_document(data: BracketData) -> BracketDocument:
    """The bracket as `bracket --json` prints it (and the web view serves it)."""
    rounds: list[RoundJson] = [{"round": r["round"], "bracket": r["bracket"], "name": r["name"], "matches": r["matches"]}
                               for r in data["rounds"]]
    return {"rounds": rounds, "champion": data["champion"]}


def match_view(db: Db, event_id: int, key: str) -> MatchSlip:
    return match_slip(db, load_event(db, event_id), key)


def make_bracket(db: Db, event: Event, qualifiers: int | None, by: Actor = CLI) -> Cut:
    fmt = FORMATS[event.format]
    if fmt.layout is None:
        raise CribError(f"{event.name} is a {event.format}: standings only, no playoff")
    if st.seeded_count(db, event.id):
        raise CribError(f"{event.name} already has its bracket (see: crib-tourney bracket \"{event.name}\")")
    entries = entries_of(db, event)
    active = [e.id for e in entries if e.withdrawn_after is None]
    if fmt.seeds_by_standings:
        _check_qualifying_finished(db, event)
        count = qualifiers_due(db, event) if qualifiers is None else qualifiers
        _check_count(count, len(active), len(entries))
        order = cut_order(db, event, count)
    else:
        count = len(active) if qualifiers is None else qualifiers
        _check_count(count, len(active), len(entries))
        order = active[:count]
    specs = fmt.layout(count, event.best_of, event.final_best_of, event.grand_final_reset)
    change = Change(db, "cut", Log(event.id), by)
    change.replace("seed", {"event_id": event.id}, [dict(event_id=event.id, seed=i, entry_id=e) for i, e in enumerate(order, 1)])
    change.replace("playoff_match", {"event_id": event.id}, st.layout_rows(event.id, specs))
    change.log(f"cut to {count} qualifiers, bracket of {bk.bracket_size(count)}")
    _keep_made_bracket(db, event, specs, dict(enumerate(order, 1)))
    names = entry_names(db, event)
    return Cut(count, bk.bracket_size(count), tuple((i, names[e]) for i, e in enumerate(order, 1)))


class WouldMove(CribError):
    """A change to qualifying after the cut that would move the bracket's qualifiers or
    seeds, made without --recut."""


def recut_if_moved(db: Db, event: Event, change: Change, recut: bool) -> Recut | None:
    """After a change to qualifying: the standings must still give the bracket's
    qualifiers and seeds. If not, refuse naming who would move, or with
    ``recut`` (before the first playoff game) reseed the bracket in ``change``."""
    seeds = st.seeds(db, event.id)
    if not seeds or not FORMATS[event.format].seeds_by_standings:
        if recut:
            raise CribError(f"--recut: {event.name} has no bracket seeded from qualifying")
        return None
    order = [seeds[s] for s in sorted(seeds)]
    try:
        new_order = cut_order(db, event, len(order), keep=frozenset(order))
    except CribError as exc:
        raise CribError(f"refused: after this change {exc}") from None
    if new_order == order:
        if recut:
            raise CribError("--recut: the qualifiers and seeds do not change; nothing to recut")
        return None
    names = entry_names(db, event)
    was = {e: s for s, e in seeds.items()}
    now = {e: s for s, e in enumerate(new_order, 1)}
    moved = tuple(SeedMove(names[e], was.get(e), now.get(e)) for e in dict.fromkeys(order + new_order)
                  if was.get(e) != now.get(e))
    listed = ", ".join(m.text() for m in moved)
    if st.playoff_games_played(db, event.id):
        raise CribError(f"refused: the playoffs have started and this change would move {listed}")
    if not recut:
        raise WouldMove(f"refused: this change would move {listed} in the bracket; add --recut to remake it (before the first playoff game)")
    change.replace("seed", {"event_id": event.id}, [dict(event_id=event.id, seed=i, entry_id=e) for i, e in enumerate(new_order, 1)])
    return Recut(moved)


def _seed_text(seed: int | None) -> str:
    return "out" if seed is None else f"seed {seed}"


def record_cut_playoff(db: Db, event: Event, a: int, b: int, scores: tuple[int, int], by: Actor = CLI) -> CutTiebreak:
    """A one-game tiebreak between two entries tied across the cut line."""
    rules = scoring_rules(event)
    check_scores(scores[0], scores[1], rules.target)
    names = entry_names(db, event)
    if a == b:
        raise CribError(f"{names[a]} cannot play against themselves")
    if st.seeded_count(db, event.id):
        raise CribError(f"{event.name} is already cut; a cut playoff decides the cut line before the bracket is made")
    _check_qualifying_finished(db, event)  # before the last game everybody may still move: no tie at the line is known
    ranked = [r for r in standings(db, event).every if not r.withdrawn]
    count = qualifiers_due(db, event)  # where the cut will fall: the no-shows are no part of the field
    group = {r.player for r in tied_across_line(ranked, count)}
    if not {a, b} <= group:
        tied = ", ".join(r.name for r in ranked if r.player in group) or "nobody"
        raise CribError(f"{names[a]} and {names[b]} are not tied across the cut line (tied there: {tied})")
    entries = (a, b)
    w, lo = (0, 1) if won_game(scores[0], scores[1], rules.target_loses) else (1, 0)
    rows = q.cut_playoff_rows(db, event.id) + [dict(event_id=event.id, winner_entry_id=entries[w], loser_entry_id=entries[lo],
                                                    winner_score=scores[w], loser_score=scores[lo])]
    done = CutTiebreak(names[entries[w]], scores[w], names[entries[lo]], scores[lo])
    change = Change(db, "cut playoff", Log(event.id), by)
    change.replace("cut_playoff", {"event_id": event.id}, rows)
    change.log(done.line().removeprefix("recorded "))
    return done


# --- playoff games ---------------------------------------------------------

def record_playoff_game(db: Db, event: Event, a: int, b: int, scores: tuple[int, int], game_no: int | None,
                        replace: bool, cascade: bool, by: Actor = CLI) -> list[PlayoffFact]:
    names = entry_names(db, event)
    if a == b:
        raise CribError(f"{names[a]} cannot play against themselves")
    check_scores(scores[0], scores[1], scoring_rules(event).target)
    br = Bracket(db, event)
    state = br.match_of(a, b)
    if state is None:
        raise CribError(f"{names[a]} and {names[b]} are not in the same open match of {event.name}" + _where(br, names, [a, b]))
    change = Change(db, "playoff", Log(event.id), by)
    facts = match_game(db, event, change, br, state, (a, b), scores, game_no, replace, cascade)
    change.log("; ".join(f.line() for f in facts))
    return facts


def match_game(db: Db, event: Event, change: Change, br: Bracket, state: bk.MatchState, players: tuple[int, int],
               scores: tuple[int, int], game_no: int | None = None, replace: bool = False, cascade: bool = False) -> list[PlayoffFact]:
    """Record one game of a match (``players`` with their ``scores``) in ``change``,
    and then every forfeit a withdrawn qualifier owes."""
    game = dict(match_id=br.match_ids[state.spec.key], game_no=0, entry1_id=players[0], entry2_id=players[1], score1=scores[0],
                score2=scores[1], forfeit_by=None)
    facts = _apply_game(db, event, br, state, game, game_no, replace, cascade, entry_names(db, event), change)
    return facts + forfeit_withdrawn(db, event, change)


def record_playoff_forfeit(db: Db, event: Event, entry: int, change: Change, whole_match: bool) -> list[PlayoffFact]:
    br = Bracket(db, event)
    state = br.current_match(entry)
    if state is None:
        raise CribError(f"{entry_names(db, event)[entry]} has no open playoff match in {event.name}")
    names = entry_names(db, event)
    facts: list[PlayoffFact] = []
    while True:
        opponent = next(p for p in state.players if p != entry)
        game = dict(match_id=br.match_ids[state.spec.key], game_no=0, entry1_id=opponent, entry2_id=entry, score1=0, score2=0, forfeit_by=entry)
        facts += _apply_game(db, event, br, state, game, None, False, False, names, change)
        br = Bracket(db, event)
        state = br.states[state.spec.key]
        if not whole_match or state.winner is not None:
            return facts


def forfeit_withdrawn(db: Db, event: Event, change: Change) -> list[PlayoffFact]:
    """A qualifier who withdrew forfeits every match of his as soon as its
    opponent is known, so the bracket never waits on him."""
    withdrawn: set[int | None] = {e.id for e in entries_of(db, event) if e.withdrawn_after is not None}
    facts: list[PlayoffFact] = []
    while withdrawn:
        br = Bracket(db, event)
        state = next((br.states[s.key] for s in br.specs if br.states[s.key].open and set(br.states[s.key].players) & withdrawn), None)
        if state is None:
            return facts
        quitter = next(p for p in state.players if p in withdrawn)
        assert quitter is not None
        facts += record_playoff_forfeit(db, event, quitter, change, whole_match=True)
    return facts


def _apply_game(db: Db, event: Event, br: Bracket, state: bk.MatchState, game: dict[str, Any], game_no: int | None,
                replace: bool, cascade: bool, names: dict[int, str], change: Change) -> list[PlayoffFact]:
    key = state.spec.key
    label = f"{bk.round_name(state.spec, br.specs)} ({key})"
    rows = list(br.game_rows.get(key, []))
    if replace:
        if game_no is None or not 1 <= game_no <= len(rows):
            raise CribError(f"--replace needs --match-game 1 to {len(rows)} for the {label}")
        game["game_no"] = game_no
        rows[game_no - 1] = game
    else:
        if state.winner is not None:
            w = state.winner
            raise CribError(f"the {label} is already decided: {_name(names, w)} won {max(state.wins)}-{min(state.wins)}; use --replace --match-game N to correct a game")
        if game_no is not None and game_no != len(rows) + 1:
            raise CribError(f"the next game of the {label} is game {len(rows) + 1}, not {game_no}")
        game["game_no"] = len(rows) + 1
        rows.append(game)
    played = _game_played(game, names, label)
    try:
        computed, broken = bk.cascade(br.specs, br.seeds, br.games, key, [record(r, br.target_loses) for r in rows])
    except CribError as exc:
        raise CribError(str(exc).replace(f"the match {key}", f"the {label}")) from None
    if broken and not cascade:
        raise CribError("later matches depend on this game: " + ", ".join(broken) + "; use --cascade to clear their games")
    change.replace("playoff_game", {"match_id": br.match_ids[key]}, rows)
    for k in broken:
        change.replace("playoff_game", {"match_id": br.match_ids[k]}, [])
    facts: list[PlayoffFact] = [played]
    if broken:
        facts.append(MatchesCleared(tuple(broken)))
    final = computed[key]
    if final.winner is not None and final.winner != bk.BYE and state.winner is None:
        facts.append(MatchWon(_name(names, final.winner), label, (max(final.wins), min(final.wins))))
    champ = bk.champion(br.specs, computed)
    if champ is not None and bk.champion(br.specs, br.states) != champ:
        facts.append(Champion(names[champ]))
    return facts


def _name(names: dict[int, str], entry: int) -> str:
    """An entry's name (its id, for one that is not in the event any more)."""
    return names.get(entry, str(entry))


def _game_played(game: dict[str, Any], names: dict[int, str], label: str) -> PlayoffGame:
    a, b = game["entry1_id"], game["entry2_id"]
    forfeit_by = names[game["forfeit_by"]] if game["forfeit_by"] is not None else None
    return PlayoffGame(label, game["game_no"], (names[a], names[b]), (game["score1"], game["score2"]), forfeit_by)


def _where(br: Bracket, names: dict[int, str], entries: list[int]) -> str:
    parts = []
    for e in entries:
        state = br.current_match(e)
        if state is not None:
            other = next(p for p in state.players if p is not None and p != e)  # an open match: both are known
            parts.append(f"{names[e]} plays {names[other]} in the {bk.round_name(state.spec, br.specs)}")
    return f" ({'; '.join(parts)})" if parts else ""


# --- views -----------------------------------------------------------------

def bracket_json(db: Db, event: Event, first_round_only: bool = False) -> BracketData:
    br = shown_bracket(db, event)
    _require(br)
    names = entry_names(db, event)
    withdrawn = {e.id for e in entries_of(db, event) if e.withdrawn_after is not None}
    seed_of = {entry: seed for seed, entry in br.seeds.items()}
    rules = scoring_rules(event)

    def name(p: int | None) -> str | None:
        return names.get(p) if p is not None and p != bk.BYE else None

    rounds: list[RoundJson] = []
    keys: list[tuple[str, int]] = []  # (bracket, round) of each round
    for spec in br.specs:
        state = br.states[spec.key]
        if state.void and spec.key == "F2":
            continue
        if not keys or keys[-1] != (spec.bracket, spec.round):
            if keys and first_round_only:
                break
            keys.append((spec.bracket, spec.round))
            rounds.append({"round": spec.round, "bracket": spec.bracket, "name": bk.round_name(spec, br.specs), "matches": []})
        rounds[-1]["matches"].append({
            "match": spec.position, "key": spec.key, "table": br.tables.get(spec.key),  # None: a bye
            "seeds": [seed_of.get(p) if p is not None and p != bk.BYE else None for p in state.players],
            "players": [name(p) for p in state.players],
            "bye": [p == bk.BYE for p in state.players],
            "withdrawn": [p in withdrawn for p in state.players],
            "best_of": spec.best_of, "wins": state.wins, "winner": name(state.winner),
            "games": [_game_json(g, names, rules) for g in state.games],
        })
    champ = bk.champion(br.specs, br.states)
    return {"event": event.name, "format": event.format, "qualifiers": len(br.seeds),
            "size": bk.bracket_size(len(br.seeds)), "rounds": rounds, "champion": names.get(champ) if champ else None}


def _game_json(game: bk.GameRecord, names: dict[int, str], rules: ScoringRules) -> GameJson:
    margin = abs(game.scores[0] - game.scores[1]) if game.forfeit_by is None else 0
    return {"players": [names.get(game.players[0]), names.get(game.players[1])], "scores": list(game.scores),
            "winner": names.get(game.winner), "forfeit": names.get(game.forfeit_by) if game.forfeit_by else None,
            "skunk": margin >= rules.skunk_margin, "double_skunk": margin >= rules.double_skunk_margin}


def match_slip(db: Db, event: Event, key: str) -> MatchSlip:
    """Everything a match slip shows, including who deals first in each game;
    ``key`` as the bracket names the match (any case)."""
    br = shown_bracket(db, event)
    spec = next((s for s in br.specs if s.key.lower() == key.strip().lower()), None)
    if spec is None:
        raise CribError(f"no match {key} in {event.name} (matches are named like W1.3, L2.1, F1)")
    state = br.states[spec.key]
    names = entry_names(db, event)
    seed_of = {entry: seed for seed, entry in br.seeds.items()}
    bye = [p == bk.BYE for p in state.players]
    return {
        "event": event.name, "match": spec.key, "table": br.tables.get(spec.key), "round": bk.round_name(spec, br.specs),
        "best_of": spec.best_of,
        "players": [names.get(p) if p is not None and p != bk.BYE else None for p in state.players],
        "seeds": [seed_of.get(p) if p is not None else None for p in state.players], "bye": bye,
        "wins": state.wins, "winner": names.get(state.winner) if state.winner is not None and state.winner != bk.BYE else None,
        "first_dealer_rule": event.first_dealer,
        "dealers": [] if any(bye) else [bk.first_dealer(event.first_dealer, n, state, names) for n in range(1, spec.best_of + 1)],
        "games": [list(g.scores) for g in state.games],
    }


def event_fund(db: Db, event: Event, high_nonqualifier: HighNonQualifier | None) -> int:
    """The fund the payout table shares, in cents: as set, or the entry fees less the
    house's share; less the high non-qualifier's prize when the event pays it from the fund."""
    hnq_prize = event.high_nonqualifier_prize if high_nonqualifier is not None else 0
    fees = played_count(db, event) * event.entry_fee  # no-shows are out of the fund
    if event.fund_from == "paid" and any(e.paid is not None for e in entries_of(db, event)):
        fees = sum(e.paid or 0 for e in entries_of(db, event))  # what the box holds, a no-show's payment included
    return fund_for_places(fees, Decimal(str(event.house_share)), event.prize_fund, hnq_prize, event.high_nonqualifier_from_fund)


@records.record
class Placed:
    """The final places as bands of tied places, each entrant's prize in cents."""

    bands: list[tuple[int, int, list[int]]]  # (first place, last place, entries)
    prizes: dict[int, int]
    complete: bool
    fund: int
    high_nonqualifier: HighNonQualifier | None

    def place_of(self, entry: int) -> str | None:
        """An entry's place as placings words it (1st, 3rd-4th), once decided."""
        for first, last, entries in self.bands:
            if entry in entries:
                return bk.ordinal(first) if first == last else f"{bk.ordinal(first)}-{bk.ordinal(last)}"
        return None


def placed(db: Db, event: Event, every_place: bool = True) -> Placed:
    """Final places and prizes. A bracket places its entrants; a round robin (or any
    event without a bracket yet finished) is placed by its standings. Without
    ``every_place`` the high non-qualifier is found only when the event pays him
    (his prize may come out of the fund): a seed's place needs no ranking of the field."""
    br = shown_bracket(db, event)
    if br.exists:
        bands = bk.placings(br.specs, br.states, len(br.seeds))
        complete = bk.champion(br.specs, br.states) is not None
    elif FORMATS[event.format].placed_by_standings or event.sides == 3:  # three at a table: placed by the standings
        ranked = [r for r in standings(db, event).ranked if not r.withdrawn]
        bands = _bands_by_rank(ranked)
        complete = round_robin_finished(db, event)
    else:
        _no_bracket(event)
    high_nonqualifier = _high_nonqualifier(db, event, br, entry_names(db, event)) \
        if every_place or event.high_nonqualifier_prize else None
    fund = event_fund(db, event, high_nonqualifier)
    prizes = payout_shares(bands, fund, parse_payouts(event.payouts, stored=True))
    return Placed(bands, prizes, complete, fund, high_nonqualifier)


def placings_view(db: Db, event: Event) -> Placings:
    """Final places (bands of tied places), each entrant's prize to the cent, and
    the high non-qualifier."""
    found = placed(db, event)
    names = entry_names(db, event)
    members = member_names(db, event) if event.team_size > 1 else {}
    rows: list[PlaceRow] = []
    for first, last, entries in found.bands:
        for e in entries:
            prize = found.prizes.get(e)
            row: PlaceRow = {"place": found.place_of(e) or "", "first": first, "last": last, "player": names[e],
                             "prize": format_money(prize) if prize else None}
            if members:
                row["team"], row["members"] = names[e], members[e]
            rows.append(row)
    champion = rows[0]["player"] if rows and found.complete and rows[0]["first"] == rows[0]["last"] == 1 else None
    return {"event": event.name, "complete": found.complete, "champion": champion, "prize_fund": format_money(found.fund),
            "rows": rows, "high_nonqualifier": found.high_nonqualifier, "currency": event.currency}


def event_decided(db: Db, event: Event) -> bool:
    """Whether the final places are known: the bracket has its champion, or a
    round robin has played every game."""
    br = shown_bracket(db, event)
    if br.exists:
        return bk.champion(br.specs, br.states) is not None
    return (FORMATS[event.format].placed_by_standings or event.sides == 3) and round_robin_finished(db, event)


def round_robin_finished(db: Db, event: Event) -> bool:
    return q.scheduled_games(db, event.id) >= event.games and not check_cards(db, event)


def _bands_by_rank(rows: list[Row[int]]) -> list[tuple[int, int, list[int]]]:
    """Places from standings: players tied on a rank share the places they cover."""
    bands: list[tuple[int, int, list[int]]] = []
    for row in rows:
        entry = row.player
        if bands and bands[-1][0] == row.rank:
            first, _, players = bands[-1]
            bands[-1] = (first, first + len(players), players + [entry])
        else:
            bands.append((row.rank, row.rank, [entry]))
    return bands


def _high_nonqualifier(db: Db, event: Event, br: Bracket, names: dict[int, str]) -> HighNonQualifier | None:
    """The best-ranked player who missed the cut (a bracket seeded from qualifying)."""
    if not br.exists or not FORMATS[event.format].seeds_by_standings:
        return None

    seeded = set(br.seeds.values()) | no_shows(db, event)
    best = next((r for r in standings(db, event).every if r.player not in seeded and not r.withdrawn), None)
    if best is None:
        return None
    prize = event.high_nonqualifier_prize
    return HighNonQualifier(player=names[best.player], rank=best.rank, prize=format_money(prize) if prize else None)


def set_round_best_of(db: Db, event: Event, bracket: str, round_no: int, best_of: int, by: Actor = CLI) -> int:
    """Make every match of one round best of ``best_of`` games, before it starts;
    returns how many matches changed."""
    if best_of < 1 or best_of % 2 == 0 or best_of > 99:
        raise CribError(f"best of must be an odd number of games up to 99, not {best_of}")
    br = Bracket(db, event)
    _require(br)
    keys = [s.key for s in br.specs if s.bracket == bracket and s.round == round_no]
    if not keys:
        raise CribError(f"{event.name} has no {bracket}-bracket round {round_no}")
    started = [k for k in keys if br.games.get(k)]
    if started:
        raise CribError(f"round {round_no} has started ({', '.join(started)}); its length cannot change now")
    change = Change(db, "best of", Log(event.id), by)
    for key in keys:
        change.update("playoff_match", br.match_ids[key], {"best_of": best_of})
    change.log(f"{bk.round_name(br.specs[[s.key for s in br.specs].index(keys[0])], br.specs)} ({', '.join(keys)}): best of {best_of}")
    return len(keys)


def non_qualifiers(db: Db, event: Event) -> list[Entry]:
    """The consolation field: non-qualifiers still in, in qualifying order."""
    br = shown_bracket(db, event)
    if not br.exists:
        raise CribError(f"cut {event.name} first: the consolation is played by the non-qualifiers")

    seeded = set(br.seeds.values()) | no_shows(db, event)
    by_id = {e.id: e for e in entries_of(db, event)}
    return [by_id[r.player] for r in standings(db, event).every if r.player not in seeded and not r.withdrawn]
