"""publish writes a bracket's chart as printed (bracket.pdf) beside its page once the
event is cut, linked from the page as the live one links its PDF, and rewrites it
only when it changed."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from tests.conftest import Cli


def test_publish_writes_the_bracket_as_printed_once_it_is_cut(cli: Cli, tmp_path):
    site = tmp_path / "site"
    cli("new-event", "Cup", "--format", "single-elim")
    cli("enter", "Cup", "Ann Lee", "Bob Ray", "Cat Moss", "Dee Fox", "--new")
    cli("publish", "Cup", "-o", site)
    assert not (site / "events/1/bracket.pdf").exists()  # no bracket before the cut
    cli("cut", "Cup")
    first = cli("bracket", "Cup", "--json").json()["rounds"][0]["matches"][0]["players"]
    cli("result", "Cup", first[0], 121, first[1], 90)
    cli("publish", "Cup", "-o", site)
    pdf = site / "events/1/bracket.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")
    assert 'href="../bracket.pdf"' in (site / "events/1/bracket/index.html").read_text()
    if shutil.which("pdftotext") is None:
        pytest.skip("no pdftotext")
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert all(name in text for name in ("Ann Lee", "Bob Ray", "Cat Moss", "Dee Fox"))
    (site / "events/1/.bracket.pdf.part").write_bytes(b"%PDF half")  # what a killed publish left
    assert "wrote 0 file(s)" in cli("publish", "Cup", "-o", site).stderr  # the same PDF, byte for byte: not rewritten
    assert not (site / "events/1/.bracket.pdf.part").exists()
