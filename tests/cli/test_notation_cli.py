"""``riskspec notation``: a state file, standard input, a line or a case ID; both ways."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from riskspec.cli import main
from riskspec.notation import read, write
from riskspec.reference import engine as E

LINE = "classic -0*42 A:claim 35/35/35 t0,fA,s0 - 0-43|-"


def test_a_state_file_prints_its_line_and_the_line_prints_the_state(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = E.to_dict(E.new_game("napoleon-advanced", 3))
    f = tmp_path / "s.json"
    f.write_text(json.dumps(state))
    assert main(["notation", str(f)]) == 0
    line = capsys.readouterr().out.strip()
    assert line == write(state)
    assert main(["notation", line, "--check"]) == 0
    assert json.loads(capsys.readouterr().out) == state


def test_standard_input_and_a_case_id(monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(LINE + "\n"))
    assert main(["notation", "-", "--to", "notation"]) == 0
    assert capsys.readouterr().out.strip() == LINE
    assert main(["notation", "classic.attack.ties.001"]) == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith("classic A4,B2,C2,") and read(out)["phase"] == "attack"


@pytest.mark.parametrize("source,words", [
    ("classic -0*42 A:claim 35/35/35 t0,fA,s0 - 0-44|-", "character 45: card 44"),
    ("classic.attack.tie.001", "did you mean classic.attack.ties.001"),
    ("nothing-here", "no such file"),
])
def test_bad_sources_are_one_clear_error(source: str, words: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["notation", source]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_check_refuses_a_line_that_breaks_an_invariant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["notation", LINE.replace("A:claim", "D:claim"), "--check"]) == 2
    assert "seat D" in capsys.readouterr().err
    bad = LINE.replace("-0*42", "A0,-0*41")  # owned with no army
    assert main(["notation", bad, "--check"]) == 2
    assert "an occupied territory has armies" in capsys.readouterr().err


def test_show_prints_the_start_in_notation(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "classic.attack.ties.001"]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.startswith("position: "))[len("position: "):]
    assert read(line)["territories"]["alaska"] == {"owner": 0, "armies": 4}
