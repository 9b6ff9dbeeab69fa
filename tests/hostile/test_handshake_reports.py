"""``riskspec check`` against an engine whose handshake fails: the run stops at once (exit 2),
and yet every report, JUnit file and journal asked for is written, saying the handshake failed
and why, so CI has something to show (issue #24)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from riskspec.cli import main

ENGINES = {
    "crash": "echo 'dying on start' >&2\nexit 3\n",
    "garbage": "echo 'garbage on stderr' >&2\necho 'not a handshake'\nsleep 5\n",
    "wrong-protocol": 'echo \'{"protocol": "riskspec/9", "engine": {"name": "x", "version": "1"}}\'\nsleep 5\n',
    "hang": "sleep 30\n",
}
SAYS = {"crash": "exit status 3", "garbage": "not a handshake", "wrong-protocol": "riskspec/9",
        "hang": "handshake"}


@pytest.mark.parametrize("kind", sorted(ENGINES))
def test_a_failed_handshake_still_writes_every_report(kind, tmp_path, capsys):
    engine = tmp_path / "engine.sh"
    engine.write_text("#!/bin/sh\n" + ENGINES[kind])
    engine.chmod(0o755)
    js, md, junit, journal = (tmp_path / n for n in ("r.json", "r.md", "junit.xml", "res.jsonl"))
    code = main(["check", "--engine", str(engine), "--handshake-timeout", "1", "--select",
                 "classic.attack.*", "--report", str(js), "--report", str(md), "--junit", str(junit),
                 "--results", str(journal), "--quiet"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "cannot be checked" in err and f"saying why: {js}" in err   # the line says where the reports are
    rep = json.loads(js.read_text())
    assert rep["complete"] is False and rep["totals"]["run"] == 0 and rep["planned"] > 0
    assert rep["handshake"]["ok"] is False and rep["handshake"]["fault"] in ("handshake", "crash", "timeout")
    assert SAYS[kind] in rep["handshake"]["message"] + rep["run_errors"][0]
    assert len(rep["not_run"]) == rep["planned"]        # nothing recorded is lost: every case listed
    if kind in ("crash", "garbage"):
        assert "on st" in rep["handshake"]["stderr"]     # the engine's stderr is kept
    text = md.read_text()
    assert "## Handshake failed" in text and "NOT CHECKED" in text and SAYS[kind] in text
    suites = ET.fromstring(junit.read_text())
    errors = [e for e in suites.iter("error") if e.get("type", "").startswith("handshake/")]
    assert len(errors) == 1 and "failed its handshake" in errors[0].get("message", "")
    header = json.loads(journal.read_text().splitlines()[0])
    assert header["format"] == "riskspec/results@1"
    assert not list(tmp_path.glob(".*tmp*")) and not list(tmp_path.glob("*.tmp"))
