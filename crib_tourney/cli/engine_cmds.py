"""Engine commands: count, peg, stats. Judges use these to settle counts."""

from typing import TYPE_CHECKING, Annotated, List, Optional

import typer

from crib_tourney.cli.common import number

from crib_tourney.cli.output import print_json, print_table
from crib_tourney.errors import CribError
from crib_tourney.engine.cards import parse_cards
from crib_tourney.engine.show import count_show, spoken, heels
from crib_tourney.engine.variants import get_variant
from crib_tourney.engine.dispute import rule
from crib_tourney.engine.play import score_play, team_seats
from crib_tourney.engine.stats import score_distribution

if TYPE_CHECKING:
    from crib_tourney.engine.cards import Card
    from crib_tourney.engine.show import ShowCount

# The engine is imported inside each command: every other command (and --help)
# starts faster without it.

VariantOption = Annotated[Optional[str], typer.Option("--variant", help="Rule set: standard, three-player, four-player, canadian-doubles, partners, five-card, noddy, backward, solitaire.")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print only JSON.")]


def count_cards(cards: list[str], starter: str, crib: bool, variant_name: str | None, players: int | None = None) -> "ShowCount":
    """Parse and count a show."""
    variant = get_variant("standard" if variant_name is None else variant_name)
    if players is not None:
        variant.check_players(players)
    seen: set[Card] = set()
    hand = parse_cards(cards, seen)
    (starter_card,) = parse_cards([starter], seen)
    return count_show(hand, starter_card, is_crib=crib, variant=variant, players=players)


def count(
    cards: Annotated[List[str], typer.Argument(help="The hand (or crib) cards, e.g. 5H 5D 5S JC.")],
    starter: Annotated[str, typer.Option("--starter", "-s", help="The starter (cut) card.")],
    crib: Annotated[bool, typer.Option("--crib", help="Count as a crib (flush needs all five cards).")] = False,
    variant: VariantOption = None,
    claim: Annotated[Optional[int], typer.Option("--claim", parser=number("claim"), metavar="N", help="The score the player claimed; report the difference.")] = None,
    muggins: Annotated[bool, typer.Option("--muggins", help="Muggins is on: report what the opponent may take.")] = False,
    muggins_call: Annotated[Optional[int], typer.Option("--muggins-call", parser=number("muggins call"), metavar="N", help="Points the opponent called muggins for.")] = None,
    players: Annotated[Optional[int], typer.Option("--players", "-n", parser=number("players"), metavar="N", help="Players at the table: a partners crib holds one card from each (five or six).")] = None,
    as_json: JsonOption = False,
) -> None:
    """Count a hand or crib the way a player says it.

    Example: crib-tourney count 5H 5D 5S JC --starter 5C
    """
    result = count_cards(cards, starter, crib, variant, players)
    data = {"total": result.total, "items": [i.as_dict() for i in result.items]}
    dealer_heels = heels(result.starter, get_variant("standard" if variant is None else variant))
    if dealer_heels:
        data["heels"] = dealer_heels
    ruling = None
    if claim is not None:
        ruling = rule(result.total, claim, muggins, muggins_call)
        data.update(ruling.as_dict())
    elif muggins or muggins_call is not None:
        raise CribError("--muggins needs --claim N (the score the player claimed)")
    if as_json:
        print_json(data)
        return
    typer.echo(spoken(result))
    for item in result.items:
        typer.echo(f"  {item.kind:8} {' '.join(str(c) for c in item.cards):20} {item.points}")
    typer.echo(f"total {result.total}")
    if dealer_heels:
        typer.echo(f"(a jack starter: the dealer pegged {dealer_heels} for his heels when it was cut; not part of this count)")
    if ruling is not None:
        typer.echo(f"ruling: {ruling.sentence()}")


def peg(
    tokens: Annotated[List[str], typer.Argument(help="Cards and 'go' in the order they happened, from the leader.")],
    players: Annotated[Optional[int], typer.Option("--players", "-n", min=1, max=17, help="Number of players (1 solitaire, 2-6, up to 17 in Noddy; default 2, or the variant's fewest).")] = None,
    teams: Annotated[bool, typer.Option("--teams", help="Partners sitting opposite share one score.")] = False,
    team_count: Annotated[Optional[int], typer.Option("--team-count", parser=number("team count"), metavar="N", help="Number of teams (default: partnerships of two).")] = None,
    variant: VariantOption = None,
    as_json: JsonOption = False,
) -> None:
    """Score a pegging sequence: every scoring event, restarts and totals.

    Tokens run in the order they happened from the player who led; turns rotate by
    themselves, skipping players out of cards or who said go. A player who played on
    alone and can play no more says go too (unless out of cards): that closes the count.
    Example: crib-tourney peg 5H 10D 5C 6S go go 4C
    """
    rules = get_variant(_default_variant(players or 2) if variant is None else variant)
    if players is None:
        players = rules.min_players  # two, or what the variant needs (four for doubles, one for solitaire)
    rules.check_players(players)
    rules = rules.seated(players)  # backward with four: the four-player partners' deal
    if rules.teams or team_count is not None:
        teams = True
    seats_of_teams = team_seats(players, team_count) if teams else None
    result = score_play(tokens, players=players, variant=rules, teams=seats_of_teams)
    if as_json:
        print_json(result.as_dict())
        return
    rows = []
    for e in result.events:
        note = ", ".join(e.reasons)
        if e.restart:
            leader = "" if e.next_leader is None else f" (player {e.next_leader + 1} leads)"
            note = (note + "; " if note else "") + "count restarts" + leader
        rows.append([f"player {e.seat + 1}", e.token or "-", e.count, e.points or "", note])
    print_table(None, ["who", "play", "count", "points", "why"], rows, right=["count", "points"])
    typer.echo("totals: " + ", ".join(f"player {i + 1} {t}" for i, t in enumerate(result.totals)))
    if result.team_totals is not None:
        typer.echo(
            "teams: "
            + ", ".join(
                f"players {'+'.join(str(s + 1) for s in team)} {total}"
                for team, total in zip(result.teams or [], result.team_totals)
            )
        )
    if not result.complete:
        typer.echo("(the play is not finished: no last-card point yet)")


def _default_variant(players: int) -> str:
    return {1: "solitaire", 2: "standard", 3: "three-player", 4: "four-player"}.get(players, "partners")


def stats(
    crib: Annotated[bool, typer.Option("--crib", help="Distribution for cribs instead of hands.")] = False,
    variant: VariantOption = None,
    as_json: JsonOption = False,
) -> None:
    """Exact distribution of show scores over every hand and starter.

    Example: crib-tourney stats --json
    """
    dist = score_distribution(get_variant("standard" if variant is None else variant), crib=crib)
    if as_json:
        print_json(dist.as_dict())
        return
    rows = [[score, n, f"{100 * n / dist.combinations:.4f}%"] for score, n in enumerate(dist.counts)]
    print_table(None, ["score", "combinations", "share"], rows, right=["score", "combinations", "share"])
    typer.echo(f"{dist.combinations:,} combinations, mean {dist.mean:.6f}")
