"""CrossHair on the rule contracts: clean on the reference engine, and it does catch bugs.

* the reference rule functions have no counterexample (1 CPU s per condition here; CI
  runs ``python -m riskspec.conformance.crosshair_check`` at 3 s before the tests);
* a planted bug — ties going to the attacker — in a copy of ``battle.py`` is found
  (exit 1, with the counterexample). Not load-sensitive: CrossHair's budgets are CPU
  seconds (``--per_condition_timeout``) and its search is seeded, so the test gives it a CPU
  budget (3 s a condition, the CI default; measured: it finds the bug at 2 s in 24 runs of
  24) and asserts nothing about wall time: the wall-clock cut-off only guards against a hang
  (under a load of 16 on 2 cores one run took 134 s of wall time for 20 s of CPU, past the
  120 s the test once allowed). The same planted copy is also checked directly, and by
  hypothesis-crosshair with a fixed number of examples;
* the adapter route (docs/contracts.md) runs the same contracts on someone else's
  functions: the worked example of the docs is checked, its bug is found, and a correct
  adapter is clean;
* hypothesis properties with the CrossHair backend: test_crosshair_hypothesis.py.

Marked ``crosshair`` (deselect with ``-m "not crosshair"``).
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from riskspec.conformance import crosshair_check as XC
from riskspec.reference import battle

pytestmark = pytest.mark.crosshair

ROOT = Path(__file__).resolve().parents[2]
TIE_LINE = 'if a > d or (a == d and ties == "attacker"):'
PLANTED = 'if a >= d:  # planted bug: ties go to the attacker'


def test_reference_contracts_hold() -> None:
    result = XC.run_crosshair(XC.TARGETS, per_condition=1, timeout=300)
    assert result.returncode == 0, result.output


def _planted(tmp_path: Path) -> Any:
    """A copy of battle.py with ties going to the attacker, imported from ``tmp_path``."""
    source = Path(battle.__file__).read_text(encoding="utf-8")
    assert source.count(TIE_LINE) == 1, "battle.compute_losses changed: update the planted bug"
    path = tmp_path / "planted_battle.py"
    path.write_text(source.replace(TIE_LINE, PLANTED), encoding="utf-8")
    spec = importlib.util.spec_from_file_location("planted_battle_direct", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_planted_tie_bug_is_found(tmp_path: Path) -> None:
    planted = _planted(tmp_path)
    # the planted copy really is wrong: a 3-3 tie under defender-wins costs the defender
    assert planted.compute_losses([3], [3], "defender") == (0, 1)
    assert battle.compute_losses([3], [3], "defender") == (1, 0)
    # CPU budgets only; the wall-clock cut-off (30 min) guards against a hang, nothing else.
    # 10 s per condition and per path: CrossHair gives the solver half of per_path as a
    # wall-clock limit, and the CI default (3 s, per path its square root) missed the tie on
    # a loaded machine; a found counterexample ends the search early
    result = XC.run_crosshair(["planted_battle.compute_losses"], per_condition=10.0, per_path=10.0,
                              timeout=1800, extra_path=[str(tmp_path)])
    assert result.returncode == 1, result.output
    [message] = result.counterexamples
    assert "planted_battle.py" in message and "compute_losses(" in message
    # the counterexample is a tie that the defender should have won
    call = re.search(r"compute_losses\((.*)\) \(which returns \((\d+), (\d+)\)\)", message)
    assert call is not None, message
    assert "'defender'" in call.group(1) and call.group(2) == "0"


def test_planted_tie_bug_is_found_in_a_fixed_number_of_symbolic_examples(tmp_path: Path) -> None:
    """hypothesis-crosshair: the budget is a count of examples, not time."""
    pytest.importorskip("hypothesis_crosshair_provider")
    from hypothesis import given, settings
    from hypothesis import strategies as st

    planted = _planted(tmp_path)

    @given(att=st.lists(st.integers(1, 6), min_size=1, max_size=3),
           dfd=st.lists(st.integers(1, 6), min_size=1, max_size=2))
    @settings(backend="crosshair", max_examples=50, deadline=None, database=None)
    def ties_go_to_the_defender(att: list[int], dfd: list[int]) -> None:
        la, _ = planted.compute_losses(att, dfd, "defender")
        if max(att) <= max(dfd):
            assert la >= 1, f"tie or loss without an attacker loss: {att} vs {dfd}"

    with pytest.raises(AssertionError, match="without an attacker loss"):
        ties_go_to_the_defender()


# ---------------------------------------------------------------- adapters (docs/contracts.md)

def doc_blocks() -> dict[str, str]:
    """The Python code blocks of docs/contracts.md that start with ``# file: NAME``."""
    text = (ROOT / "docs" / "contracts.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n# file: (\S+)\n(.*?)```", text, flags=re.S)
    return {name: code for name, code in blocks}


def run_adapter(capsys: pytest.CaptureFixture[str], tmp_path: Path, files: dict[str, str],
                adapter: str, *extra: str, budget: float = 1) -> tuple[int, str, str]:
    for name, code in files.items():
        (tmp_path / name).write_text(code, encoding="utf-8")
    # a fresh module name per test: importlib caches adapters by name
    saved = dict(sys.modules)
    try:
        code = XC.main(["--adapter", str(tmp_path / adapter), "--per-condition-timeout",
                        str(budget), *extra])
    finally:
        for name in set(sys.modules) - set(saved):
            del sys.modules[name]
        if str(tmp_path) in sys.path:
            sys.path.remove(str(tmp_path))
    out, err = capsys.readouterr()
    return code, out, err


def test_docs_worked_example_finds_the_bug(capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    files = doc_blocks()
    assert {"my_engine.py", "my_adapter.py"} <= set(files), "docs/contracts.md lost its example"
    # the command of the docs, with its default budget (3 CPU s a condition): at 1 s
    # CrossHair does not always reach the rounding bug (it needs territories ≥ 4)
    code, out, err = run_adapter(capsys, tmp_path, files, "my_adapter.py",
                                 budget=XC.DEFAULT_PER_CONDITION)
    assert code == 1, out + err
    assert "my_adapter.compute_reinforcements (under the contract of " \
           "riskspec.reference.reinforce.compute_reinforcements): error:" in out
    assert "my_adapter.compute_losses" not in out          # the battle function is right


@pytest.mark.slow
def test_docs_worked_example_fixed_is_clean(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    files = doc_blocks()
    fixed = files["my_engine.py"].replace("-(-territories // 3)", "territories // 3")
    assert fixed != files["my_engine.py"]
    code, out, err = run_adapter(capsys, tmp_path, {**files, "my_engine.py": fixed},
                                 "my_adapter.py", budget=XC.DEFAULT_PER_CONDITION)
    assert code == 0, out + err


@pytest.mark.slow      # the adapter route is covered by the worked example above
def test_adapter_with_planted_tie_bug(capsys: pytest.CaptureFixture[str],
                                      tmp_path: Path) -> None:
    adapter = (
        "def compute_losses(attacker_dice, defender_dice, ties):\n"
        "    la = ld = 0\n"
        "    for a, d in zip(sorted(attacker_dice, reverse=True),\n"
        "                    sorted(defender_dice, reverse=True)):\n"
        "        if a >= d:\n"
        "            ld += 1\n"
        "        else:\n"
        "            la += 1\n"
        "    return la, ld\n")
    code, out, err = run_adapter(capsys, tmp_path, {"tie_bug_adapter.py": adapter},
                                 "tie_bug_adapter.py", "compute_losses", budget=2)
    assert code == 1, out + err
    assert "tie_bug_adapter.compute_losses" in out


def test_adapter_missing_an_argument_is_a_setup_error(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    adapter = "def compute_losses(attacker_dice, defender_dice):\n    return 0, 0\n"
    code, out, err = run_adapter(capsys, tmp_path, {"short_adapter.py": adapter},
                                 "short_adapter.py")
    assert code == 2 and "lacks the argument 'ties'" in err


def test_list_targets(capsys: pytest.CaptureFixture[str]) -> None:
    assert XC.main(["--list"]) == 0
    listed = capsys.readouterr().out.split()
    assert listed == list(XC.TARGETS)
    for target in listed:                       # every target exists and has a contract
        module, _, name = target.rpartition(".")
        fn = getattr(__import__(module, fromlist=[name]), name)
        assert "post:" in (fn.__doc__ or ""), target
