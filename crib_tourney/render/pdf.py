"""HTML to PDF with WeasyPrint: a fetcher that serves only the templates folder,
chunks rendered on both cores when it pays, a progress bar on stderr, and an
atomic write (the PDF appears under its name only when complete)."""

from __future__ import annotations

import os
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from io import BytesIO
from pathlib import Path
from typing import Callable, Sequence
from urllib.parse import unquote, urlparse

from crib_tourney.errors import CribError
from crib_tourney.render.templates import templates_dir

# Below this many chunks one process is faster than starting a second one.
PARALLEL_FROM = 2


def _allowed(url: str) -> bool:
    parsed = urlparse(url)
    if parsed.scheme != "file":
        return False
    path = Path(unquote(parsed.path)).resolve()
    root = templates_dir().resolve()
    return path == root or root in path.parents


def _fetcher():  # type: ignore[no-untyped-def]
    """Serve files from the templates folder; refuse every other URL, so a name
    like <img src="file:///etc/passwd"> can never pull anything into a PDF."""
    import weasyprint

    if hasattr(weasyprint, "URLFetcher"):

        class TemplatesOnly(weasyprint.URLFetcher):  # type: ignore[name-defined,misc]
            def fetch(self, url, headers=None):  # type: ignore[no-untyped-def]
                if not _allowed(url):
                    raise ValueError(f"refused to fetch {url}: only the templates folder is served")
                return super().fetch(url, headers)

        return TemplatesOnly()

    def fetch(url, timeout=10, ssl_context=None):  # type: ignore[no-untyped-def]  # older WeasyPrint
        if not _allowed(url):
            raise ValueError(f"refused to fetch {url}: only the templates folder is served")
        return weasyprint.default_url_fetcher(url, timeout=timeout, ssl_context=ssl_context)

    return fetch


def render_chunk(html: str) -> bytes:
    import logging

    import weasyprint

    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    document = weasyprint.HTML(string=html, base_url=str(templates_dir()) + "/", url_fetcher=_fetcher())
    return document.write_pdf()


def _merge(parts: Sequence[bytes]) -> bytes:
    if len(parts) == 1:
        return parts[0]
    from pypdf import PdfWriter

    writer = PdfWriter()
    for part in parts:
        writer.append(BytesIO(part))
    out = BytesIO()
    writer.write(out)
    return out.getvalue()


def write_pdf(chunks: Sequence[str], output: Path, progress: bool = True) -> int:
    """Render HTML chunks (each a whole document) into one PDF at ``output``.
    Returns the number of pages."""
    output = Path(output)
    folder = output.parent if str(output.parent) else Path(".")
    if output.is_dir():
        raise CribError(f"cannot write {output}: it is a folder; give a file name ending .pdf")
    if not folder.is_dir():
        raise CribError(f"cannot write {output}: folder {folder} does not exist")
    if not os.access(folder, os.W_OK) or (output.exists() and not os.access(output, os.W_OK)):
        raise CribError(f"cannot write {output}: permission denied")
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{output.name}.", suffix=".part", dir=folder)
    except OSError as exc:
        raise CribError(f"cannot write {output}: {exc.strerror}") from None
    os.close(fd)
    try:
        parts = _render_all(chunks, progress)
        data = _merge(parts)
        Path(temporary).write_bytes(data)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)  # mkstemp makes it private; a PDF is for sharing
        os.replace(temporary, output)
    except KeyboardInterrupt:
        Path(temporary).unlink(missing_ok=True)
        raise CribError(f"interrupted: {output} was not written") from None
    except OSError as exc:
        Path(temporary).unlink(missing_ok=True)
        raise CribError(f"cannot write {output}: {exc.strerror or exc}") from None
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return page_count(data)


def page_count(data: bytes) -> int:
    from pypdf import PdfReader

    return len(PdfReader(BytesIO(data)).pages)


def _render_all(chunks: Sequence[str], progress: bool) -> list[bytes]:
    # one chunk: a pulsing bar (WeasyPrint reports no progress inside a document)
    bar = _progress(len(chunks) if len(chunks) > 1 else None) if progress else None
    results: list[bytes] = []
    try:
        if len(chunks) >= PARALLEL_FROM and (os.cpu_count() or 1) > 1:
            with ProcessPoolExecutor(max_workers=min(2, os.cpu_count() or 1)) as pool:
                for part in pool.map(render_chunk, chunks):
                    results.append(part)
                    if bar:
                        bar[1]()
        else:
            for chunk in chunks:
                results.append(render_chunk(chunk))
                if bar:
                    bar[1]()
    finally:
        if bar:
            bar[0].stop()
    return results


def _progress(total: int | None) -> tuple[object, Callable[[], None]]:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    progress = Progress(TextColumn("rendering"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        console=Console(file=sys.stderr), transient=True)
    progress.start()
    task = progress.add_task("render", total=total)
    return progress, lambda: progress.advance(task)
