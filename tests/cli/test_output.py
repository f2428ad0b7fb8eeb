"""The boxed text tables every listing prints."""

from hypothesis import given, settings
from hypothesis import strategies as st

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


CELLS = st.one_of(st.none(), st.integers(-10**6, 10**6), st.booleans(),
                  st.text(alphabet="abcÉé\u0301李小\x1b\t?", max_size=8))


@settings(max_examples=200, deadline=None)
@given(st.data(), st.integers(1, 4), st.sampled_from([None, "latin-1", "ascii"]))
def test_every_cell_is_padded_to_its_columns_width(data, width, ascii_for):
    """Each column is as wide as its widest cell on a terminal (accents take no
    room, wide letters two); numbers-to-the-right columns pad on the left."""
    columns = [f"c{k}" for k in range(width)]
    right = data.draw(st.lists(st.sampled_from(columns), unique=True))
    rows = data.draw(st.lists(st.lists(CELLS, min_size=width, max_size=width), max_size=6))
    lines = text_table(None, columns, rows, right, ascii_for=ascii_for).splitlines()
    bar, head_bar = ("|", "|") if ascii_for else ("│", "┃")
    head = lines[1][1:-1].split(head_bar)
    body = [line[1:-1].split(bar) for line in lines[3:-1]]
    assert len(body) == len(rows)
    for k, name in enumerate(columns):
        cells = [head[k]] + [row[k] for row in body]
        shown = [cell.strip(" ") for cell in cells]
        assert len({cell_width(c) for c in cells}) == 1
        assert cell_width(cells[0]) == 2 + max([len(name)] + [cell_width(s) for s in shown])
        for cell, text in zip(cells, shown):
            if text:
                assert cell.startswith(" " * (1 + (cell_width(cell) - 2 - cell_width(text)) * (name in right)) + text[0])
    for row, line in zip(rows, body):
        for value, cell in zip(row, line):
            if isinstance(value, int) and not isinstance(value, bool):
                assert cell.strip(" ") == str(value)


def test_a_row_shorter_than_the_columns_gets_empty_cells_and_no_columns_is_no_error():
    lines = text_table(None, ["a", "bb"], [[1], [22, 3]]).splitlines()
    assert lines[3] == "│ 1  │    │" and lines[4] == "│ 22 │ 3  │"
    assert text_table(None, [], [[], []]).splitlines() == ["┏┓", "┃┃", "┡┩", "││", "││", "└┘"]
