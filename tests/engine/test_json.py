"""The canonical JSON form, its schemas, and the errors for malformed input."""

from __future__ import annotations

import hashlib
import json

import pytest

from riskspec.conformance.protocol import schema_errors
from riskspec.errors import ActionError, IllegalActionError, InvalidActionError, RiskspecError
from riskspec.reference.driver import play_game
from riskspec.reference.state import InvalidStateError

from .helpers import E, build_state, malformed


@pytest.fixture(scope="module")
def game():
    """(state, action, events) of every step of a short game with missions."""
    out = []
    play_game("classic", 4, seed=3, options={"game-mode": "mission"}, max_turns=12,
              policy="aggressive", on_step=lambda b, a, after, ev: out.append((after, a, ev)))
    return out


def test_states_actions_outcomes_and_events_match_their_schemas(game):
    phases = set()
    for i, (s, a, ev) in enumerate(game):
        phases.add(s.phase)
        for e in ev:
            assert not schema_errors("event.schema.json", e), e
        assert not schema_errors("action.schema.json", a), a
        if i % 10 == 0:
            assert not schema_errors("state.schema.json", E.to_dict(s))
            for x in E.legal_actions(s)[:50] + [o for o, _ in E.chance_outcomes(s)[:50]]:
                assert not schema_errors("action.schema.json", x), x
    assert {"deal-missions", "first-player", "claim", "setup-place", "reinforce", "attack",
            "defend", "battle", "occupy", "fortify"} <= phases


def test_canonical_text_sorted_keys_no_spaces_and_its_hash():
    s = E.new_game("classic", 3)
    text = E.to_json(s)
    assert text == json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"),
                              ensure_ascii=False)
    assert E.state_hash(s) == hashlib.sha256(text.encode()).hexdigest()
    assert E.from_json(text) == s and E.from_json(json.loads(text)) == s


def test_a_bad_state_is_a_clear_error_never_a_traceback():
    good = E.to_dict(build_state(board="alaska=0:3", phase="attack"))

    def broken(edit):
        d = json.loads(json.dumps(good))
        edit(d)
        return d

    cases = {
        "not json": "{",
        "not an object": "[]",
        "wrong format": broken(lambda d: d.update(format="riskspec/state@9")),
        "unknown territory": broken(lambda d: d["territories"].update(atlantis={"owner": 0, "armies": 1})),
        "missing territory": broken(lambda d: d["territories"].pop("alaska")),
        "owner out of range": broken(lambda d: d["territories"]["alaska"].update(owner=7)),
        "empty but owned": broken(lambda d: d["territories"]["alaska"].update(armies=0)),
        "card twice": broken(lambda d: d["players"][0]["cards"].append("alaska")),
        "card lost": broken(lambda d: d["draw_pile"].pop()),
        "unknown phase": broken(lambda d: d.update(phase="dancing")),
        "pending of another phase": broken(lambda d: d.update(pending={"to_place": 3})),
        "winner without game over": broken(lambda d: d.update(winner=1)),
        "unknown option": broken(lambda d: d["options"].update(nope="x")),
    }
    for name, data in cases.items():
        with pytest.raises(RiskspecError) as info:
            E.from_json(data if isinstance(data, str) else json.dumps(data))
        assert isinstance(info.value, (InvalidStateError, RiskspecError)), name
        assert str(info.value), name


def test_one_root_error_type():
    assert issubclass(IllegalActionError, ActionError) and issubclass(InvalidActionError, ActionError)
    assert issubclass(ActionError, RiskspecError) and issubclass(InvalidStateError, RiskspecError)


def test_malformed_actions_raise_invalid_action_error():
    s = build_state(board="alaska=0:5 kamchatka=1:3", phase="attack", hands={0: ["peru"]})
    malformed(s, "attack", "not-an-object")
    malformed(s, {"type": "charge"}, "unknown-type")
    malformed(s, {"type": "attack", "from": "alaska", "to": "kamchatka"}, "fields")
    malformed(s, {"type": "attack", "from": "alaska", "to": "kamchatka", "dice": 1, "x": 1}, "fields")
    malformed(s, {"type": "attack", "from": "alaska", "to": "atlantis", "dice": 1},
              "unknown-territory")
    malformed(s, {"type": "attack", "from": "alaska", "to": "kamchatka", "dice": True}, "bad-value")
    malformed(s, {"type": "attack", "from": "alaska", "to": "kamchatka", "dice": 0}, "bad-value")
    malformed(s, {"type": "trade", "cards": ["peru", "alaska", "wild-1"], "bonus_territory": None},
              "card-order")
    malformed(s, {"type": "trade", "cards": ["joker"], "bonus_territory": None}, "unknown-card")
    malformed(s, {"type": "roll", "attacker": [1, 6], "defender": [3]}, "dice-order")
    malformed(s, {"type": "roll", "attacker": [7], "defender": [3]}, "bad-value")
    malformed(s, {"type": "first-player", "player": 5}, "bad-value")
    malformed(s, {"type": "mission", "player": 0, "mission": "destroy-blue"}, "unknown-mission")


def test_error_messages_quote_the_action_and_the_position():
    s = build_state(board="alaska=0:5 kamchatka=1:3", phase="attack")
    with pytest.raises(IllegalActionError) as info:
        E.apply(s, {"type": "attack", "from": "alaska", "to": "peru", "dice": 1})
    msg = str(info.value)
    assert '"to":"peru"' in msg and "turn 1, attack phase, player 0 (black) to act" in msg
    assert info.value.action == {"type": "attack", "from": "alaska", "to": "peru", "dice": 1}
