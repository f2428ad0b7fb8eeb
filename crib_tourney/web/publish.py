"""crib-tourney publish: the live pages as a static, self-contained site (inline
CSS, no external hosts, relative links, index.html first) a club can upload
anywhere. A page whose bytes did not change is not rewritten, so an upload tool
that compares files sends only what changed."""

from __future__ import annotations

import json
import os
import posixpath
from pathlib import Path
from typing import Callable

from crib_tourney.errors import CribError
from crib_tourney.store.sql import Db
from crib_tourney.web import site


def publish(db: Db, events: list[int], leagues: list[int], everything: bool, output: Path) -> tuple[int, int]:
    """Write the pages of these events and leagues (``everything``: of all of
    them) and the index; (files written, files unchanged)."""
    from crib_tourney.store.events import event_ids
    from crib_tourney.store.leagues import all_league_ids

    if everything:
        events, leagues = event_ids(db), all_league_ids(db)
    paths = ["index"] + [p for event_id in events for p in site.event_paths(db, event_id)]
    paths += [f"leagues/{league_id}/index" for league_id in leagues]
    updated = site.last_change(db)
    written = unchanged = 0
    for path in dict.fromkeys(paths):
        built = site.page(db, path)
        files = {f"{path}.html": site.render(built, _relative_to(path), live=False, updated=updated)}
        if built.data is not None:
            files[f"{path}.json"] = json.dumps(built.data, ensure_ascii=False, indent=2) + "\n"
        for name, text in files.items():
            if _write_if_changed(output / name, text.encode()):
                written += 1
            else:
                unchanged += 1
    return written, unchanged


def _relative_to(current: str) -> Callable[[str], str]:
    here = posixpath.dirname(current)

    def href(target: str) -> str:
        return posixpath.relpath(f"{target}.html", here or ".")

    return href


def _write_if_changed(path: Path, data: bytes) -> bool:
    if path.is_file() and path.read_bytes() == data:
        return False
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.part")
        temporary.write_bytes(data)
        os.replace(temporary, path)
    except OSError as exc:
        raise CribError(f"cannot write {path}: {exc.strerror or exc}") from None
    return True
