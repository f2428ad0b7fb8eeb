"""A table's pair as one number in SQL: who met whom, as the index ix_pairing_met
(store/models.py, schema 19) holds it and the pairing reads it (store/qualifying.py).
Its own module because the table definitions and the queries both need it and
neither should import the other."""

# As pairings.pair_code makes it (entry ids stay below 2**31). SQLite uses the
# index only for a query that spells the expression exactly so.
MET_CODE = ("CASE WHEN entry1_id < entry2_id THEN entry1_id * 4294967296 + entry2_id"
            " ELSE entry2_id * 4294967296 + entry1_id END")
