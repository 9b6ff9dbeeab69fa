"""Hostile spec files for ``riskspec validate`` (issue 11 item 9): never a traceback, never a
hang; exit 1 for problems found, 2 for a path it could not read.

The campaign mutates the shipped Classic map and variant (a line dropped or duplicated, a
number replaced by a hostile one — 0, negative, 5,000 digits —, a value replaced by a
list) and validates the result: every input must end as a list of problems (or none),
never an exception.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from pathlib import Path

import pytest
from common import examples, report
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riskspec.cli import main
from riskspec.loading import check_files, default_root

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
