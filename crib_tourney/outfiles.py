"""Files a command writes (-o): never over a device, a pipe, a folder or a link that
loops, and whole or not at all: the data goes to a hidden .part file beside the
target, renamed over it only when complete, so a crash or a full disk leaves the
old file or the new one, never half of one."""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

from crib_tourney.errors import CribError


def writable_target(output: Path) -> Path:
    """The regular file an output may replace at ``output``, or one clear refusal."""
    if output.is_symlink():
        try:
            os.path.realpath(output, strict=True)
        except OSError as exc:  # a loop would be replaced by a regular file; a dangling link is said below
            if exc.errno == errno.ELOOP:
                raise CribError(f"cannot write {output}: it is a symbolic link that leads round in a loop") from None
    target = Path(os.path.realpath(output))
    folder = target.parent
    if target.is_dir():
        raise CribError(f"cannot write {output}: it is a folder; give a file name")
    if target.exists() and not target.is_file():
        raise CribError(f"cannot write {output}: it is not a regular file (a device, pipe or socket)")
    if not folder.is_dir():
        if output.is_symlink():  # the link's target is what would be written: name it, not the link's folder
            raise CribError(f"cannot write {output}: it is a symbolic link to {os.readlink(output)}, whose folder {folder}"
                            " does not exist")
        raise CribError(f"cannot write {output}: folder {output.parent} does not exist")
    if not os.access(folder, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        raise CribError(f"cannot write {output}: permission denied")
    return target


def replace_file(target: Path, data: bytes, shown: Path) -> None:
    """``data`` as the file ``target`` (from writable_target), whole; ``shown``
    is the name the user gave, for the messages."""
    temporary = None
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
        with os.fdopen(fd, "wb") as part:
            part.write(data)
        try:  # a file replaced keeps its mode: a private (600) report stays private
            mode = target.stat().st_mode & 0o7777
        except FileNotFoundError:  # mkstemp makes it private; a new print or report is for sharing
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException as exc:
        if temporary:
            Path(temporary).unlink(missing_ok=True)
        if isinstance(exc, KeyboardInterrupt):
            raise CribError(f"interrupted: {shown} was not written") from None
        if isinstance(exc, OSError):
            raise CribError(f"cannot write {shown}: {exc.strerror or exc}") from None
        raise
