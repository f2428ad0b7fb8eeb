"""crib-tourney publish: the live pages as a static, self-contained site (inline
CSS, no external hosts, relative links, index.html first) a club can upload
anywhere, with a bracket's chart as printed (bracket.pdf) once it is cut. A file
whose bytes did not change is not rewritten, so an upload tool that compares
files sends only what changed.

Everything is written inside the output folder and nowhere else: a symbolic
link inside it (events/1 -> somewhere else) is refused before anything is
written, and every file is then opened through folder descriptors with
O_NOFOLLOW, so a link made while publish runs is refused too, never followed.
Each page is written to a hidden .NAME.part file and renamed into place; the
ones a killed publish left are removed on the next run, and SIGTERM removes
the one being written.
"""

from __future__ import annotations

import os
import posixpath
import re
import stat
from pathlib import Path
from typing import Callable
import errno

from crib_tourney import jsontext
from crib_tourney.errors import CribError
from crib_tourney.services import site as facts
from crib_tourney.services.database import Db
from crib_tourney.web import site
from crib_tourney.render.pdf import terminated_as_interrupt

PART = re.compile(r"\..+\.(?:html|json|pdf)\.part")  # a file publish was writing when it was stopped


def publish(db: Db, events: list[int], leagues: list[int], everything: bool, output: Path) -> tuple[int, int]:
    """Write the pages of these events and leagues (``everything``: of all of
    them) and the index; (files written, files unchanged)."""
    if everything:
        events, leagues = facts.event_ids(db), facts.league_ids(db)
    paths = ["index"] + [p for event_id in events for p in site.event_paths(db, event_id)]
    paths += [f"leagues/{league_id}/index" for league_id in leagues]
    if everything:  # the rating list is of every player: published with everything
        paths.append("ratings")
    paths = list(dict.fromkeys(paths))
    check_folder(output, [name for path in paths for name in (static_file(path), f"{path}.json", *_pdf_of(path))])
    written = unchanged = 0
    with SiteFolder(output) as folder, terminated_as_interrupt():
        folder.remove_parts()
        try:
            for path in paths:
                built = site.page(db, path)
                if path == "index":  # the index links only what this site holds
                    _only_published(built, set(events), set(leagues))
                    built.context["ratings"] = everything
                files: dict[str, bytes] = {}
                for pdf in _pdf_of(path):
                    if built.context.get("playoff"):  # the chart as printed, where the live page's link points
                        files[pdf] = site.bracket_pdf(db, int(path.split("/")[1]))
                        built.context["bracket_pdf"] = posixpath.relpath(pdf, posixpath.dirname(static_file(path)))
                files[static_file(path)] = site.render(built, _relative_to(path), live=False,
                                                       json_href=_relative_to(path, ".json")).encode()
                if built.data is not None:
                    files[f"{path}.json"] = (jsontext.dumps(built.data, ensure_ascii=False) + "\n").encode()
                for name, data in files.items():
                    if folder.write_if_changed(name, data):
                        written += 1
                    else:
                        unchanged += 1
        except KeyboardInterrupt:
            raise CribError(f"interrupted: {written} file(s) of the site in {output} were rewritten, the rest are as they"
                            " were; publish again to finish") from None
    return written, unchanged


def _pdf_of(path: str) -> list[str]:
    """The PDF beside a page: a bracket's chart as printed (events/3/bracket.pdf)."""
    return [f"{path}.pdf"] if re.fullmatch(r"events/\d+/bracket", path) else []


def static_file(path: str) -> str:
    """The file of a page: 'events/3/index.html' for an overview, and a folder's
    index.html for every other page ('events/3/tables/index.html'), so that the
    live address (…/events/3/tables, as the QR codes on paper print it) names the
    same page on any static host; the JSON twin is beside it ('events/3/tables.json')."""
    return f"{path}.html" if path == "index" or path.endswith("/index") else f"{path}/index.html"


def _relative_to(current: str, json: str = "") -> Callable[[str], str]:
    """Links from the page at ``current`` to other pages (``json``: to their JSON twins)."""
    here = posixpath.dirname(static_file(current))

    def href(target: str) -> str:
        return posixpath.relpath(f"{target}.json" if json else static_file(target), here or ".")

    return href


def _only_published(index: site.Page, events: set[int], leagues: set[int]) -> None:
    """Drop from the index the events and leagues this site does not hold (their links would be dead)."""
    context, data = index.context, dict(index.data or {})
    context["events"] = [e for e in context["events"] if e["id"] in events]
    context["leagues"] = [lg for lg in context["leagues"] if lg["id"] in leagues]
    data["events"] = [e for e in data["events"] if e["id"] in events]
    data["leagues"] = [lg for lg in data["leagues"] if lg["id"] in leagues]
    index.data = data


def check_folder(output: Path, names: list[str]) -> None:
    """Refuse, before anything is written, a site folder holding a symbolic link
    (or a file that is no regular file) where a page or its folder goes."""
    for name in names:
        parts = name.split("/")
        for depth in range(1, len(parts) + 1):
            place = output.joinpath(*parts[:depth])
            try:
                mode = os.lstat(place).st_mode
            except FileNotFoundError:
                break
            except OSError as exc:
                raise CribError(f"cannot write the site into {output}: {place}: {exc.strerror or exc}") from None
            last = depth == len(parts)
            if stat.S_ISLNK(mode):
                raise CribError(f"cannot write the site into {output}: {place} is a symbolic link (to {os.readlink(place)});"
                                " publish writes only inside its folder: remove the link")
            if not last and not stat.S_ISDIR(mode):
                raise CribError(f"cannot write the site into {output}: {place} is not a folder")
            if last and not stat.S_ISREG(mode):
                raise CribError(f"cannot write the site into {output}: {place} is not a regular file")


class SiteFolder:
    """The output folder, opened once (it may itself be a symbolic link: the user
    named it); every folder and file below it is opened relative to its parent's
    descriptor with O_NOFOLLOW."""

    def __init__(self, root: Path):
        self.root = root
        self.folders: dict[str, int] = {}
        self.writing: tuple[int, str] | None = None  # the .part file being written, removed if we are stopped

    def __enter__(self) -> "SiteFolder":
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            self.folders[""] = os.open(self.root, os.O_RDONLY | os.O_DIRECTORY)
        except OSError as exc:
            raise CribError(f"cannot write the site into {self.root}: {exc.strerror or exc}") from None
        return self

    def __exit__(self, *_: object) -> None:
        if self.writing is not None:
            _unlink(*self.writing)
        for fd in self.folders.values():
            os.close(fd)

    def folder(self, relative: str) -> int:
        """The descriptor of a folder below the root, made if missing; a link or a file in its place is refused."""
        if relative in self.folders:
            return self.folders[relative]
        parent, _, name = relative.rpartition("/")
        parent_fd = self.folder(parent)
        try:
            try:
                fd = os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=parent_fd)
            except FileNotFoundError:
                os.mkdir(name, dir_fd=parent_fd)
                fd = os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=parent_fd)
        except OSError as exc:
            raise CribError(f"cannot write {self.root / relative}: {_why(exc)}") from None
        self.folders[relative] = fd
        return fd

    def write_if_changed(self, relative: str, data: bytes) -> bool:
        where, _, name = relative.rpartition("/")
        fd = self.folder(where)
        shown = self.root / relative
        try:
            if _read(fd, name) == data:
                return False
            temporary = f".{name}.part"
            self.writing = (fd, temporary)
            _unlink(fd, temporary)
            part = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o666, dir_fd=fd)
            with os.fdopen(part, "wb") as handle:
                handle.write(data)
            os.replace(temporary, name, src_dir_fd=fd, dst_dir_fd=fd)
            self.writing = None
        except OSError as exc:
            raise CribError(f"cannot write {shown}: {_why(exc)}") from None
        return True

    def remove_parts(self) -> None:
        """The hidden .NAME.part files a publish that was killed left behind."""
        for folder, _, files in os.walk(self.root):  # never into a linked folder (followlinks is off)
            for name in files:
                path = Path(folder, name)
                if PART.fullmatch(name) and stat.S_ISREG(os.lstat(path).st_mode):
                    path.unlink(missing_ok=True)


def _read(fd: int, name: str) -> bytes | None:
    """The bytes of a page already published, or None if there is none."""
    try:
        handle = os.open(name, os.O_RDONLY | os.O_NOFOLLOW, dir_fd=fd)
    except FileNotFoundError:
        return None
    with os.fdopen(handle, "rb") as page:
        return page.read()


def _unlink(fd: int, name: str) -> None:
    try:
        os.unlink(name, dir_fd=fd)
    except FileNotFoundError:
        pass


def _why(exc: OSError) -> str:
    if exc.errno in (errno.ELOOP, errno.EMLINK):
        return "it is a symbolic link; publish writes only inside its folder"
    return exc.strerror or str(exc)
