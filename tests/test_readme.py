"""Every example command of the README runs, in order, as written (issue 31).

The README's ```console blocks are a session at a shell: each `$ ` line is a
command, and the lines under it (up to the next `$ ` line or the end of the
block) are what it prints. The test runs every such command in order, through
bash (a plain `crib-tourney` command with only words: in this process, with the
same folder, environment and arguments), in one temporary folder that holds a copy of `examples/` (the sample data
the README names), with `crib-tourney` on the PATH (the real CLI, this checkout's
code), `COLUMNS=100` and no `CRIB_TOURNEY_DB` (the database is `crib-tourney.db`
in that folder). A command must exit 0, unless what it shows starts with
`error:` (a refusal: exit 1 and that line on stderr). Where output is shown it
must be printed exactly (trailing spaces aside); a line `...` stands for any
number of lines. A command whose output is not shown is only run.

A heredoc (`$ cat > game2.csv <<'EOF'` and its lines up to `EOF`) is one command.
Blocks marked ```sh (or ```text, ```json, ...) are shown, never run: `serve`,
which listens until stopped, and the room's set-up (tests/README.md says so).

Run `python tests/test_readme.py` to print what each command prints now.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path


ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
FENCE = re.compile(r"^```(\S*)\s*$")


@dataclass(frozen=True)
class Example:
    line: int  # the README line of its `$ `
    command: str
    shown: tuple[str, ...]  # the output shown under it (empty: not compared)

    @property
    def refused(self) -> bool:
        return bool(self.shown) and self.shown[0].startswith("error:")


def examples(text: str) -> list[Example]:
    """The README's commands, in order, from its ```console blocks."""
    found: list[Example] = []
    block: str | None = None
    lines = text.splitlines()
    i = 0
    current: tuple[int, list[str], list[str]] | None = None  # line, command lines, shown

    def close() -> None:
        nonlocal current
        if current is not None:
            number, command, shown = current
            found.append(Example(number, "\n".join(command), tuple(shown)))
        current = None

    while i < len(lines):
        line = lines[i]
        fence = FENCE.match(line)
        if fence and block is None:
            block = fence.group(1) or "text"
        elif line.startswith("```") and block is not None:
            close()
            block = None
        elif block == "console":
            if line.startswith("$ "):
                close()
                command = [line[2:]]
                heredoc = re.search(r"<<-?\s*'?(\w+)'?\s*$", line)
                if heredoc:
                    while True:
                        i += 1
                        command.append(lines[i])
                        if lines[i] == heredoc.group(1):
                            break
                current = (i + 1, command, [])
            elif current is not None:
                current[2].append(line)
        i += 1
    close()
    return found


def shell(folder: Path) -> dict[str, str]:
    """The environment the README's commands run in: crib-tourney on the PATH
    running this checkout's code with this Python."""
    bin_dir = folder / ".bin"
    bin_dir.mkdir()
    script = bin_dir / "crib-tourney"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m crib_tourney "$@"\n', encoding="utf-8")
    script.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if not k.startswith("CRIB_TOURNEY_")}
    env.update(PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}", COLUMNS="100", LC_ALL="C.UTF-8",
               PYTHONIOENCODING="utf-8", PYTHONPATH=str(ROOT), SOURCE_DATE_EPOCH="1791849600")
    return env


def prepare(folder: Path) -> dict[str, str]:
    shutil.copytree(ROOT / "examples", folder / "examples",
                    ignore=shutil.ignore_patterns("pdf", "screenshots", "*.db*", "__pycache__"))
    return shell(folder)


# A command bash would take word for word (no pipe, redirection, quote left open, variable,
# glob or comment): its words are the command's arguments, as bash would hand them over.
PLAIN = re.compile(r"""crib-tourney(?: (?:[^\s"'|&;<>()$`\\*?\[\]#~{}!]+|"[^"$`\\!]*"|'[^']*')+)+""")


def plain_words(command: str) -> list[str] | None:
    """The arguments of a `crib-tourney ...` command that is only words (PLAIN),
    as bash splits them; None for anything else (run through bash)."""
    import shlex

    if PLAIN.fullmatch(command) is None:
        return None
    return shlex.split(command)[1:]


def run(example: Example, folder: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """The command through `bash -c`, as written; a plain `crib-tourney ...` (plain_words)
    in this process instead, with the same folder and environment (a process of its own
    cost 0.15 s of CPU each, most of this test). Either way: its exit code, stdout, stderr."""
    words = plain_words(example.command)
    if words is not None:
        return in_process(words, folder, env)
    return subprocess.run(["bash", "-c", example.command], cwd=folder, env=env, capture_output=True,
                          text=True, timeout=300)


def in_process(words: list[str], folder: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """`crib-tourney WORDS` run in this process (Typer's CliRunner) in ``folder`` with
    ``env`` (the variables it lacks unset): what the process would have given back.
    An exception that escapes the command is a traceback on stderr, as it would be."""
    import traceback

    from typer.testing import CliRunner

    from crib_tourney.cli.app import app

    runner = CliRunner(env={**{k: None for k in os.environ if k not in env}, **env})
    here = os.getcwd()
    os.chdir(folder)
    try:
        result = runner.invoke(app, words, prog_name="crib-tourney")
    finally:
        os.chdir(here)
    stderr = result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        stderr += "".join(traceback.format_exception(result.exception))
    return subprocess.CompletedProcess(["crib-tourney", *words], result.exit_code, result.stdout, stderr)


def matches(shown: tuple[str, ...], printed: list[str]) -> bool:
    """The printed lines equal the shown ones, where `...` stands for any run of lines."""
    if not shown:
        return not printed
    head, *rest = shown
    if head == "...":
        return any(matches(tuple(rest), printed[k:]) for k in range(len(printed) + 1))
    return bool(printed) and printed[0].rstrip() == head.rstrip() and matches(tuple(rest), printed[1:])


def test_the_readme_has_examples():
    found = examples(README.read_text(encoding="utf-8"))
    assert len(found) >= 40, len(found)
    assert sum(1 for e in found if e.shown) >= 8, "the README shows the output of a few commands"


def run_session(text: str, folder: Path) -> int:
    """Run every example of ``text`` in order in ``folder``; an AssertionError names
    the first that fails or prints other than shown. Returns how many ran."""
    env = prepare(folder)
    found = examples(text)
    for example in found:
        done = run(example, folder, env)
        where = f"README.md line {example.line}: $ {example.command}"
        if example.refused:
            assert done.returncode == 1, f"{where}\nshould be refused (exit 1), exit {done.returncode}\n{done.stdout}"
            printed = done.stderr
        else:
            assert done.returncode == 0, f"{where}\nexit {done.returncode}\n{done.stderr}{done.stdout}"
            printed = done.stdout
        assert "Traceback" not in done.stderr, f"{where}\n{done.stderr}"
        if example.shown:
            lines = printed.rstrip("\n").splitlines()
            assert matches(example.shown, lines), (
                f"{where}\nthe README shows:\n" + "\n".join(example.shown) + "\nit prints:\n" + "\n".join(lines))
    return len(found)


def test_every_example_command_runs_as_written(tmp_path):
    assert run_session(README.read_text(encoding="utf-8"), tmp_path) >= 40


def test_a_wrong_example_fails(tmp_path):
    """The test can fail: a shown output that differs, a command that does not work,
    a refusal that is not one."""
    for wrong in (["$ crib-tourney count 5H 5D 5S JC --starter 5C --json | head -1", "{", "$ echo two", "three"],
                  ["$ crib-tourney standings Nowhere"],
                  ["$ crib-tourney count 5H 5D 5S JC --starter 5C", "error: no"]):
        folder = tmp_path / str(len(list(tmp_path.iterdir())))
        folder.mkdir()
        try:
            run_session("\n".join(["```console", *wrong, "```"]), folder)
        except AssertionError:
            continue
        raise AssertionError(f"not caught: {wrong}")


def test_the_convention_itself():
    """The parser reads what tests/README.md says it reads (and the test can fail)."""
    text = "\n".join([
        "```console", "$ crib-tourney count 5H --starter 5C", "one", "...", "$ cat > a.csv <<'EOF'", "x,y", "EOF",
        "$ crib-tourney oops", "error: no", "```", "```sh", "$ crib-tourney serve", "```"])
    found = examples(text)
    assert [e.command for e in found] == ["crib-tourney count 5H --starter 5C", "cat > a.csv <<'EOF'\nx,y\nEOF",
                                          "crib-tourney oops"]
    assert [e.refused for e in found] == [False, False, True]
    assert matches(("one", "..."), ["one", "two", "three"])
    assert not matches(("one",), ["one", "two"])
    assert not matches(("one", "...", "four"), ["one", "two"])


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        environment = prepare(folder)
        for found in examples(README.read_text(encoding="utf-8")):
            result = run(found, folder, environment)
            print(f"--- line {found.line} (exit {result.returncode})\n$ {found.command}")
            print(result.stdout.rstrip("\n"))
            if result.stderr.strip():
                print("[stderr] " + result.stderr.rstrip("\n"))
            sys.stdout.flush()
