"""The cut, cut playoff games, the bracket and its games, withdrawals from it,
and the views of it (bracket, match slip, placings)."""

from __future__ import annotations

from decimal import Decimal

from dataclasses import dataclass, field

from crib_tourney.errors import CribError
from crib_tourney.store import brackets as st
from crib_tourney.store import qualifying as q
from crib_tourney.store.writer import Change, Log
from crib_tourney.store.directory import entries_of, entry_names, find_event, member_names
from crib_tourney.store.rows import Entry, Event
from crib_tourney.store.sql import Db
from crib_tourney.services.standings import check_cards, event_standings, scoring_rules
from crib_tourney.engine.variants import get_variant
from crib_tourney.tourney import bracket as bk
from crib_tourney.tourney.cut import qualifiers as cut_qualifiers
from crib_tourney.tourney.cut import tied_across_line
from crib_tourney.tourney.formats import FORMATS
from crib_tourney.tourney.money import format_money, parse_payouts, payout_shares, prize_fund
from crib_tourney.tourney.scoring import check_scores, won_game


class Bracket:
    """A loaded bracket: layout, seeds, games, and the computed state."""

    def __init__(self, db: Db, event: Event):
        self.event = event
        self.match_ids, self.specs = st.layout(db, event.id)
        self.seeds = st.seeds(db, event.id)
        self.target_loses = get_variant(event.variant).reaching_target_loses
        keys = {mid: key for key, mid in self.match_ids.items()}
        self.game_rows: dict[str, list[dict]] = {}
        self.games: dict[str, list[bk.GameRecord]] = {}
        for row in st.games(db, list(keys)):
            key = keys[row["match_id"]]
            self.game_rows.setdefault(key, []).append(row)
            self.games.setdefault(key, []).append(record(row, self.target_loses))
        self.states = bk.compute(self.specs, self.seeds, self.games)

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


def record(row: dict, target_loses: bool) -> bk.GameRecord:
    return bk.GameRecord((row["entry1_id"], row["entry2_id"]), (row["score1"], row["score2"]), row["forfeit_by"], target_loses)


def _require(br: Bracket) -> None:
    if not br.exists:
        raise CribError(f"{br.event.name} has no bracket yet (make it with: crib-tourney cut \"{br.event.name}\")")


# --- the cut ---------------------------------------------------------------

def cut_order(db: Db, event: Event, count: int, keep: set[int] = frozenset()) -> list[int]:  # type: ignore[assignment]
    """The top ``count`` entries of qualifying in seed order; withdrawn entries
    drop out unless in ``keep`` (qualifiers who withdrew after the cut)."""
    standings = [r for r in event_standings(db, event) if not r.withdrawn or r.player in keep]
    return cut_qualifiers(standings, count, event.name)  # type: ignore[return-value]


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


@dataclass
class Cut:
    qualifiers: int
    size: int
    seeds: list[tuple[int, str]]  # (seed, name)


def cut(db: Db, event_ref: str, qualifiers: int | None) -> dict:
    """Make the seeded bracket; returns the bracket as `bracket --json` shows it."""
    event = find_event(db, event_ref)
    make_bracket(db, event, qualifiers)
    return bracket_json(db, event)


def bracket_view(db: Db, event_ref: str, best_of_change: tuple[str, int, int] | None = None) -> tuple[dict, int]:
    """The bracket, after changing one round's length if asked (bracket, round, best of);
    returns it with the number of matches changed."""
    event = find_event(db, event_ref)
    changed = set_round_best_of(db, event, *best_of_change) if best_of_change else 0
    return bracket_json(db, event), changed


def bracket_document(data: dict) -> dict:
    """The bracket as `bracket --json` prints it (and the web view serves it)."""
    return {"rounds": [{k: r[k] for k in ("round", "bracket", "name", "matches")} for r in data["rounds"]],
            "champion": data["champion"]}


def match_view(db: Db, event_ref: str, key: str) -> dict:
    return match_slip(db, find_event(db, event_ref), key)


def placings(db: Db, event_ref: str) -> dict:
    return placings_view(db, find_event(db, event_ref))


def make_bracket(db: Db, event: Event, qualifiers: int | None) -> Cut:
    fmt = FORMATS[event.format]
    if fmt.layout is None:
        raise CribError(f"{event.name} is a {event.format}: standings only, no playoff")
    if st.seeded_count(db, event.id):
        raise CribError(f"{event.name} already has its bracket (see: crib-tourney bracket \"{event.name}\")")
    entries = entries_of(db, event)
    active = [e.id for e in entries if e.withdrawn_after is None]
    if fmt.seeds_by_standings:
        _check_qualifying_finished(db, event)
        count = bk.qualifier_count(len(entries), event.qualify_ratio) if qualifiers is None else qualifiers
        _check_count(count, len(active), len(entries))
        order = cut_order(db, event, count)
    else:
        count = len(active) if qualifiers is None else qualifiers
        _check_count(count, len(active), len(entries))
        order = active[:count]
    specs = fmt.layout(count, event.best_of, event.final_best_of, event.grand_final_reset)  # type: ignore[misc]
    change = Change(db, "cut", Log(event.id))
    change.replace("seed", {"event_id": event.id}, [dict(event_id=event.id, seed=i, entry_id=e) for i, e in enumerate(order, 1)])
    change.replace("playoff_match", {"event_id": event.id}, st.layout_rows(event.id, specs))
    change.log(f"cut to {count} qualifiers, bracket of {bk.bracket_size(count)}")
    names = entry_names(db, event)
    return Cut(count, bk.bracket_size(count), [(i, names[e]) for i, e in enumerate(order, 1)])


def recut_if_moved(db: Db, event: Event, change: Change, recut: bool) -> list[str]:
    """After a change to qualifying: the standings must still give the bracket's
    qualifiers and seeds. If not, refuse naming who would move, or with
    ``recut`` (before the first playoff game) reseed the bracket in ``change``."""
    seeds = st.seeds(db, event.id)
    if not seeds or not FORMATS[event.format].seeds_by_standings:
        if recut:
            raise CribError(f"--recut: {event.name} has no bracket seeded from qualifying")
        return []
    order = [seeds[s] for s in sorted(seeds)]
    try:
        new_order = cut_order(db, event, len(order), keep=set(order))
    except CribError as exc:
        raise CribError(f"refused: after this change {exc}") from None
    if new_order == order:
        if recut:
            raise CribError("--recut: the qualifiers and seeds do not change; nothing to recut")
        return []
    names = entry_names(db, event)
    was = {e: s for s, e in seeds.items()}
    now = {e: s for s, e in enumerate(new_order, 1)}
    moved = [f"{names[e]} ({_seed_text(was.get(e))} -> {_seed_text(now.get(e))})"
             for e in dict.fromkeys(order + new_order) if was.get(e) != now.get(e)]
    if st.playoff_games_played(db, event.id):
        raise CribError(f"refused: the playoffs have started and this change would move {', '.join(moved)}")
    if not recut:
        raise CribError(f"refused: this change would move {', '.join(moved)} in the bracket; add --recut to remake it (before the first playoff game)")
    change.replace("seed", {"event_id": event.id}, [dict(event_id=event.id, seed=i, entry_id=e) for i, e in enumerate(new_order, 1)])
    return ["recut the bracket: " + ", ".join(moved)]


def _seed_text(seed: int | None) -> str:
    return "out" if seed is None else f"seed {seed}"


def record_cut_playoff(db: Db, event: Event, entries: list[Entry], scores: list[int]) -> str:
    """A one-game tiebreak between two entries tied across the cut line."""
    rules = scoring_rules(event)
    check_scores(scores[0], scores[1], rules.target)
    a, b = entries
    names = entry_names(db, event)
    if a.id == b.id:
        raise CribError(f"{names[a.id]} cannot play against themselves")
    if st.seeded_count(db, event.id):
        raise CribError(f"{event.name} is already cut; a cut playoff decides the cut line before the bracket is made")
    standings = [r for r in event_standings(db, event) if not r.withdrawn]
    count = bk.qualifier_count(len(entries_of(db, event)), event.qualify_ratio)
    group = {r.player for r in tied_across_line(standings, count)}
    if not {a.id, b.id} <= group:
        tied = ", ".join(r.name for r in standings if r.player in group) or "nobody"
        raise CribError(f"{names[a.id]} and {names[b.id]} are not tied across the cut line (tied there: {tied})")
    w, lo = (0, 1) if won_game(scores[0], scores[1], rules.target_loses) else (1, 0)
    rows = q.cut_playoff_rows(db, event.id) + [dict(event_id=event.id, winner_entry_id=entries[w].id, loser_entry_id=entries[lo].id,
                                                    winner_score=scores[w], loser_score=scores[lo])]
    text = f"cut tiebreak: {names[entries[w].id]} {scores[w]} - {names[entries[lo].id]} {scores[lo]}"
    change = Change(db, "cut playoff", Log(event.id))
    change.replace("cut_playoff", {"event_id": event.id}, rows)
    change.log(text)
    return text


# --- playoff games ---------------------------------------------------------

@dataclass
class PlayoffResult:
    lines: list[str] = field(default_factory=list)


def record_playoff_game(db: Db, event: Event, a: int, b: int, scores: list[int], game_no: int | None,
                        replace: bool, cascade: bool) -> PlayoffResult:
    names = entry_names(db, event)
    if a == b:
        raise CribError(f"{names[a]} cannot play against themselves")
    check_scores(scores[0], scores[1], scoring_rules(event).target)
    br = Bracket(db, event)
    state = br.match_of(a, b)
    if state is None:
        raise CribError(f"{names[a]} and {names[b]} are not in the same open match of {event.name}" + _where(br, names, [a, b]))
    game = dict(match_id=br.match_ids[state.spec.key], game_no=0, entry1_id=a, entry2_id=b, score1=scores[0], score2=scores[1], forfeit_by=None)
    change = Change(db, "playoff", Log(event.id))
    result = PlayoffResult(_apply_game(db, event, br, state, game, game_no, replace, cascade, names, change))
    result.lines += forfeit_withdrawn(db, event, change)
    change.log("; ".join(result.lines))
    return result


def record_playoff_forfeit(db: Db, event: Event, entry: int, change: Change, whole_match: bool) -> list[str]:
    br = Bracket(db, event)
    state = br.current_match(entry)
    if state is None:
        raise CribError(f"{entry_names(db, event)[entry]} has no open playoff match in {event.name}")
    names = entry_names(db, event)
    lines: list[str] = []
    while True:
        opponent = next(p for p in state.players if p != entry)
        game = dict(match_id=br.match_ids[state.spec.key], game_no=0, entry1_id=opponent, entry2_id=entry, score1=0, score2=0, forfeit_by=entry)
        lines += _apply_game(db, event, br, state, game, None, False, False, names, change)
        br = Bracket(db, event)
        state = br.states[state.spec.key]
        if not whole_match or state.winner is not None:
            return lines


def forfeit_withdrawn(db: Db, event: Event, change: Change) -> list[str]:
    """A qualifier who withdrew forfeits every match of his as soon as its
    opponent is known, so the bracket never waits on him."""
    withdrawn = {e.id for e in entries_of(db, event) if e.withdrawn_after is not None}
    lines: list[str] = []
    while withdrawn:
        br = Bracket(db, event)
        state = next((br.states[s.key] for s in br.specs if br.states[s.key].open and set(br.states[s.key].players) & withdrawn), None)
        if state is None:
            return lines
        quitter = next(p for p in state.players if p in withdrawn)
        lines += record_playoff_forfeit(db, event, quitter, change, whole_match=True)  # type: ignore[arg-type]
    return lines


def _apply_game(db, event, br, state, game, game_no, replace, cascade, names, change) -> list[str]:  # type: ignore[no-untyped-def]
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
            raise CribError(f"the {label} is already decided: {names.get(w, w)} won {max(state.wins)}-{min(state.wins)}; use --replace --match-game N to correct a game")
        if game_no is not None and game_no != len(rows) + 1:
            raise CribError(f"the next game of the {label} is game {len(rows) + 1}, not {game_no}")
        game["game_no"] = len(rows) + 1
        rows.append(game)
    text = _game_text(game, names, label)
    try:
        computed, broken = bk.cascade(br.specs, br.seeds, br.games, key, [record(r, br.target_loses) for r in rows])
    except CribError as exc:
        raise CribError(str(exc).replace(f"the match {key}", f"the {label}")) from None
    if broken and not cascade:
        raise CribError("later matches depend on this game: " + ", ".join(broken) + "; use --cascade to clear their games")
    change.replace("playoff_game", {"match_id": br.match_ids[key]}, rows)
    for k in broken:
        change.replace("playoff_game", {"match_id": br.match_ids[k]}, [])
    lines = [f"recorded {text}"]
    if broken:
        lines.append("cleared dependent matches: " + ", ".join(broken))
    final = computed[key]
    if final.winner is not None and final.winner != bk.BYE and state.winner is None:
        lines.append(f"{names.get(final.winner, final.winner)} wins the {label} {max(final.wins)}-{min(final.wins)}")
    champ = bk.champion(br.specs, computed)
    if champ is not None and bk.champion(br.specs, br.states) != champ:
        lines.append(f"champion: {names[champ]}")
    return lines


def _game_text(game: dict, names: dict, label: str) -> str:
    a, b = game["entry1_id"], game["entry2_id"]
    if game["forfeit_by"] is not None:
        return f"{label} game {game['game_no']}: {names[game['forfeit_by']]} forfeits"
    return f"{label} game {game['game_no']}: {names[a]} {game['score1']} - {names[b]} {game['score2']}"


def _where(br: Bracket, names: dict, entries: list[int]) -> str:
    parts = []
    for e in entries:
        state = br.current_match(e)
        if state is not None:
            other = next(p for p in state.players if p != e)
            parts.append(f"{names[e]} plays {names[other]} in the {bk.round_name(state.spec, br.specs)}")
    return f" ({'; '.join(parts)})" if parts else ""


# --- views -----------------------------------------------------------------

def bracket_json(db: Db, event: Event) -> dict:
    br = Bracket(db, event)
    _require(br)
    names = entry_names(db, event)
    withdrawn = {e.id for e in entries_of(db, event) if e.withdrawn_after is not None}
    seed_of = {entry: seed for seed, entry in br.seeds.items()}
    rules = scoring_rules(event)

    def name(p: int | None) -> str | None:
        return names.get(p) if p not in (None, bk.BYE) else None  # type: ignore[arg-type]

    rounds: list[dict] = []
    for spec in br.specs:
        state = br.states[spec.key]
        if state.void and spec.key == "F2":
            continue
        if not rounds or rounds[-1]["key"] != (spec.bracket, spec.round):
            rounds.append({"key": (spec.bracket, spec.round), "round": spec.round, "bracket": spec.bracket,
                           "name": bk.round_name(spec, br.specs), "matches": []})
        rounds[-1]["matches"].append({
            "match": spec.position, "key": spec.key, "table": spec.position,  # a round's matches sit at tables 1, 2, ...
            "seeds": [seed_of.get(p) if p not in (None, bk.BYE) else None for p in state.players],  # type: ignore[arg-type]
            "players": [name(p) for p in state.players],
            "bye": [p == bk.BYE for p in state.players],
            "withdrawn": [p in withdrawn for p in state.players],
            "best_of": spec.best_of, "wins": state.wins, "winner": name(state.winner),
            "games": [_game_json(g, names, rules) for g in state.games],
        })
    for r in rounds:
        del r["key"]
    champ = bk.champion(br.specs, br.states)
    return {"event": event.name, "format": event.format, "qualifiers": len(br.seeds),
            "size": bk.bracket_size(len(br.seeds)), "rounds": rounds, "champion": names.get(champ) if champ else None}


def _game_json(game: bk.GameRecord, names: dict, rules) -> dict:  # type: ignore[no-untyped-def]
    margin = abs(game.scores[0] - game.scores[1]) if game.forfeit_by is None else 0
    return {"players": [names.get(game.players[0]), names.get(game.players[1])], "scores": list(game.scores),
            "winner": names.get(game.winner), "forfeit": names.get(game.forfeit_by) if game.forfeit_by else None,
            "skunk": margin >= rules.skunk_margin, "double_skunk": margin >= rules.double_skunk_margin}


def match_slip(db: Db, event: Event, key: str) -> dict:
    """Everything a match slip shows, including who deals first in each game."""
    br = Bracket(db, event)
    spec = next((s for s in br.specs if s.key.lower() == key.strip().lower()), None)
    if spec is None:
        raise CribError(f"no match {key} in {event.name} (matches are named like W1.3, L2.1, F1)")
    state = br.states[spec.key]
    names = entry_names(db, event)
    seed_of = {entry: seed for seed, entry in br.seeds.items()}
    return {
        "event": event.name, "match": spec.key, "table": spec.position, "round": bk.round_name(spec, br.specs),
        "best_of": spec.best_of,
        "players": [names.get(p) if p not in (None, bk.BYE) else None for p in state.players],  # type: ignore[arg-type]
        "seeds": [seed_of.get(p) for p in state.players],  # type: ignore[arg-type]
        "wins": state.wins, "winner": names.get(state.winner) if state.winner not in (None, bk.BYE) else None,  # type: ignore[arg-type]
        "first_dealer_rule": event.first_dealer,
        "dealers": [bk.first_dealer(event.first_dealer, n, state, names) for n in range(1, spec.best_of + 1)],
        "games": [list(g.scores) for g in state.games],
    }


def event_fund(db: Db, event: Event) -> int:
    """The prize fund in cents: as set, or the entry fees less the house's share."""
    return prize_fund(len(entries_of(db, event)), event.entry_fee, Decimal(str(event.house_share)), event.prize_fund)


def placings_view(db: Db, event: Event) -> dict:
    """Final places (bands of tied places), each entrant's prize to the cent, and
    the high non-qualifier. A bracket places its entrants; a round robin (or any
    event without a bracket yet finished) is placed by its standings."""
    br = Bracket(db, event)
    if br.exists:
        bands = bk.placings(br.specs, br.states, len(br.seeds))
        complete = bk.champion(br.specs, br.states) is not None
    elif FORMATS[event.format].placed_by_standings:
        standings = [r for r in event_standings(db, event) if not r.withdrawn]
        bands = _bands_by_rank(standings)
        complete = round_robin_finished(db, event)
    else:
        _require(br)
    names = entry_names(db, event)
    fund = event_fund(db, event)
    prizes = payout_shares(bands, fund, parse_payouts(event.payouts))
    members = member_names(db, event) if event.team_size > 1 else {}
    rows = []
    for first, last, entries in bands:
        place = bk.ordinal(first) if first == last else f"{bk.ordinal(first)}-{bk.ordinal(last)}"
        for e in entries:
            prize = prizes.get(e)
            rows.append({"place": place, "first": first, "last": last, "player": names[e],
                         "prize": format_money(prize) if prize else None}
                        | ({"team": names[e], "members": members[e]} if members else {}))
    champion = rows[0]["player"] if rows and complete and rows[0]["first"] == rows[0]["last"] == 1 else None
    return {"event": event.name, "complete": complete, "champion": champion, "prize_fund": format_money(fund),
            "rows": rows, "high_nonqualifier": _high_nonqualifier(db, event, br, names)}


def event_decided(db: Db, event: Event) -> bool:
    """Whether the final places are known: the bracket has its champion, or a
    round robin has played every game."""
    br = Bracket(db, event)
    if br.exists:
        return bk.champion(br.specs, br.states) is not None
    return FORMATS[event.format].placed_by_standings and round_robin_finished(db, event)


def round_robin_finished(db: Db, event: Event) -> bool:
    return q.scheduled_games(db, event.id) >= event.games and not check_cards(db, event)


def _bands_by_rank(rows: list) -> list[tuple[int, int, list[int]]]:
    """Places from standings: players tied on a rank share the places they cover."""
    bands: list[tuple[int, int, list[int]]] = []
    for row in rows:
        if bands and bands[-1][0] == row.rank:
            first, _, players = bands[-1]
            bands[-1] = (first, first + len(players), players + [row.player])
        else:
            bands.append((row.rank, row.rank, [row.player]))
    return bands


def _high_nonqualifier(db: Db, event: Event, br: "Bracket", names: dict[int, str]) -> dict | None:
    """The best-ranked player who missed the cut (a bracket seeded from qualifying)."""
    if not br.exists or not FORMATS[event.format].seeds_by_standings:
        return None
    seeded = set(br.seeds.values())
    best = next((r for r in event_standings(db, event) if r.player not in seeded and not r.withdrawn), None)
    if best is None:
        return None
    prize = event.high_nonqualifier_prize
    return {"player": names[best.player], "rank": best.rank, "prize": format_money(prize) if prize else None}


def set_round_best_of(db: Db, event: Event, bracket: str, round_no: int, best_of: int) -> int:
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
    change = Change(db, "best of", Log(event.id))
    for key in keys:
        change.update("playoff_match", br.match_ids[key], {"best_of": best_of})
    change.log(f"{bk.round_name(br.specs[[s.key for s in br.specs].index(keys[0])], br.specs)} ({', '.join(keys)}): best of {best_of}")
    return len(keys)


def non_qualifiers(db: Db, event: Event) -> list[Entry]:
    """The consolation field: non-qualifiers still in, in qualifying order."""
    br = Bracket(db, event)
    if not br.exists:
        raise CribError(f"cut {event.name} first: the consolation is played by the non-qualifiers")
    seeded = set(br.seeds.values())
    by_id = {e.id: e for e in entries_of(db, event)}
    return [by_id[r.player] for r in event_standings(db, event) if r.player not in seeded and not r.withdrawn]  # type: ignore[index]
