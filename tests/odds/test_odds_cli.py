"""``riskspec odds``: output, JSON, errors, and the full 100×100 table."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from riskspec.cli import main
from riskspec.reference.odds import BattleChain, docs_odds, load_rules


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["odds", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_help_teaches_the_convention(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["odds", "--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert "A counts ALL armies in the attacking territory" in out
    assert "riskspec odds 4 2" in out and "--table" in out and "--defender" in out
    assert "Osborne" in out


def test_one_cell_prints_exact_and_decimal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "4", "2")
    assert code == 0
    assert "one stays behind" in out                     # the convention, in the output
    assert "attacker 3 dice against defender 2 dice" in out
    assert "0.371656  1445/3888" in out                  # 2890/7776 reduced
    assert "2611/7776" in out and "2275/7776" in out
    assert "attacker conquers:" in out and "expected attacker losses:" in out
    assert "armies left in the attacking territory" in out


def test_decimal_and_exact_modes(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "4", "2", "--decimal")
    assert "0.371656" in out and "1445/3888" not in out
    _, out, _ = run(capsys, "4", "2", "--exact")
    assert "1445/3888" in out and "0.371656" not in out
    _, out, _ = run(capsys, "30", "30")                  # long fractions are not dumped
    assert "--exact)" in out


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "11", "10", "--json")
    assert code == 0
    data = json.loads(out)
    chain = BattleChain(load_rules("classic"))
    battle = data["battle"]
    assert Fraction(battle["p_attacker_conquers"]["exact"]) == chain.p_conquer(11, 10)
    assert round(battle["p_attacker_conquers"]["decimal"], 3) == 0.568
    assert sum(Fraction(o["exact"]) for o in battle["outcomes"]) == 1
    assert data["roll"]["attacker_dice"] == 3 and data["roll"]["defender_dice"] == 2
    assert data["rules"]["attack.dice_sides"] == 6
    assert "one of which must stay behind" in data["convention"]


def test_cannot_attack_with_one_army(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "1", "3")
    assert code == 0 and "cannot attack" in out
    code, out, _ = run(capsys, "1", "3", "--json")
    assert json.loads(out)["roll"] is None


def test_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--table", "3")
    assert code == 0
    lines = out.splitlines()
    assert lines[2].split() == ["A\\D", "1", "2", "3"]
    assert lines[3].split() == ["2", "0.417", "0.106", "0.027"]
    code, out, _ = run(capsys, "--table", "2", "--exact")
    assert "2 1 5/12" in out
    code, out, _ = run(capsys, "--table", "5", "--json")
    table = json.loads(out)["table"]
    assert table["rows_attacker_armies"] == [2, 3, 4, 5, 6]
    assert table["columns_defender_armies"] == [1, 2, 3, 4, 5]
    assert round(table["p_attacker_conquers"][2][1], 3) == 0.656


def test_full_table_agrees_with_the_exact_chain_and_is_monotone(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The 100×100 table of the CLI is the exact chain's, rounded; more attackers never
    lower the chance, more defenders never raise it (its speed: benchmarks/bench_odds.py)."""
    code, out, _ = run(capsys, "--table", "100", "--json")
    assert code == 0
    shown = json.loads(out)["table"]["p_attacker_conquers"]
    rows = BattleChain(load_rules("classic")).square_table(100).exact_rows()
    assert len(shown) == len(rows) == 100 and all(len(r) == 100 for r in rows)
    assert all(abs(shown[i][j] - float(rows[i][j])) < 1e-12
               for i in range(100) for j in range(100))
    assert all(rows[i][j] <= rows[i + 1][j] for i in range(99) for j in range(100))
    assert all(rows[i][j] >= rows[i][j + 1] for i in range(100) for j in range(99))
    assert all(0 < x < 1 for r in rows for x in r)  # nothing is certain with armies both sides


def test_tie_reading_as_an_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "2", "1", "--option", "classic.amb.tie-rule=tie-no-loss",
                       "--json")
    assert code == 0
    data = json.loads(out)
    assert data["rules"]["attack.ties"] == "neither"
    assert data["battle"]["p_attacker_conquers"]["exact"] == "1/2"
    assert {"attacker_losses": 0, "defender_losses": 0, "exact": "1/6",
            "decimal": 1 / 6} in data["roll"]["outcomes"]


def test_policies(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "6", "3", "--defender", "one", "--json")
    one = Fraction(json.loads(out)["battle"]["p_attacker_conquers"]["exact"])
    _, out, _ = run(capsys, "6", "3", "--json")
    most = Fraction(json.loads(out)["battle"]["p_attacker_conquers"]["exact"])
    assert one > most


@pytest.mark.parametrize("argv, message", [
    ([], "give A and D"),
    (["4"], "give A and D"),
    (["4", "2", "--table", "3"], "not both"),
    (["0", "2"], "from 1 to 200"),
    (["4", "2", "--defender", "best", "--option",
      "classic.amb.defender-dice-choice=always-maximum"], "attack.defender_dice"),
    (["4", "2", "--option", "nonsense"], "ID=CHOICE"),
    (["4", "2", "--variant", "klassic"], "unknown variant"),
    (["4", "2", "--cap", "5", "--attacker-bonus", "1"], "cap"),
    (["4", "2", "--attacker-generals", "1"], "generals"),
])
def test_errors_are_one_clear_line(capsys: pytest.CaptureFixture[str], argv: list[str],
                                   message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert message in err and "Traceback" not in err


def test_bad_bonus_list_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["odds", "4", "2", "--attacker-bonus", "x,1"])
    assert exc.value.code == 2
    assert "comma-separated" in capsys.readouterr().err


def test_modifiers(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "6", "3", "--attacker-bonus", "1", "--defender-bonus", "2,1",
                       "--cap", "6", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["rules"]["attacker_bonuses"] == [1] and data["rules"]["defender_bonuses"] == [2, 1]
    assert data["rules"]["cap"] == 6
    plain = BattleChain(load_rules("classic")).p_conquer(6, 3)
    assert Fraction(data["battle"]["p_attacker_conquers"]["exact"]) < plain
    code, out, _ = run(capsys, "6", "3", "--attacker-bonus", "1")
    assert "bonuses attacker [1], defender [], no cap" in out


def test_napoleon_bonuses_from_the_spec(capsys: pytest.CaptureFixture[str]) -> None:
    from riskspec.loading import load_spec
    spec = load_spec(strict=False)
    napoleon = [v for v in spec.variants if v.startswith("napoleon")]
    if not napoleon:
        pytest.skip("no Napoléon variant in the spec yet")
    rs = spec.variant(napoleon[0]).resolve()
    if "generals.bonus_by_count" not in rs.params:
        pytest.skip("the Napoléon spec has no generals.bonus_by_count yet")
    code, out, _ = run(capsys, "6", "3", "--variant", napoleon[0], "--attacker-generals", "2",
                       "--defender-generals", "1", "--fortified", "--json")
    assert code == 0, out
    data = json.loads(out)
    from riskspec.reference.modifiers import combine_bonuses
    assert tuple(data["rules"]["attacker_bonuses"]) == tuple(
        rs.params["generals.bonus_by_count"]["2"])
    assert tuple(data["rules"]["defender_bonuses"]) == combine_bonuses(
        rs.params["generals.bonus_by_count"]["1"], rs.params["fortifications.defence_bonus"])
    assert data["rules"]["cap"] == rs.params.get("dice.modified_max")


def test_docs_hook() -> None:
    from riskspec.loading import load_spec
    data = docs_odds(load_spec(strict=False).variant("classic"))
    titles = [t["title"] for t in data["tables"]]
    assert "One roll: 3 attack dice against 2 defence dice" in titles
    conquest = data["tables"][-1]
    assert conquest["rows"][0][:2] == ["A = 2", pytest.approx(15 / 36)]
    assert "one of which must stay behind" in data["intro"]


@pytest.mark.parametrize("argv", [["1000000000", "1000000000"], ["5000", "5000"], ["201", "1"],
                                  ["4", "201"], ["--table", "201"], ["--table", "1000000"]])
def test_army_counts_are_bounded_and_the_bound_is_said(capsys: pytest.CaptureFixture[str],
                                                       argv: list[str]) -> None:
    # issue #24: `odds 1000000000 1000000000` grew to 9.9 GB (MemoryError under a cap)
    from riskspec.limits import MAX_ARMIES, MAX_TABLE
    code, out, err = run(capsys, *argv)
    assert code == 2 and not out and err.count("\n") == 1 and "Traceback" not in err
    assert f"from 1 to {MAX_TABLE if '--table' in argv else MAX_ARMIES}" in err
    with pytest.raises(SystemExit):
        main(["odds", "--help"])
    helptext = capsys.readouterr().out
    assert f"1 to {MAX_ARMIES}" in helptext and f"N from 1 to {MAX_TABLE}" in helptext


def test_the_largest_armies_allowed_are_computed(capsys: pytest.CaptureFixture[str]) -> None:
    from riskspec.limits import MAX_ARMIES
    code, out, _ = run(capsys, str(MAX_ARMIES), str(MAX_ARMIES), "--decimal")
    assert code == 0 and "attacker conquers" in out
