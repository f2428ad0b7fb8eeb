"""The game of cribbage as pure functions: cards, the show, the play, variants,
disputes and exact statistics. Nothing here touches a database or a terminal."""
