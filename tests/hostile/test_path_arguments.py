"""Every command that takes a path, given each kind of path it must not use (issue #24).

For each path argument of each command: a symbolic link to a regular file (an output is never
written through it), a FIFO (never opened: it would block), a link to ``/dev/zero`` (never
read: it never ends), a folder where a file is wanted, and a file in a folder that does not
exist (never created). Each must give one clear line on stderr naming the path and what it
is, exit 2 (``validate``: its problem line), no traceback, no hang, and leave the target
exactly as it was.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

PRECIOUS = "precious bytes, never to be overwritten\n"
NO_ENGINE = "/nonexistent/engine-that-must-never-start"

#: (name, argv with {P} for the path, role): "out-file", "out-dir", "in-file", "in-any"
#: (a file or a folder), "in-dir"
COMMANDS = [
    ("play --log", ["play", "classic", "--max-turns", "1", "--log", "{P}"], "out-file"),
    ("check --report", ["check", "--engine", NO_ENGINE, "--report", "{P}"], "out-file"),
    ("check --junit", ["check", "--engine", NO_ENGINE, "--junit", "{P}"], "out-file"),
    ("check --results", ["check", "--engine", NO_ENGINE, "--results", "{P}"], "out-file"),
    ("check --write-expect", ["check", "--engine", NO_ENGINE, "--write-expect", "{P}"], "out-file"),
    ("check --fuzz-save", ["check", "--engine", NO_ENGINE, "--fuzz", "1", "--fuzz-save", "{P}"],
     "out-dir"),
    ("check --fuzz-journal", ["check", "--engine", NO_ENGINE, "--fuzz", "1", "--fuzz-journal", "{P}"],
     "out-file"),
    ("check --hypothesis-db", ["check", "--engine", NO_ENGINE, "--hypothesis", "1", "--hypothesis-db",
                               "{P}"], "out-dir"),
    ("vectors export --out", ["vectors", "export", "--out", "{P}"], "out-dir"),
    ("docs build --out", ["docs", "build", "--out", "{P}"], "out-dir"),
    ("replay", ["replay", "{P}"], "in-file"),
    ("notation", ["notation", "{P}"], "in-file"),
    ("check --expect", ["check", "--engine", NO_ENGINE, "--expect", "{P}"], "in-file"),
    ("check --vectors", ["check", "--engine", NO_ENGINE, "--vectors", "{P}"], "in-any"),
    ("show --vectors", ["show", "classic.*", "--vectors", "{P}"], "in-any"),
    ("validate", ["validate", "{P}"], "in-any"),
    ("docs build --spec", ["docs", "build", "--spec", "{P}"], "in-dir"),
    ("docs build --vectors", ["docs", "build", "--vectors", "{P}"], "in-dir"),
    ("docs build --docs", ["docs", "build", "--docs", "{P}"], "in-dir"),
]

#: what each kind of path is called in the message
KINDS = {
    "link-to-file": "symbolic link",
    "fifo": "FIFO",
    "dev-zero": "character device",
    "folder": "folder",
    "missing-folder": "does not exist",
}


def applies(role: str, kind: str) -> bool:
    """Whether ``kind`` is a path the argument of ``role`` must refuse."""
    if kind == "link-to-file":  # a link is never written through; reading through one is fine
        return role.startswith("out")
    if kind == "folder":        # a folder is what a folder argument wants
        return role in ("out-file", "in-file")
    if kind == "missing-folder":  # a folder argument may create the folder it names
        return role in ("out-file", "in-file", "in-any", "in-dir")
    return True


def make_path(tmp: Path, kind: str) -> tuple[Path, Path]:
    """(the path to give, the target that must stay untouched)."""
    target = tmp / "target.txt"
    target.write_text(PRECIOUS)
    path = tmp / "given"
    if kind == "link-to-file":
        path.symlink_to(target)
    elif kind == "fifo":
        os.mkfifo(path)
        target = path
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
        (path / "inside.txt").write_text(PRECIOUS)
        target = path / "inside.txt"
    elif kind == "missing-folder":
        path = tmp / "no-such-folder" / "given"
    return path, target


CASES = [pytest.param(name, argv, role, kind, id=f"{name}: {kind}")
         for name, argv, role in COMMANDS for kind in KINDS if applies(role, kind)]


@pytest.mark.parametrize("name, argv, role, kind", CASES)
def test_a_path_it_must_not_use_is_one_clear_line(tmp_path, name, argv, role, kind):
    work = tmp_path / "work"
    work.mkdir()
    path, target = make_path(work, kind)
    before = sorted(p.name for p in work.rglob("*"))
    real_argv = [a.replace("{P}", str(path)) for a in argv]
    given = next(a for a in real_argv if str(path) in a)
    env = {**os.environ, "RISKSPEC_NO_CACHE": "1"}
    try:
        proc = subprocess.run([sys.executable, "-m", "riskspec", *real_argv], cwd=work,
                              capture_output=True, text=True, timeout=120, env=env,
                              stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{name} with {kind}: hung (a FIFO opened, a device read?)")
    err = proc.stderr
    assert "Traceback" not in err and "Traceback" not in proc.stdout, err
    assert proc.returncode == 2, (proc.returncode, err, proc.stdout[-500:])
    lines = [ln for ln in err.splitlines() if ln.strip() and "loading the specification" not in ln]
    assert len(lines) <= 2, err
    assert given in err or os.path.abspath(given) in err, err
    said = "no such" if kind == "missing-folder" and role.startswith("in") else KINDS[kind]
    assert said in err, err
    assert NO_ENGINE not in err or "cannot be checked" not in err, "the engine was started"
    # untouched: the target keeps its bytes, nothing new appears, no folder is created
    if kind == "fifo":
        assert path.is_fifo()
    elif kind == "dev-zero":
        assert path.is_symlink() and os.readlink(path) == "/dev/zero"
    else:
        assert target.read_text() == PRECIOUS
    if kind == "link-to-file":
        assert path.is_symlink()
    assert sorted(p.name for p in work.rglob("*")) == before, "something was written"
    assert not (work / "no-such-folder").exists()


def test_the_walk_covers_every_path_argument_of_every_command():
    """A new path option must be added to COMMANDS: every ``type=Path`` argument of the CLI is
    listed (by option string) here."""
    from riskspec.cli import build_parser
    parser = build_parser()
    listed = {(argv[0], next((a for a in argv if a.startswith("--") and argv[argv.index(a) + 1]
                              .startswith("{P}")), "positional")) for _, argv, _ in COMMANDS}
    found = set()
    for name, sub in parser._subparsers._group_actions[0].choices.items():  # noqa: SLF001
        for action in _all_actions(sub):
            if action.type is Path:
                opt = action.option_strings[0] if action.option_strings else "positional"
                found.add((name, opt))
    missing = found - listed
    assert not missing, f"path arguments not walked: {sorted(missing)}"


def _all_actions(parser):
    for action in parser._actions:  # noqa: SLF001
        yield action
        if action.choices and isinstance(action.choices, dict):
            for sub in action.choices.values():
                if hasattr(sub, "_actions"):
                    yield from _all_actions(sub)


def test_play_refuses_a_link_at_any_game_s_log_before_the_first_game(tmp_path):
    """With --games N the logs are FILE-1 … FILE-N: a link at FILE-2 stops the run before
    game 1 is played (nothing is written)."""
    target = tmp_path / "target.txt"
    target.write_text(PRECIOUS)
    (tmp_path / "game-2.json").symlink_to(target)
    proc = subprocess.run([sys.executable, "-m", "riskspec", "play", "classic", "--games", "2",
                           "--log", str(tmp_path / "game.json")], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 2 and "game-2.json is a symbolic link" in proc.stderr, proc.stderr
    assert not (tmp_path / "game-1.json").exists() and target.read_text() == PRECIOUS


def test_a_link_into_the_shipped_vectors_is_read(tmp_path):
    """Reading through a symbolic link to a regular file is fine (only writes refuse links)."""
    src = next((Path(__file__).parent.parent / "conformance" / "toy_vectors").rglob("*.json"))
    link = tmp_path / "v.json"
    link.symlink_to(src)
    proc = subprocess.run([sys.executable, "-m", "riskspec", "check", "--list", "--vectors",
                           str(link)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("\n") >= 1
