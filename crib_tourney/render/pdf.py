"""HTML to PDF with WeasyPrint: a fetcher that serves only the templates folder,
chunks rendered on both cores when it pays, a progress bar on stderr, and an
atomic write (the PDF appears under its name only when complete)."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from contextlib import contextmanager, redirect_stdout
from io import BytesIO, StringIO
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any, Callable, Iterator, NoReturn, Sequence
from urllib.parse import unquote, urlparse
import ctypes.util
import logging
import threading
import time

from pypdf import PdfWriter
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from crib_tourney.errors import CribError
from crib_tourney.outfiles import replace_file, writable_target
from crib_tourney.render.templates import templates_dir

if TYPE_CHECKING:
    from rich.progress import Progress

# Below this many chunks one process is faster than starting a second one.
PARALLEL_FROM = 2


def _allowed(url: str) -> bool:
    parsed = urlparse(url)
    if parsed.scheme == "data":  # inline pictures the templates draw (a scorecard's grid): nothing is fetched
        return True
    if parsed.scheme != "file":
        return False
    path = Path(unquote(parsed.path)).resolve()
    root = templates_dir().resolve()
    return path == root or root in path.parents


def _fetcher() -> object:
    """Serve files from the templates folder (and inline data: pictures); refuse
    every other URL, so a name like <img src="file:///etc/passwd"> can never pull
    anything into a PDF (names are escaped besides)."""
    import weasyprint

    if hasattr(weasyprint, "URLFetcher"):

        class TemplatesOnly(weasyprint.URLFetcher):  # type: ignore[misc]  # WeasyPrint ships no types: its class is Any here
            def fetch(self, url: str, headers: Any = None) -> Any:
                if not _allowed(url):
                    raise ValueError(f"refused to fetch {url}: only the templates folder is served")
                return super().fetch(url, headers)

        return TemplatesOnly()

    def fetch(url: str, timeout: int = 10, ssl_context: Any = None) -> Any:  # older WeasyPrint
        if not _allowed(url):
            raise ValueError(f"refused to fetch {url}: only the templates folder is served")
        return weasyprint.default_url_fetcher(url, timeout=timeout, ssl_context=ssl_context)

    return fetch


def _weasyprint() -> Any:  # the module: WeasyPrint ships no types
    """WeasyPrint, imported the quick way on Linux.

    It loads each library by trying names for every platform in turn; each name
    that does not load directly (Windows' and macOS' spellings, tried first) makes
    cffi call ctypes.util.find_library, which runs ldconfig and gcc: 0.3 s of CPU
    of every print. On Linux the sonames it also tries load directly, so those
    look-ups are skipped while it imports; if that fails, the ordinary import runs."""
    if "weasyprint" in sys.modules or not sys.platform.startswith("linux"):
        import weasyprint

        return weasyprint

    find_library = ctypes.util.find_library
    ctypes.util.find_library = lambda name: None
    try:
        with redirect_stdout(StringIO()):  # its advice on a failed load: printed by the ordinary import below
            import weasyprint
        return weasyprint
    except OSError:
        for name in [m for m in sys.modules if m == "weasyprint" or m.startswith("weasyprint.")]:
            del sys.modules[name]
    finally:
        ctypes.util.find_library = find_library
    import weasyprint

    return weasyprint


def render_chunk(html: str) -> bytes:
    return render_pages(html)[0]


def render_pages(html: str) -> tuple[bytes, int]:
    """One HTML document as a PDF, and its number of pages (known from the layout:
    reading the PDF back to count them cost a tenth of a print)."""
    weasyprint = _weasyprint()
    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    document = weasyprint.HTML(string=html, base_url=str(templates_dir()) + "/", url_fetcher=_fetcher()).render()
    return document.write_pdf(), len(document.pages)


def _merge(parts: Sequence[bytes]) -> bytes:
    if len(parts) == 1:
        return parts[0]

    writer = PdfWriter()
    for part in parts:
        writer.append(BytesIO(part))
    out = BytesIO()
    writer.write(out)
    return out.getvalue()


def write_pdf(chunks: Sequence[str], output: Path, progress: bool = True) -> int:
    """Render HTML chunks (each a whole document) into one PDF at ``output``.
    Returns the number of pages.

    Nothing is on disk while rendering: the PDF is written to a hidden .part file
    beside the target and renamed over it only when complete, so a print stopped
    at any moment leaves the old file or the new one, never half of one. A
    symlink is written through (its target replaced); a device, pipe or socket is
    refused, never replaced by a regular file."""
    target = writable_target(Path(output))
    with terminated_as_interrupt():
        try:
            rendered = _render_all(chunks, progress)
            data = _merge([pdf for pdf, _ in rendered])
        except KeyboardInterrupt:
            raise CribError(f"interrupted: {output} was not written") from None
        replace_file(target, data, output)
    return sum(pages for _, pages in rendered)


@contextmanager
def terminated_as_interrupt() -> Iterator[None]:
    """SIGTERM (a timeout, a closed session) unwinds like Ctrl-C: render workers
    are stopped and no .part file stays behind."""
    def interrupt(_signum: int, _frame: FrameType | None) -> NoReturn:
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, interrupt)
    except ValueError:  # not the main thread: leave signals alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _render_all(chunks: Sequence[str], progress: bool) -> list[tuple[bytes, int]]:
    """Each chunk's PDF and pages, in order."""
    # one chunk: a pulsing bar (WeasyPrint reports no progress inside a document)
    bar = _progress(len(chunks) if len(chunks) > 1 else None) if progress else None
    results: list[tuple[bytes, int]] = []
    try:
        if len(chunks) >= PARALLEL_FROM and (os.cpu_count() or 1) > 1:
            _weasyprint()  # imported once, here: forked workers inherit it instead of each importing it
            # a Pool, not a ProcessPoolExecutor: leaving the block on an error or
            # an interrupt terminates the workers instead of waiting for them
            with render_pool(min(2, os.cpu_count() or 1)) as pool:
                for part in pool.imap(render_pages, chunks):
                    results.append(part)
                    if bar:
                        bar[1]()
        else:
            for chunk in chunks:
                results.append(render_pages(chunk))
                if bar:
                    bar[1]()
    finally:
        if bar:
            bar[0].stop()
    return results


def render_pool(workers: int) -> Any:
    """The render workers (a multiprocessing Pool), forked with SIGTERM held back
    (blocked) until each has set it back to the default (_exit_with_parent): the
    fork inherits the print's handler (raise KeyboardInterrupt), and the pool ends
    its workers with SIGTERM, so a worker stopped in between either printed a
    KeyboardInterrupt traceback or, the signal landing after the reset but before
    Python ran its handler, dropped it, and the pool's terminate() waited for that
    worker for ever. A SIGTERM for the print itself meanwhile arrives once the
    pool is made (and stops it)."""
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
    try:
        pool = multiprocessing.Pool(workers, initializer=_exit_with_parent, initargs=(os.getpid(),))
    except BaseException:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
        raise
    try:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)  # a SIGTERM held back meanwhile is handled here
    except BaseException:
        pool.terminate()
        raise
    return pool


def _exit_with_parent(parent: int) -> None:
    """A render worker ends itself when the print that started it is gone (killed
    with SIGKILL, it cannot stop its workers; each holds ~250 MB)."""
    # the fork inherits the print's SIGTERM handler (raise KeyboardInterrupt) and
    # SIGTERM held back (render_pool): the default first, then any SIGTERM held ends it
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


def _progress(total: int | None) -> tuple[Progress, Callable[[], None]]:
    progress = Progress(TextColumn("rendering"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        console=Console(file=sys.stderr), transient=True)
    progress.start()
    task = progress.add_task("render", total=total)
    return progress, lambda: progress.advance(task)
