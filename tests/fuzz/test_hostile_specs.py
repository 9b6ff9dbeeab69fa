"""Hostile spec files for ``riskspec validate`` (issue 11 item 9): never a traceback, never a
hang; exit 1 for problems found, 2 for a path it could not read; and what it accepts, the
engine plays.

Two campaigns. The file campaign mutates the shipped Classic map and variant on their own
(a line dropped or duplicated, a number replaced by a hostile one, a value replaced by a
list): every input ends as a list of problems (or none), never an exception. The tree
campaign (``test_hostile_spec_trees_are_refused_or_played``) edits a copy of a whole
family folder with the mutations of :mod:`spec_mutations` and runs ``riskspec validate``
on it: each input is either refused (exit 1, every line ``path:line:col: [code] message``;
or exit 2 with one line) or accepted — and then the engine plays it (a new game for a
player count a random variant of it allows, 120 steps of random legal actions and chance
outcomes)
without an error. 10,000 inputs with ``--runslow``; the tally is printed.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import re
import shutil
import signal
import time
from collections import Counter
from pathlib import Path

import pytest
from common import examples, progress, report
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from spec_mutations import make_hostile

from riskspec.cli import main
from riskspec.errors import OptionError
from riskspec.loading import check_files, default_root, load_spec

SOURCES = [(default_root() / "classic" / name).read_text() for name in ("map.yaml",
                                                                      "variant.yaml")]
NUMBER = re.compile(r"(?<=: )-?\d+\b")


@st.composite
def hostile_file(draw):
    which = draw(st.integers(0, len(SOURCES) - 1))
    lines = SOURCES[which].splitlines()
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["drop", "dup", "number", "number", "list"]))
        if how == "drop":
            del lines[i]
        elif how == "dup":
            lines.insert(i, lines[i])
        elif how == "number":
            hits = [k for k, ln in enumerate(lines) if NUMBER.search(ln)]
            k = draw(st.sampled_from(hits))
            value = draw(st.sampled_from(["0", "-1", "-9223372036854775808", "9" * 5000,
                                          "1.5", "[x]", "''", "{}"]))
            lines[k] = NUMBER.sub(value, lines[k], count=1)
        else:
            lines[i] = re.sub(r": .*$", ": [x]", lines[i])
    return which, "\n".join(lines) + "\n"


def test_hostile_spec_files_give_problems_never_a_traceback(request, tmp_path):
    counts: Counter = Counter()
    names = ["map.yaml", "variant.yaml"]

    @settings(max_examples=examples(request, 60), deadline=None, database=None,
              derandomize=True, suppress_health_check=list(HealthCheck))
    @given(hostile_file())
    def run(item) -> None:
        which, text = item
        path = tmp_path / names[which]
        path.write_text(text)
        counts["inputs"] += 1
        problems = check_files([path])  # any exception fails the test (a traceback)
        counts["problems found" if problems else "clean"] += 1

    try:
        run()
    finally:
        report("validate", counts)
    assert counts["problems found"] > counts["inputs"] // 2


def test_format_list_and_5000_digit_integer_are_problems(tmp_path, capsys):
    (tmp_path / "a.yaml").write_text("format: [x]\n")
    (tmp_path / "b.yaml").write_text("format: riskspec/map@1\nid: m\nx: " + "9" * 5000 + "\n")
    for name, code in (("a.yaml", "[format]"), ("b.yaml", "[too-large]")):
        assert main(["validate", str(tmp_path / name)]) == 1
        out = capsys.readouterr()
        assert code in out.out and "Traceback" not in out.err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_fifo_and_symlink_loop_cannot_be_read_exit_2_without_hanging(tmp_path, capsys):
    fifo, loop = tmp_path / "f.yaml", tmp_path / "loop.yaml"
    os.mkfifo(fifo)
    loop.symlink_to(loop.name)
    for path, why in ((fifo, "not a regular file"), (loop, "symlink")):
        assert main(["validate", str(path)]) == 2
        assert why in capsys.readouterr().err
    assert main(["validate", str(tmp_path / "missing.yaml")]) == 2
    # inside a spec folder, a FIFO is a problem of that folder, not a hang
    spec = tmp_path / "spec"
    spec.mkdir()
    os.mkfifo(spec / "x.yaml")
    assert all(p.code == "unreadable" for p in check_files([spec]))


def test_validate_exit_codes_distinguish_problems_from_could_not_run(tmp_path, capsys):
    bad = tmp_path / "m.yaml"
    bad.write_text("format: riskspec/map@1\n")
    assert main(["validate", str(bad)]) == 1
    assert main(["validate", str(Path(tmp_path / "nope.yaml"))]) == 2
    capsys.readouterr()


PROBLEM_LINE = re.compile(r"^\S[^:]*:\d+:\d+: \[[a-z0-9-]+\] \S")
SECRET = "format: riskspec/map@1\nsecret-outside-the-tree: [never closed\n"


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang


def _validate(root: Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["validate", str(root)])
    return code, out.getvalue(), err.getvalue()


def _play(root: Path, rng: random.Random, steps: int = 120) -> str:
    """Play one accepted variant a little (a random one, for a random player count it
    allows); the outcome's name."""
    from riskspec.reference import engine as E

    spec = load_spec(root)
    for v in rng.sample(list(spec.variants.values()), 1):
        n = rng.randint(v.min_players, v.max_players)
        try:
            s = E.new_game(v, n)
        except OptionError:
            return "accepted, engine refused new_game"
        for _ in range(steps):
            if E.is_terminal(s):
                break
            if E.current_player(s) == E.CHANCE:
                action = rng.choice(E.chance_outcomes(s))[0]
            else:
                action = rng.choice(E.legal_actions(s))
            s, _ = E.apply(s, action)
    return "accepted and played"


def classify(root: Path, rng: random.Random, outside: Path) -> tuple[str, str]:
    """(outcome, detail) of one hostile tree."""
    code, out, err = _validate(root)
    if outside.name in "".join(line.split(":", 1)[0] for line in out.splitlines()):
        return "read a file outside the tree", out[:300]
    if code == 1:
        if "cross-file checks over the files that break their schemas stopped early" in out:
            return "internal failure (tolerant pass)", out[:300]  # kept, but a crash
        lines = out.splitlines()
        bad = [ln for ln in lines if not PROBLEM_LINE.match(ln)]
        if not lines or bad:
            return "unclear refusal", (bad or ["no problem line"])[0][:300]
        first = re.search(r"\[([a-z0-9-]+)\]", lines[0])
        return f"refused (1) [{first.group(1) if first else '?'}]", ""
    if code == 2:
        lines = err.strip().splitlines()
        if "could not run" in err or not lines:
            return "internal failure (2)", err[:300]
        return "could not run (2)", ""
    if code != 0:
        return f"exit {code}", err[:300]
    try:
        return _play(root, rng), ""
    except Exception as exc:  # noqa: BLE001 - the campaign counts every crash
        return "accepted, engine crashed", f"{type(exc).__name__}: {str(exc)[:200]}"


def prepare_tree_campaign(tmp_path: Path) -> tuple[Path, Path]:
    """The pristine family folders the inputs are copied from, and the file outside them."""
    base = tmp_path / "base"
    for family in ("classic", "napoleon"):
        shutil.copytree(default_root() / family, base / family / "spec" / family,
                        ignore=shutil.ignore_patterns("__pycache__", "*.py"))
        shutil.copy(default_root() / "sources.yaml", base / family / "spec" / "sources.yaml")
    outside = tmp_path / "outside.yaml"
    outside.write_text(SECRET)
    return base, outside


FAILING = ("accepted, engine", "unclear", "internal", "hang", "read", "exit")


def run_tree_input(i: int, tmp_path: Path, base: Path, outside: Path,
                   seed: int = 11) -> tuple[str, str, str, list[str]]:
    """Input number ``i`` of the campaign: (family, outcome, detail, mutations). The input
    depends on ``seed`` and ``i`` only, so one failing number is reproduced on its own."""
    rng = random.Random(seed * 1_000_003 + i)
    family = rng.choice(["classic", "napoleon"])
    work = tmp_path / "work"
    root = work / "spec"
    shutil.copytree(base / family / "spec", root, symlinks=True)
    mutations = make_hostile(rng, root, family, outside)
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(120)
    try:
        outcome, detail = classify(root, rng, outside)
    except Hang:
        outcome, detail = "hang (120 s)", ""
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
        shutil.rmtree(work)
    return family, outcome, detail, mutations


def run_tree_campaign(n: int, tmp_path: Path, seed: int = 11,
                      start: int = 0) -> tuple[Counter, list]:
    """Inputs ``start`` to ``start + n - 1``: the counts by outcome and the failing inputs
    (kept with RISKSPEC_FUZZ_REPORT every 500 inputs, so a run cut short leaves them)."""
    base, outside = prepare_tree_campaign(tmp_path)
    counts: Counter = Counter()
    failures = []
    for i in range(start, start + n):
        family, outcome, detail, mutations = run_tree_input(i, tmp_path, base, outside, seed)
        counts["inputs"] += 1
        counts[outcome] += 1
        for m in mutations:
            counts[f"mutation {m}"] += 1
        if outcome.startswith(FAILING):
            failures.append((i, family, mutations, outcome, detail))
            counts[f"failing input #{i}: {outcome}"] += 1
            report("validate-trees", counts, quiet=True)
        progress("validate-trees", counts)
        if counts["inputs"] % 1000 == 0:  # progress on the long run (pytest -s shows it)
            print(f"validate-trees: {counts['inputs']}/{n} inputs, {len(failures)} failing",
                  flush=True)
    return counts, failures


OUTCOMES_OK = ("refused (1)", "could not run (2)", "accepted and played")


def test_hostile_spec_trees_are_refused_or_played(request, tmp_path):
    n = examples(request, 40)
    start = time.monotonic()
    counts, failures = run_tree_campaign(n, tmp_path)
    counts["wall seconds"] = round(time.monotonic() - start)
    report("validate-trees", counts)
    assert counts["inputs"] == n
    assert not failures, failures[:5]
    outcomes = {k: v for k, v in counts.items() if k.startswith(OUTCOMES_OK)}
    assert sum(outcomes.values()) == n
    # the campaign exercises both ends: some inputs refused, some accepted and played
    assert counts["accepted and played"] > 0
    assert sum(v for k, v in outcomes.items() if k.startswith("refused")) > n // 4
