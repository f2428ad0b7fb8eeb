"""Tournament rules as pure functions over plain data: game scoring, standings and
tie-breaks, pairings, card checks."""
