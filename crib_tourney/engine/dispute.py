"""Disputed counts: the true score against a claim, and muggins."""

from __future__ import annotations

from typing import Any

from crib_tourney.errors import CribError
from crib_tourney.records import record


@record
class Ruling:
    true_score: int
    claim: int
    muggins_on: bool
    muggins_call: int | None = None  # points the opponent called "muggins" for

    @property
    def difference(self) -> int:
        """Claim minus the true score: negative when under-counted."""
        return self.claim - self.true_score

    @property
    def verdict(self) -> str:
        if self.difference < 0:
            return "under-counted"
        if self.difference > 0:
            return "over-counted"
        return "correct"

    @property
    def missed(self) -> int:
        return max(0, self.true_score - self.claim)

    @property
    def muggins(self) -> int:
        """Points the opponent may take by muggins: the missed points, capped by
        the call when one was made. Over-counts are pegged back, never mugged."""
        if not self.muggins_on:
            return 0
        if self.muggins_call is None:
            return self.missed
        return min(self.muggins_call, self.missed)

    @property
    def wrong_call_penalty(self) -> int:
        """A muggins call that proves wrong gives the called points to the player."""
        if not self.muggins_on or self.muggins_call is None or self.missed > 0:
            return 0
        return self.muggins_call

    @property
    def player_pegs(self) -> int:
        """What the counting player keeps: their claim, pegged back to the truth
        when over-counted (missed points stay unpegged)."""
        return min(self.claim, self.true_score)

    def sentence(self) -> str:
        if self.verdict == "correct":
            text = f"claim of {self.claim} is correct"
        elif self.verdict == "under-counted":
            text = f"claimed {self.claim}, true count {self.true_score}: under-counted by {self.missed}"
        else:
            text = (
                f"claimed {self.claim}, true count {self.true_score}: over-counted by"
                f" {self.difference}; peg back to {self.true_score}"
            )
        if self.muggins_on:
            if self.muggins_call is not None and self.wrong_call_penalty:
                text += f"; muggins call for {self.muggins_call} is wrong: {self.muggins_call} to the player"
            elif self.muggins:
                text += f"; muggins: opponent may take {self.muggins}"
            elif self.verdict == "under-counted":
                text += "; muggins: nothing to take"
        return text

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "claim": self.claim,
            "difference": self.difference,
            "verdict": self.verdict,
        }
        if self.muggins_on:
            data["muggins"] = self.muggins
            if self.muggins_call is not None:
                data["muggins_call"] = self.muggins_call
                data["wrong_call_penalty"] = self.wrong_call_penalty
        return data


def rule(true_score: int, claim: int, muggins_on: bool, muggins_call: int | None = None) -> Ruling:
    if claim < 0:
        raise CribError(f"a claim cannot be negative ({claim})")
    if muggins_call is not None and muggins_call <= 0:
        raise CribError(f"a muggins call is for 1 point or more, not {muggins_call}")
    return Ruling(true_score, claim, muggins_on, muggins_call)
