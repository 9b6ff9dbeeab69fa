"""Usage errors of ``riskspec check`` exit 2 with one clear line, before any work starts.

"Before any work": the engine command of these runs would leave a marker file if it were
ever started; it never is. Also: the report paths the suite must not write (device, FIFO,
symlink, folder) are refused and left as they were.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path

import pytest
from helpers import TOY_VECTORS
from hostile_tally import TALLY
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riskspec.cli import main
from riskspec.conformance.errors import ReportPathError
from riskspec.conformance.report import atomic_write

SLOW_EXAMPLES = 10_000


def engine_marking(marker: Path) -> str:
    return f"{sys.executable} -c \"open('{marker}', 'w')\""


def run_cli(capsys, tmp_path: Path, *args: str) -> tuple[int, str, str]:
    marker = tmp_path / "engine-started"
    argv = ["check", "-q", "--vectors", str(TOY_VECTORS)]
    if "--engine" not in args:
        argv += ["--engine", engine_marking(marker)]
    code = main([*argv, *args])
    out, err = capsys.readouterr()
    assert not marker.exists(), "the engine was started before the usage error"
    return code, out, err


def bad_expect(tmp_path: Path, body: str) -> str:
    path = tmp_path / "expect.json"
    path.write_text(body, encoding="utf-8")
    return str(path)


def nested_vectors(tmp_path: Path) -> str:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    return str(path)


CASES = {
    "empty engine": (["--engine", ""], "--engine: empty command"),
    "blank engine": (["--engine", "   "], "--engine: empty command"),
    "negative timeout": (["--timeout", "-1"], "--timeout must be a positive"),
    "infinite timeout": (["--timeout", "inf"], "--timeout must be a positive"),
    "nan timeout": (["--timeout", "nan"], "--timeout must be a positive"),
    "zero timeout": (["--timeout", "0"], "--timeout must be a positive"),
    "nan handshake": (["--handshake-timeout", "nan"], "--handshake-timeout must be"),
    "negative case timeout": (["--case-timeout", "-5"], "--case-timeout must be"),
    "no jobs": (["--jobs", "0"], "--jobs must be at least 1"),
    "too many jobs": (["--jobs", "100000"], "--jobs runs at most 64 engine processes"),
    "too many fuzz games": (["--fuzz", "10000000000"], "--fuzz takes at most 1,000,000 games"),
    "fuzz seed past the bound": (["--fuzz", "1", "--fuzz-seed", str(2**64)],
                                 "--fuzz-seed is from 0 to 9,223,372,036,854,775,807"),
    "negative fuzz seed": (["--fuzz", "1", "--fuzz-seed", "-1"], "--fuzz-seed is from 0 to"),
    "too many hypothesis examples": (["--hypothesis", "1000001"],
                                     "--hypothesis runs at most 100,000 examples, got 1,000,001"),
    "too many hypothesis steps": (["--hypothesis", "1", "--hypothesis-steps", "10001"],
                                  "--hypothesis-steps is at most 10,000 steps per example"),
    "negative hypothesis seed": (["--hypothesis", "1", "--hypothesis-seed", "-3"],
                                 "--hypothesis-seed is from 0 to 9,223,372,036,854,775,807, got -3"),
    "hypothesis seed past the bound": (["--hypothesis", "1", "--hypothesis-seed", str(10**30)],
                                       "--hypothesis-seed is from 0 to"),
    "report on a device": (["--report", "/dev/full"], "is a character device, not a regular file; refusing"),
    "report in /proc": (["--report", "/proc/self/nope/r.json"], "does not exist (riskspec creates no folder"),
    "junit in /proc": (["--junit", "/proc/nope.xml"], "cannot write in"),
    "write-expect in /proc": (["--write-expect", "/proc/nope.json"], "cannot write in"),
    "results on a device": (["--results", "/dev/null"], "is a character device"),
    "unknown variant": (["--variant", "monopoly"], "--variant 'monopoly': no case"),
    "select nothing": (["--select", "toy.nothing.*"], "matches no case"),
    "one select of two matches nothing": (["--select", "toy.move.*", "--select", "typo.*"],
                                          "'typo.*' matches no case"),
    "skip everything": (["--skip", "toy.*"], "the selection is empty"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_usage_error_is_one_line_exit_2(capsys, tmp_path, name):
    args, text = CASES[name]
    code, out, err = run_cli(capsys, tmp_path, *args)
    assert code == 2, (out, err)
    assert err.count("\n") == 1 and err.startswith("riskspec check: error: ") and text in err, err
    assert "Traceback" not in err + out


def test_help_states_every_bound(capsys):
    """Each bound a usage error names is in ``riskspec check --help`` too."""
    from riskspec.limits import (
        MAX_FUZZ_STEPS,
        MAX_GAMES,
        MAX_HYPOTHESIS_EXAMPLES,
        MAX_HYPOTHESIS_STEPS,
        MAX_SEED,
    )
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    blocks: dict[str, str] = {}    # each option's help, by its first line
    for line in capsys.readouterr().out.splitlines():
        if line.startswith("  -"):
            head = line.split("  ")[1].strip()
            blocks[head] = line
        elif blocks and line.startswith("      "):
            blocks[head] += " " + line.strip()
    for flag, bound in (("--fuzz N", MAX_GAMES), ("--fuzz-steps S", MAX_FUZZ_STEPS),
                        ("--hypothesis N", MAX_HYPOTHESIS_EXAMPLES),
                        ("--hypothesis-steps S", MAX_HYPOTHESIS_STEPS),
                        ("--fuzz-seed SEED", MAX_SEED), ("--hypothesis-seed SEED", MAX_SEED)):
        part = " ".join(blocks[flag].split())
        assert f"{bound:,}" in part, (flag, part)


@pytest.mark.parametrize("body, text", [
    ('{"format": "riskspec/expect@1", "known_failures": [{"case": 5, "reason": "x"}]}',
     "known_failures[0].case must be a non-empty string"),
    ('{"format": "riskspec/expect@1", "known_failures": [{"rule": ["a"], "reason": "x"}]}',
     "known_failures[0].rule must be"),
    ('{"format": "riskspec/expect@1", "known_failures": [{"case": "x"}]}', "needs 'case' or 'rule'"),
    ('{"format": "riskspec/expect@1", "known_failures": {"case": "x"}}', "must be a list"),
    ('[' * 100_000, "nested too deeply"),
    ('{"format": "other"}', "expected an object with format"),
    ('\udcff', "not UTF-8 text"),
])
def test_malformed_expect_file(capsys, tmp_path, body, text):
    path = tmp_path / "expect.json"
    path.write_bytes(body.encode("utf-8", "surrogateescape"))
    code, out, err = run_cli(capsys, tmp_path, "--expect", str(path))
    assert code == 2 and err.count("\n") == 1 and text in err, err


def test_deeply_nested_vectors_file(capsys, tmp_path):
    code, out, err = run_cli(capsys, tmp_path, "--vectors", nested_vectors(tmp_path))
    assert code == 2 and err.count("\n") == 1 and "nested too deeply" in err, err


@pytest.mark.parametrize("kind", ["fifo", "symlink", "folder", "dangling-symlink"])
@pytest.mark.parametrize("option", ["--report", "--junit", "--results", "--write-expect"])
def test_special_report_paths_are_refused_and_left_alone(capsys, tmp_path, kind, option):
    target = tmp_path / "elsewhere.json"
    target.write_text("precious", encoding="utf-8")
    path = tmp_path / "out.json"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "symlink":
        path.symlink_to(target)
    elif kind == "dangling-symlink":
        path.symlink_to(tmp_path / "missing" / "x.json")
    else:
        path.mkdir()
    before = os.lstat(path)
    code, out, err = run_cli(capsys, tmp_path, option, str(path))
    assert code == 2 and err.count("\n") == 1, err
    assert ("symbolic link" in err) if "symlink" in kind else ("refusing to replace" in err), err
    after = os.lstat(path)
    assert stat.S_IFMT(after.st_mode) == stat.S_IFMT(before.st_mode) and after.st_ino == before.st_ino
    assert target.read_text(encoding="utf-8") == "precious"


def test_a_path_turned_into_a_symlink_mid_run_is_not_followed(tmp_path):
    target = tmp_path / "precious.txt"
    target.write_text("precious", encoding="utf-8")
    path = tmp_path / "r.json"
    atomic_write(path, "{}")
    assert stat.S_IMODE(os.stat(path).st_mode) & 0o044    # readable like a normal file
    path.unlink()
    path.symlink_to(target)
    with pytest.raises(ReportPathError, match="symbolic link"):
        atomic_write(path, "{}")
    assert target.read_text(encoding="utf-8") == "precious"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


# -- hypothesis: any --timeout text, any expectations file -------------------------------
timeouts = st.one_of(st.floats(allow_nan=True, allow_infinity=True).map(repr), st.text(max_size=12))


_HYPOTHESIS = {"deadline": None, "database": None, "suppress_health_check": list(HealthCheck)}


def _quick_and_campaign(check, inputs, quick: int):
    """Two tests of ``check(tmp_path_factory, x)`` for ``x`` drawn from ``inputs``: ``quick``
    derandomized examples (the same every run), and the slow campaign of SLOW_EXAMPLES."""
    @given(x=inputs)
    @settings(max_examples=quick, derandomize=True, **_HYPOTHESIS)
    def test(tmp_path_factory, x):
        check(tmp_path_factory, x)

    @pytest.mark.slow
    @given(x=inputs)
    @settings(max_examples=SLOW_EXAMPLES, **_HYPOTHESIS)
    def campaign(tmp_path_factory, x):
        check(tmp_path_factory, x)
    return test, campaign


def _check_timeout(value):
    from riskspec.conformance.check import CheckConfig, validate_config
    from riskspec.errors import RiskspecError
    TALLY["check options"]["inputs"] += 1
    try:
        seconds = float(value)
    except ValueError:
        return                                    # argparse refuses it: exit 2 with usage
    try:
        validate_config(CheckConfig(argv=["x"], timeout=seconds, list_only=True))
    except RiskspecError:
        assert not (0 < seconds < float("inf"))
    except Exception:
        TALLY["check options"]["tracebacks"] += 1
        raise
    else:
        if not (0 < seconds < float("inf")):
            TALLY["check options"]["wrongly_accepted"] += 1
        assert 0 < seconds < float("inf")


(test_any_timeout_value_is_a_number_or_a_clear_error,
 test_any_timeout_value_is_a_number_or_a_clear_error_campaign) = _quick_and_campaign(
    lambda _, value: _check_timeout(value), timeouts, quick=60)


json_like = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=8)),
                         lambda k: st.one_of(st.lists(k, max_size=3),
                                             st.dictionaries(st.sampled_from(
                                                 ["case", "rule", "reason", "format", "x"]), k,
                                                 max_size=3)), max_leaves=10)


def _check_expect_file(tmp_path_factory, doc) -> None:
    from riskspec.conformance.errors import ExpectationsError
    from riskspec.conformance.expectations import Expectations
    path = tmp_path_factory.mktemp("e") / "e.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    TALLY["expectations files"]["inputs"] += 1
    try:
        exp = Expectations.load(path)
    except ExpectationsError:
        return
    except Exception:
        TALLY["expectations files"]["tracebacks"] += 1
        raise
    # accepted: then it must work on any case without crashing mid-run
    exp.match("toy.move.add.001", ["toy.move.add"])


def _expect_docs():
    entries = st.lists(st.one_of(json_like, st.fixed_dictionaries(
        {}, optional={"case": json_like, "rule": json_like, "reason": json_like})), max_size=3)
    return st.one_of(json_like, st.fixed_dictionaries(
        {"format": st.sampled_from(["riskspec/expect@1", "x"]), "known_failures": entries}))


(test_any_expectations_file_is_refused_or_works,
 test_any_expectations_file_is_refused_or_works_campaign) = _quick_and_campaign(
    _check_expect_file, _expect_docs(), quick=100)


def _check_vector_file(tmp_path_factory, doc: str) -> None:
    from riskspec.conformance.errors import VectorError
    from riskspec.conformance.vectors import load_file
    path = tmp_path_factory.mktemp("v") / "v.json"
    path.write_bytes(doc.encode("utf-8", "surrogatepass"))
    TALLY["vector files"]["inputs"] += 1
    try:
        load_file(path)
    except VectorError:
        return
    except Exception:
        TALLY["vector files"]["tracebacks"] += 1
        raise


def _vector_docs():
    case = st.fixed_dictionaries({}, optional={
        k: json_like for k in ("id", "title", "covers", "variant", "players", "steps", "state")})
    doc = st.fixed_dictionaries({"format": st.sampled_from(["riskspec/vectors@1", "riskspec/vectors@2",
                                                            "x"])},
                                optional={"cases": st.lists(case, max_size=2), "shared": json_like})
    return st.one_of(doc.map(json.dumps), json_like.map(json.dumps), st.text(max_size=40),
                     st.integers(100, 50_000).map(lambda n: "[" * n + "]" * n),
                     st.integers(100, 50_000).map(lambda n: '{"format":"riskspec/vectors@1","cases":['
                                                  + '{"a":' * n + "1" + "}" * n + "]}"))


(test_any_vector_file_is_refused_or_loads,
 test_any_vector_file_is_refused_or_loads_campaign) = _quick_and_campaign(
    _check_vector_file, _vector_docs(), quick=100)
