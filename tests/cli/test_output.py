"""The boxed text tables every listing prints."""

from crib_tourney.cli.output import cell_width, text_table


def test_a_table_aligns_names_with_accents_and_wide_letters():
    table = text_table("T", ["rank", "player"], [[1, "Émile Bélanger"], [10, "李小龍"], [2, "e\u0301mile"]], right=["rank"])
    lines = table.splitlines()
    assert lines[1] == "┏━━━━━━┳━━━━━━━━━━━━━━━━┓"
    assert lines[2] == "┃ rank ┃ player         ┃"
    assert lines[4] == "│    1 │ Émile Bélanger │"
    assert lines[5] == "│   10 │ 李小龍         │"
    assert lines[6] == "│    2 │ e\u0301mile          │"
    assert lines[-1] == "└──────┴────────────────┘"
    assert {cell_width(line) for line in lines[1:]} == {25}


def test_a_table_shows_control_characters_as_question_marks():
    assert "│ Ann?[2J │" in text_table(None, ["name"], [["Ann\x1b[2J"]])
