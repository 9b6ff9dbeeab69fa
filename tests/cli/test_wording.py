"""Counts and ranges read as plain words everywhere (issue 26's small items)."""

from __future__ import annotations

import pytest

from riskspec.cli import main
from riskspec.docsite.pages_board import variant_page, variants_index
from riskspec.loading import load_spec
from riskspec.wording import count_of, span


@pytest.mark.parametrize("n,word", [(0, "0 rules"), (1, "1 rule"), (2, "2 rules")])
def test_a_count_takes_the_number_of_its_noun(n, word):
    assert count_of(n, "rule") == word


def test_an_irregular_plural_is_given_by_the_caller():
    assert count_of(1, "ambiguity", "ambiguities") == "1 ambiguity"
    assert count_of(3, "ambiguity", "ambiguities") == "3 ambiguities"


def test_a_range_of_one_number_is_that_number():
    assert span(2, 2) == "2" and span(2, 6) == "2–6"


def test_a_two_player_variant_page_says_2_players_not_2_2():
    spec = load_spec()
    fixed = [v for v in spec.variants.values() if v.min_players == v.max_players]
    assert fixed, "a variant with one player count (napoleon-basic) is expected in the spec"
    for v in fixed:
        page = variant_page(spec, v)
        assert f"| Players | {v.min_players} |" in page, page[:600]
        assert f"{v.min_players}–{v.max_players}" not in page
    assert "2–2" not in variants_index(spec)


def test_rules_listing_of_one_rule_says_1_rule(capsys):
    assert main(["rules", "classic", "--section", "victory"]) == 0
    head = capsys.readouterr().out.splitlines()[0]
    spec = load_spec()
    n = sum(1 for r in spec.variants["classic"].rules.values() if r.section == "victory")
    assert (f"({n} rule)" if n == 1 else f"({n} rules)") in head, head


def test_a_mistyped_command_gets_the_nearest_name(capsys):
    assert main(["explian", "classic.attack.ties"]) == 2
    err = capsys.readouterr().err
    assert "unknown command 'explian'" in err and "did you mean explain" in err
    assert "Traceback" not in err


def test_an_unknown_command_with_no_near_name_points_to_help(capsys):
    assert main(["zzzzzz"]) == 2
    err = capsys.readouterr().err
    assert "did you mean" not in err and "riskspec --help" in err and "commands: validate" in err


# -- explain and the MCP rule tool answer in players' words first ---------------------------
def test_explain_leads_with_the_numbers_and_keeps_the_parameter_names_after(capsys):
    spec = load_spec()
    bonus = spec.variants["classic"].resolve().params["cards.territory_bonus"]
    assert main(["explain", "classic.cards.territory-bonus"]) == 0
    out = capsys.readouterr().out
    told, _, rest = out.partition("for implementers")
    assert f"gets {bonus} extra armies" in told and "`cards.territory_bonus`" not in told
    assert "numbers as in Classic Risk" in told
    assert "`cards.territory_bonus`" in rest  # the implementer's statement follows


def test_a_statement_without_parameters_is_not_printed_twice(capsys):
    spec = load_spec()
    plain = next(r for r in spec.rules.values() if "`" not in r.statement)
    assert main(["explain", plain.id]) == 0
    assert "for implementers" not in capsys.readouterr().out


def test_the_mcp_rule_tool_gives_players_words_before_the_statement():
    from riskspec.mcp_server.tools import explain_rule
    spec = load_spec()
    got = explain_rule("classic.cards.territory-bonus")
    keys = list(got)
    assert keys.index("in_players_words") < keys.index("statement")
    bonus = spec.variants[got["numbers_as_in"]].resolve().params["cards.territory_bonus"]
    assert f"gets {bonus} extra armies" in got["in_players_words"]
    assert "`" not in got["in_players_words"]
