"""Napoléon card plays: what the vectors cannot state (they match a step's events as a
subsequence, so an extra event never fails a case); see conformance/mutation-triage.yaml."""

from __future__ import annotations

from riskspec.reference import engine as E


def _case_state(case_id: str):
    from riskspec.conformance.vectors import load_cases
    from riskspec.reference.napoleon.inline import variant_on_map
    case = next(c for c in load_cases() if c.id == case_id)
    v = variant_on_map(E.get_variant(case.variant), case.map, case.missions)
    return E.from_dict(case.state, variant=v), [st["action"] for st in case.steps if "action" in st]


def test_a_placed_epidemic_is_not_reported_lost():
    """napoleon.epidemics.card-move: the relocation draw that places the moved epidemic
    reports the placement, and no 'epidemic-lost'."""
    s, actions = _case_state("napoleon.epidemics.card-move.001")
    for a in actions[:-1]:
        s, _ = E.apply(s, a)
    s, events = E.apply(s, actions[-1])
    assert [e["type"] for e in events] == ["epidemic-card-drawn", "epidemic"], events
    assert E.to_dict(s)["phase"] == "maneuver"


def test_an_epidemic_a_card_moves_on_is_not_reported_lost():
    """napoleon.epidemics.card-move: a card moves the epidemic onto b1's last regiment; the
    pile still holds cards of territories with regiments, so the epidemic moves on by a draw
    (phase epidemic-move) and is not lost: no 'epidemic-lost' among the play's events."""
    s, actions = _case_state("napoleon.epidemics.card-move.001")
    s, events = E.apply(s, actions[0])
    assert [e["type"] for e in events] == ["card-played", "epidemic-moved",
                                           "epidemic-card-loss"], events
    assert E.to_dict(s)["phase"] == "epidemic-move"


def test_a_lasting_effect_names_places_only_when_bound_to_a_battle():
    """turn_flags.effects: a lasting effect bound to no battle (Ukraine's extra naval maneuver)
    is written without 'from'/'to'; a case names the keys it checks, so an extra key in a
    state's dict is for this test to see."""
    s, actions = _case_state("napoleon.effects.extra-naval-maneuver.601")
    seen = []
    for a in actions:
        s, _ = E.apply(s, a)
        seen += [e for e in E.to_dict(s)["turn_flags"].get("effects", ())]
    assert seen, "the case plays no lasting effect"
    assert all("from" not in e and "to" not in e for e in seen), seen

