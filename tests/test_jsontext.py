"""jsontext.dumps writes exactly what json.dumps(indent=2) writes, with the characters
that are not printable escaped."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_tourney import jsontext

plain = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text()
keys = st.text() | st.integers() | st.booleans()
values = st.recursive(plain, lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
                      | st.dictionaries(st.text(max_size=5), inner, max_size=4)
                      | st.dictionaries(keys, inner, max_size=3), max_leaves=30)


@settings(max_examples=400, deadline=None)
@given(values, st.booleans())
def test_same_text_as_the_library(value, ensure_ascii):
    library = json.dumps(value, ensure_ascii=ensure_ascii, indent=2)
    # but for the characters a terminal would act on, which the library writes raw
    escaped = "".join(c if c.isprintable() or c == "\n" else json.dumps(c)[1:-1] if ord(c) > 127 else f"\\u{ord(c):04x}"
                      for c in library)
    assert jsontext.dumps(value, ensure_ascii=ensure_ascii) == escaped
    assert all(c.isprintable() or c == "\n" for c in jsontext.dumps(value, ensure_ascii=ensure_ascii))


def test_standings_shape():
    rows = [{"rank": i, "player": "Zoë \u00e9", "spread": -3.5, "tied": False, "note": None, "members": ["A", "B"]}
            for i in range(3)]
    data = {"event": "Open", "rows": rows, "empty": [], "nothing": {}}
    for ensure_ascii in (True, False):
        assert jsontext.dumps(data, ensure_ascii) == json.dumps(data, ensure_ascii=ensure_ascii, indent=2)


def test_refuses_what_json_refuses():
    with pytest.raises(TypeError):
        jsontext.dumps({"a": {1, 2}})
