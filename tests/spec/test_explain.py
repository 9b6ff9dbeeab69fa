"""``riskspec explain``: rules, ambiguities, parameters, variants, maps and map facts."""

from __future__ import annotations

import pytest

from riskspec.cli import main
from riskspec.loading import load_spec


def _explain(capsys: pytest.CaptureFixture[str], ident: str) -> tuple[int, str, str]:
    code = main(["explain", ident])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("ident, needle, first", [
    # the spec's own kinds open with their ID
    ("classic.attack.defender-dice", "sources:", True),
    ("napoleon.amb.card-table", "resolution per variant:", True),
    ("cards.set_values", "value per variant", True),
    ("napoleon-basic", "options (name = default [choices]):", True),
    # the board's and decks' facts say where they come from
    ("western-europe-atlantic", "route: route-to-the-americas", False),
    ("route-to-the-americas", "zones: ", False),
    ("card-egypt", "effect: ", False),
    ("napoleon-level-1", "mission deck", False),
])
def test_explain_kinds(capsys: pytest.CaptureFixture[str], ident: str, needle: str,
                       first: bool) -> None:
    code, out, _ = _explain(capsys, ident)
    assert code == 0 and needle in out
    assert out.startswith(ident) if first else "provenance:" in out


def test_map_summary_counts_reconstructed_facts(capsys: pytest.CaptureFixture[str]) -> None:
    board = load_spec().boards["napoleon-europe"]
    rec = sum(1 for t in board.territories if t.provenance.is_reconstructed)
    code, out, _ = _explain(capsys, "napoleon-europe")
    assert code == 0
    row = next(line for line in out.splitlines() if line.strip().startswith("territory "))
    assert row.split()[-1] == str(rec)
    assert row.split()[2] == str(len(board.territories) - rec)
    assert "riskspec validate FILE" in out


def test_sourced_and_reconstructed_facts_are_told_apart(capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    spec = load_spec()
    board = spec.boards["napoleon-europe"]
    elsewhere = {t.id for b in spec.boards.values() if b is not board for t in b.territories}
    sourced = next(t for t in board.territories
                   if not t.provenance.is_reconstructed and t.id not in elsewhere)
    rebuilt = next(t for t in board.territories
                   if t.provenance.is_reconstructed and t.id not in elsewhere)
    _, out, _ = _explain(capsys, sourced.id)
    assert f"§ {sourced.provenance.passage}" in out and "RECONSTRUCTED" not in out
    _, out, _ = _explain(capsys, rebuilt.id)
    assert "provenance: RECONSTRUCTED" in out and rebuilt.group in out


def test_variant_points_at_reconstructed_map(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = _explain(capsys, "napoleon-advanced")
    assert "reconstructed facts: riskspec explain napoleon-europe" in out


def test_unknown_id_suggests_map_facts(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _explain(capsys, "andalucia")
    assert code != 0 and out == ""
    assert "did you mean andalusia" in err
