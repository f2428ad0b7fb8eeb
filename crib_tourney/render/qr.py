"""QR codes for printed sheets: the live page's address, drawn as inline SVG
(segno, pure Python) so a phone held up to a table sheet opens the page."""

from __future__ import annotations

from urllib.parse import urljoin

import segno


def page_address(public_url: str, page: str) -> str:
    """The address of one page under the event's (or league's) public address."""
    return urljoin(public_url if public_url.endswith("/") else public_url + "/", page)


def qr_svg(address: str) -> str:
    return segno.make(address, error="m").svg_inline(scale=3, border=2, dark="#1b1f24", omitsize=False)
