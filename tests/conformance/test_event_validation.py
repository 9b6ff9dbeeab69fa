"""The per-type event check of the protocol client gives the verdict of event.schema.json's oneOf."""

from __future__ import annotations

import random

from riskspec.conformance.protocol import _event_validators, result_errors
from riskspec.reference import engine as E
from riskspec.reference.driver import choose_action, sample_outcome
from riskspec.validation import validator


def _events(variant: str, players: int, seed: int, steps: int) -> list[dict]:
    rng = random.Random(seed)
    s, out = E.new_game(variant, players), []
    for _ in range(steps):
        if s.winner >= 0:
            break
        a = sample_outcome(s, rng) if E.current_player(s) == E.CHANCE else \
            choose_action(E.legal_actions(s), rng, "aggressive", s)
        s, events = E.apply(s, a)
        out += events
    return out


def _broken(ev: dict) -> list[dict]:
    """Variants of a valid event that the schema must refuse."""
    extra = dict(ev, unexpected_field=1)
    missing = {k: v for k, v in ev.items() if k != next(k for k in ev if k != "type")} \
        if len(ev) > 1 else {}
    bad_type = dict(ev, player="seven") if "player" in ev else dict(ev, type=7)
    return [e for e in (extra, missing, bad_type) if e]


def test_per_type_check_agrees_with_the_whole_schema():
    whole = validator("event.schema.json")
    by_type = _event_validators()
    assert len(by_type) == len(whole.schema["oneOf"])   # distinct type constants
    seen: dict[str, dict] = {}
    for variant, players in (("classic", 4), ("napoleon-advanced", 3)):
        for ev in _events(variant, players, 5, 1500):
            seen.setdefault(ev["type"], ev)
    assert len(seen) >= 10
    for ev in seen.values():
        for e in [ev, *_broken(ev)]:
            one = by_type.get(e.get("type")) if isinstance(e.get("type"), str) else None
            assert (one or whole).is_valid(e) == whole.is_valid(e), e


def test_result_errors_names_a_bad_event_and_an_unknown_type():
    ok = {"type": "turn-ended", "player": 0, "turn": 1}
    state = {"format": "riskspec/state@1"}
    assert result_errors("apply", {"state": state, "events": [ok]}) == []
    bad = result_errors("apply", {"state": state, "events": [ok, dict(ok, turn="one")]})
    assert len(bad) == 1 and "events[1]" in bad[0] and "turn-ended" in bad[0]
    unknown = result_errors("apply", {"state": state, "events": [{"type": "no-such-event"}]})
    assert len(unknown) == 1 and "not a riskspec event" in unknown[0]
