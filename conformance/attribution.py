"""Which rule a failure breaks, and whether its cause lies upstream.

A case covers several rules, but it fails at one step: the report names the rule
of that step, so "Rules broken" lists what is broken, not every rule the case
touches.  In order:

1. the step's own ``rule`` field, when the vector gives one;
2. the engine accepted an action the rules forbid: the rule the vector's expected
   error cites;
3. the engine refused an action the rules allow: the refused action's rule — the rule
   its refusal cites when that is a rule the case covers or one of the action's own
   section (an engine citing an unrelated rule is not believed), else, unless it
   answered ``unsupported`` (which is about what the case covers), the rule of the
   action's type (:data:`ACTION_RULES`; a Napoléon ``occupy`` or ``invade`` that moves
   ships after a battle at sea is napoleon.naval.battle-rules', :func:`step_action_rule`);
4. an expectation failed: the rule it belongs to.  When the differing rows name action
   types — strongly (a legal action or perft first move missing or extra, an action a
   ``legal_includes``/``legal_excludes`` names), else weakly (a perft first move whose
   count differs) — the covered rule of that action type's rule section
   (``classic.attack.*`` for an attack: ``classic.attack.repeat`` when the case is about
   repeating attacks); else, for strong rows of one type, that type's rule; else the
   case's only covered rule; else the covered rule of the step's action's section;
5. otherwise the case's first covered rule (an ambiguity only if it covers no rule).

When the engine's position (phase, player to act, turn) already differs from the
rules' *before* the failing step, the failure is a symptom: :func:`upstream` replays
the case on the reference engine to find the first step after which they part, and
the failure then names that step and its rule.  The reference only locates the
cause; the verdict is always the case's own expectation.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from typing import Any

from riskspec import sitemap
from riskspec.conformance.claims import _variant as claims_variant
from riskspec.conformance.client import shared_reference_client
from riskspec.conformance.compare import action_key
from riskspec.conformance.perft import divide_rows, perft

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

#: phases whose rule is specific (entering them is what one rule says); reinforce, attack and
#: fortify are entered by the turn sequence, which says little about a case's failure
GENERIC_PHASES = ("reinforce", "attack", "fortify", "maneuver")

#: the rules that decide one observable field, per family: (field, the step's action type or
#: "*") → candidate rules, the first the case covers named (else the first of the list)
FIELD_RULES: dict[str, dict[tuple[str, str], tuple[str, ...]]] = {
    "classic": {
        ("pending.defender_dice", "*"): ("classic.attack.defender-dice",),
        ("pending.attacker_dice", "*"): ("classic.attack.attacker-dice",),
        ("pending.min", "*"): ("classic.conquest.move-in",),
        ("pending.to_place", "trade"): ("classic.cards.set-values", "classic.cards.set-value-increment",
                                        "classic.cards.set-count-global", "classic.cards.territory-bonus"),
        ("pending.to_place", "*"): ("classic.reinforce.territory-armies", "classic.reinforce.continent-bonus",
                                    "classic.reinforce.minimum", "classic.reinforce.count-time",
                                    "classic.elimination.trade-armies"),
        ("armies", "trade"): ("classic.cards.territory-bonus", "classic.cards.territory-bonus-limit"),
        ("pending.own", "*"): ("classic.setup.placement-rounds",),
        ("phase", "fortify"): ("classic.fortify.one-move", "classic.fortify.ends-turn"),
        ("discards", "*"): ("classic.cards.discards",),
        ("draw_pile", "*"): ("classic.cards.discards", "classic.cards.earn"),
        ("reserve", "setup"): ("classic.setup.starting-armies",),
        ("reserve", "setup-2p"): ("classic.two-player.starting-armies",),
        ("events.traded", "*"): ("classic.cards.set-values", "classic.cards.set-value-increment",
                                 "classic.cards.set-count-global", "classic.cards.territory-bonus",
                                 "classic.cards.territory-bonus-limit"),
    },
    "napoleon": {
        ("pending.defender_dice", "*"): ("napoleon.combat.dice",),
        ("pending.attacker_dice", "*"): ("napoleon.combat.dice",),
        ("pending.min", "*"): ("napoleon.combat.conquest",),
    },
}
SETUP_PHASES = ("first-player", "claim", "deal", "setup-place", "place-neutral", "mission")

#: the fields that say who is to act in which part of the turn
POSITION_KEYS = ("phase", "current", "turn")
#: counts of the pending step compared too when looking for an upstream cause (when both
#: states have them): a wrong reinforcement count shows only when the armies are placed
PENDING_KEYS = ("to_place", "defender_dice", "min")


@functools.cache
def _variant(variant_id: str) -> Any:
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
        rule: str | None = setup if isinstance(phase, str) and phase.startswith(("setup", "place", "claim")) \
            else reinforce
    else:
        rule = ACTION_RULES[family].get(str(kind))  # type: ignore[assignment]
    return rule if rule is not None and rule in v.rules else None


#: Napoléon action types whose rule is the naval one when they move ships, not regiments
NAVAL_MOVES = {"occupy": "napoleon.naval.battle-rules", "invade": "napoleon.naval.battle-rules"}


def _zones_of(case: Any) -> set[str]:
    """The maritime zones of the case's board (its inline map's, else its variant's)."""
    m = getattr(case, "map", None)
    if isinstance(m, Mapping):
        return {str(z.get("id")) for z in m.get("zones") or () if isinstance(z, Mapping)}
    v = _variant(case.variant)
    return set(getattr(getattr(v, "board", None), "zone_ids", ()) or ())


def is_naval_step(case: Any, index: int) -> bool:
    """Whether step ``index`` moves ships: the last attack or invasion up to it (the battle
    an ``occupy`` follows) is at sea."""
    zones = _zones_of(case)
    for step in reversed(case.steps[:index + 1]):
        act = step.get("action") or {}
        if act.get("type") in ("attack", "invade"):
            return act.get("to") in zones or act.get("from") in zones
    return False


def step_action_rule(case: Any, index: int, action: Mapping[str, Any] | None,
                     phase: Any = None) -> str | None:
    """:func:`action_rule` for an action at step ``index`` of ``case``: an ``occupy`` or
    ``invade`` that moves ships is napoleon.naval.battle-rules' (one ship stays behind, as
    that rule says), not the land rule of moving in."""
    kind = action.get("type") if isinstance(action, Mapping) else None
    if _family(case.variant) == "napoleon" and kind in NAVAL_MOVES and 0 <= index < len(case.steps) \
            and is_naval_step(case, index) and is_rule(case.variant, NAVAL_MOVES[str(kind)]):
        return NAVAL_MOVES[str(kind)]
    return action_rule(case.variant, action, phase)


def _family(variant_id: str) -> str:
    v = _variant(variant_id)
    return "napoleon" if v is not None and v.family == "napoleon" else "classic"


def _pick(case: Any, candidates: Sequence[str]) -> str | None:
    """The first candidate the case covers, else the first that is a rule of the variant."""
    covered = set(covered_rules(case))
    return next((r for r in candidates if r in covered), None) or \
        next((r for r in candidates if is_rule(case.variant, r)), None)


def reinforcement_rule(variant_id: str, event: Mapping[str, Any], actual: Any) -> str | None:
    """Which part of a turn's reinforcement count an engine got wrong, from the reference's
    ``reinforcements`` event (territories, continents held, armies) and the engine's count:
    ``classic.reinforce.continent-bonus`` when only leaving out (or adding) a continent's
    bonus explains the engine's number (or, when nothing else does, counting a held one at
    another value), ``classic.reinforce.minimum`` when only a missing or different minimum does, ``classic.reinforce.territory-armies`` when only another divisor
    or rounding of the territories does; None when no part or more than one explains it
    (15 territories and Australia: 5 is 15 ÷ 3 without the bonus, or 15 ÷ 4 with it)."""
    v = _variant(variant_id)
    if v is None or v.family != "classic" or not isinstance(actual, int) or isinstance(actual, bool):
        return None
    want, n = event.get("armies"), event.get("territories")
    if not isinstance(want, int) or not isinstance(n, int) or actual == want:
        return None
    try:
        divisor = int(v.parameters["reinforce.territory_divisor"].value)
        minimum = int(v.parameters["reinforce.minimum"].value)
    except (KeyError, TypeError, ValueError):
        return None
    bonus = {g.id: g.bonus for g in v.board.groups}
    held_ids = {str(g) for g in event.get("groups") or ()}
    held = [bonus.get(g, 0) for g in held_ids]
    total = sum(held)
    subsets = {0}
    for b in held:      # the bonus of any subset of the continents held
        subsets |= {x + b for x in subsets}
    territory = max(minimum, n // divisor)
    explained = set()
    if any(actual == territory + total - x for x in subsets if x) or \
            any(actual == territory + total + b for g, b in bonus.items() if g not in held_ids):
        explained.add("classic.reinforce.continent-bonus")
    if n // divisor < minimum and actual - total in (n // divisor, *range(0, minimum)):
        explained.add("classic.reinforce.minimum")
    others = {n // d for d in range(1, 13) if d != divisor} | {(2 * n + divisor) // (2 * divisor)}
    if any(actual == max(minimum, t) + total for t in others if max(minimum, t) != territory):
        explained.add("classic.reinforce.territory-armies")
    if not explained and any(0 < abs(actual - territory - total) < b for b in held):
        explained.add("classic.reinforce.continent-bonus")   # nothing else: a held continent counted off
    return explained.pop() if len(explained) == 1 else None


def set_value_rule(variant_id: str, number: int) -> str:
    """The rule deciding the value of the ``number``-th set traded (1-based): the table of
    set values up to its length, the increment after it."""
    v = _variant(variant_id)
    family = v.family if v is not None else variant_id.split("-")[0]
    if family != "classic":
        return f"{family}.cards.set-values"
    try:
        table = v.parameters["cards.set_values"].value
    except (AttributeError, KeyError):
        table = None
    if isinstance(table, list) and number > len(table):
        return "classic.cards.set-value-increment"
    return "classic.cards.set-values"


def field_rule(case: Any, index: int, diffs: Sequence[Mapping[str, Any]], phase: Any = None) -> str | None:
    """The rule that decides the first differing field the step's diffs name, when one rule
    does (:data:`FIELD_RULES`, a specific phase of :data:`PHASE_RULES`); None otherwise."""
    family = _family(case.variant)
    table = FIELD_RULES[family]
    step = case.steps[index] if 0 <= index < len(case.steps) else {}
    kind = str((step.get("action") or {}).get("type", ""))
    setup = (isinstance(phase, str) and phase in SETUP_PHASES) or kind in SETUP_PHASES
    found: list[str] = []   # one candidate per differing field; the first the case covers wins
    for d in diffs:
        path = str(d.get("path", ""))
        rules: Sequence[str] | None = None
        if path == "$.state.phase" and isinstance(d.get("expected"), str):
            if d["expected"] not in GENERIC_PHASES:
                rules = [r] if (r := PHASE_RULES[family].get(d["expected"])) else None
            else:
                rules = table.get(("phase", kind))
        elif path.startswith("$.state.pending."):
            key = "pending." + path.removeprefix("$.state.pending.").split(".", 1)[0].split("[", 1)[0]
            rules = table.get((key, kind)) or table.get((key, "*"))
        elif path.startswith("$.state.territories.") and path.endswith(".armies"):
            rules = table.get(("armies", kind))
        elif path.startswith("$.state.players[") and path.endswith(".reserve") and setup:
            rules = table.get(("reserve", "setup-2p" if case.players == 2 else "setup"))
        elif path.startswith("$.events") and "traded" in str(d.get("expected")):
            rules = table.get(("events.traded", "*"))
        elif path.startswith("$.state."):
            top = path.removeprefix("$.state.").split(".", 1)[0].split("[", 1)[0]
            rules = table.get((top, kind)) or table.get((top, "*"))
        pick = _pick(case, rules) if rules else None
        if pick:
            found.append(pick)
    covered = set(case.covers)
    return next((r for r in found if r in covered), found[0] if found else None)


def first_rule(case: Any) -> str:
    """The case's first covered rule (an ambiguity only when it covers no rule)."""
    rules = covered_rules(case)
    return rules[0] if rules else (case.covers[0] if case.covers else "?")


def covered_rules(case: Any) -> list[str]:
    """The rules (not ambiguities) the case covers, in its order."""
    v = _variant(case.variant)
    return [c for c in case.covers if v is None or c in v.rules]


def section_of(rule_id: str) -> str:
    """``classic.attack`` for ``classic.attack.repeat``."""
    return rule_id.rsplit(".", 1)[0]


#: action types whose rule is exactly what a missing or extra one of them breaks (an
#: end-attack missing: attacking is not optional), never another rule of its section
SPECIFIC_TYPES = frozenset({"end-attack", "end-turn", "defend", "first-player", "draw", "epidemic",
                            "keep-roll", "reroll", "ransom"})


def covered_for(case: Any, rule: str | None, *, section: bool = True) -> str | None:
    """The case's covered rule that ``rule`` stands for: itself, else (unless not ``section``)
    the one covered rule of its section (the first, if several)."""
    if rule is None:
        return None
    rules = covered_rules(case)
    if rule in rules:
        return rule
    return next((r for r in rules if section_of(r) == section_of(rule)), None) if section else None


def failing_rule(case: Any, index: int | None, *, accepted_forbidden: bool = False,
                 refusal: Mapping[str, Any] | None = None, phase: Any = None,
                 diffs: Sequence[Mapping[str, Any]] = (), probe: Mapping[str, Any] | None = None) -> str:
    """The rule the failure at step ``index`` breaks (see the module docstring)."""
    first = first_rule(case)
    if index is None or index >= len(case.steps):
        return first
    step = case.steps[index]
    if is_rule(case.variant, step.get("rule")):
        return str(step["rule"])
    act = step_action_rule(case, index, step.get("action"), phase)
    if accepted_forbidden:
        cited = (step.get("expect", {}).get("error") or {}).get("rule")
        return str(cited) if is_rule(case.variant, cited) else covered_for(case, act) or first
    if refusal is not None:
        cited = refusal.get("rule")
        if is_rule(case.variant, cited) and (cited in case.covers or act is None
                                            or section_of(str(cited)) == section_of(act)):
            return str(cited)
        if refusal.get("kind") == "unsupported":  # the engine lacks what the case is about
            return first
        return act or first
    return expectation_rule(case, index, diffs, phase, probe) or first


def expectation_rule(case: Any, index: int, diffs: Sequence[Mapping[str, Any]],
                     phase: Any = None, probe: Mapping[str, Any] | None = None) -> str | None:
    """The rule a failed expectation of step ``index`` belongs to (step 4 of the module
    docstring); None: the case's first rule.  ``probe``: the engine's refusal of an action
    the rules allow there and it did not list (see :func:`probe_missing`)."""
    step = case.steps[index]
    strong, weak = _types_in(diffs)
    rules = covered_rules(case)
    if probe is not None and is_rule(case.variant, probe.get("rule")):
        cited, act = str(probe["rule"]), step_action_rule(case, index, probe.get("action"), phase)
        if cited in case.covers or (act is not None and section_of(cited) == section_of(act)):
            return cited
    by_field = field_rule(case, index, diffs, phase)
    for n, (types, last_resort) in enumerate(((strong, False), (weak, True))):
        typed = {t: r for t in types if (r := step_action_rule(case, index, {"type": t}, phase))}
        named = set(typed.values())
        hit = next((c for t, r in sorted(typed.items())
                    if (c := covered_for(case, r, section=t not in SPECIFIC_TYPES))), None)
        if hit:
            return hit
        if n == 0 and by_field:   # a field one rule decides
            return by_field
        if last_resort and len(rules) == 1:  # the case is about one rule: the counts are its
            return rules[0]
        if len(named) == 1:      # a move of one other type missing or extra: that type's rule
            return named.pop()
    if len(rules) == 1:
        return rules[0]
    return covered_for(case, step_action_rule(case, index, step.get("action"), phase))


def parse_action_key(key: str) -> dict[str, Any] | None:
    """The action an :func:`~riskspec.conformance.compare.action_key` names, when it can be read
    back (``attack dice=1 from=a to=b``); None otherwise."""
    head, *fields = key.split(" ")
    action: dict[str, Any] = {"type": head}
    for f in fields:
        name, sep, text = f.partition("=")
        if not sep or not name:
            return None
        if text == "None":
            action[name] = None
        elif "," in text:
            action[name] = [int(x) if x.lstrip("-").isdigit() else x for x in text.split(",")]
        else:
            action[name] = int(text) if text.lstrip("-").isdigit() else text
    return action if action_key(action) == key else None


def probe_missing(client: Any, case: Any, index: int | None,
                  diffs: Sequence[Mapping[str, Any]]) -> dict[str, Any] | None:
    """Ask the engine to play the first action the rules allow at the failing step but its
    legal actions lack: its refusal (with ``action``) says which rule it applies, or None.
    Only a diagnosis, after the verdict: the case has failed and ends here."""
    if index is None or index >= len(case.steps):
        return None
    exp = case.steps[index].get("expect") or {}
    absent = {str(d.get("expected", "")).removeprefix("includes ") for d in diffs
              if str(d.get("expected", "")).startswith("includes ")}
    absent |= {r.removeprefix("missing:").strip() for d in diffs for r in d.get("divide") or []
               if isinstance(r, str) and r.startswith("missing:")}
    listed = [*exp.get("legal_includes", []), *exp.get("legal", [])]
    action = next((a for a in listed if isinstance(a, Mapping) and action_key(a) in absent), None)
    if action is None:  # a perft's first move missing (located against the reference): from its key
        keys = [r.split(": missing", 1)[0] for d in diffs for r in d.get("divide") or []
                if isinstance(r, str) and ": missing  (expected" in r]
        action = parse_action_key(keys[0]) if keys else None
    if action is None:
        return None
    r = client.request("apply", action=dict(action))
    if r.ok or not isinstance(r.error, Mapping) or r.error.get("kind") in ("internal", "unsupported"):
        return None
    return {**dict(r.error), "action": dict(action)}


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
    family = _family(case.variant)
    if expected:
        if "phase" in expected:
            by_phase = PHASE_RULES[family].get(str(expected["phase"]))
            if by_phase and is_rule(case.variant, by_phase):
                return by_phase
        counts = [{"path": f"$.state.pending.{k}", "expected": expected[k]} for k in PENDING_KEYS
                  if k in expected]
        by_count = field_rule(case, index, counts, phase) if counts else None
        if by_count:
            return by_count
        if ("current" in expected or "turn" in expected) and is_rule(case.variant, TURN_RULES[family]):
            return TURN_RULES[family]
    return action_rule(case.variant, step.get("action"), phase) or first


def _types_in(diffs: Sequence[Mapping[str, Any]]) -> tuple[set[str], set[str]]:
    """Action types named by legal-action, perft and outcome diffs: (strong, weak).  Strong:
    an action missing or extra, or named by a legal_includes/excludes expectation; weak: a
    first move whose perft count differs (the difference may lie deeper, under another
    action type)."""
    strong: set[str] = set()
    weak: set[str] = set()

    def head(row: str) -> str:
        for prefix in ("missing:", "extra:"):
            row = row.removeprefix(prefix)
        return row.strip().split(" ", 1)[0].rstrip(":")

    for d in diffs:
        for r in d.get("divide") or []:
            if not isinstance(r, str):
                continue
            if r.startswith(("missing:", "extra:")) or ": missing  (expected" in r or "(expected none)" in r:
                strong.add(head(r))
            elif "(expected" in r:
                weak.add(head(r))
        if isinstance(d.get("expected"), str) and d["expected"].startswith(("includes ", "excludes ")):
            strong.add(head(d["expected"].split(" ", 1)[1]))
    strong.discard("")
    weak.discard("")
    return strong, weak - strong


def rule_from_diffs(case: Any, index: int | None, diffs: Sequence[Mapping[str, Any]],
                    phase: Any = None) -> str | None:
    """For a legal-action, perft or chance-outcome mismatch at step ``index``: the rule the
    expectation belongs to (see :func:`expectation_rule`), None when the diffs name no action."""
    if index is None or index >= len(case.steps) or is_rule(case.variant, case.steps[index].get("rule")):
        return None
    strong, weak = _types_in(diffs)
    return expectation_rule(case, index, diffs, phase) if strong or weak else None


def _position(state: Any) -> dict[str, Any]:
    if not isinstance(state, Mapping):
        return {}
    raw = state.get("pending")
    pending: Mapping[str, Any] = raw if isinstance(raw, Mapping) else {}
    return {k: state.get(k) for k in POSITION_KEYS} | {k: pending[k] for k in PENDING_KEYS if k in pending}


def _show(pos: Mapping[str, Any]) -> str:
    return ", ".join(f"{'pending.' if k in PENDING_KEYS else ''}{k} {pos.get(k)!r}"
                     for k in (*POSITION_KEYS, *PENDING_KEYS) if k in pos)


def reference_trail(case: Any, upto: int) -> list[dict] | None:
    """The reference engine's states: the start, then after each step up to ``upto`` (None if it
    cannot play the case)."""
    client = shared_reference_client()
    setup = case.setup_fields()
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


def located_divide(case: Any, index: int | None, diffs: Sequence[Mapping[str, Any]]) -> list[dict]:
    """For a perft mismatch whose vector states no divide: the engine's divide against the
    reference's at the same step, as rows that say which first move differs (for
    attribution only; the verdict is the vector's leaf count)."""
    out: list[dict] = []
    if index is None:
        return out
    for d in diffs:
        m = re.fullmatch(r"\$\.perft\(depth=(\d+)\)", str(d.get("path", "")))
        rows = [r for r in d.get("divide") or [] if isinstance(r, str)]
        if m is None or not rows or any("(expected" in r for r in rows):
            continue
        actual: dict[str, int] = {}
        for r in rows:
            key, _, n = r.rpartition(": ")
            if key and n.isdigit():
                actual[key] = int(n)
        trail = reference_trail(case, index + 1)
        if trail is None:
            continue
        _, divide = perft(shared_reference_client(), case.setup_fields(), trail[-1], int(m.group(1)))
        out.append({"path": d["path"], "divide": divide_rows(divide, actual)})
    return out


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
        keys = [*POSITION_KEYS, *(k for k in PENDING_KEYS if k in a and k in b)]
        differ = [k for k in keys if a.get(k) != b.get(k)]
        if not differ:
            continue
        if j == 0:
            where = "the engine's start position"
        else:
            act = case.steps[j - 1].get("action")
            where = f"after step {j}" + (f" ({action_key(act)})" if act else "")
        diff = {k: a.get(k) for k in differ}
        want = {k: b.get(k) for k in differ}
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
    v = _variant(variant_id)
    if v is None:
        return None
    if rule_id in v.rules:
        return sitemap.page_of_rule(rule_id)
    if rule_id in v.ambiguities:
        return f"{sitemap.AMBIGUITIES_PAGE}#{sitemap.anchor_id(rule_id)}"
    return None


def failure_lines(f: Mapping[str, Any], *, markdown: bool = False) -> list[tuple[str, str]]:
    """(label, text) lines of a failure's rule, its statement, docs page and rerun command."""
    q = (lambda t: f"`{t}`") if markdown else (lambda t: t)
    out = []
    if f.get("rule"):
        out.append(("rule broken", q(f["rule"]) + (f" — {f['rule_statement']}" if f.get("rule_statement")
                                                   else "")))
    if f.get("docs"):
        out.append(("docs", q(f["docs"]) + " (rulebook site: `riskspec docs build`)" if markdown
                    else f"{f['docs']} (rulebook site; or: riskspec explain {f.get('rule', '')})"))
    if f.get("rerun"):
        out.append(("rerun", q(f["rerun"])))
    return out
