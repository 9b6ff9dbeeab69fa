"""Issue 17: a newcomer's first hour with the CLI — one test per thing they tripped over."""

from __future__ import annotations

import io
import sys

import pytest

from riskspec.cli import main
from riskspec.progress import Progress
from riskspec.reference.driver import play_game


# -- play: games end, the cap is exact, progress is never silent ---------------------------
# a sample (quick seeds); 100 games each: benchmarks/bench_engine.py --policy aggressive
@pytest.mark.parametrize("players,seed", [(2, 1), (2, 2), (3, 1), (4, 1), (4, 2), (4, 3),
                                          (5, 3), (6, 3)])
def test_the_default_policy_ends_classic_games_under_the_default_cap(players, seed):
    from riskspec.cli.play import DEFAULT_MAX_TURNS
    r = play_game("classic", players, seed=seed, policy="aggressive", max_turns=DEFAULT_MAX_TURNS)
    assert r.winner is not None, (players, seed, r.turns)
    assert r.turns < DEFAULT_MAX_TURNS


def test_the_readme_example_seed_3_that_ran_939_turns_now_ends_quickly():
    # seed 3 of the README's 4-player run took 939 turns and 634k steps with the old policy
    r = play_game("classic", 4, seed=3, policy="aggressive", max_turns=None)
    assert r.winner is not None and r.applied < 100_000, (r.turns, r.applied)


def test_max_turns_80_reports_at_most_80_turns(capsys):
    assert main(["play", "classic", "--players", "4", "--seed", "1", "--max-turns", "80",
                 "--policy", "by-type", "--quiet"]) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1]
    assert "0 won, 80 turns" in line, line
    r = play_game("classic", 4, seed=1, policy="by-type", max_turns=80)
    assert r.winner is None and r.turns == 80 and r.state.turn == 81


def test_max_turns_must_not_be_negative(capsys):
    assert main(["play", "classic", "--max-turns", "-1"]) == 2
    assert "--max-turns" in capsys.readouterr().err


def test_play_log_in_a_missing_folder_fails_before_the_game(tmp_path, capsys, monkeypatch):
    import riskspec.reference.driver as D
    monkeypatch.setattr(D, "play_game", lambda *a, **k: pytest.fail("a game was played"))
    assert main(["play", "classic", "--log", str(tmp_path / "missing-dir" / "g.json")]) == 2
    err = capsys.readouterr().err
    assert "missing-dir" in err and "does not exist" in err and "mkdir -p" in err
    assert "Traceback" not in err
    (tmp_path / "d").mkdir()
    assert main(["play", "classic", "--log", str(tmp_path / "d")]) == 2
    assert "not a regular file" in capsys.readouterr().err


class _Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def test_progress_off_a_terminal_prints_a_line_every_interval_once_a_run_is_long():
    clock, out = _Clock(), io.StringIO()
    p = Progress("lines", stream=out, clock=clock, quiet_for=10, every=10)
    for t in range(35):
        clock.t = float(t)
        p.show(f"step {t}", done=t / 100)
    lines = out.getvalue().splitlines()
    assert lines == ["progress: step 10 (10%, 10 s elapsed)", "progress: step 20 (20%, 20 s elapsed)",
                     "progress: step 30 (30%, 30 s elapsed)"]
    p.done()
    assert out.getvalue().count("\n") == 3


def test_progress_short_run_off_a_terminal_is_silent_and_quiet_is_off():
    clock, out = _Clock(), io.StringIO()
    p = Progress.for_args(False, False, stream=out, clock=clock)
    assert p.mode == "lines"
    clock.t = 5.0
    p.show("x")
    assert out.getvalue() == ""
    assert Progress.for_args(True, False, stream=out).mode == "off"
    assert Progress.for_args(True, True, stream=out).mode == "bar"


def test_play_prints_progress_lines_on_a_non_terminal_when_long(capsys, monkeypatch):
    import riskspec.progress as P
    monkeypatch.setattr(P, "QUIET_FOR", 0.0)
    monkeypatch.setattr(P, "EVERY", 0.0)
    assert main(["play", "classic", "--players", "3", "--max-turns", "3"]) == 0
    err = capsys.readouterr().err
    assert not sys.stderr.isatty()
    assert "progress: game 1/1" in err and "actions/s" in err and "\r" not in err


# -- check: an engine that cannot start stops the run once, with one line -----------------
def _script(tmp_path, name, body):
    path = tmp_path / name
    path.write_text("#!/bin/sh\n" + body)
    path.chmod(0o755)
    return str(path)


@pytest.mark.parametrize("kind", ["missing", "not-json", "exits"])
def test_check_with_an_unusable_engine_stops_at_once_with_one_line(kind, tmp_path, capsys):
    engine = {"missing": "nonexistent-binary-riskspec",
              "not-json": _script(tmp_path, "j.sh", "echo hello >&2\necho notjson\n"),
              "exits": _script(tmp_path, "x.sh", "echo dying >&2\nexit 3\n")}[kind]
    report = tmp_path / "r.md"
    assert main(["check", "--engine", engine, "--report", str(report)]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, lines
    assert "cannot be checked" in lines[0] and "nothing was run" in lines[0]
    assert {"missing": "No such file", "not-json": "'notjson'",
            "exits": "exit status 3"}[kind] in lines[0]
    if kind != "missing":
        assert "its stderr" in lines[0]
    assert captured.out == ""
    assert "## Handshake failed" in report.read_text()   # CI still has a report to show


def test_check_list_does_not_start_the_engine(capsys):
    assert main(["check", "--engine", "nonexistent-binary-riskspec", "--list",
                 "--select", "classic.attack.*"]) == 0
    assert "classic." in capsys.readouterr().out


# -- typos get a did-you-mean, by spelling and by meaning ----------------------------------
def test_rules_section_typo_is_an_error_with_did_you_mean(capsys):
    assert main(["rules", "classic", "--section", "atack"]) == 2
    err = capsys.readouterr().err
    assert "unknown section 'atack'" in err and "did you mean attack" in err
    assert "riskspec rules classic" in err
    assert main(["rules", "classic", "--section", "attack"]) == 0
    assert "classic.attack." in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["map", "nope"], ["map", "clasic"], ["rules", "nope"],
                                  ["play", "nope"]])
def test_unknown_variant_names_the_variants_and_the_command_to_list_them(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"unknown variant {argv[1]!r}; did you mean classic" in err
    assert "`riskspec rules` lists every variant" in err


def test_explain_suggests_by_meaning_rule_titles_and_ambiguity_questions(capsys):
    from riskspec.loading import load_spec
    spec = load_spec()
    assert main(["explain", "neutral"]) == 2
    err = capsys.readouterr().err
    about = err.split("about 'neutral': ")[1].split(";")[0].split(", ")
    assert any(r in spec.rules and "neutral" in spec.rules[r].title.lower() for r in about)
    assert any(a in spec.ambiguities and "neutral" in (spec.ambiguities[a].question
                                                       + spec.ambiguities[a].title).lower()
               for a in about)
    for ident in about:
        assert ident in spec.rules or ident in spec.ambiguities


# -- order and rounding ---------------------------------------------------------------------
def test_rules_lists_each_familys_primary_edition_first(capsys):
    assert main(["rules"]) == 0
    heads = [ln.split(":")[0][2:] for ln in capsys.readouterr().out.splitlines()
             if ln.startswith("# ")]
    assert heads[0] == "classic" and heads.index("napoleon-basic") < heads.index(
        "napoleon-advanced")
    assert {"classic-fr", "classic-it", "classic-pt"} <= set(heads)


def test_a_probability_that_is_not_1_never_prints_as_1_nor_a_nonzero_one_as_0():
    from fractions import Fraction

    from riskspec.reference.odds import format_probability
    assert format_probability(Fraction(99998, 100000)) == ">0.999"
    assert format_probability(Fraction(99998, 100000), 1, percent=True) == ">99.9 %"
    assert format_probability(Fraction(1, 10**9)) == "<0.001"
    assert format_probability(Fraction(1)) == "1.000" and format_probability(0) == "0.000"
    assert format_probability(Fraction(1, 2), 1, percent=True) == "50.0 %"


def test_odds_table_and_battle_never_round_to_certainty(capsys):
    assert main(["odds", "--table", "30"]) == 0
    cells = [c for ln in capsys.readouterr().out.splitlines()[3:] for c in ln.split()[1:]]
    assert cells and "1.000" not in cells and "0.000" not in cells and ">0.999" in cells
    assert main(["odds", "30", "3"]) == 0
    out = capsys.readouterr().out
    assert "attacker conquers:         >0.999999" in out
    assert "defender holds:            <0.000001" in out


def test_docs_odds_percentages_never_show_100_for_less():
    from riskspec.docsite.odds import _percent
    assert _percent(0.99998) == ">99.9 %" and _percent(1.0) == "100.0 %"
    from riskspec.reference.engine import get_variant
    from riskspec.reference.odds import BattleChain, BattleRules
    table = BattleChain(BattleRules.from_ruleset(get_variant("classic").resolve())).square_table(40)
    floats = [x for row in table.decimal_rows() for x in row]
    exact = [x for row in table.exact_rows() for x in row]
    assert all((f == 1.0) == (e == 1) and (f == 0.0) == (e == 0) for f, e in zip(floats, exact))


# -- validate reports every kind of problem in one run --------------------------------------
def test_validate_reports_schema_and_cross_file_problems_in_one_run(tmp_path, capsys):
    import shutil

    from riskspec.loading import default_root
    spec = tmp_path / "spec"
    shutil.copytree(default_root(), spec)
    path = spec / "classic" / "map.yaml"
    text = path.read_text()
    text = text.replace("{id: europe, name: Europe, kind: continent, bonus: 5,",
                        "{id: europe, name: Europe, kind: continent, bonus: five,")
    text = text.replace("{between: [alaska, alberta],", "{between: [alaska, albertaa],")
    path.write_text(text)
    for target in (spec, path):
        assert main(["validate", str(target)]) == 1
        out = capsys.readouterr().out
        assert "[schema] $.groups[2].bonus" in out, out
        assert "[unknown-place]" in out and "'albertaa'" in out, out


# -- errors say what to do next --------------------------------------------------------------
def test_fuzz_runs_after_a_plain_install_without_hypothesis(monkeypatch, capsys):
    """`check --fuzz` has its own seeded generator and shrinker: a plain `pip install .`
    (no test extra) runs it; importing Hypothesis would fail here."""
    import sys
    for name in [m for m in sys.modules if m == "hypothesis" or m.startswith("hypothesis.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "hypothesis", None)  # `import hypothesis` raises
    assert main(["check", "--fuzz", "5", "--select", "classic.attack.*"]) == 0
    captured = capsys.readouterr()
    assert "pip install" not in captured.err and "Traceback" not in captured.err


def test_docs_without_mkdocs_says_what_to_install(monkeypatch):
    import importlib.util

    from riskspec.docsite import build
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "mkdocs" else real(name, *a))
    with pytest.raises(Exception, match=r'pip install "riskspec\[docs\]"'):
        build.require_mkdocs()


def test_browser_tests_skip_with_the_command_that_installs_chromium(monkeypatch, tmp_path):
    import importlib.util
    from pathlib import Path
    where = Path(__file__).parents[1] / "docs" / "test_docs_browser.py"
    spec = importlib.util.spec_from_file_location("_browser_tests", where)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "CHROMIUM", tmp_path / "no-chromium")
    if importlib.util.find_spec("playwright") is None:
        pytest.skip("playwright is not installed here")
    with pytest.raises(pytest.skip.Exception, match="apt-get install -y --no-install-recommends "
                                                    "chromium"):
        module.browser_or_skip()
