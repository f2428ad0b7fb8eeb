"""The web view (crib-tourney serve) and the published site (crib-tourney publish)."""
