"""``engine.apply_in_place``: the change ``apply`` makes, made to the state itself.

A family that declares ``checks_before_changes`` is changed without a copy, so each of its
handlers must make every rule check before its first change; the random play of every
family (tests/engine/test_random_play.py, tests/napoleon/) also compares the two paths on
perturbed actions at every step (``invariants_common.check_in_place_matches``)."""

from __future__ import annotations

import random

import pytest
from invariants_common import check_in_place_matches

from riskspec.errors import ActionError, IllegalActionError
from riskspec.reference import engine as E
from riskspec.reference.driver import sample_outcome
from riskspec.reference.family import family_of

GAMES = [("classic", 3, {}), ("classic", 2, {}), ("classic", 4, {"game-mode": "mission"}),
         ("classic", 3, {"classic.amb.fortify-path": "connected",
                         "classic.amb.elimination-trade-timing": "next-turn"}),
         ("napoleon-basic", 2, {}), ("napoleon-advanced", 3, {})]


def _perturbed(s, rng):  # type: ignore[no-untyped-def]
    """Actions near the legal ones: another territory, card, number, die count or mission."""
    legal = E.legal_actions(s) or [o for o, _ in E.chance_outcomes(s)]
    tids, cards = s.tables.territories, s.tables.cards
    for a in legal[:: max(1, len(legal) // 6)]:
        for key, value in a.items():
            b = dict(a)
            if key in ("territory", "from", "to", "bonus_territory"):
                b[key] = tids[rng.randrange(len(tids))]
            elif isinstance(value, int) and not isinstance(value, bool):
                b[key] = value + rng.choice([-1, 1, 5])
            elif key == "cards" and isinstance(value, list) and value:
                b[key] = [cards[rng.randrange(len(cards))]] + list(value[1:])
            elif key in ("attacker", "defender") and isinstance(value, list) and value:
                b[key] = list(value[:-1]) or [*value, 1]   # a die fewer (or one more)
            elif key == "mission" and isinstance(value, str) and getattr(s.tables, "mission_deck", ()):
                deck = s.tables.mission_deck                # any card, dealt or taken out
                b[key] = deck[rng.randrange(len(deck))]
            else:
                continue
            yield b


@pytest.mark.parametrize("variant, players, options", GAMES,
                         ids=[f"{v}-{n}-{i}" for i, (v, n, _) in enumerate(GAMES)])
def test_in_place_equals_apply_and_a_refusal_changes_nothing(variant, players, options):
    rng = random.Random(7)
    s = E.new_game(variant, players, options)
    refused = 0
    for _ in range(400):
        if E.is_terminal(s):
            break
        before = E.to_json(s)
        for b in _perturbed(s, rng):
            try:
                result = E.apply(s, b)
            except ActionError:
                result = None
                refused += 1
            check_in_place_matches(s, b, result, before)
        if E.current_player(s) == E.CHANCE:
            action = sample_outcome(s, rng)
        else:
            legal = E.legal_actions(s)
            action = legal[rng.randrange(len(legal))]
        expected = E.apply(s, action)
        check_in_place_matches(s, action, expected, before)
        s = expected[0]
    assert refused > 20, f"the perturbed actions reached only {refused} refusals"


def test_classic_is_changed_in_place_and_napoleon_through_a_copy():
    s = E.new_game("classic", 3, {})
    owner = s.owner
    while E.current_player(s) == E.CHANCE or s.phase == "claim":
        action = sample_outcome(s, random.Random(1)) if E.current_player(s) == E.CHANCE \
            else E.legal_actions(s)[0]
        E.apply_in_place(s, action)
    assert family_of(s).checks_before_changes and s.owner is owner, "Classic: no copy"
    n = E.new_game("napoleon-basic", 2, {})
    assert not family_of(n).checks_before_changes


def test_a_refused_action_in_place_names_its_rule_and_keeps_the_state():
    s = E.new_game("classic", 3, {})
    while E.current_player(s) == E.CHANCE:
        E.apply_in_place(s, sample_outcome(s, random.Random(2)))
    taken = E.legal_actions(s)[0]
    E.apply_in_place(s, taken)
    before = E.to_json(s)
    with pytest.raises(IllegalActionError) as err:
        E.apply_in_place(s, taken)            # claimed already
    assert err.value.rule and err.value.rule.startswith("classic.")
    assert E.to_json(s) == before


def test_the_getting_started_python_example_runs_both_ways():
    """docs/getting-started.md's Python loop runs as printed, and with apply_in_place in
    place of apply it plays the same game (same final position)."""
    import re
    from pathlib import Path
    page = Path(__file__).parents[2] / "docs" / "getting-started.md"
    code = re.search(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
    assert code, "the page has a Python example"
    copied: dict = {}
    exec(compile(code.group(1), str(page), "exec"), copied)
    in_place_code = code.group(1).replace("s, events = E.apply(s, action)",
                                          "events = E.apply_in_place(s, action)")
    assert in_place_code != code.group(1), "the example calls E.apply"
    changed: dict = {}
    exec(compile(in_place_code, str(page), "exec"), changed)
    assert copied["s"].turn == 50
    assert E.to_json(copied["s"]) == E.to_json(changed["s"])
