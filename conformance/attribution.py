"""Which rule a failure breaks, and whether its cause lies upstream.

A case covers several rules, but it fails at one step: the report names the rule
of that step, so "Rules broken" lists what is broken, not every rule the case
touches.  In order:

1. the step's own ``rule`` field, when the vector gives one;
2. the engine accepted an action the rules forbid: the rule the vector's expected
   error cites;
3. the engine refused an action the rules allow: the rule its refusal cites (when it
   is a rule of the variant), else — unless it answered ``unsupported``, which is about
   what the case covers — the rule of the action's type (:data:`ACTION_RULES`);
4. otherwise the case's first covered rule (an ambiguity only if it covers no rule).

When the engine's position (phase, player to act, turn) already differs from the
rules' *before* the failing step, the failure is a symptom: :func:`upstream` replays
the case on the reference engine to find the first step after which they part, and
the failure then names that step and its rule.  The reference only locates the
cause; the verdict is always the case's own expectation.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from riskspec.conformance.compare import action_key

#: the rule an action (or chance outcome) of each type exercises, per family
ACTION_RULES: dict[str, dict[str, str]] = {
    "classic": {
        "claim": "classic.setup.claim-territories", "place-neutral": "classic.two-player.placement",
        "trade": "classic.cards.valid-sets", "attack": "classic.attack.declare",
        "defend": "classic.attack.defender-dice", "roll": "classic.attack.compare",
        "occupy": "classic.conquest.move-in", "end-attack": "classic.attack.optional",
        "fortify": "classic.fortify.path", "end-turn": "classic.fortify.optional",
        "first-player": "classic.setup.first-placer", "deal": "classic.setup.deal-territories",
        "mission": "classic.missions.deal", "draw": "classic.cards.earn",
    },
    "napoleon": {
        "claim": "napoleon.setup.claim", "place-general": "napoleon.setup.place-general-and-fortification",
        "place-fortification": "napoleon.setup.place-general-and-fortification",
        "place-neutral": "napoleon.basic.placement", "trade": "napoleon.cards.set-values",
        "play-card": "napoleon.cards.use-or-trade", "keep-roll": "napoleon.effects.reroll",
        "reroll": "napoleon.effects.reroll", "buy-ship": "napoleon.units.ships",
        "buy-general": "napoleon.units.generals", "buy-fortification": "napoleon.units.fortifications",
        "buy-admiral": "napoleon.units.admirals", "ransom": "napoleon.leaders.ransom",
        "attack": "napoleon.combat.attack-from", "invade": "napoleon.combat.empty-territory",
        "defend": "napoleon.combat.dice", "roll": "napoleon.combat.compare",
        "occupy": "napoleon.combat.conquest", "end-attack": "napoleon.turn.phases",
        "maneuver": "napoleon.maneuver.land", "end-turn": "napoleon.turn.phases",
        "first-player": "napoleon.setup.first-player", "deal": "napoleon.basic.deal",
        "epidemic": "napoleon.setup.epidemics", "draw": "napoleon.end-of-turn.draws",
        "random-placement": "napoleon.basic.placement", "mission": "napoleon.setup.missions",
    },
}

#: where a 'place' belongs: setup placement or reinforcement, by the phase it is played in
_PLACE_RULES = {"classic": ("classic.setup.placement-rounds", "classic.reinforce.place"),
                "napoleon": ("napoleon.setup.reinforce", "napoleon.reinforce.purchases")}

#: the rule that leads into each phase: named when an engine reaches another phase than the
#: rules' (the wrong player on turn is a turn-order matter)
PHASE_RULES: dict[str, dict[str, str]] = {
    "classic": {
        "defend": "classic.attack.defender-dice", "battle": "classic.attack.declare",
        "occupy": "classic.conquest.capture", "attack": "classic.turn.sequence",
        "fortify": "classic.turn.sequence", "reinforce": "classic.turn.sequence",
        "elimination-trade": "classic.elimination.forced-trade", "draw": "classic.cards.earn",
        "game-over": "classic.victory.domination", "setup-place": "classic.setup.placement-rounds",
        "claim": "classic.setup.claim-territories", "deal": "classic.setup.deal-territories",
    },
    "napoleon": {
        "defend": "napoleon.combat.dice", "occupy": "napoleon.combat.conquest",
        "maneuver": "napoleon.turn.phases", "attack": "napoleon.turn.phases",
        "reinforce": "napoleon.turn.phases", "draw": "napoleon.end-of-turn.draws",
        "epidemics": "napoleon.epidemics.phase-loss", "ransom": "napoleon.leaders.ransom",
    },
}
TURN_RULES = {"classic": "classic.turn.order", "napoleon": "napoleon.turn.order"}

#: the fields that say who is to act in which part of the turn
POSITION_KEYS = ("phase", "current", "turn")


@functools.cache
def _variant(variant_id: str) -> Any:
    from riskspec.conformance.claims import _variant as claims_variant
    return claims_variant(variant_id)


def is_rule(variant_id: str, ident: Any) -> bool:
    v = _variant(variant_id)
    return isinstance(ident, str) and v is not None and (ident in v.rules or ident in v.ambiguities)


def action_rule(variant_id: str, action: Mapping[str, Any] | None, phase: Any = None) -> str | None:
    """The rule an action of this type exercises (None: no entry for it)."""
    v = _variant(variant_id)
    if v is None or not isinstance(action, Mapping):
        return None
    family = "napoleon" if v.family == "napoleon" else "classic"
    kind = action.get("type")
    if kind == "place":
        setup, reinforce = _PLACE_RULES[family]
        rule = setup if isinstance(phase, str) and phase.startswith(("setup", "place", "claim")) \
            else reinforce
    else:
        rule = ACTION_RULES[family].get(str(kind))
    return rule if rule is not None and rule in v.rules else None


def first_rule(case: Any) -> str:
    """The case's first covered rule (an ambiguity only when it covers no rule)."""
    v = _variant(case.variant)
    rules = [c for c in case.covers if v is None or c in v.rules]
    return rules[0] if rules else (case.covers[0] if case.covers else "?")


def failing_rule(case: Any, index: int | None, *, accepted_forbidden: bool = False,
                 refusal: Mapping[str, Any] | None = None, phase: Any = None) -> str:
    """The rule the failure at step ``index`` breaks (see the module docstring)."""
    first = first_rule(case)
    if index is None or index >= len(case.steps):
        return first
    step = case.steps[index]
    if is_rule(case.variant, step.get("rule")):
        return str(step["rule"])
    if accepted_forbidden:
        cited = (step.get("expect", {}).get("error") or {}).get("rule")
        return str(cited) if is_rule(case.variant, cited) else first
    if refusal is not None:
        cited = refusal.get("rule")
        if is_rule(case.variant, cited):
            return str(cited)
        if refusal.get("kind") == "unsupported":  # the engine lacks what the case is about
            return first
        return action_rule(case.variant, step.get("action"), phase) or first
    return first


def upstream_rule(case: Any, index: int, phase: Any = None,
                  expected: Mapping[str, Any] | None = None) -> str:
    """The rule of the step after which the engine left the rules' course (-1: the start):
    the step's own ``rule``, else the rule leading into the phase the rules give there (or
    turn order, when only the player to act differs), else its action type's rule."""
    first = first_rule(case)
    if index < 0 or index >= len(case.steps):
        return first
    step = case.steps[index]
    if is_rule(case.variant, step.get("rule")):
        return str(step["rule"])
    v = _variant(case.variant)
    family = "napoleon" if v is not None and v.family == "napoleon" else "classic"
    if expected:
        by_phase = PHASE_RULES[family].get(str(expected.get("phase"))) if "phase" in expected \
            else TURN_RULES[family]
        if by_phase and v is not None and by_phase in v.rules:
            return by_phase
    return action_rule(case.variant, step.get("action"), phase) or first


def _types_in(diffs: Sequence[Mapping[str, Any]]) -> set[str]:
    """Action types named by the differing rows of legal-action, perft and outcome diffs."""
    types: set[str] = set()
    for d in diffs:
        rows = [r for r in d.get("divide") or [] if isinstance(r, str)
                and (r.startswith(("missing:", "extra:")) or "(expected" in r)]
        if isinstance(d.get("expected"), str) and d["expected"].startswith(("includes ", "excludes ")):
            rows.append(d["expected"].split(" ", 1)[1])
        for row in rows:
            for prefix in ("missing:", "extra:"):
                row = row.removeprefix(prefix)
            head = row.strip().split(" ", 1)[0].rstrip(":")
            if head:
                types.add(head)
    return types


def rule_from_diffs(case: Any, index: int | None, diffs: Sequence[Mapping[str, Any]],
                    phase: Any = None) -> str | None:
    """For a legal-action, perft or chance-outcome mismatch: the rule of the one action type
    the differing rows name (a covered rule preferred), if there is one."""
    if index is None or index >= len(case.steps) or is_rule(case.variant, case.steps[index].get("rule")):
        return None
    rules = {r for t in _types_in(diffs) if (r := action_rule(case.variant, {"type": t}, phase))}
    covered = rules & set(case.covers)
    pick = covered or rules
    return next(iter(pick)) if len(pick) == 1 else None


def _position(state: Any) -> dict[str, Any]:
    if not isinstance(state, Mapping):
        return {}
    return {k: state.get(k) for k in POSITION_KEYS}


def _show(pos: Mapping[str, Any]) -> str:
    return ", ".join(f"{k} {pos.get(k)!r}" for k in POSITION_KEYS if k in pos)


def reference_trail(case: Any, upto: int) -> list[dict] | None:
    """The reference engine's states: the start, then after each step up to ``upto`` (None if it
    cannot play the case)."""
    from riskspec.conformance.claims import _reference
    from riskspec.conformance.runner import _setup_fields
    client = _reference()
    setup = _setup_fields(case)
    r = client.request("load_state", state=case.state, **setup) if case.state is not None \
        else client.request("new_game", **setup)
    if not r.ok:
        return None
    trail = [r.result["state"]]
    for step in case.steps[:upto]:
        action = step.get("action")
        if action is not None and "error" not in step.get("expect", {}):
            r = client.request("apply", action=action)
            if not r.ok:
                return None
            trail.append(r.result["state"])
        else:
            trail.append(trail[-1])
    return trail


def upstream(case: Any, index: int,
             engine_trail: Sequence[Any]) -> tuple[int, str, dict[str, Any]] | None:
    """Where the engine left the rules' course before step ``index`` (0-based), if it did.

    ``engine_trail``: the engine's state at the start, then after each step before ``index``
    (None where the runner did not see it).  Returns the step index it parted at (-1: the
    start position), a sentence saying so, and the rules' values of the fields that differ."""
    ref = reference_trail(case, index)
    if ref is None:
        return None
    for j, (mine, theirs) in enumerate(zip(engine_trail, ref)):
        if mine is None:
            continue
        a, b = _position(mine), _position(theirs)
        if a == b:
            continue
        if j == 0:
            where = "the engine's start position"
        else:
            act = case.steps[j - 1].get("action")
            where = f"after step {j}" + (f" ({action_key(act)})" if act else "")
        diff = {k: a[k] for k in POSITION_KEYS if a.get(k) != b.get(k)}
        want = {k: b[k] for k in POSITION_KEYS if a.get(k) != b.get(k)}
        return j - 1, (f"upstream cause: {where} the engine has {_show(diff)} where the rules give "
                       f"{_show(want)}; the failure at step {index + 1} follows from it"), want
    return None


def statement_line(variant_id: str, rule_id: str, limit: int = 160) -> str | None:
    """The rule's statement (or the ambiguity's question) as one line."""
    v = _variant(variant_id)
    if v is None:
        return None
    text = v.rules[rule_id].statement if rule_id in v.rules else \
        v.ambiguities[rule_id].question if rule_id in v.ambiguities else None
    if text is None:
        return None
    line = " ".join(str(text).split())
    return line if len(line) <= limit else line[:limit - 1].rstrip() + "…"


def docs_page(variant_id: str, rule_id: str) -> str | None:
    """The rule's page of the rulebook site (``riskspec docs build``), relative to its root."""
    from riskspec.docsite import md
    v = _variant(variant_id)
    if v is None:
        return None
    if rule_id in v.rules:
        return md.page_of_rule(rule_id)
    if rule_id in v.ambiguities:
        return f"{md.AMBIGUITIES_PAGE}#{md.anchor_id(rule_id)}"
    return None
