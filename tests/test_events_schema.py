"""Events are what ``schemas/event.schema.json`` says: every event of every step of random
games in every variant validates, and so does every action played; the protocol's apply
result holds engines to the same schema."""

from __future__ import annotations

import collections

import pytest

from riskspec.conformance.protocol import result_errors, schema_errors
from riskspec.reference.driver import play_game

GAMES = [("classic", 2, {}), ("classic", 3, {}), ("classic", 6, {}),
         ("classic", 4, {"game-mode": "mission", "classic.amb.mission-deck-size": "twelve"}),
         ("classic-fr", 2, {}), ("classic-it", 3, {}), ("classic-pt", 5, {}),
         ("napoleon-basic", 2, {}),
         ("napoleon-basic", 2, {"napoleon.amb.basic-neutral-placement": "random"}),
         ("napoleon-advanced", 3, {}),
         ("napoleon-advanced", 4, {"capitals": "on"})]


@pytest.mark.parametrize(("variant", "players", "options"), GAMES,
                         ids=[f"{v}-{n}{'-' + '-'.join(o.values()) if o else ''}"
                              for v, n, o in GAMES])
def test_every_event_and_action_of_random_play_matches_its_schema(variant, players,
                                                                   options) -> None:
    kinds: collections.Counter[str] = collections.Counter()
    bad: list[tuple] = []

    def check(before, action, after, events) -> None:
        if schema_errors("action.schema.json", action):
            bad.append(("action", action))
        for e in events:
            kinds[e["type"]] += 1
            err = schema_errors("event.schema.json", e, limit=1)
            if err:
                bad.append((e, err[0]))

    for seed, policy in ((0, "uniform"), (1, "aggressive"), (2, "by-type")):
        play_game(variant, players, seed=seed, options=options or None, policy=policy,
                  max_turns=12, on_step=check)
    assert not bad, bad[:5]
    assert len(kinds) >= 5, kinds  # the games got past the setup


def test_the_apply_result_checks_each_event_against_the_event_schema() -> None:
    good = {"type": "claimed", "player": 0, "territory": "alaska", "armies": 1}
    state = {"format": "riskspec/state@1"}
    assert result_errors("apply", {"state": state, "events": [good]}) == []
    for bad in ({"type": "claimed", "player": 0, "territory": "alaska"},  # armies missing
                {"type": "no-such-event"}, {"type": "battle", "from": "a", "to": "b"}):
        assert result_errors("apply", {"state": state, "events": [good, bad]}), bad
    # a state of another format (a test game, not Risk) is not held to riskspec's events
    assert result_errors("apply", {"state": {"counter": 3}, "events": [{"type": "added"}]}) == []
