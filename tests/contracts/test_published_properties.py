"""riskspec.properties: the published rule properties hold for the reference engine's own rule
functions, and each catches a typical slip with the smallest input, naming the rule."""

from __future__ import annotations

import pytest

pytest.importorskip("hypothesis")

from riskspec import properties as P  # noqa: E402
from riskspec.reference import battle, cards, occupy, reinforce  # noqa: E402

R = P.rules_of()
p = R.params


def ref_reinforcements(t, cs, prm=p):
    return reinforce.compute_reinforcements(t, [R.continent_bonus[c] for c in cs], prm.reinforce_territory_divisor,
                                            prm.reinforce_minimum, prm.reinforce_minimum_applies_to,
                                            prm.reinforce_territory_rounding, prm.reinforce_divide_from)


def test_the_reference_rule_functions_have_every_property():
    P.check_attacker_dice(lambda a: battle.get_attacker_dice_limit(a, p.attack_max_attacker_dice), max_examples=30)
    P.check_defender_dice(lambda a: battle.get_defender_dice_limit(a, p.attack_max_defender_dice), max_examples=30)
    P.check_battle_losses(lambda a, d: battle.compute_losses(sorted(a, reverse=True), sorted(d, reverse=True),
                                                             p.attack_ties, p.attack_compared_pairs), max_examples=60)
    P.check_territory_armies(lambda t: reinforce.compute_territory_armies(
        t, p.reinforce_territory_divisor, p.reinforce_territory_rounding), max_examples=30)
    P.check_reinforcements(ref_reinforcements, max_examples=60)
    P.check_set_value(lambda n: cards.get_set_value(n, p.cards_set_values, p.cards_set_value_increment,
                                                    p.cards_set_value_cap), max_examples=30)
    P.check_is_set(lambda s: cards.get_set_problem(s, R.symbols, p.cards_max_wilds_per_set) is None,
                   max_examples=60)
    P.check_move_in(lambda a, d: occupy.get_occupy_range(a, d, p.conquest_min_move), max_examples=30)


def test_a_reading_changes_what_the_property_expects():
    opts = {"classic.amb.reinforce-minimum-scope": "total"}
    total = P.rules_of(options=opts).params
    P.check_reinforcements(lambda t, cs: ref_reinforcements(t, cs, total), options=opts, max_examples=40)
    with pytest.raises(P.PropertyViolation, match="classic.reinforce"):
        P.check_reinforcements(ref_reinforcements, options=opts, max_examples=200)


@pytest.mark.parametrize(("check", "slip", "message"), [
    (P.check_attacker_dice, lambda a: min(3, a), "classic.attack.attacker-dice: for armies=1 the rule gives 0"),
    (P.check_defender_dice, lambda a: min(2, a - 1), "classic.attack.defender-dice: for armies=1 the rule gives 1"),
    (P.check_battle_losses, lambda a, d: (sum(x < y for x, y in zip(sorted(a)[::-1], sorted(d)[::-1])),
                                          sum(x >= y for x, y in zip(sorted(a)[::-1], sorted(d)[::-1]))),
     "classic.attack.ties: for attacker=[1], defender=[1] the rule gives (1, 0)"),
    (P.check_territory_armies, lambda t: t // 4, "classic.reinforce.territory-armies: for territories=3"),
    (P.check_set_value, lambda n: 4 + 2 * n, "classic.cards.set-values: for traded_before=5 the rule gives 15"),
    (P.check_move_in, lambda a, d: (1, a - 1), "classic.conquest.move-in: for armies_from=3, dice_rolled=2"),
])
def test_a_slip_fails_with_the_smallest_input(check, slip, message):
    with pytest.raises(P.PropertyViolation) as exc:
        check(slip)
    assert str(exc.value).startswith(message), str(exc.value)


def test_a_set_slip_and_a_missing_minimum_are_caught():
    with pytest.raises(P.PropertyViolation, match="classic.cards.valid-sets"):
        P.check_is_set(lambda s: len(set(s)) in (1, 3) and len(s) == 3)   # wild cards forgotten
    with pytest.raises(P.PropertyViolation, match="classic.reinforce.minimum: for territories=1, continents=\\[\\]"):
        P.check_reinforcements(lambda t, cs: t // 3 + sum(R.continent_bonus[c] for c in cs))
