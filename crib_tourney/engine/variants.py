"""Variants as named rule sets.

Every rule that differs between variants, or that the rule sheets leave open, is a
field here rather than a literal in the counting code.
"""

from __future__ import annotations

from typing import NamedTuple

from crib_tourney.errors import VariantError


class Variant(NamedTuple):
    """A variant's rules. A named tuple rather than a frozen dataclass (the same
    immutable value): the table below makes one at import, and a dataclass of these
    37 fields cost every command 4 ms to make."""

    name: str
    description: str
    min_players: int
    max_players: int
    deal_size: int  # cards dealt to each player
    hand_size: int  # cards kept for the play and the show
    crib_from_each: int  # cards each player throws to the crib
    crib_from_deck: int  # cards dealt straight to the crib (three-player: 1)
    game_target: int  # points that end the game
    has_crib: bool = True
    crib_size: int = 4
    # The show
    hand_flush_points_per_card: int = 1  # a hand flush scores 1 per hand card (4 or 3)
    flush_counts_starter: bool = True  # +1 when the starter matches a hand flush
    crib_flush_needs_starter: bool = True  # a crib flush needs all 5 cards one suit
    nobs_points: int = 1
    heels_points: int = 2  # dealer's points for a jack starter
    # The play
    play_limit: int = 31
    play_restarts: bool = True  # False: once a go (or 31) closes the count, the play ends
    fifteen_points: int = 2
    thirty_one_points: int = 2
    go_points: int = 1
    last_card_points: int = 1
    twenty_five_points: int = 0  # Noddy scores 2 for a count of 25
    run_of_three_points: int = 3  # Noddy scores a run of exactly three as 2
    play_flush_min: int = 0  # Noddy: 3+ consecutive cards of a suit score 1 per card
    teams: bool = False  # partners share one score
    # Seats whose play points count (solitaire: the blind crib pegs nothing).
    scoring_seats: tuple[int, ...] | None = None
    # Cards each seat plays, when not hand_size for everyone (solitaire's blind crib).
    play_cards_by_seat: tuple[int, ...] | None = None
    pone_first_hand_bonus: int = 0  # five-card: pone pegs 3 at the start of the game
    show_before_play: bool = False  # Noddy: the hands are counted before the play
    # Canadian doubles: the dealer deals ten each to the pone and himself; each makes
    # two four-card hands, keeps one, passes the other to his partner, cribs two.
    deal_to_pair_leaders: bool = False
    reaching_target_loses: bool = False  # backward cribbage
    # Tables whose deal is another variant's: (players, variant name). Backward is
    # played by 2-4 with the deal of the three-player and four-player games.
    deals_at: tuple[tuple[int, str], ...] = ()
    notes: tuple[str, ...] = ()

    def play_cards(self, seat: int) -> int:
        if self.play_cards_by_seat is not None and seat < len(self.play_cards_by_seat):
            return self.play_cards_by_seat[seat]
        return self.hand_size

    def seat_scores(self, seat: int) -> bool:
        return self.scoring_seats is None or seat in self.scoring_seats

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            allowed = str(self.min_players) if self.min_players == self.max_players else f"{self.min_players} to {self.max_players}"
            raise VariantError(f"{self.name} is played by {allowed} players, not {players}")

    def seated(self, players: int) -> "Variant":
        """The rules at a table of ``players``: the same rule set, with the deal
        (and the partnerships) of the variant named for that many players in
        ``deals_at`` (backward with three: five dealt, one each and one from the
        deck to the crib; with four: the four-player partners' deal)."""
        for count, name in self.deals_at:
            if count == players:
                deal = VARIANTS[name]
                return self._replace(deal_size=deal.deal_size, hand_size=deal.hand_size, crib_from_each=deal.crib_from_each,
                               crib_from_deck=deal.crib_from_deck, teams=deal.teams, deals_at=())
        return self

    def crib_cards(self, players: int | None = None) -> int:
        """Cards in the crib: the variant's usual, or what every seat throws at a
        table of ``players`` (partners with five or six: a crib of five or six)."""
        if players is None:
            return self.crib_size
        seated = self.seated(players)
        return sum(seat["crib"] for seat in seated.deal_plan(players)) + seated.crib_from_deck

    def deal_plan(self, players: int) -> list[dict[str, int]]:
        """Per seat (0 = the dealer, then to his left): cards dealt, kept for the
        play and the show, thrown to the crib, and passed to the partner."""
        seated = self.seated(players)
        if seated is not self:
            return seated.deal_plan(players)
        if self.deal_to_pair_leaders:
            # the dealer and the pone (seat 1) are dealt ten; their partners nothing
            return [{"dealt": 10, "kept": self.hand_size, "crib": 2, "passed": self.hand_size} if seat in (0, 1)
                    else {"dealt": 0, "kept": self.hand_size, "crib": 0, "passed": 0} for seat in range(players)]
        return [{"dealt": self.deal_size, "kept": self.hand_size, "crib": self.crib_from_each, "passed": 0}
                for _ in range(players)]


STANDARD = Variant(
    name="standard", description="Two players, six dealt, four kept, 121 points",
    min_players=2, max_players=2, deal_size=6, hand_size=4, crib_from_each=2,
    crib_from_deck=0, game_target=121,
)

VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in [
        STANDARD,
        Variant(
            name="three-player", description="Three players, five dealt, one each plus one from the deck to the crib",
            min_players=3, max_players=3, deal_size=5, hand_size=4, crib_from_each=1,
            crib_from_deck=1, game_target=121,
        ),
        Variant(
            name="four-player", description="Two partnerships sitting opposite, five dealt, one each to the crib",
            min_players=4, max_players=4, deal_size=5, hand_size=4, crib_from_each=1,
            crib_from_deck=0, game_target=121, teams=True,
        ),
        Variant(
            name="canadian-doubles",
            description="Two partnerships; the dealer deals ten to the pone and ten to himself, each makes two four-card"
                        " hands, keeps one, passes the other to his partner and puts two in the crib; then play and show"
                        " as four-player partners, 121 points",
            min_players=4, max_players=4, deal_size=10, hand_size=4, crib_from_each=2,
            crib_from_deck=0, game_target=121, teams=True, deal_to_pair_leaders=True,
        ),
        Variant(
            name="partners", description="Four to six players in partnerships sitting opposite, five dealt, one each to the crib",
            min_players=4, max_players=6, deal_size=5, hand_size=4, crib_from_each=1,
            crib_from_deck=0, game_target=121, teams=True,
        ),
        Variant(
            name="five-card", description="Two players, five dealt, three kept, 61 points; after a go the other player plays on,"
                                           " and the play ends at that go (or 31): the count is never restarted",
            min_players=2, max_players=2, deal_size=5, hand_size=3, crib_from_each=2,
            crib_from_deck=0, game_target=61, play_restarts=False, pone_first_hand_bonus=3,
        ),
        Variant(
            name="noddy", description="Two or more players, three dealt, no crib, 31 points, hands counted before the play",
            min_players=2, max_players=17, deal_size=3, hand_size=3, crib_from_each=0,  # one deck: 17 x 3 + the starter
            crib_from_deck=0, game_target=31, has_crib=False, crib_size=0,
            play_restarts=False, twenty_five_points=2, run_of_three_points=2, play_flush_min=3, show_before_play=True,
            notes=("a flush of four cards in the play scores 4 (one per card), between the sheets' three and five",),
        ),
        Variant(
            name="backward", description="Standard scoring; whoever reaches 121 first loses",
            min_players=2, max_players=4, deal_size=6, hand_size=4, crib_from_each=2,
            crib_from_deck=0, game_target=121, reaching_target_loses=True,
            deals_at=((3, "three-player"), (4, "four-player")),
        ),
        Variant(
            name="solitaire", description="One player, six to hand and two to a blind crib; over 120 after six deals and a free crib wins",
            min_players=1, max_players=1, deal_size=6, hand_size=4, crib_from_each=2,
            crib_from_deck=2, game_target=121, scoring_seats=(0,), play_cards_by_seat=(4, 2),
        ),
    ]
}


def get_variant(name: str) -> Variant:
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    if key not in VARIANTS:
        raise VariantError(f"unknown variant '{name}' (choose from {', '.join(VARIANTS)})")
    return VARIANTS[key]
