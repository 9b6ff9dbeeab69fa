"""`riskspec check` checks the built-in reference in-process by default, over stdio with --engine,
and says which ran (report `transport`, the Markdown report, the summary line)."""

from __future__ import annotations

import json
import shlex

import pytest

from riskspec.cli import main
from riskspec.conformance.client import python_engine_argv


@pytest.mark.parametrize("engine, transport", [(None, "in-process"),
                                               (shlex.join(python_engine_argv()), "stdio")])
def test_check_states_its_transport(tmp_path, capsys, engine, transport):
    argv = ["check", "-q", "--select", "classic.attack.attacker-dice.*",
            "--report", str(tmp_path / "r.json"), "--report", str(tmp_path / "r.md")]
    if engine is not None:
        argv += ["--engine", engine]
    assert main(argv) == 0
    rep = json.loads((tmp_path / "r.json").read_text())
    assert rep["transport"] == transport
    assert rep["engine"]["name"] == "riskspec-reference"
    assert rep["totals"]["pass"] == rep["totals"]["run"] > 0
    assert f"riskspec/1 ({transport})" in (tmp_path / "r.md").read_text()
    assert f"riskspec-reference {rep['engine']['version']} ({transport}): " in capsys.readouterr().out


def test_in_process_and_stdio_handshakes_agree():
    from riskspec.conformance.client import EngineClient, reference_client
    with EngineClient(python_engine_argv(), timeout=60) as stdio:
        assert stdio.start().handshake == reference_client().capabilities.handshake
