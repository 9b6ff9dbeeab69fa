"""Invariants every variant family shares (imported by tests/engine/invariants.py and
tests/napoleon/invariants.py; ``tests/`` is on ``sys.path`` under pytest's default import
mode): the shape of decision, chance and terminal nodes, card conservation, the JSON round
trip, and refused actions leaving the state unchanged."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from riskspec.errors import ActionError
from riskspec.reference import engine as E


def check_node_kind(s: Any) -> int:
    """Terminal nodes offer nothing, chance nodes only outcomes whose exact probabilities
    sum to 1, decision nodes only actions; returns who acts (E.TERMINAL, E.CHANCE, a seat)."""
    who = E.current_player(s)
    legal, outcomes = E.legal_actions(s), E.chance_outcomes(s)
    if who == E.TERMINAL:
        assert legal == [] and outcomes == [] and s.winner >= 0, "a finished game offers nothing"
        return who
    if who == E.CHANCE:
        assert legal == [], "a chance node has no actions"
        assert outcomes, "a chance node has outcomes"
        probs = [p for _, p in outcomes]
        assert all(isinstance(p, Fraction) and p > 0 for p in probs)
        assert sum(probs) == 1, "chance probabilities sum to 1"
        return who
    assert 0 <= who < s.n_players and s.eliminated_by[who] < 0, "an active seat acts"
    assert outcomes == [], "a decision node has no chance outcomes"
    assert legal, f"the player to act always has an action ({s.phase})"
    return who


def check_cards_conserved(s: Any) -> None:
    """Hands + draw pile + discards = the deck, each card once."""
    cards = sorted([c for h in s.hands for c in h] + list(s.draw_pile) + list(s.discards))
    assert cards == list(range(len(s.tables.cards))), "every card is in exactly one place"


def check_round_trip(s: Any, check_schema: bool = True) -> None:
    text = E.to_json(s)
    again = E.from_json(text, s.tables.variant, check_schema=check_schema)
    assert E.to_json(again) == text, "to_json/from_json round-trips byte for byte"
    assert E.current_player(again) == E.current_player(s)


def check_illegal_leaves_state(s: Any, rng: random.Random) -> None:
    """Perturbed actions are either legal or refused (with a code and a rule of the
    variant's family), and a refusal changes nothing."""
    legal = E.legal_actions(s) or [o for o, _ in E.chance_outcomes(s)]
    if not legal:
        return
    family = s.tables.variant.family
    before = E.to_json(s)
    tids = s.tables.territories
    for _ in range(3):
        a = dict(legal[rng.randrange(len(legal))])
        key = rng.choice(sorted(k for k in a if k != "type") or ["type"])
        if key in ("territory", "from", "to", "bonus_territory"):
            a[key] = tids[rng.randrange(len(tids))]
        elif key in ("dice", "armies", "player") and isinstance(a[key], int):
            a[key] = a[key] + rng.choice([1, 2, 100])
        elif key == "type":
            a["type"] = rng.choice(["end-attack", "end-turn", "place", "attack", "draw"])
        else:
            continue
        result: tuple[Any, list[Any]] | None = None
        try:
            result = E.apply(s, a)
            assert a in legal or E.current_player(s) == E.CHANCE
        except ActionError as exc:
            assert exc.code and (exc.rule is None or exc.rule.startswith(family + "."))
            assert a not in legal
        assert E.to_json(s) == before, "a refused action leaves the state unchanged"
        check_in_place_matches(s, a, result, before)


def check_in_place_matches(s: Any, action: Any, result: tuple[Any, list[Any]] | None,
                           before: str) -> None:
    """``apply_in_place`` on a copy of ``s`` gives the position and events ``apply`` gave
    (``result``), or refuses as it did and leaves the copy as it was (``before``)."""
    mine = s.copy()
    try:
        events = E.apply_in_place(mine, action)
    except ActionError:
        assert result is None, f"apply took {action}, apply_in_place refused it"
        assert E.to_json(mine) == before, f"a refused {action} changed the state in place"
        return
    assert result is not None, f"apply refused {action}, apply_in_place took it"
    assert E.to_json(mine) == E.to_json(result[0]) and events == result[1], (
        f"apply_in_place of {action} differs from apply")
