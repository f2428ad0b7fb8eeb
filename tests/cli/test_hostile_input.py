"""Hostile and careless input, table-driven: every case must be refused with
exit 1 (a domain error) or 2 (usage), no traceback, nothing but printable text
on the terminal, exactly one line for exit 1, and the database byte for byte as
it was. Grow this table with every new command or option."""

import json
import os
import shutil
from pathlib import Path
from subprocess import CompletedProcess  # noqa: F401  (named in an annotation)

import pytest

from tests.conftest import Cli

BIG = "99999999999999999999"  # past 2**63
HUGE = "9" * 5000  # past the 4,300 digits Python's int() converts
HUGEST = "9" * 100_000  # and far past

HAND = ["5H", "5D", "5S", "JC"]
AT_TABLE = ["--game", "1", "--player", "Ann"]
INT_SETTINGS = ["--games", "--win-points", "--skunk-points", "--double-skunk-points", "--skunk-margin", "--double-skunk-margin",
                "--forfeit-points", "--forfeit-spread", "--bye-points", "--bye-spread", "--best-of", "--final-best-of"]
BAD_NAMES = [  # (typed, why it is refused)
    ("", "needs a name"), ("   ", "needs a name"), ("\u200b", "invisible characters"), ("\u200b\u200b", "invisible characters"),
    ("Bell\x07", "control or invisible"), ("Esc\x1b[31m", "control or invisible"), ("Nul\x00x", "control or invisible"),
    ("Del\x7f", "control or invisible"), ("\u202eevil", "control or invisible"), ("\ufeff", "control or invisible"),
    ("Pat #3", "names things by number"), ("Pat #03", "names things by number"), ("95687", "names things by number"),
    ("#5", "cannot start with '#'"), ("x" * 81, "at most 80 characters"), ("x" * 10_000, "this one has 10000"),
    *[(blank, "invisible characters") for blank in ("\u3164", "\u115f", "\u2800", "\uffa0", "Ann\u3164", "\u2800Zed")],
    ("\u0301", "cannot start with a combining mark"), ("\u0301Zed", "cannot start with a combining mark"),
    ("\uff033", "cannot start with '#'"), ("Pat \uff032", "names things by number"), ("Pat #\u00b2", "names things by number"),
    ("\u00b2", "names things by number"),
]
# every kind of name takes the one policy: a sample of the refused names, blank-looking and look-alike ones first
SOME_BAD_NAMES = [*BAD_NAMES[-12:], *BAD_NAMES[:4]]

CASES = [
    # cards, as people mistype them
    *[(["count", bad, "5D", "5S", "JC", "--starter", "9C"], why) for bad, why in [
        ("5X", "unknown suit 'X'"), ("1H", "unknown rank '1'"), ("11H", "unknown rank '11'"), ("", "is not a card"),
        ("5", "is not a card"), ("HH", "unknown rank 'H'"), ("5D", "appears twice"), ("0H", "unknown rank '0'"),
        ("ten-of-hearts", "is not a card"), ("5H\x1b[2J", "is not a card")]],
    (["count", "5H", "5D", "5S", "--starter", "9C"], "holds 4 cards plus the starter, not 3"),
    (["count", *HAND, "2C", "3C", "--starter", "9C"], "not 6"),
    (["count", *HAND, "--starter", "5H"], "appears twice"),
    (["count", *HAND, "--starter", "ZZ"], "'ZZ' is not a card"),
    (["count", *HAND, "--starter", ""], "'' is not a card"),
    (["count", *HAND], "Missing option '--starter'"),
    (["count", "--starter", "9C"], "Missing argument"),
    (["count", "-5H", "5D", "5S", "JC", "--starter", "9C"], "No such option: -5"),
    (["count", *HAND, "--starter", "9C", "--variant", ""], "unknown variant ''"),
    (["count", *HAND, "--starter", "9C", "--variant", "poker"], "unknown variant 'poker'"),
    (["count", *HAND, "--starter", "9C", "--variant", "five-card"], "holds 3 cards plus the starter"),
    (["count", *HAND, "2C", "--starter", "9C", "--crib"], "a crib holds 4 cards"),
    (["count", *HAND, "--starter", "9C", "--claim", "-1"], "cannot be negative"),
    (["count", *HAND, "--starter", "9C", "--claim", BIG], "out of range"),
    (["count", *HAND, "--starter", "9C", "--claim", "twenty"], "not a whole number"),
    (["count", *HAND, "--starter", "5C", "--claim", "1e3"], "not a whole number"),
    (["count", *HAND, "--starter", "9C", "--muggins-call", "3"], "--muggins needs --claim"),
    (["count", *HAND, "--starter", "9C", "--muggins", "--muggins-call", BIG], "out of range"),
    (["peg", "5H", "5X"], "token 2 '5X'"),
    (["peg", "KH", "QH", "JH", "5H"], "would make 35, over 31"),
    (["peg", "5H", "5H"], "already played"),
    (["peg", "go"], "cannot say go at count 0"),
    (["peg", "5H", "go", "go", "go"], "cannot say go at count 5"),
    (["peg"], "Missing argument"),
    (["peg", "--players", "18", "5H"], "not in the range 1<=x<=17"),
    (["peg", "--players", "0", "5H"], "not in the range 1<=x<=17"),
    (["peg", "--players", "9", "5H"], "partners is played by 4 to 6 players, not 9"),
    (["peg", "--players", "9", "--variant", "standard", "5H"], "standard is played by 2 players, not 9"),
    (["count", "5H", "5D", "JC", "--starter", "9C", "--variant", "noddy", "--players", "18"], "noddy is played by 2 to 17 players, not 18"),
    (["new-event", "X", "--variant", "four-player", "--team-size", "1"], "four-player is played by teams of 2, not 1"),
    (["new-event", "X", "--variant", "canadian-doubles", "--team-size", "1"], "canadian-doubles is played by teams of 2, not 1"),
    (["peg", "--players", "٣", "5H"], "is not a valid integer"),
    (["peg", "--players", "1_0", "5H"], "is not a valid integer"),
    (["peg", "--players", BIG, "5H"], "--players"),
    (["peg", "5H", "--variant", ""], "unknown variant ''"),
    (["peg", "5H", "--variant", "nope"], "unknown variant 'nope'"),
    (["peg", "5H", "--teams", "--players", "3"], "partners need two teams or more"),
    (["peg", "5H", "--variant", "partners", "--players", "5", "--team-count", "4"], "a team of one"),
    (["count", *HAND, "--starter", "9C", "--crib", "--variant", "partners", "--players", "5"], "a crib holds 5 cards"),
    (["count", *HAND, "--starter", "9C", "--players", "3"], "standard is played by 2 players, not 3"),
    (["count", *HAND, "--starter", "9C", "--players", BIG], "out of range"),
    (["peg", "5H", "--teams", "--players", "4", "--team-count", BIG], "out of range"),
    (["peg", "5H", "--teams", "--players", "4", "--team-count", "0"], "partners need two teams or more"),
    (["stats", "--variant", ""], "unknown variant ''"),
    (["stats", "--variant", " "], "unknown variant ' '"),
    (["stats", "--variant", "solitaire5"], "unknown variant"),
    # names: one policy for players, events and leagues
    *[(["player", "add", name], why) for name, why in BAD_NAMES],
    *[(["enter", "E", name, "--new"], why) for name, why in BAD_NAMES if name.strip() and "#" not in name],
    (["enter", "E", "Pat #3", "--new"], "player #3 is Outsider, not Pat"),
    *[(["new-event", name], why.replace("player", "event")) for name, why in BAD_NAMES[:12]],
    *[(["league", "new", name], why) for name, why in BAD_NAMES[:12]],
    (["player", "add", "Ann", "--club", "Hall\x1b[2J"], "a club cannot hold control"),
    # one person, one roster line: a name already on it, or that is another's ACC number, and ACC numbers that find someone else
    (["player", "add", "Outsider"], "Outsider (#3) is already on the roster; to add another player of that name, add --duplicate"),
    (["player", "add", "  outsider "], "is already on the roster"),
    (["player", "add", "K1"], "'K1' is the ACC number of Margaret Kowalski (#1)"),
    (["player", "add", "k1", "--duplicate"], "'k1' is the ACC number of Margaret Kowalski (#1)"),
    (["player", "add", "Zed", "--acc-number", "k1"], "ACC number k1 already belongs to Margaret Kowalski (#1)"),
    (["player", "add", "Zed", "--acc-number", "#3"], "an ACC number cannot start with '#'"),
    (["player", "add", "Zed", "--acc-number", "\uff033"], "an ACC number cannot start with '#'"),
    (["player", "add", "Zed", "--acc-number", "outsider"], "ACC number outsider is another player's name"),
    (["player", "add", "Zed", "--email", "z@x\x07"], "an e-mail address cannot hold control"),
    (["player", "edit", "Outsider", "--acc-number", "k1"], "ACC number k1 already belongs to Margaret Kowalski"),
    (["player", "edit", "Outsider", "--acc-number", "#3"], "an ACC number cannot start with '#'"),
    (["player", "edit", "Outsider", "--acc-number", "Mark Kowalski"], "is another player's name"),
    (["player", "edit", "Outsider", "--name", "K1"], "'K1' is the ACC number of Margaret Kowalski"),
    (["player", "edit", "Ann"], "nothing to change: give --name"),
    (["player", "add", "Zoe", "--email", "z" * 121], "at most 120 characters"),
    (["player", "edit", "Ann", "--name", ""], "needs a name"),
    (["player", "edit", "Ann", "--name", "7"], "names things by number"),
    (["player", "edit", "Ann", "--name", "x" * 81], "at most 80 characters"),
    (["player", "edit", "Ann", "--name", "Ann\x1b[0m"], "control or invisible"),
    (["player", "edit", "Ann", "--acc-number", "\x07"], "an ACC number cannot hold control"),
    (["player", "edit", "Nobody", "--name", "Z"], "unknown player"),
    (["player", "edit", "Kowalski", "--club", "X"], "matches 2 players"),
    (["player", "edit", "#0", "--club", "X"], "no player #0"),
    (["player", "edit", f"#{BIG}", "--club", "X"], "no player #"),
    (["player", "show", "Nobody"], "unknown player"),
    (["player", "show", "#999"], "no player #999"),
    (["player", "show", f"#{BIG}"], "no player #"),
    (["player", "show", "Margaret Kowalski #2"], "player #2 is Mark Kowalski, not Margaret Kowalski"),
    (["player", "show", "Kowalski"], "matches 2 players"),
    (["player", "show", ""], "unknown player"),
    (["player", "show", "#"], "unknown player"),
    (["player", "show", "#-1"], "unknown player"),
    (["enter", "E", "#999", "--new"], "no player #999"),
    (["enter", "E", "Ann"], "already entered"),
    (["enter", "E", "Nobody"], "unknown player"),
    (["enter", "E", "Kowalski"], "matches 2 players"),
    (["enter", "E", "Zed", "Zed", "--new"], "named twice"),
    (["enter", "E", "Zed", "Ann", "--new"], "already entered"),
    (["enter", "Nope", "Ann"], "unknown event"),
    (["enter", "C", "Dan"], "entries to C are closed"),
    (["enter", "E"], "name the players"),
    (["enter", "E", "--team", "Zed", "Yan", "--new"], "E is a singles event"),
    (["enter", "E", "--team-name", "Aces", "Zed", "--new"], "--team-name names a team"),
    (["enter", "E", "--teams", "missing.csv"], "no such file"),
    (["enter", "E", "Ann", "--teams", "missing.csv"], "--teams FILE takes no players"),
    (["withdraw", "E", "Outsider"], "not entered in E"),
    (["withdraw", "E", "Nobody"], "unknown player"),
    (["withdraw", "E", ""], "unknown player"),
    (["withdraw", "E", "Kowalski"], "matches 2 players"),
    (["withdraw", "Nope", "Ann"], "unknown event"),
    (["withdraw", "E", "Bob", "Nobody"], "unknown player"),
    (["withdraw", "E", "Bob", "bob"], "Bob is named twice"),
    (["consolation", "C", "--only"], "needs the players it names"),
    (["consolation", "E", "--except", "Ann"], "cut E first"),
    (["new-event", "e"], "already exists"),
    (["new-event", " E "], "already exists"),
    (["league", "new", "club"], "already exists"),
    *[(["pool", "add", "E", name, "--fee", "5"], why.replace("player", "pool")) for name, why in SOME_BAD_NAMES],
    *[(["enter", "Dbl", "--team", "Cat", "Dan", "--team-name", name], why.replace("player", "team"))
      for name, why in SOME_BAD_NAMES if name.strip()],
    *[(["player", "edit", "Ann", "--name", name], why) for name, why in SOME_BAD_NAMES],
    *[(["consolation", "C", "--name", name], why.replace("player", "event")) for name, why in SOME_BAD_NAMES if name.strip()],
    *[(["new-event", name], why.replace("player", "event")) for name, why in SOME_BAD_NAMES],
    *[(["league", "new", name], why.replace("player", "league")) for name, why in SOME_BAD_NAMES],
    (["consolation", "C", "--name", "7"], "names things by number"),
    (["consolation", "C", "--name", ""], "needs a name"),
    (["league", "join", "Club", "", "--new"], "needs a name"),
    (["league", "join", "Club", "Q #1", "--new"], "player #1 is Margaret Kowalski, not Q"),
    # numbers as people mistype them
    *[(["new-event", "X", option, value], why) for option in INT_SETTINGS
      for value, why in [(BIG, "out of range"), ("1_0", "not a whole number")]],
    *[(["new-event", "X", option, "-1"], "-1") for option in INT_SETTINGS],
    *[(["result", "E", "Bob", score, "Cat", "100"], why) for score, why in [
        ("1_2_1", "not a whole number"), ("١٢١", "not a whole number"), (BIG, "out of range"), ("121.0", "not a whole number"),
        ("0x79", "not a whole number"), ("", "not a whole number"), ("12１", "not a whole number"), ("120", "no winner"),
        ("122", "above the game target")]],
    (["result", "E", "Bob", HUGE, "Cat", "100"], "out of range"),
    (["result", "E", "Bob", "121", "Cat", "-" + HUGE], "out of range"),
    (["result", "E", "Ann", "121", "Bob", "100", "--game", HUGE], "out of range"),
    (["player", "show", f"#{HUGE}"], "no player #999"),
    (["player", "show", f"Ann #{HUGE}"], "no player #999"),
    (["player", "edit", f"#{HUGE}", "--club", "X"], "no player #999"),
    (["enter", "E", f"#{HUGE}"], "no player #999"),
    (["withdraw", "E", f"#{HUGE}"], "no player #999"),
    (["event", "show", HUGE], "unknown event '999"),
    (["event", "show", f"#{HUGE}"], "unknown event '#999"),
    (["standings", HUGE], "unknown event"),
    (["league", "show", HUGE], "unknown league"),
    (["result", "E", "Bob", "121", "Cat", "-5"], "cannot be negative"),
    (["result", "E", "Bob", "121", "Cat", "abc"], "not a whole number"),
    (["result", "E", "Bob", "121", "Cat", "1e2"], "not a whole number"),
    (["result", "E", "Bob", "121", "Cat", "121"], "two winners"),
    (["result", "E", "Ann", "121", "Bob", "100", "--game", BIG], "out of range"),
    (["result", "E", "Ann", "121", "Bob", "100", "--game", "1_0"], "not a whole number"),
    # three sides at a table (T3: Ann, Bob and Cat at table 1 of game 1, Dan sits out)
    (["result", "T3", "Ann", "121", "Bob", "95", "Cat", HUGE], "out of range"),
    (["result", "T3", "Ann", "121", "Bob", "95", "Cat", "-5"], "cannot be negative"),
    (["result", "T3", "Ann", "121", "Bob", "121", "Cat", "5"], "two winners"),
    (["result", "T3", "Ann", "120", "Bob", "95", "Cat", "80"], "no winner"),
    (["result", "T3", "Ann", "121", "Bob", "95", "Cat", "122"], "above the game target"),
    (["result", "T3", "Ann", "121", "Bob", "95", "Ann", "80"], "named twice"),
    (["result", "T3", "Ann", "121", "Bob", "95", "Dan", "80"], "not seated together"),
    (["result", "T3", "Ann", "121", "Bob", "95", "Cat", "80", "--card", ""], "cannot be empty"),
    (["result", "T3", "Ann", "121", "Bob", "95", "Cat", "80", "--card", "Dan"], "not at this table"),
    (["result", "T3", "Ann", "121", "Bob", "95", "Cat", "80", "--game", "2"], "does not exist"),
    (["result", "T3", "Ann", "121", "Bob", "95", "Cat", "80", "--game", BIG], "out of range"),
    (["result", "T3", "Ann", "121", "Bob", "95"], "give three sides and their scores"),
    (["result", "T3", "Ann", "121", "Bob", "95", "Cat", "80", "Dan", "70"], "or three of PLAYER SCORE at a table of three"),
    (["result", "T3", "--game", "1", "--table", "1", "121", "95"], "give 3 scores, not 2"),
    (["result", "T3", "--game", "1", "--table", "1", "121", "95", "80", "70"], "expected EVENT SCORE SCORE [SCORE]"),
    (["result", "T3", "--table", "1", "121", "95", "80"], "--table needs --game"),
    (["result", "T3", "--game", "1", "--table", BIG, "121", "95", "80"], "out of range"),
    (["result", "T3", "--game", "1", "--table", "0", "121", "95", "80"], "has no table 0"),
    (["result", "T3", "--game", "1", "--table", "1", "121", "abc", "80"], "not a whole number"),
    (["result", "T3", "--game", "1", "--table", "1", "121", "95", "80", "--forfeit", "Ann"], "--table takes only"),
    (["result", "T3", "--forfeit", "Dan", "--game", "1"], "has the bye in game 1"),
    (["result", "E", "Ann", "121", "Bob", "100", "Cat", "90"], "seats two sides at a table"),
    (["result", "E", "--game", "1", "--table", "1", "121", "100", "90"], "give 2 scores, not 3"),
    (["new-event", "X", "--sides", "4"], "sides must be 2 to 3"),
    (["new-event", "X", "--variant", "three-player", "--place-points", "2,1"], "three whole numbers"),
    (["new-event", "X", "--variant", "partners", "--sides", "3", "--team-size", "3"], "three teams of two"),
    (["new-event", "X", "--variant", "backward", "--sides", "3"], "three places have no rule"),
    (["event", "set", "T3", "sides=2"], "sides must be 3"),
    (["event", "set", "T3", "place_points=2,1,0", "place_points=3,2,1"], "setting place_points is given twice"),
    (["event", "set", "E", "games=4", "Games=5"], "setting games is given twice"),
    (["league", "set", "Club", "threshold=12", "threshold=10"], "setting threshold is given twice"),
    (["cut", "T3"], "it has no bracket"),
    (["result", "E", "Bob", "121", "Cat", "100", "--game", "0"], "does not exist"),
    (["result", "E", "Bob", "121", "Cat", "100", "--game", "5"], "does not exist"),
    (["result", "E", "--forfeit", "Ann", "--game", BIG], "out of range"),
    (["result", "C", "Ann", "121", "Bob", "100", "--match-game", BIG], "out of range"),
    (["round", "E", "--show", BIG], "out of range"),
    (["round", "E", "--show", "0"], "has not been scheduled"),
    (["round", "E", "--show", "-1"], "has not been scheduled"),
    (["round", "E", "--unschedule-from", BIG], "out of range"),
    (["round", "E", "--unschedule-from", "0"], "is not scheduled"),
    (["print", "tables", "E", "--game", BIG], "out of range"),
    (["print", "tables", "E", "--game", "-1"], "has not been scheduled"),
    (["ruling", "E", "count", *HAND, "--starter", "5C", "--claim", BIG, *AT_TABLE], "out of range"),
    (["ruling", "E", "count", *HAND, "--starter", "5C", "--claim", "28", "--game", BIG, "--player", "Ann"], "out of range"),
    (["ruling", "E", "peg", "5H", "--claim", "2", "--seat", BIG, *AT_TABLE], "out of range"),
    (["cut", "C", "--qualifiers", BIG], "out of range"),
    (["bracket", "C", "--set-best-of", f"1={BIG}"], "needs ROUND=N"),
    (["new-event", "X", "--games", "0"], "games must be 1 to 60"),
    (["new-event", "X", "--games", "61"], "games must be 1 to 60"),
    (["new-event", "X", "--best-of", "2"], "odd number"),
    (["new-event", "X", "--final-best-of", "4"], "odd number"),
    (["new-event", "X", "--win-points", "3", "--skunk-points", "2"], "cannot be worth less than a plain win"),
    (["new-event", "X", "--skunk-margin", "70"], "double_skunk_margin must be larger"),
    (["new-event", "X", "--prize-fund", "inf"], "must be an amount like 25 or 12.50"),
    (["new-event", "X", "--prize-fund", "nan"], "must be an amount"),
    (["new-event", "X", "--prize-fund", "1e400"], "must be an amount"),
    (["new-event", "X", "--prize-fund", "-100"], "must be an amount"),
    (["new-event", "X", "--prize-fund", "12.345"], "must be an amount"),
    (["new-event", "X", "--prize-fund", "1,000"], "must be an amount"),
    (["new-event", "X", "--entry-fee", "-25"], "must be an amount"),
    (["new-event", "X", "--entry-fee", BIG], "must be an amount"),
    (["new-event", "X", "--entry-fee", "999999999999"], "out of range"),
    (["new-event", "X", "--house-share", "120"], "house_share must be 0 to 100"),
    (["new-event", "X", "--house-share", "nan"], "needs a number, not 'nan'"),
    (["new-event", "X", "--high-nonqualifier-prize", "abc"], "must be an amount"),
    (["new-event", "X", "--qualify-ratio", "nan"], "needs a number, not 'nan'"),
    (["new-event", "X", "--qualify-ratio", "inf"], "needs a number, not 'inf'"),
    (["new-event", "X", "--qualify-ratio", "0"], "qualify_ratio must be"),
    (["new-event", "X", "--qualify-ratio", "1.5"], "qualify_ratio must be"),
    (["new-event", "X", "--payouts", "60,50"], "add up to at most 100"),
    (["new-event", "X", "--payouts", "-10,20"], "must be positive"),
    (["new-event", "X", "--payouts", "a,b"], "percentages separated by commas"),
    (["new-event", "X", "--payouts", "nan"], "percentages separated by commas"),
    (["new-event", "X", "--payouts", "inf"], "percentages separated by commas"),
    *[(["new-event", "X", "--payouts", typed], why) for typed, why in [
        ("1e2", "'1e2'"), ("\u0661\u0660\u0660", "percentages separated by commas"), ("1_00", "'1_00'"), ("50,,50", "an empty place"),
        (",", "an empty place"), ("50,50,", "an empty place"), ("-0,50", "must be positive"), (HUGE, "percentages separated by commas")]],
    (["event", "set", "E", "payouts=40,,60"], "an empty place"),
    (["pool", "add", "E", "Skins", "--fee", "5", "--payout", "places:1e2"], "'1e2'"),
    (["pool", "add", "E", "Skins", "--fee", "5", "--payout", "places:50,,50"], "an empty place"),
    (["league", "new", "L", "--place-points", "1e3"], "'1e3'"),
    (["league", "new", "L", "--place-points", "10,,8"], "an empty place"),
    (["league", "new", "L", "--place-points", "\u0661\u0660"], "numbers separated by commas"),
    (["league", "new", "L", "--place-points", HUGE], "numbers separated by commas"),
    (["league", "set", "Club", "place_points=1_0,8"], "'1_0'"),
    (["league", "set", "Club", "skunk_pot=0.001"], "exact to the cent"),
    (["league", "new", "L", "--skunk-pot", "2.555"], "exact to the cent"),
    (["league", "new", "L", "--skunk-pot", "1e12"], "skunk_pot needs a number, not '1e12'"),
    (["new-event", "X", "--variant", "poker"], "unknown variant"),
    (["new-event", "X", "--variant", ""], "unknown variant"),
    (["new-event", "X", "--format", "swiss"], "unknown format"),
    (["new-event", "X", "--format", ""], "unknown format"),
    (["new-event", "X", "--first-dealer", "winner"], "unknown first dealer"),
    (["new-event", "X", "--location", "x" * 1000], "at most 120 characters"),
    (["new-event", "X", "--location", "Hall\x1b[2J"], "location cannot hold control"),
    (["league", "new", "L", "--skunk-pot", "inf"], "skunk_pot needs a number, not 'inf'"),
    (["league", "new", "L", "--skunk-pot", "-1"], "cannot be negative"),
    (["league", "new", "L", "--best-of-nights", BIG], "out of range"),
    (["league", "new", "L", "--games-per-night", "0"], "games_per_night must be 1 to 30"),
    (["league", "new", "L", "--games-per-night", BIG], "out of range"),
    (["league", "new", "L", "--threshold", BIG], "out of range"),
    (["league", "new", "L", "--drop-worst", "-1"], "cannot be negative"),
    (["league", "new", "L", "--guest-limit", "-1"], "cannot be negative"),
    (["league", "new", "L", "--formula", "fancy"], "unknown formula"),
    (["league", "new", "L", "--place-points", "a,b"], "numbers separated by commas"),
    (["league", "new", "L", "--place-points", "-3,2"], "zero or more"),
    (["league", "new", "L", "--season", "\x1b[2J"], "season cannot hold control"),
    # settings
    *[(["event", "set", "E", pair], why) for pair, why in [
        (f"win_points={BIG}", "needs a whole number"), ("win_points=1_0", "needs a whole number"), ("win_points=", "needs a whole number"),
        ("games=٣", "needs a whole number"), ("prize_fund=inf", "must be an amount"), ("prize_fund=-1", "must be an amount"),
        ("payouts=nan", "payouts must be percentages"), ("payouts=60,50", "add up to at most 100"), ("colour=red", "unknown setting"),
        ("name=Z", "unknown setting 'name'"), ("=3", "unknown setting ''"), ("games", "is not SETTING=VALUE"), ("games=0", "games must be 1 to 60"),
        ("games=61", "games must be 1 to 60"), ("skunk_margin=70", "double_skunk_margin must be larger"),
        ("skunk_points=1", "cannot be worth less"), ("variant=four-player", "the variant cannot change once results"), ("variant=poker", "unknown variant"),
        ("format=swiss", "unknown format"), ("muggins=perhaps", "needs on or off"), ("date=2026-13-01", "YYYY-MM-DD"),
        ("date=13/01/2026", "YYYY-MM-DD"), ("qualify_ratio=2", "qualify_ratio must be"), ("best_of=4", "odd number"),
        ("first_dealer=winner", "unknown first dealer"), ("location=\x07", "location cannot hold control")]],
    (["event", "set", "E", "games=3", "--recut"], "no bracket seeded from qualifying"),
    (["event", "set", "Nope", "games=3"], "unknown event"),
    (["event", "set", "E"], "Missing argument"),
    (["event", "set", "C", "format=acc"], "the format cannot change once play has started"),
    (["event", "show", "Nope"], "unknown event"),
    (["event", "show", "#0"], "unknown event"),
    (["event", "show", f"#{BIG}"], "unknown event"),
    *[(["league", "set", "Club", pair], why) for pair, why in [
        ("formula=fancy", "unknown formula"), ("drop_worst=-1", "cannot be negative"), ("skunk_pot=nan", "needs a number, not 'nan'"),
        ("games_per_night=0", "games_per_night must be 1 to 30"), ("colour=red", "unknown league setting"),
        ("drop_worst", "is not SETTING=VALUE"), ("season=\x1b", "season cannot hold control")]],
    # dates: YYYY-MM-DD and real
    *[(["new-event", "X", "--date", day], "YYYY-MM-DD") for day in
      ["20260915", "2026-W07-2", "2026-02-30", "2026-2-3", "yesterday", "٢٠٢٦-٠١-٠١", "2026-09-15T10:00", " 2026-09-15x"]],
    (["league", "night", "Club", "--date", "20260915"], "YYYY-MM-DD"),
    (["league", "night", "Club", "--date", "2026-02-29"], "YYYY-MM-DD"),
    (["league", "standings", "Club", "--from", "2026-W07-2"], "YYYY-MM-DD"),
    (["league", "standings", "Club", "--to", "tomorrow"], "YYYY-MM-DD"),
    # results, cut playoffs, undo and recut
    (["result", "E", "Ann", "121", "Ann", "100"], "cannot play against themselves"),
    (["result", "E", "Bob", "121", "Cat", "100", "--recut"], "no bracket seeded from qualifying"),
    (["result", "E", "Bob", "121", "Cat", "100", "--match-game", "1"], "for playoff matches"),
    (["result", "E", "Bob", "121", "Cat", "100", "--cascade"], "for playoff matches"),
    (["result", "E", "Ann", "121", "Bob", "100", "--playoff"], "qualifying is not finished: games 2-3 not yet played; game 1 Bob v Cat (missing)"),
    (["result", "E", "Ann", "121", "Outsider", "100"], "not entered in E"),
    # options a forfeit or a cut tiebreak has no use for are refused, not dropped without a word
    *[(["result", "E", "--forfeit", "Bob", *option], f"--forfeit takes no {option[0]}")
      for option in (["--card", "Bob"], ["--playoff"], ["--match-game", "2"], ["--cascade"])],
    *[(["result", "E", "Bob", "121", "Cat", "100", "--playoff", *option], f"--playoff takes no {option[0]}")
      for option in (["--game", "1"], ["--replace"], ["--card", "Bob"], ["--match-game", "2"], ["--cascade"], ["--recut"])],

    (["result", "E", "Bob", "121", "Cat", "100", "--card", "Ann"], "not in this game"),
    (["result", "E", "Bob", "121", "Cat", "100", "--card", ""], "--card names the player whose own scorecard this is"),
    (["result", "E", "Bob", "121", "Cat", "100", "--card", "  "], "it cannot be empty"),
    # a side is named by its team name or any member's: neither may mean two sides
    (["enter", "Dbl", "--team", "Cat", "Dan", "--team-name", "Ann"], "a team cannot be named 'Ann': Ann plays in Dbl on Aces"),
    (["enter", "Dbl", "--team", "Cat", "Dan", "--team-name", " bob"], "a team cannot be named 'bob': Bob plays in Dbl on Aces"),
    (["enter", "Dbl", "--team", "Aces", "Dan", "--new"], "Aces cannot play in Dbl: a team there is named 'Aces'"),
    (["result", "E", "Ann", "121", "Dan", "100"], "already has a result"),
    (["result", "E", "Bob", "121", "Dan", "100"], "not seated together"),
    (["result", "E", "Nobody", "121", "Cat", "100"], "unknown player"),
    (["result", "E", "Kowalski", "121", "Cat", "100"], "matches 2 players"),
    (["result", "E", "--forfeit", "Nobody"], "unknown player"),
    (["result", "E", "--forfeit", "Outsider"], "not entered in E"),
    (["result", "C", "Ann", "121", "Cat", "100"], "not in the same open match"),
    (["result", "Empty", "Ann", "121", "Bob", "100"], "not entered in Empty"),
    (["result", "Nope", "Ann", "121", "Bob", "100"], "unknown event"),
    (["result", "E", "Ann", "121"], "expected EVENT PLAYER SCORE PLAYER SCORE"),
    (["result", "E"], "expected EVENT PLAYER SCORE PLAYER SCORE"),
    (["result", "E", "Ann", "121", "Bob", "100", "extra"], "expected EVENT PLAYER SCORE PLAYER SCORE"),
    (["result", "import", "E"], "usage: crib-tourney result import"),
    (["result", "import", "E", "missing.csv"], "no such file"),
    # result import takes the file alone: an option would be dropped without a word (--replace most of all)
    *[(["result", "import", "E", "missing.csv", *option], f"result import takes no {option[0]}") for option in
      (["--replace"], ["--game", "2"], ["--forfeit", "Bob"], ["--card", "Bob"], ["--playoff"], ["--table", "1"],
       ["--recut"], ["--match-game", "1"], ["--cascade"])],

    (["result", "--game"], "requires an argument"),
    (["undo", "Empty"], "nothing to undo"),
    (["undo", "Empty", "--recut"], "nothing to undo"),
    (["undo", "Nope"], "unknown event"),
    # undo --change N: only the change the director saw
    (["undo", "Empty", "--change", "1"], "nothing to undo"),
    (["undo", "E", "--change", "1"], "a newer change arrived: #"),
    (["undo", "E", "--change", BIG], "out of range"),
    (["undo", "E", "--change", HUGE], "out of range"),
    (["undo", "E", "--change", "-3"], "--change"),
    (["undo", "E", "--change", "x"], "--change"),
    (["undo", "--players", "--change", "1"], "--change is for an event's undo"),
    (["undo", "E", "--dry-run", "--change", "1"], "a newer change arrived: #"),
    (["undo", "E", "--change", "99999"], "is not the newest change that can be undone"),
    (["standings", "Nope", "--provisional"], "unknown event"),
    (["standings", "E", "--provisional", "--json", "--csv"], "choose one of --json and --csv"),
    (["check", "Nope"], "unknown event"),
    (["log", "Nope"], "unknown event"),
    (["standings", "Nope"], "unknown event"),
    (["standings", ""], "unknown event"),
    (["standings", "E", "--json", "--csv"], "choose one of --json and --csv"),
    (["round", "Nope"], "unknown event"),
    (["round", "Empty"], "at least 2 players"),
    (["round", "C"], "no qualifying games"),
    (["round", "E", "--unschedule-from", "1"], "already has results"),
    (["round", "E", "7"], "a seed needs --draw"),
    (["round", "E", "--draw", BIG], "out of range"),
    (["round", "E", "--draw", "x"], "not a whole number"),
    (["round", "E", "--draw", "3", "--show", "1"], "--draw seats one new game"),
    (["player", "edit", "Ann", "--avoid", "Ann"], "cannot be kept apart from themselves"),
    (["player", "edit", "Ann", "--avoid", "Kowalski"], "matches 2 players"),
    (["player", "edit", "Ann", "--no-avoid", "Nobody"], "unknown player"),
    (["new-event", "X", "--avoid-same-club-games", "-2"], "cannot be negative"),
    (["cut", "E"], "qualifying is not finished"),
    (["cut", "C"], "already has its bracket"),
    (["cut", "Empty"], "qualifying has not started"),
    (["cut", "Nope"], "unknown event"),
    (["bracket", "C", "--set-best-of", "1=2"], "odd number"),
    (["bracket", "C", "--set-best-of", "9=3"], "no W-bracket round 9"),
    (["bracket", "C", "--set-best-of", "L2=3"], "no L-bracket round 2"),
    (["bracket", "C", "--set-best-of", "x"], "needs ROUND=N"),
    (["bracket", "C", "--set-best-of", "=3"], "needs ROUND=N"),
    (["bracket", "E"], "has no bracket yet"),
    (["bracket", "Nope"], "unknown event"),
    (["match", "C", "W9.9"], "no match W9.9"),
    (["match", "C", "X1"], "no match X1"),
    (["match", "C", f"W{BIG}.1"], "no match"),
    (["match", "E", "W1.1"], "no match W1.1"),
    (["placings", "E"], "has no bracket yet"),
    (["consolation", "E"], "cut E first"),
    (["consolation", "C", "--format", "swiss"], "unknown format"),
    (["consolation", "C", "--payouts", "50,60"], "add to 110"),
    (["checkin", "E", "Ann", "--paid", "-5"], "no such option: -5"),
    (["consolation", "C", "--entry-fee", "-3"], "must be an amount"),
    (["ruling", "E", "shout", "5H", "--claim", "1", *AT_TABLE], "unknown ruling kind"),
    (["ruling", "E", "count", *HAND, "--starter", "5C", "--claim", "28", "--game", "9", "--player", "Ann"], "does not exist"),
    (["ruling", "E", "count", *HAND, "--starter", "5C", "--claim", "28", "--game", "1", "--player", "Outsider"], "has no seat in game 1"),
    (["ruling", "E", "count", *HAND, "--starter", "5C", "--claim", "28", "--game", "1", "--player", "Nobody"], "unknown player"),
    (["ruling", "E", "count", "5X", "5D", "5S", "JC", "--starter", "5C", "--claim", "28", *AT_TABLE], "'5X' is not a card"),
    (["ruling", "E", "count", *HAND, "--claim", "28", *AT_TABLE], "needs --starter"),
    (["ruling", "E", "count", *HAND, "--starter", "5C", "--claim", "-1", *AT_TABLE], "cannot be negative"),
    (["ruling", "E", "peg", "5H", "5X", "--claim", "2", *AT_TABLE], "'5X' is not a card"),
    (["ruling", "E", "peg", "5H", "--claim", "2", "--seat", "9", *AT_TABLE], "--seat must be 1 to 2"),
    (["ruling", "Nope", "count", *HAND, "--starter", "5C", "--claim", "28", *AT_TABLE], "unknown event"),
    (["ruling", "E", "game", "no/such/game.json", "--claim", "121", *AT_TABLE], "no such file"),
    (["ruling", "E", "game", "a.json", "b.json", "--claim", "121", *AT_TABLE], "takes one game file, not 2"),
    # whole games (the files themselves are in GAME_FILE_CASES)
    (["game"], "Missing argument"),
    (["game", "no/such/game.json"], "no such file"),
    (["game", "."], "cannot read ."),
    (["game", "-"], "the game has no deals"),
    # printing and output paths
    (["print", "poster", "E"], "unknown kind 'poster'"),
    (["print", "", "E"], "unknown kind ''"),
    (["print", "standings", "E", "--paper", "a5"], "paper must be letter or a4"),
    (["print", "standings", "Nope"], "unknown event"),
    (["print", "bracket", "E"], "has no bracket yet"),
    (["print", "slips", "E"], "has no bracket yet"),
    (["print", "season", "Nope"], "unknown league"),
    (["print", "tables", "Empty"], "no games scheduled"),
    (["print", "tables", "E", "--game", "9"], "has not been scheduled"),
    (["print", "standings", "E", "-o", "/dev/null"], "not a regular file"),
    (["print", "standings", "E", "-o", "no/such/folder/x.pdf"], "does not exist"),
    (["print", "standings", "E", "-o", "."], "it is a folder"),
    (["player", "export", "-o", "no/such/folder/x.csv"], "cannot write"),
    # files to read that never end, or are no files
    (["player", "import", "/dev/zero"], "is larger than 64 MB"),
    (["result", "import", "E", "/dev/zero"], "is larger than 64 MB"),
    (["player", "import", "."], "it is a folder"),
    # leagues
    (["league", "join", "Club", "Ann"], "already a member"),
    (["league", "join", "Club", "Nobody"], "unknown player"),
    (["league", "join", "Nope", "Ann"], "unknown league"),
    (["league", "night", "Nope"], "unknown league"),
    (["league", "standings", "Nope"], "unknown league"),
    (["league", "show", "Nope"], "unknown league"),
    (["league", "records", "Nope"], "unknown league"),
    (["league", "hand", "Club", "Ann", *HAND, "--starter", "5C", "--claim", "28"], "counts 29, not 28"),
    (["league", "hand", "Club", "Ann", *HAND, "--starter", "5C", "--claim", BIG], "out of range"),
    (["league", "hand", "Club", "Outsider", *HAND, "--starter", "5C", "--claim", "29"], "not a member of Club"),
    (["league", "hand", "Club", "Ann", "5X", "5D", "5S", "JC", "--starter", "5C", "--claim", "28"], "'5X' is not a card"),
    (["league", "hand", "Club", "Ann", *HAND, "--starter", "5C", "--claim", "29", "--night", "Nope"], "unknown event"),
    (["league", "hand", "Club", "Ann", *HAND, "--starter", "5C", "--claim", "29", "--night", "E"], "not a night of Club"),
    # the director's desk
    (["player", "games", "E", "Outsider"], "not entered in E"),
    (["player", "games", "Nope", "Ann"], "unknown event"),
    (["player", "history", "Nobody"], "unknown player"),
    (["report", "Nope"], "unknown event"),
    (["report", "E", "--json", "--csv"], "choose one of --json and --csv"),
    (["report", "E", "-o", "no/such/folder/r.csv"], "cannot write"),
    (["report", "E", "--acc"], "E is not an ACC event"),
    (["player", "rankings", "--season", "2026"], "a season is written like 2026-27"),
    (["player", "rankings", "--season", HUGE], "a season is written like 2026-27"),
    (["player", "rankings", "--json", "--csv"], "choose one of --json and --csv"),
    (["print", "rankings", "2026-2027"], "a season is written like 2026-27"),
    (["player", "export", "--format", "xml"], "--format is crib-tourney or acc-desk"),
    (["round", "E", "--show", "1", "--csv", "--format", "xml"], "round EVENT --show N --csv --format acc-desk"),
    (["round", "E", "--show", "1", "--csv", "--format", "acc-desk"], "without one"),
    (["round", "T3", "--show", "1", "--csv", "--format", "acc-desk"], "seats two players at a table"),
    (["report", "Nope", "--acc"], "unknown event"),
    (["report", "E", "--acc", "--json", "-o", "r.pdf"], "a .pdf is the printed report"),
    (["event", "set", "E", "acc_event=regional"], "unknown acc event 'regional'"),
    (["event", "set", "E", "fund_from=nobody"], "unknown fund from 'nobody'"),
    (["new-event", "X", "--acc-event", "MAIN "], "unknown acc event"),
    (["pool", "add", "E", "", "--fee", "5"], "needs a name"),
    (["pool", "add", "E", "P #3", "--fee", "5"], "names things by number"),
    (["pool", "add", "E", "Skins", "--fee", "1e3"], "must be an amount"),
    (["pool", "add", "E", "Skins", "--fee", "5", "--payout", "places:a,b"], "percentages separated by commas"),
    (["pool", "add", "E", "Grad", "--fee", "5", "--payout", "graduated:0"], "a whole number from 1 to 1000"),
    (["pool", "add", "E", "Grad", "--fee", "5", "--payout", "graduated:-2"], "a whole number from 1 to 1000"),
    (["pool", "add", "E", "Grad", "--fee", "5", "--payout", "graduated:" + HUGE], "a whole number from 1 to 1000"),
    (["pool", "join", "E", "Nope", "Ann"], "no pool named"),
    (["pool", "report", "Nope"], "unknown event"),
    (["pool", "leave", "E", "Nope", "Ann"], "no pool named"),
    (["print", "cash", "Nope"], "unknown event"),
    # players at the table: check-in, payments, personal links, the door sheet
    (["checkin", "Nope", "Ann"], "unknown event"),
    (["checkin", "E"], "name the players who are here"),
    (["checkin", "E", "Outsider"], "not entered in E"),
    (["checkin", "E", "Ann", "ann"], "Ann is named twice"),
    (["checkin", "E", "Ann", "--paid"], "E has no entry fee: give the amount paid"),
    (["checkin", "E", "Ann", "--paid", "--unpaid"], "choose one of --paid (--amount) and --unpaid"),
    (["checkin", "E", "Ann", "--amount", "5", "--unpaid"], "choose one of --paid (--amount) and --unpaid"),
    *[(["checkin", "E", "Ann", "--amount", bad], "--amount must be an amount like 25 or 12.50")
      for bad in ("1e3", "-5", "", "twelve", "12.345", "٢٥", "1_000", BIG, HUGE, "NaN")],
    (["checkin", "E", "Ann", "--amount"], "requires an argument"),
    (["checkin", "E", "--paid", "5"], "name the players who are here"),  # 5 is the amount paid: nobody named
    (["checkin", "E", "--list", "Ann"], "--list shows the door list"),
    (["checkin", "E", "--list", "--unpaid"], "--list shows the door list"),
    (["checkin", "Nope", "--list"], "unknown event"),
    *[(["checkin", "E", name], "unknown player") for name, _ in SOME_BAD_NAMES[:6]],
    (["event", "links", "Nope"], "unknown event"),
    (["event", "links", "E", "--json", "--csv"], "choose one of --json and --csv"),
    (["event", "links", "E", "--revoke", "Outsider"], "not entered in E"),
    (["event", "links", "E", "--revoke", "Ann", "--revoke", "ann"], "named twice"),
    (["event", "links", "E", "--revoke"], "requires an argument"),
    (["event", "links", "E", "--reissue", "--revoke", "Ann"], "--reissue takes back every link: give it without --revoke"),
    (["print", "checkin", "Nope"], "unknown event"),
    (["print", "checkin", "Club"], "unknown event"),
    (["event", "set", "E", "sanctioning_fee=-1"], "must be an amount"),
    (["event", "set", "E", "high_nonqualifier_from_fund=maybe"], "needs on or off"),
    (["league", "absent", "Club", "Ann"], "has no nights yet"),
    (["league", "absent", "Club", "Outsider", "--night", BIG], "out of range"),
    (["league", "night", "Club", "--absent", "Outsider"], "not a member of Club"),
    (["league", "night", "Club", "--absent", "Ann", "--absent", "Ann"], "named twice"),
    (["league", "standings", "Club", "--formula", "fancy"], "unknown formula"),
    (["league", "standings", "Club", "--threshold", BIG], "out of range"),
    (["league", "set", "Club", "drop_absences_first=maybe"], "needs on or off"),
    # the web view and the published site
    (["serve", "--port", "0"], "port must be 1 to 65535"),
    (["serve", "--port", BIG], "out of range"),
    (["serve", "--port", "http"], "not a whole number"),
    (["serve", "--host", ""], "--host needs an address"),
    (["serve", "--host", "  "], "--host needs an address"),
    (["serve", "--host", "999.1.1.1"], "cannot listen on 999.1.1.1: it is not an IP address"),
    (["serve", "--host", "1.2.3"], "cannot listen on 1.2.3: it is not an IP address"),
    (["serve", "--host", "a\x07b"], "cannot listen on a?b"),
    (["publish"], "name an event or league, or give --all"),
    (["publish", "Nope"], "unknown league"),
    (["publish", "E", "-o", "/dev/null"], "it is not a folder"),
    (["event", "set", "E", "public_url=ftp://x"], "must be a web address"),
    (["event", "set", "E", "public_url=https://a b"], "must be a web address"),
    (["event", "set", "E", "public_url=javascript:alert(1)"], "must be a web address"),
    (["league", "set", "Club", "public_url=club.example.org"], "must be a web address"),
    # hardening, round four (issue 34): an outsider's finds
    (["new-event", "X", "--house-share", "1e1"], "house_share needs a number, not '1e1'"),  # as --payouts 1e2 is refused
    (["event", "set", "E", "house_share=1e1"], "house_share needs a number, not '1e1'"),
    (["new-event", "X", "--payouts", "1e2"], "percentages separated by commas"),
    *[(["checkin", "E", "Ann", "--amount", bad], "--amount must be an amount like 25 or 12.50") for bad in ("$$25", "$ $25")],
    *[(["event", "set", "E", f"public_url=https://club.example.org/{bad}"], "must be a web address")
      for bad in ('"onmouseover=x', "<script>", "a>b", "{x}", "a|b", "a\\b", "a^b", "`x`")],
    (["league", "standings", "Club", "--from", "2026-12-01", "--to", "2026-11-01"], "--from 2026-12-01 is after --to 2026-11-01"),
    (["serve", "--scoring", "--director-password-file", "/dev/zero"], "longer than 4096 bytes, not a password file"),
    (["count", "5" * 200_000, "5D", "5S", "JC", "--starter", "9C"], "... (200000 characters)' is not a card"),  # said back short
    (["player", "show", "x" * 100_000], "unknown player 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (100000 characters)'"),
    (["event", "show", "Zed " * 30_000], " ... "),  # a long message of short words: its start and its end
    # found by the generative suite (tests/cli/test_fuzz.py)
    *[(args, "unknown") for args in (["standings", HUGE], ["undo", HUGE], ["bracket", HUGE], ["enter", HUGE, "Ann"],
                                     ["league", "night", HUGE], ["event", "show", "#" + HUGE])],
    *[(args, "no player #") for args in (["player", "show", "#" + HUGE], ["player", "show", "Ann #" + HUGE])],
    (["league", "hand", HUGE, "Ann", *HAND, "--starter", "5C", "--claim", "29"], "unknown league"),
    (["result", "E", "Bob", HUGE, "Cat", "100"], "out of range"),
    (["result", "E", "Bob", "121", "Cat", "-" + HUGE], "out of range"),
    (["round", "E", "--show", HUGE], "out of range"),
    (["player", "show", "\udcff"], "not text in this terminal's encoding"),  # a byte that is not UTF-8 in argv, as Python passes it
    (["player", "history", "Ann\udcff"], "not text in this terminal's encoding"),
    (["event", "show", "\udcff"], "unknown event '?'"),
    (["quick-results", "E", "\u200b\u200b"], "unexpected extra argument(s) (??)"),  # usage errors repeat what was typed, printable
    (["\u200bplayer"], "No such command '\\u200bplayer'"),
    (["player", "show", "Ann", "--\u202ex"], "No such option: --?x"),
    (["--\x1b[2J", "count"], "No such option: --\\x1b[2J"),
    (["publish", "--all", "-o", "x" * 300], "File name too long"),
    (["player", "import", "/dev/zero"], "larger than 64 MB"),
    # the program itself
    *[(["--db", memory, *args], f"--db {memory} keeps nothing from one command to the next")
      for memory in (":memory:", "sqlite:///:memory:", "sqlite://") for args in (["player", "add", "Zed"], ["player", "list"])],
    (["nosuchcommand"], "No such command"),
    (["--db"], "requires an argument"),
    (["count", "--claim"], "requires an argument"),
    # ratings
    (["player", "ratings", "--club", "Nowhere"], "unknown club 'Nowhere'"),
    (["player", "ratings", "--club", "\x1b[2J"], "unknown club"),
    (["player", "ratings", "--min-games", "-1"], "--min-games cannot be negative"),
    (["player", "ratings", "--min-games", "x"], "is not a valid integer"),
    (["player", "ratings", "--min-games", HUGE], "--min-games"),
    (["player", "ratings", "--json", "--csv"], "choose one of --json and --csv"),
    (["ratings", "rebuild", "--tau", "0"], "tau must be between 0.2 and 2"),
    (["ratings", "rebuild", "--tau", "nan"], "tau must be between"),
    (["ratings", "rebuild", "--tau", "inf"], "tau must be between"),
    (["ratings", "rebuild", "--first-deal", "1e308"], "first deal's edge must be between"),
    (["ratings", "rebuild", "--first-deal", "nan"], "first deal's edge must be between"),
    (["ratings", "rebuild", "--start-rd", "0"], "a newcomer's RD must be between 1 and 350"),
    (["ratings", "rebuild", "--start-volatility", "-1"], "a newcomer's volatility must be between"),
    (["ratings", "frobnicate"], "No such command"),
]

# CSV files, each refused whole: (command before the file, file text, why)
CSV_CASES = [
    (["player", "import"], 'name,acc_number\n"Zed,1\nYan,2\nXi,3\n', "line 2: a quote opened here is never closed"),
    (["player", "import"], 'name,acc_number\n"Zed\nYan",1\n', "line 2: a quoted field runs on to line 3"),
    (["player", "import"], "name\n" + "x" * 140_000 + "\n", "longer than 131,072 characters"),
    (["player", "import"], "name,acc_number\nZed,1\n" + "Bad #1,2\n" * 500, "500 bad row(s)"),
    (["player", "import"], "name,acc_number\nMargaret Kowalski,77\nImpostor,77\n", "repeats line 2"),
    (["player", "import"], "name,acc_number\nImpostor,K1\n", "ACC number K1 belongs to Margaret Kowalski"),
    (["player", "import"], "acc_number,club\n1,X\n", "needs a header row with a 'name' column"),
    (["player", "import"], "", "needs a header row"),
    (["player", "import"], "name\n=cmd|' /C calc'!A0\n", None),  # accepted: a name may start with '=' (exports neutralise it)
    (["player", "import"], "name\nA,B\n", "more fields than the header"),
    (["player", "import"], "name,rating\nZed,abc\n", "line 2: rating 'abc' is not a number"),
    (["player", "import"], "name,rating,rd\nZed,1500,0\n", "line 2: rd 0 is outside 1-350"),
    (["player", "import"], "name,rating,volatility\nZed,nan,\n", "line 2: rating nan is outside"),
    (["player", "import"], "name,rating\nZed,1e400\n", "line 2: rating 1e400 is outside"),
    (["player", "import"], "name,rd\nZed,80\n", "line 2: rd and volatility need a rating"),
    (["player", "import"], "name,name\nA,B\n", "line 1: the header names the column 'name' twice"),
    (["player", "import"], "Name,club,NAME\nA,B,C\n", "the column 'name' twice"),
    (["result", "import", "E"], "game,player1,score1,player2,score2,score2\n1,Bob,121,Cat,90,95\n", "the column 'score2' twice"),
    (["result", "import", "E"], "game,player1,score1,player2,score2\n1,Bob,121,Cat\n", "line 2: fewer fields than the header has"),
    (["result", "import", "T3"], "game,player1,score1,player2,score2\n1,Ann,121,Bob,90\n", "player3, score3"),
    (["result", "import", "T3"], "game,player1,score1,player2,score2,player3,score3\n1,Ann,121,Bob,90,Cat,121\n",
     "line 2: two winners"),
    (["result", "import", "T3"], "game,player1,score1,player2,score2,player3,score3\n1,Ann,121,Bob,90,Dan,80\n",
     "line 2: Ann, Bob and Dan are not seated together"),
    (["result", "import", "E"], "game,player1,score1,player2,score2,player3,score3\n1,Bob,121,Cat,90,Ann,80\n",
     "line 2: E seats two sides at a table"),
    (["player", "import"], "name\n\x1b[2J\n", "control or invisible"),
    # the free-text checks of `player add` and `player edit`, row by row
    (["player", "import"], "name,club\nZed,\"Hall\x1b]0;OWNED\x07\"\n", "line 2: a club cannot hold control"),
    (["player", "import"], "name,email\nZed,z@x\x07\n", "line 2: an e-mail address cannot hold control"),
    *[(["player", "import"], f"name,{column}\nZed,{'x' * 5000}\n", f"line 2: {what} can be at most 120 characters")
      for column, what in [("club", "a club"), ("email", "an e-mail address"), ("acc_number", "an ACC number")]],
    (["player", "import"], "name,acc_number\nZed,k1\n", "line 2: ACC number k1 belongs to Margaret Kowalski (#1), not Zed"),
    (["player", "import"], "name,acc_number\nZed,a7\nYan,A7\n", "line 3: ACC number A7 repeats line 2"),
    (["player", "import"], "name,acc_number\nZed,#3\n", "line 2: an ACC number cannot start with '#'"),
    (["player", "import"], "name,acc_number\nK1,\n", "line 2: 'K1' is the ACC number of Margaret Kowalski (#1)"),
    (["player", "import"], "name,acc_number\nZed,Outsider\n", "line 2: ACC number Outsider is another player's name"),
    (["player", "import"], "name,acc_number\nZed,Q7\nq7,\n", "line 3: 'q7' is the ACC number of Zed (line 2)"),
    (["player", "import"], "name\n#4\n", "cannot start with '#'"),
    (["player", "import"], b"name\n\xff\xfe\n", "is not UTF-8 text"),
    (["result", "import", "E"], 'game,player1,score1,player2,score2\n"1,Bob,121,Cat,100\n', "never closed"),
    (["result", "import", "E"], "game,player1,score1,player2,score2\n1,Bob,121,Cat,121\n", "line 2: two winners"),
    # a forfeit row that also names the table's players must name the forfeiting one, and a table that exists
    (["result", "import", "E"], "game,player1,score1,player2,score2,forfeit\n1,Ann,,Dan,,Bob\n",
     "line 2: the forfeit names Bob, who is not this row's player1 or player2 (Ann, Dan)"),
    (["result", "import", "E"], "game,player1,score1,player2,score2,forfeit\n1,Bob,,Dan,,Bob\n",
     "line 2: Bob and Dan are not seated together in game 1 of E"),
    (["result", "import", "E"], "game,player1,score1,player2,score2,forfeit\n,Dan,,Bob,,bob\n",
     "line 2: Bob and Dan are not seated together in game 1 of E"),
    (["result", "import", "E"], "game,player1,score1,player2,score2,forfeit\n1,Bob,,bob,,Bob\n",
     "line 2: Bob cannot play against themselves"),

    (["result", "import", "E"], "game,player1,score1,player2,score2\n1,Bob,121,Cat,90\n1,Bob,121,Cat,95\n", "line 3"),
    (["result", "import", "E"], "game,player1,score1,player2,score2\n" + "1,Nobody,121,Cat,90\n" * 300, "and 290 more"),
    (["result", "import", "E"], "game,player,score\n1,Bob,121\n", "the header needs columns"),
    (["result", "import", "E"], f"game,player1,score1,player2,score2\n{BIG},Bob,121,Cat,90\n", "out of range"),
    (["result", "import", "E"], f"game,player1,score1,player2,score2\n1,Bob,{HUGE},Cat,90\n", "line 2: score1 999"),
    (["result", "import", "E"], f"game,player1,score1,player2,score2\n{HUGE},Bob,121,Cat,90\n", "line 2: game 999"),
    (["result", "import", "E"], "game,player1,score1,player2,score2,forfeit\n1,,,,,Nobody\n", "unknown player"),
    # a row that gives both the scores and a forfeit contradicts itself: it was saved as the forfeit, scores dropped
    (["result", "import", "E"], "game,player1,score1,player2,score2,forfeit\n1,Bob,121,Cat,90,Bob\n",
     "line 2: a row is scores or a forfeit, not both: score1, score2 must stay empty when Bob forfeits"),
    (["result", "import", "T3"], "game,player1,score1,player2,score2,player3,score3,forfeit\n1,Ann,121,Bob,90,Cat,,Cat\n",
     "line 2: a row is scores or a forfeit, not both: score1, score2 must stay empty"),
]
CSV_CASES = [case for case in CSV_CASES if case[2] is not None]

# Game files, each refused whole: (command before the file, file text, why). GAME is
# a valid game (the pone counts out first, worked by hand in tests/engine/test_game.py).
GAME = {"variant": "standard", "players": 2, "start": [110, 112], "deals": [
    {"dealer": 1, "hands": [["5H", "5D", "10S", "JC"], ["2C", "3C", "4D", "9H"]], "crib": ["6H", "7S", "8D", "KD"],
     "starter": "QC", "play": ["2C", "10S", "3C", "5H", "4D", "5D", "9H", "JC"]}]}


def game_with(**changes) -> str:
    import copy
    import json

    game = copy.deepcopy(GAME)
    for key, value in changes.items():
        if key in game["deals"][0]:
            game["deals"][0][key] = value
        else:
            game[key] = value
    return json.dumps(game)


GAME_FILE_CASES = [
    (["game"], '{"deals": [', "not valid JSON: expecting value (line 1, column 12)"),
    (["game"], '{"deals": 5}', "deals must be a list, not 5"),
    (["game"], game_with(extra=1), "the game: unknown key 'extra'"),
    (["game"], game_with(variant="poker"), "unknown variant 'poker'"),
    (["game"], game_with(players=3), "standard is played by 2 players, not 3"),
    (["game"], game_with(players=10**20), "players must be 1 to 52, not 100000000000000000000"),
    (["game"], game_with(dealer=3), "deal 1, dealer must be seat 1 to 2, not 3"),
    (["game"], game_with(dealer=0), "deal 1, dealer must be 1 to 52, not 0"),
    (["game"], game_with(dealer=1.5), "deal 1, dealer must be a whole number, not 1.5"),
    (["game"], game_with(dealer=True), "deal 1, dealer must be a whole number, not true"),
    (["game"], '{"deals": [{"dealer": ' + "9" * 5000 + "}]}", "not valid JSON: a number far too long"),
    (["game"], '{"start": [1e400], "deals": []}', "start, seat 1 must be a whole number, not Infinity"),
    (["game"], '{"deals": ' + "[" * 100_000, "not valid JSON: nested too deeply"),
    (["game"], game_with(starter="5X"), "deal 1, starter: '5X' is not a card: unknown suit 'X'"),
    (["game"], game_with(starter="5H\u001b[2J"), "is not a card"),
    (["game"], game_with(starter=5), "deal 1, starter: 5 is not a card"),
    (["game"], game_with(crib=["6H", "7S", "8D", "5H"]), "deal 1: 5H appears twice"),
    (["game"], game_with(hands=[["5H", "5D", "10S"], ["2C", "3C", "4D", "9H"]]), "seat 1's hand holds 3 cards; a standard hand is 4"),
    (["game"], game_with(hands=[["5H", "5D", "10S", "JC"]]), "deal 1 has 1 hand for 2 players"),
    (["game"], game_with(crib=["6H", "7S", "8D"]), "the crib holds 3 cards; a standard crib with 2 players is 4"),
    (["game"], game_with(play=["2C", "10S", "6H"]), "deal 1, play card 3 (6H): 6H is in nobody's hand"),
    (["game"], game_with(play=["2C", "10S", "3C", "4D"]), "seat 1 plays next at count 15 and holds 5H, which fits; 4D is seat 2's"),
    (["game"], game_with(play=["2C", "go", "10S"]), "list only the cards played; the goes follow from the hands"),
    (["game"], game_with(play=["2C", "10S"]), "the play stops before it is over (seat 2 still holds 3C 4D 9H; seat 1 still holds"),
    (["game"], game_with(start=[110, 112, 5]), "start gives 3 scores for 2 seats"),
    (["game"], game_with(start=[110, -1]), "start, seat 2 must be 0 to 10000, not -1"),
    (["game"], json.dumps({**GAME, "deals": GAME["deals"] * 2}), "deal 2: the game was over in deal 1 (seat 2 reached 121)"),
    (["game"], "variant standard\ndealer 1\nseat 2: 5H\n", "line 3: seat 2's hand comes after seat 0's"),
    (["game"], "variant standard\nshuffle twice\n", "line 2: unexpected 'shuffle twice'"),
    (["game"], "dealer x1\n", "line 1: dealer 'x1' is not a whole number"),
    (["game"], b"variant standard\n\xff\xfe\n", "is not UTF-8 text"),
    (["game"], "#" * 1_000_001, "is larger than 1,000,000 bytes"),
    (["game", "--players", BIG], game_with(), "out of range"),
    (["game", "--players", "0"], game_with(players=None), "standard is played by 2 players, not 0"),
    (["game", "--variant", "five-card"], game_with(), "the file's game is standard, --variant says five-card"),
    (["game", "--skunk-margin", "0"], game_with(), "the skunk lines must be 1 or more"),
    (["ruling", "E", "game", "--claim", "121", "--seat", "3", *AT_TABLE], game_with(), "--seat must be 1 to 2"),
    (["ruling", "E", "game", "--claim", "121", *AT_TABLE], game_with(variant="backward"), "the file's game is not E's: standard, 2 players"),
    (["ruling", "E", "game", "--claim", "-1", *AT_TABLE], game_with(), "cannot be negative"),
]


@pytest.fixture(scope="module")
def seeded(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("hostile") / "seed.db"
    seed_database(path)
    return path


def seed_database(path: Path) -> None:
    """One database with an event mid-qualifying, a cut event, an empty event and a
    league (the generative suite, tests/cli/test_fuzz.py, starts from it too)."""
    cli = Cli(path)
    cli("player", "add", "Margaret Kowalski", "--acc-number", "K1")
    cli("player", "add", "Mark Kowalski")
    cli("player", "add", "Outsider")
    cli("new-event", "E", "--games", "3")
    cli("enter", "E", "Ann", "Bob", "Cat", "Dan", "--new")
    cli("round", "E")
    tables = cli("round", "E", "--show", "1", "--json").json()["tables"]
    cli("result", "E", "Ann", "121", "Dan", "100")
    cli("new-event", "C", "--format", "single-elim")
    cli("enter", "C", "Ann", "Bob", "Cat")
    cli("cut", "C")
    cli("new-event", "Empty")
    cli("league", "new", "Club")
    cli("league", "join", "Club", "Ann", "Bob")
    cli("new-event", "Dbl", "--variant", "four-player")
    cli("enter", "Dbl", "--team", "Ann", "Bob", "--team-name", "Aces")
    # the circle seats Ann v Dan and Bob v Cat in game 1; the table above relies on it
    assert [t["players"] for t in tables] == [["Ann", "Dan"], ["Bob", "Cat"]]
    cli("new-event", "T3", "--variant", "three-player", "--games", "2")  # three at a table
    cli("enter", "T3", "Ann", "Bob", "Cat", "Dan")
    assert cli("round", "T3", "--json").json()["tables"][0]["players"] == ["Ann", "Bob", "Cat"]


def _case_id(args: list) -> str:
    return " ".join(args)[:60].encode("unicode_escape").decode()


@pytest.mark.parametrize("args, match", CASES, ids=[_case_id(a) for a, _ in CASES])
def test_refused_in_one_printable_line_and_nothing_changes(seeded, tmp_path, monkeypatch, args, match):
    monkeypatch.chdir(tmp_path)
    _refused(seeded, tmp_path, args, match)


@pytest.mark.parametrize("command, text, match", CSV_CASES, ids=[f"{' '.join(c)} {m}"[:60] for c, _, m in CSV_CASES])
def test_bad_csv_files_are_refused_whole(seeded, tmp_path, command, text, match):
    file = tmp_path / "in.csv"
    if isinstance(text, bytes):
        file.write_bytes(text)
    else:
        file.write_text(text, encoding="utf-8")
    _refused(seeded, tmp_path, [*command, str(file)], match)


@pytest.mark.parametrize("command, text, match", GAME_FILE_CASES, ids=[f"{' '.join(c)} {m}"[:60] for c, _, m in GAME_FILE_CASES])
def test_bad_game_files_are_refused(seeded, tmp_path, monkeypatch, command, text, match):
    monkeypatch.chdir(tmp_path)
    file = tmp_path / "game.json"
    if isinstance(text, bytes):
        file.write_bytes(text)
    else:
        file.write_text(text, encoding="utf-8")
    _refused(seeded, tmp_path, [*command, str(file)], match)


def test_the_hostile_game_is_valid(seeded, tmp_path):
    file = tmp_path / "game.json"
    file.write_text(json.dumps(GAME), encoding="utf-8")
    assert Cli(tmp_path / "x.db")("game", file, "--json").json()["final"] == [112, 121]


_SEEDS: dict[Path, tuple[dict, bytes]] = {}


def _seed_as_read(seeded: Path) -> tuple[dict, bytes]:
    """The seed database's every row (Cli.snapshot) and bytes, read once: each case's
    copy starts as these bytes (checked), so it starts as these rows (2 ms a case)."""
    if seeded not in _SEEDS:
        assert not any(Path(f"{seeded}{end}").exists() for end in ("-wal", "-journal"))  # the file is all of it
        _SEEDS[seeded] = Cli(seeded).snapshot(), seeded.read_bytes()
    return _SEEDS[seeded]


def _rows_and_bytes(cli: Cli, seed: tuple[dict, bytes]) -> tuple[dict, bytes]:
    """The database's every row and its file's bytes. Bytes equal to the seed's with no
    journal or WAL beside the file hold the seed's rows (read from them once:
    _seed_as_read); anything else is read row by row."""
    data = cli.db.read_bytes()
    if data == seed[1] and not any(Path(f"{cli.db}{end}").exists() for end in ("-wal", "-journal")):
        return seed[0], data
    return cli.snapshot(), data


def _refused(seeded: Path, tmp_path: Path, args: list, match: str) -> None:
    path = tmp_path / "case.db"
    shutil.copy(seeded, path)
    cli = Cli(path)
    seed = _seed_as_read(seeded)
    before = _rows_and_bytes(cli, seed)
    assert before == seed, "the copy is not the seed"
    run = cli(*args, ok=False)
    assert run.code in (1, 2), run
    output = run.stdout + run.stderr
    assert "Traceback" not in output
    assert all(c.isprintable() or c in "\n\t" for c in output), repr(output)
    if run.code == 1:
        lines = [line for line in run.stderr.splitlines() if line.strip()]
        assert len(lines) == 1, run.stderr
    assert match.lower() in output.lower(), output
    assert len(run.stderr) < 2_000, len(run.stderr)  # what was typed is said back shortened, never whole
    assert _rows_and_bytes(cli, seed) == before, "a refused command changed the database"


@pytest.mark.parametrize("args", [["player", "export", "-o", "\x1f.csv"], ["publish", "--all", "-o", "site\u3000x"],
                                  ["report", "E", "--csv", "-o", "r\x1b[2J.csv"]], ids=_case_id)
def test_a_path_said_back_is_printable(seeded, tmp_path, monkeypatch, args):
    """Found by the generative suite: a path typed with a control or separator
    character is written to, and said back with '?' in its place."""
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "case.db"
    shutil.copy(seeded, path)
    run = Cli(path)(*args)
    assert "?" in run.stderr and all(c.isprintable() or c == "\n" for c in run.stdout + run.stderr), repr(run.stderr)


def test_a_typed_line_that_is_not_utf8_is_refused_and_typing_goes_on(seeded, tmp_path):
    """Found by the generative suite: quick-results on a strict UTF-8 terminal
    raised UnicodeDecodeError at a byte that is not UTF-8."""
    from typer.testing import CliRunner

    from crib_tourney.cli.app import app

    path = tmp_path / "case.db"
    shutil.copy(seeded, path)
    before = path.read_bytes()
    run = CliRunner(env={"CRIB_TOURNEY_DB": None}).invoke(app, ["--db", str(path), "quick-results", "E"], input=b"\xff 2\nquit\n")
    assert run.exit_code == 0 and run.exception is None, run.stderr
    assert "error: '\ufffd 2' is not TABLE SCORE SCORE" in run.stderr and "0 result(s) saved" in run.stderr
    assert path.read_bytes() == before


# --- hardening, round four (issue 34): the finds that need more than a command line ----------

def test_acc_numbers_are_found_in_any_case(seeded, tmp_path):
    """Compared case-blind when added (K1 and k1 are one number), so when looked up."""
    path = tmp_path / "case.db"
    shutil.copy(seeded, path)
    cli = Cli(path)
    assert cli("player", "show", "k1", "--json").json()["name"] == "Margaret Kowalski"
    assert cli("player", "show", " K1 ", "--json").json()["name"] == "Margaret Kowalski"
    assert cli("enter", "E", "k1", "--new").stdout.startswith("entered Margaret Kowalski")  # --new makes no player 'k1'


def test_a_key_file_of_dev_zero_is_refused_not_read_for_ever(seeded, tmp_path, monkeypatch):
    monkeypatch.setenv("CRIB_TOURNEY_KEY_FILE", "/dev/zero")
    _refused(seeded, tmp_path, ["event", "links", "E"], "/dev/zero is not a crib-tourney link key (more than 32 bytes")


def test_a_password_with_a_trailing_nul_is_another_password():
    """scrypt's HMAC pads a short key with zeros: 'password' and 'password\\0' were one."""
    from crib_tourney.web.security import DirectorPassword

    director = DirectorPassword("correct horse battery")
    assert director.check("correct horse battery")
    assert not director.check("correct horse battery\x00") and not director.check("correct horse battery\x00\x00")


def test_report_over_a_private_file_keeps_it_private(seeded, tmp_path):
    path = tmp_path / "case.db"
    shutil.copy(seeded, path)
    out = tmp_path / "private.csv"
    out.write_text("old\n")
    out.chmod(0o600)
    Cli(path)("report", "E", "--csv", "-o", str(out))
    assert out.stat().st_mode & 0o777 == 0o600 and out.read_text() != "old\n"
    fresh = tmp_path / "new.csv"
    Cli(path)("report", "E", "--csv", "-o", str(fresh))
    assert fresh.stat().st_mode & 0o077 != 0  # a new report is for sharing, as before


def _on_a_medium(seeded: Path, tmp_path: Path, prepare: str, *args: str) -> "CompletedProcess[str]":
    """The command run in a mount namespace of its own, on a small file system
    holding a copy of the database, made read-only or full by ``prepare``."""
    import subprocess
    import sys

    if shutil.which("unshare") is None:
        pytest.skip("no unshare")
    probe = subprocess.run(["unshare", "-m", "sh", "-c", f"mount -t tmpfs -o size=1m tmpfs {tmp_path}"], capture_output=True)
    if probe.returncode != 0:
        pytest.skip("cannot mount a file system here (not root in a namespace)")
    medium = tmp_path / "medium"
    medium.mkdir(exist_ok=True)
    command = " ".join(f"'{a}'" for a in (sys.executable, "-m", "crib_tourney", "--db", f"{medium}/case.db", *args))
    script = (f"mount -t tmpfs -o size=4m tmpfs {medium} && cp {seeded} {medium}/case.db && {prepare} && {command}")
    return subprocess.run(["unshare", "-m", "sh", "-c", script], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "COLUMNS": "200"})


@pytest.mark.parametrize("prepare", ["mount -o remount,ro MEDIUM", "(dd if=/dev/zero of=MEDIUM/fill bs=4k 2>/dev/null; true)"],
                         ids=["read-only", "full"])
def test_reads_work_on_a_read_only_medium_and_a_full_disk(seeded, tmp_path, prepare):
    medium = tmp_path / "medium"
    reads = ((["standings", "E"], "Ann"), (["player", "list"], "Margaret Kowalski"), (["event", "list"], "T3"),
             (["player", "history", "Ann"], "rating"))  # (its ratings, made from every game, cannot be kept there)
    for args, seen in reads:
        run = _on_a_medium(seeded, tmp_path, prepare.replace("MEDIUM", str(medium)), *args)
        assert run.returncode == 0 and seen in run.stdout, run.stderr
    written = _on_a_medium(seeded, tmp_path, prepare.replace("MEDIUM", str(medium)), "player", "add", "Zed")
    assert written.returncode == 1 and len(written.stderr.strip().splitlines()) == 1, written.stderr


# Waits for the server to answer (up to a minute: it starts in a second or two),
# then prints the status of its home page and of a standings page.
FETCH_WHEN_UP = """
import sys, time, urllib.request as u
deadline = time.monotonic() + 60
while True:
    try:
        u.urlopen(sys.argv[1] + "/", timeout=10)
        break
    except u.HTTPError:
        break  # it answers (and the line below says how)
    except OSError:
        if time.monotonic() > deadline:
            raise
        time.sleep(0.1)
print([u.urlopen(sys.argv[1] + p, timeout=10).status for p in ("/", "/events/1/standings")])
"""


def test_serve_reads_a_read_only_medium(seeded, tmp_path):
    import sys

    from tests.web.browser import free_port

    port = free_port()
    (tmp_path / "fetch.py").write_text(FETCH_WHEN_UP, encoding="utf-8")
    fetch = f"'{sys.executable}' {tmp_path}/fetch.py http://127.0.0.1:{port}"
    serve = f"'{sys.executable}' -m crib_tourney --db {tmp_path}/medium/case.db serve --port {port}"
    run = _on_a_medium(seeded, tmp_path, f"mount -o remount,ro {tmp_path}/medium && ({serve} & echo $! > {tmp_path}/pid) && {fetch}"
                                         f" && kill $(cat {tmp_path}/pid) && echo", "player", "list")
    assert "[200, 200]" in run.stdout, run.stderr


def test_errors_clipped_shortens_only_what_is_too_long():
    import doctest

    from crib_tourney import errors

    assert doctest.testmod(errors).failed == 0
    path = "/srv/events/" + "a" * 200 + ".pdf"
    assert errors.clipped(f"cannot write {path}: permission denied") == f"cannot write {path}: permission denied"
    assert len(errors.clipped("x " * 100_000)) < 1_100
