"""Playoffs in the database: the cut, the bracket layout, playoff games (with
their audit trail), corrections with cascade, placings and consolation events."""

from __future__ import annotations

from crib_tourney.errors import CribError
from crib_tourney.store.directory import player_names
from crib_tourney.store.results import log_change, scoring_rules
from crib_tourney.store.rows import Event, Player, fetch_one
from crib_tourney.store.sql import Db, in_list
from crib_tourney.tourney import bracket as bk
from crib_tourney.engine.variants import get_variant
from crib_tourney.tourney.scoring import check_scores, won_game

ELIMINATION_FORMATS = ("single-elim", "double-elim")
GAME_FIELDS = ("match_id", "game_no", "player1_id", "player2_id", "score1", "score2", "forfeit_by")


class Bracket:
    """A loaded bracket: layout, seeds, games, and the computed state."""

    def __init__(self, db: Db, event: Event):
        self.event = event
        rows = db.rows(
            "SELECT id, key, bracket, round, position, source1, source2, best_of, stage FROM playoff_match"
            " WHERE event_id = :e ORDER BY id", e=event.id,
        )
        self.match_ids: dict[str, int] = {}
        self.specs: list[bk.MatchSpec] = []
        for mid, key, bracket, rnd, pos, s1, s2, best_of, stage in rows:
            self.match_ids[key] = mid
            self.specs.append(bk.MatchSpec(key, bracket, rnd, pos, (_source(s1), _source(s2)), best_of, stage))
        self.seeds = dict(db.rows("SELECT seed, player_id FROM seed WHERE event_id = :e", e=event.id))
        self.target_loses = get_variant(event.variant).reaching_target_loses
        self.games: dict[str, list[bk.GameRecord]] = {}
        self.game_rows: dict[str, list[dict]] = {}
        if self.match_ids:
            keys = {mid: key for key, mid in self.match_ids.items()}
            marks, params = in_list("m", list(keys))
            for row in db.rows(f"SELECT {', '.join(GAME_FIELDS)} FROM playoff_game WHERE match_id IN {marks} ORDER BY match_id, game_no", **params):
                data = dict(zip(GAME_FIELDS, row))
                key = keys[data["match_id"]]
                self.game_rows.setdefault(key, []).append(data)
                self.games.setdefault(key, []).append(_record(data, self.target_loses))
        self.states = bk.compute(self.specs, self.seeds, self.games)

    @property
    def exists(self) -> bool:
        return bool(self.specs)

    def match_of(self, a: int, b: int) -> bk.MatchState | None:
        """The latest match in which these two players meet (open or decided)."""
        found = None
        for spec in self.specs:
            state = self.states[spec.key]
            if set(state.players) == {a, b}:
                found = state
        return found

    def current_match(self, player: int) -> bk.MatchState | None:
        for spec in self.specs:
            state = self.states[spec.key]
            if state.open and player in state.players:
                return state
        return None


def seeded(db: Db, event: Event, player_ids: list[int]) -> bool:
    """Whether all these players hold a seed in the event's bracket (a cheap check
    before loading the bracket on the result hot path)."""
    marks, params = in_list("p", player_ids)
    count = db.scalar(f"SELECT COUNT(*) FROM seed WHERE event_id = :e AND player_id IN {marks}", e=event.id, **params)
    return count == len(set(player_ids))


def _source(text: str) -> tuple[str, object]:
    kind, _, ref = text.partition(":")
    return (kind, int(ref) if kind == "seed" else ref)


def _record(row: dict, target_loses: bool) -> bk.GameRecord:
    return bk.GameRecord((row["player1_id"], row["player2_id"]), (row["score1"], row["score2"]), row["forfeit_by"], target_loses)


def round_name(spec: bk.MatchSpec, specs: list[bk.MatchSpec]) -> str:
    if spec.bracket == "F":
        return "grand final" if spec.round == 1 else "grand final (reset)"
    rounds = max(s.round for s in specs if s.bracket == spec.bracket)
    if spec.bracket == "L":
        return f"losers' round {spec.round}" + (" (final)" if spec.round == rounds else "")
    left = rounds - spec.round
    if any(s.bracket == "F" for s in specs):
        return f"winners' round {spec.round}" + (" (final)" if left == 0 else "")
    return {0: "final", 1: "semifinal", 2: "quarterfinal"}.get(left, f"round {spec.round}")


# --- the cut ---------------------------------------------------------------

def cut_order(db: Db, event: Event, qualifiers: int | None) -> tuple[list[int], int]:
    """Seeds in order and the number of qualifiers. Refuses while qualifying is
    unfinished, for a field too small, and for an unsettled tie across the line."""
    from crib_tourney.store.standings import check_cards, event_standings

    entrants = db.scalar("SELECT COUNT(*) FROM entry WHERE event_id = :e", e=event.id)
    if event.format == "round-robin":
        raise CribError(f"{event.name} is a round-robin: standings only, no playoff")
    active = [pid for pid, w in db.rows("SELECT player_id, withdrawn_after FROM entry WHERE event_id = :e ORDER BY seq, id", e=event.id) if w is None]
    if event.format in ELIMINATION_FORMATS:
        count = len(active) if qualifiers is None else qualifiers
        _check_count(count, len(active), entrants)
        return active[:count], count
    if db.scalar("SELECT COUNT(*) FROM pairing WHERE event_id = :e", e=event.id) == 0:
        raise CribError(f"qualifying has not started in {event.name}: no games scheduled")
    problems = check_cards(db, event)
    scheduled = db.scalar("SELECT MAX(game_no) FROM pairing WHERE event_id = :e", e=event.id)
    if problems or scheduled < event.games:
        listed = [f"game {p.game} {' v '.join(p.players)} ({p.problem})" for p in problems[:6]]
        more = f" and {len(problems) - 6} more" if len(problems) > 6 else ""
        unscheduled = f"games {scheduled + 1}-{event.games} not yet played; " if scheduled < event.games else ""
        raise CribError(f"qualifying is not finished: {unscheduled}{'; '.join(listed)}{more}".rstrip("; "))
    count = bk.qualifier_count(entrants, event.qualify_ratio) if qualifiers is None else qualifiers
    standings = [r for r in event_standings(db, event) if r.player in set(active)]
    _check_count(count, len(standings), entrants)
    order = _settle_cut_ties(db, event, standings, count)
    return order[:count], count


def _check_count(count: int, available: int, entrants: int) -> None:
    if count < 2:
        raise CribError(f"the field is too small to cut: {entrants} entrants give {count} qualifier(s); a bracket needs at least 2")
    if count > available:
        raise CribError(f"{count} qualifiers asked for, but only {available} players are still in")


def _settle_cut_ties(db: Db, event: Event, standings: list, count: int) -> list[int]:
    order = [r.player for r in standings]
    if count >= len(standings):
        return order
    inside, outside = standings[count - 1], standings[count]
    if inside.rank != outside.rank:
        return order
    group = [r for r in standings if r.rank == inside.rank]
    ids = {r.player for r in group}
    wins = {pid: 0 for pid in ids}
    for winner, loser in db.rows("SELECT winner_id, loser_id FROM cut_playoff WHERE event_id = :e", e=event.id):
        if winner in ids and loser in ids:
            wins[winner] += 1
    ranked = sorted(group, key=lambda r: -wins[r.player])
    first = standings.index(group[0])
    places_inside = count - first
    if wins[ranked[places_inside - 1].player] == wins[ranked[places_inside].player]:
        names = ", ".join(r.name for r in group)
        raise CribError(
            f"tie across the cut line at rank {inside.rank}: {names} for {places_inside} place(s);"
            f" settle it with tiebreak games: crib-tourney result \"{event.name}\" PLAYER 121 PLAYER SCORE --playoff"
        )
    return order[:first] + [r.player for r in ranked] + order[first + len(group):]


def record_cut_playoff(db: Db, event: Event, players: list[Player], scores: list[int]) -> str:
    check_scores(scores[0], scores[1], scoring_rules(event).target)
    if players[0].id == players[1].id:
        raise CribError(f"{players[0].name} cannot play against themselves")
    winner, loser = (0, 1) if won_game(scores[0], scores[1], scoring_rules(event).target_loses) else (1, 0)
    db.insert("cut_playoff", dict(event_id=event.id, winner_id=players[winner].id, loser_id=players[loser].id,
                                  winner_score=scores[winner], loser_score=scores[loser]))
    return f"cut tiebreak: {players[winner].name} {scores[winner]} - {players[loser].name} {scores[loser]}"


def make_bracket(db: Db, event: Event, qualifiers: int | None) -> Bracket:
    if Bracket(db, event).exists:
        raise CribError(f"{event.name} already has its bracket (see: crib-tourney bracket \"{event.name}\")")
    order, count = cut_order(db, event, qualifiers)
    if event.format == "double-elim":
        specs = bk.double_elimination(count, event.best_of, event.final_best_of, event.grand_final_reset)
    else:
        specs = bk.single_elimination(count, event.best_of, event.final_best_of)
    db.insert_many("seed", [dict(event_id=event.id, seed=i, player_id=pid) for i, pid in enumerate(order, start=1)])
    db.insert_many("playoff_match", [
        dict(event_id=event.id, key=s.key, bracket=s.bracket, round=s.round, position=s.position,
             source1=f"{s.sources[0][0]}:{s.sources[0][1]}", source2=f"{s.sources[1][0]}:{s.sources[1][1]}",
             best_of=s.best_of, stage=s.stage)
        for s in specs
    ])
    return Bracket(db, event)


# --- playoff games ---------------------------------------------------------

def _replace_games(db: Db, match_id: int, rows: list[dict]) -> None:
    db.execute("DELETE FROM playoff_game WHERE match_id = :m", m=match_id)
    db.insert_many("playoff_game", rows)


def change_games(db: Db, event: Event, action: str, summary: str, new_rows: dict[int, list[dict]]) -> None:
    """Replace the games of each match in ``new_rows`` and log the change for undo."""
    before = []
    for mid in sorted(new_rows):
        rows = db.rows(f"SELECT {', '.join(GAME_FIELDS)} FROM playoff_game WHERE match_id = :m ORDER BY game_no", m=mid)
        before.extend(dict(zip(GAME_FIELDS, r)) for r in rows)
        _replace_games(db, mid, new_rows[mid])
    after = [r for mid in sorted(new_rows) for r in new_rows[mid]]
    log_change(db, event, action, summary, {"matches": sorted(new_rows), "games_before": before, "games_after": after})


def restore_games(db: Db, data: dict) -> list[dict]:
    """Undo support: put back the games of the logged matches; returns the games replaced."""
    current = []
    for mid in data.get("matches", []):
        rows = db.rows(f"SELECT {', '.join(GAME_FIELDS)} FROM playoff_game WHERE match_id = :m ORDER BY game_no", m=mid)
        current.extend(dict(zip(GAME_FIELDS, r)) for r in rows)
        _replace_games(db, mid, [r for r in data["games_before"] if r["match_id"] == mid])
    return current


def record_playoff_game(
    db: Db, event: Event, players: list[Player], scores: list[int], game_no: int | None, replace: bool, cascade: bool,
) -> list[str]:
    if players[0].id == players[1].id:
        raise CribError(f"{players[0].name} cannot play against themselves")
    check_scores(scores[0], scores[1], scoring_rules(event).target)
    br = Bracket(db, event)
    a, b = players[0].id, players[1].id
    state = br.match_of(a, b)
    names = player_names(db, {a, b})
    if state is None:
        raise CribError(f"{names[a]} and {names[b]} are not in the same open match of {event.name}" + _where(br, db, [a, b]))
    key = state.spec.key
    rows = list(br.game_rows.get(key, []))
    game = dict(match_id=br.match_ids[key], game_no=0, player1_id=a, player2_id=b, score1=scores[0], score2=scores[1], forfeit_by=None)
    return _apply_game(db, event, br, state, rows, game, game_no, replace, cascade, names)


def record_playoff_forfeit(db: Db, event: Event, player: Player, whole_match: bool) -> list[str]:
    br = Bracket(db, event)
    state = br.current_match(player.id)
    if state is None:
        raise CribError(f"{player.name} has no open playoff match in {event.name}")
    opponent = next(p for p in state.players if p != player.id)
    names = player_names(db, {player.id, opponent})  # type: ignore[arg-type]
    messages = []
    while True:
        rows = list(br.game_rows.get(state.spec.key, []))
        game = dict(match_id=br.match_ids[state.spec.key], game_no=0, player1_id=opponent, player2_id=player.id,
                    score1=0, score2=0, forfeit_by=player.id)
        messages += _apply_game(db, event, br, state, rows, game, None, False, False, names)
        br = Bracket(db, event)
        state = br.states[state.spec.key]
        if not whole_match or state.winner is not None:
            return messages


def _apply_game(db, event, br, state, rows, game, game_no, replace, cascade, names) -> list[str]:  # type: ignore[no-untyped-def]
    key = state.spec.key
    label = f"{round_name(state.spec, br.specs)} ({key})"
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
    # Work out the bracket with this game before writing anything: a correction
    # that changes who plays a later match invalidates that match's games.
    games = dict(br.games)
    games[key] = [_record(r, br.target_loses) for r in rows]
    computed = bk.compute(br.specs, br.seeds, games)
    if computed[key].invalid_games:
        decided_at = len(computed[key].games)
        raise CribError(f"with this correction the {label} is decided after game {decided_at}, "
                        f"so games after it could not stand; correct those games first")
    broken = [k for k, st in computed.items() if st.invalid_games]
    if broken and not cascade:
        raise CribError("later matches depend on this game: " + ", ".join(broken) + "; use --cascade to clear their games")
    changes = {br.match_ids[key]: rows} | {br.match_ids[k]: [] for k in broken}
    change_games(db, event, "playoff", text + (f"; cleared {', '.join(broken)}" if broken else ""), changes)
    messages = [f"recorded {text}"]
    if broken:
        messages.append("cleared dependent matches: " + ", ".join(broken))
    after = Bracket(db, event)
    final = after.states[key]
    if final.winner is not None and final.winner != bk.BYE and state.winner is None:
        messages.append(f"{names.get(final.winner, final.winner)} wins the {label} {max(final.wins)}-{min(final.wins)}")
    champ = bk.champion(after.specs, after.states)
    if champ is not None and bk.champion(br.specs, br.states) != champ:
        messages.append(f"champion: {player_names(db, {champ})[champ]}")
    return messages


def _game_text(game: dict, names: dict, label: str) -> str:
    a, b = game["player1_id"], game["player2_id"]
    if game["forfeit_by"] is not None:
        return f"{label} game {game['game_no']}: {names[game['forfeit_by']]} forfeits"
    return f"{label} game {game['game_no']}: {names[a]} {game['score1']} - {names[b]} {game['score2']}"


def _where(br: Bracket, db: Db, players: list[int]) -> str:
    parts = []
    for pid in players:
        state = br.current_match(pid)
        if state is not None:
            other = next(p for p in state.players if p != pid)
            n = player_names(db, {pid, other})  # type: ignore[arg-type]
            parts.append(f"{n[pid]} plays {n[other]} in the {round_name(state.spec, br.specs)}")
    return f" ({'; '.join(parts)})" if parts else ""


# --- views -----------------------------------------------------------------

def bracket_json(db: Db, event: Event) -> dict:
    br = Bracket(db, event)
    if not br.exists:
        raise CribError(f"{event.name} has no bracket yet (make it with: crib-tourney cut \"{event.name}\")")
    ids = {p for s in br.states.values() for p in s.players if p not in (None, bk.BYE)}
    names = player_names(db, ids)  # type: ignore[arg-type]
    seed_of = {pid: seed for seed, pid in br.seeds.items()}
    rules = scoring_rules(event)
    rounds: list[dict] = []
    for spec in br.specs:
        state = br.states[spec.key]
        if state.void and spec.key == "F2":
            continue
        if not rounds or rounds[-1]["key"] != (spec.bracket, spec.round):
            # "round" counts within its bracket: W (winners or single), L (losers), F (grand final)
            rounds.append({"key": (spec.bracket, spec.round), "round": spec.round,
                           "bracket": spec.bracket, "name": round_name(spec, br.specs), "matches": []})
        rounds[-1]["matches"].append({
            "match": spec.position,
            "key": spec.key,
            "seeds": [seed_of.get(p) if p not in (None, bk.BYE) else None for p in state.players],
            "players": [names.get(p) if p not in (None, bk.BYE) else None for p in state.players],
            "bye": [p == bk.BYE for p in state.players],
            "best_of": spec.best_of,
            "wins": state.wins,
            "winner": names.get(state.winner) if state.winner not in (None, bk.BYE) else None,
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
    spec = next((s for s in br.specs if s.key.lower() == key.lower()), None)
    if spec is None:
        raise CribError(f"no match {key} in {event.name} (matches are named like W1.3, L2.1, F1)")
    state = br.states[spec.key]
    ids = {p for p in state.players if p not in (None, bk.BYE)}
    names = player_names(db, ids)  # type: ignore[arg-type]
    seed_of = {pid: seed for seed, pid in br.seeds.items()}
    dealers = []
    for n in range(1, spec.best_of + 1):
        dealers.append(first_dealer(event.first_dealer, n, state, names))
    return {
        "event": event.name, "match": spec.key, "round": round_name(spec, br.specs), "best_of": spec.best_of,
        "players": [names.get(p) if p not in (None, bk.BYE) else None for p in state.players],
        "seeds": [seed_of.get(p) for p in state.players],
        "wins": state.wins, "winner": names.get(state.winner) if state.winner not in (None, bk.BYE) else None,
        "first_dealer_rule": event.first_dealer, "dealers": dealers,
        "games": [list(g.scores) for g in state.games],
    }


def first_dealer(rule: str, game: int, state: bk.MatchState, names: dict) -> str:
    if game == 1 or rule == "cut":
        return "cut for deal"
    if game - 2 < len(state.games):
        previous = state.games[game - 2]
        loser = previous.players[1] if previous.winner == previous.players[0] else previous.players[0]
        if rule == "loser":
            return f"{names.get(loser, 'loser of game %d' % (game - 1))} (lost game {game - 1})"
    if rule == "loser":
        return f"loser of game {game - 1}"
    return f"whoever did not deal game {game - 1}"


def placings_view(db: Db, event: Event) -> dict:
    br = Bracket(db, event)
    if not br.exists:
        raise CribError(f"{event.name} has no bracket yet (make it with: crib-tourney cut \"{event.name}\")")
    bands = bk.placings(br.specs, br.states, len(br.seeds))
    ids = {p for _, _, players in bands for p in players}
    names = player_names(db, ids)
    percents = bk.parse_payouts(event.payouts)
    prizes = bk.payout_shares(bands, event.prize_fund, percents) if percents and event.prize_fund else {}
    rows = []
    for first, last, players in bands:
        place = bk.ordinal(first) if first == last else f"{bk.ordinal(first)}-{bk.ordinal(last)}"
        for pid in players:
            rows.append({"place": place, "first": first, "last": last, "player": names[pid], "prize": prizes.get(pid)})
    return {"event": event.name, "complete": bk.champion(br.specs, br.states) is not None, "prize_fund": event.prize_fund, "rows": rows}


def set_round_best_of(db: Db, event: Event, bracket: str, round_no: int, best_of: int) -> int:
    if best_of < 1 or best_of % 2 == 0:
        raise CribError(f"best of must be an odd number of games, not {best_of}")
    br = Bracket(db, event)
    keys = [s.key for s in br.specs if s.bracket == bracket and s.round == round_no]
    if not keys:
        raise CribError(f"{event.name} has no {bracket}-bracket round {round_no}")
    started = [k for k in keys if br.games.get(k)]
    if started:
        raise CribError(f"round {round_no} has started ({', '.join(started)}); its length cannot change now")
    for key in keys:
        db.execute("UPDATE playoff_match SET best_of = :b WHERE id = :id", b=best_of, id=br.match_ids[key])
    return len(keys)


def create_consolation(db: Db, event: Event, name: str | None, format_: str | None) -> tuple[Event, int]:
    from crib_tourney.store.entries import enter_players
    from crib_tourney.store.events import create_event, settings_of
    from crib_tourney.store.rows import Player as PlayerRow
    from crib_tourney.store.rows import fetch
    from crib_tourney.store.standings import event_standings

    br = Bracket(db, event)
    if not br.exists:
        raise CribError(f"cut {event.name} first: the consolation is played by the non-qualifiers")
    existing = fetch_one(db, Event, "parent_event_id = :p", p=event.id)
    if existing is not None:
        raise CribError(f"{event.name} already has its consolation event '{existing.name}'")
    qualifiers = set(br.seeds.values())
    withdrawn = {pid for pid, w in db.rows("SELECT player_id, withdrawn_after FROM entry WHERE event_id = :e", e=event.id) if w is not None}
    others = [r.player for r in event_standings(db, event) if r.player not in qualifiers and r.player not in withdrawn]
    if len(others) < 2:
        raise CribError(f"only {len(others)} non-qualifier(s): too few for a consolation event")
    settings = settings_of(event) | {"format": format_ or "single-elim"}
    consolation = create_event(db, name or f"{event.name} Consolation", settings)
    db.execute("UPDATE event SET parent_event_id = :p WHERE id = :id", p=event.id, id=consolation.id)
    marks, params = in_list("p", others)
    by_id = {p.id: p for p in fetch(db, PlayerRow, f"id IN {marks}", **params)}
    enter_players(db, consolation, [by_id[pid] for pid in others])  # in qualifying order: seeds follow it
    return consolation, len(others)

