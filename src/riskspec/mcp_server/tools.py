"""What ``riskspec mcp`` answers, as plain functions (no MCP import: testable alone).

Every answer is JSON-ready and quotes its sources: a rule or an ambiguity comes with its
citations (source ID, title, passage); a refused action with the rule that forbids it;
odds as exact fractions with their decimal value.  Errors are :class:`RiskspecError`
subclasses with one clear line (the server turns them into tool errors).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from riskspec import model as m
from riskspec.errors import ActionError, OptionError, RiskspecError, UnknownIdError
from riskspec.limits import MAX_JSON_CHARS, MAX_QUERY_CHARS, MAX_QUERY_WORDS, MAX_SEED
from riskspec.loading import load_spec
from riskspec.wording import players_words

_WORD = re.compile(r"[a-z0-9]+")


def _spec() -> m.Spec:
    return load_spec()


def _cite(spec: m.Spec, c: m.Citation) -> dict[str, Any]:
    src = spec.sources.get(c.source)
    out: dict[str, Any] = {"source": c.source, "title": src.title if src else None,
                           "passage": c.passage}
    if c.note:
        out["note"] = c.note
    return out


def _variants_of_rule(spec: m.Spec, rule_id: str) -> list[str]:
    return [v.id for v in spec.variants.values() if rule_id in v.rules]


def _check_variant(spec: m.Spec, variant: str | None) -> None:
    if variant is not None and variant not in spec.variants:
        raise UnknownIdError("variant", variant, m.closest(variant, list(spec.variants)))


def list_variants() -> list[dict[str, Any]]:
    """Every variant: ID, title, players, map, number of rules and ambiguities."""
    return [{"id": v.id, "title": v.title, "family": v.family,
             "players": [v.min_players, v.max_players], "map": v.board.id,
             "rules": len(v.rules), "ambiguities": len(v.ambiguities)}
            for v in _spec().variants.values()]


def search_rules(query: str, variant: str | None = None, limit: int = 10) -> list[dict[str, Any]]:
    """Rules and ambiguities matching the words of ``query`` (IDs, titles, statements,
    readings), best first; each with its citations.  ``variant`` keeps those of one variant."""
    spec = _spec()
    _check_variant(spec, variant)
    if not isinstance(query, str) or len(query) > MAX_QUERY_CHARS:
        raise OptionError(f"search_rules takes a query of at most {MAX_QUERY_CHARS:,} "
                          f"characters, not {len(query) if isinstance(query, str) else query!r:.40}")
    words = set(_WORD.findall(query.lower()))
    if not words:
        raise OptionError("search_rules needs at least one word to look for")
    if len(words) > MAX_QUERY_WORDS:
        raise OptionError(f"search_rules looks for at most {MAX_QUERY_WORDS} different words, "
                          f"not {len(words):,}: shorten the query")
    limit = _bounded_int(limit, "limit", 1, 50)
    scored: list[tuple[float, str, dict[str, Any]]] = []
    for rule in spec.rules.values():
        if variant and variant not in _variants_of_rule(spec, rule.id):
            continue
        score = _score(words, rule.id, rule.title, rule.statement)
        if score:
            scored.append((score, rule.id, {
                "kind": "rule", "id": rule.id, "title": rule.title,
                "statement": rule.statement.strip(),
                "sources": [_cite(spec, c) for c in rule.sources],
                "ambiguities": list(rule.ambiguities)}))
    for amb in spec.ambiguities.values():
        if variant and variant not in amb.resolutions:
            continue
        text = " ".join([amb.question] + [r.statement for r in amb.readings])
        score = _score(words, amb.id, amb.title, text)
        if score:
            scored.append((score, amb.id, {
                "kind": "ambiguity", "id": amb.id, "title": amb.title,
                "question": amb.question.strip(),
                "readings": [r.id for r in amb.readings],
                "sources": [_cite(spec, c) for r in amb.readings for c in r.sources]}))
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [hit for _, _, hit in scored[:limit]]


def _score(words: set[str], ident: str, title: str, text: str) -> float:
    in_id = set(_WORD.findall(ident.lower()))
    in_title = set(_WORD.findall(title.lower()))
    body = _WORD.findall(text.lower())
    found = sum(1 for w in words if w in in_id or w in in_title or w in body)
    if found == 0:
        return 0.0
    return (found * 10 + 3 * len(words & in_id) + 2 * len(words & in_title)
            + sum(body.count(w) for w in words) / (1 + len(body)))


def explain_rule(rule_id: str) -> dict[str, Any]:
    """One rule in full: first in players' words (numbers filled in from ``numbers_as_in``,
    the base variant), then the implementer's statement (our own words), parameters with their value in each
    variant, citations, the ambiguities it touches, the variants that have it."""
    spec = _spec()
    rule = spec.rules.get(rule_id)
    if rule is None:
        raise UnknownIdError("rule", rule_id, m.closest(rule_id, list(spec.rules)))
    variants = _variants_of_rule(spec, rule.id)
    params = {pk: {vid: _jsonable(spec.variants[vid].resolve().params.get(pk))
                   for vid in variants} for pk in rule.parameters}
    first = next((spec.variants[v] for v in variants if spec.variants[v].extends is None),
                 spec.variants[variants[0]] if variants else None)
    told = (players_words(rule.statement.strip(), params=first.resolve().params, spec=spec)
            if first is not None else rule.statement.strip())
    return {"id": rule.id, "title": rule.title, "in_players_words": told,
            "numbers_as_in": first.id if first is not None else None,
            "statement": rule.statement.strip(), "parameters": params, "sources": [_cite(spec, c) for c in rule.sources],
            "reconstructed": rule.reconstructed,
            "ambiguities": [{"id": a, "title": spec.ambiguities[a].title}
                            for a in rule.ambiguities if a in spec.ambiguities],
            "variants": variants, "testable": rule.testable, "notes": rule.notes}


def explain_ambiguity(ambiguity_id: str) -> dict[str, Any]:
    """One ambiguity: the question, each reading with where it comes from, and the
    reading each variant takes (and why)."""
    spec = _spec()
    amb = spec.ambiguities.get(ambiguity_id)
    if amb is None:
        raise UnknownIdError("ambiguity", ambiguity_id,
                             m.closest(ambiguity_id, list(spec.ambiguities)))
    return {"id": amb.id, "title": amb.title, "question": amb.question.strip(),
            "rules": list(amb.rules),
            "readings": [{"id": r.id, "statement": r.statement.strip(),
                          "parameters": {k: _jsonable(v) for k, v in r.parameters.items()},
                          "sources": [_cite(spec, c) for c in r.sources], "basis": r.basis}
                         for r in amb.readings],
            "resolutions": {vid: {"reading": res.reading, "why": res.why}
                            for vid, res in amb.resolutions.items()},
            "as_option": f"{amb.id}=<reading>"}


def battle_odds(attackers: int, defenders: int, variant: str = "classic",
                defender_policy: str = "max", options: Mapping[str, str] | None = None
                ) -> dict[str, Any]:
    """Exact odds of one battle fought to the end: P(conquer), expected losses, and the
    distribution of the end (``attackers`` counts every army in the attacking territory,
    one of which stays behind)."""
    from riskspec.reference.odds import CONVENTION, BattleChain, load_rules
    spec = _spec()
    _check_variant(spec, variant)
    from riskspec.reference.odds import check_armies
    check_armies(attackers, "attackers")
    check_armies(defenders, "defenders")
    rules = load_rules(variant, dict(options or {}))
    odds = BattleChain(rules, defender_policy).battle(attackers, defenders)
    ends = sorted(odds.outcomes.items(), key=lambda kv: -kv[1])
    return {"variant": variant, "attackers": attackers, "defenders": defenders,
            "defender_policy": defender_policy, "convention": CONVENTION,
            "p_conquer": _frac(odds.p_conquer),
            "expected_attacker_losses": _frac(odds.expected_attacker_losses),
            "expected_defender_losses": _frac(odds.expected_defender_losses),
            "most_likely_ends": [{"attacker_left": a, "defender_left": d, **_frac(p)}
                                 for (a, d), p in ends[:10]],
            "rules": rules.to_json()}


def sample_position(variant: str = "classic", players: int = 3, seed: int = 0,
                    turn: int = 1, options: Mapping[str, str] | None = None) -> dict[str, Any]:
    """A position to reason about: a seeded random game played until ``turn`` begins
    (riskspec/state@1 JSON), with the player to act and some of their legal actions."""
    from riskspec.reference import driver as D
    from riskspec.reference import engine as E
    _bounded_int(turn, "turn", 0, 200)
    from riskspec.loading.params import get_player_bounds
    _bounded_int(players, "players", *get_player_bounds())
    _bounded_int(seed, "seed", 0, MAX_SEED)
    state = E.new_game(variant, players, dict(options or {}))
    state = D.play_until(state, lambda s: E.to_dict(s)["turn"] >= turn
                         and E.current_player(s) >= 0, random.Random(seed))
    data = E.to_dict(state)
    return {"state": data, "notation": _notation(data), **_to_act(state)}


def _notation(data: Mapping[str, Any]) -> str | None:
    """The position notation of a state's JSON (docs/notation.md), or None if it has none."""
    from riskspec.notation import NotationError, write
    try:
        return write(data)
    except NotationError:
        return None


def _load_state(value: Mapping[str, Any] | str) -> Any:
    """A state given as its JSON (object or text) or as a position notation line."""
    from riskspec import notation as N
    if isinstance(value, str) and N.looks_like_notation(value):
        if len(value) > MAX_JSON_CHARS:
            raise OptionError(f"state is {len(value):,} characters, more than the "
                              f"{MAX_JSON_CHARS:,} this tool reads")
        return N.read(value)
    return _load_json(value, "state")


def _to_act(state: Any) -> dict[str, Any]:
    from riskspec.reference import engine as E
    who = E.current_player(state)
    legal = E.legal_actions(state)
    return {"to_act": {E.CHANCE: "chance", E.TERMINAL: "nobody (game over)"}.get(who, who),
            "legal_actions": legal[:30], "legal_count": len(legal)}


def check_action(state: Mapping[str, Any] | str, action: Mapping[str, Any] | str
                 ) -> dict[str, Any]:
    """Whether ``action`` is legal in ``state`` (riskspec/state@1 JSON, or its one-line
    position notation).  Legal: the events it causes and the resulting position (``state``,
    riskspec/state@1, and ``notation``, either ready to pass back in) with its hash.  Not:
    the reason, its code, and the rule that forbids it (statement and citations)."""
    from riskspec.reference import engine as E
    state_obj = _load_state(state)
    action_obj = _load_json(action, "action")
    s = E.from_dict(state_obj)
    try:
        after, events = E.apply(s, action_obj)
    except ActionError as exc:
        out: dict[str, Any] = {"legal": False, "kind": type(exc).__name__, "code": exc.code,
                               "message": str(exc)}
        if exc.rule:
            spec = _spec()
            rule = spec.rules.get(exc.rule)
            out["rule"] = {"id": exc.rule, "title": rule.title if rule else None,
                           "statement": rule.statement.strip() if rule else None,
                           "sources": [_cite(spec, c) for c in rule.sources] if rule else []}
        legal = E.legal_actions(s)
        out["legal_here"] = legal[:20]
        out["legal_count"] = len(legal)
        return out
    data = E.to_dict(after)
    return {"legal": True, "events": events, "state": data, "notation": _notation(data),
            "state_hash": E.state_hash(after), "after": _to_act(after)}


def legal_actions(state: Mapping[str, Any] | str, limit: int = 100) -> dict[str, Any]:
    """The legal actions in ``state`` (riskspec/state@1 JSON, or its one-line position
    notation; canonical order), or the chance outcomes with their exact probabilities at a
    chance node."""
    from riskspec.reference import engine as E
    s = E.from_dict(_load_state(state))
    limit = _bounded_int(limit, "limit", 1, 1000)
    out = _to_act(s)
    out["notation"] = _notation(E.to_dict(s))
    out["legal_actions"] = E.legal_actions(s)[:limit]
    outcomes = E.chance_outcomes(s)
    if outcomes:
        out["chance_outcomes"] = [{"outcome": o, **_frac(p)} for o, p in outcomes[:limit]]
        out["chance_count"] = len(outcomes)
    return out


def _bounded_int(value: object, name: str, low: int, high: int) -> int:
    """``value`` as a whole number from ``low`` to ``high``; a bool (``true`` is not 1), a
    float or a number out of range is refused with the bound."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise OptionError(f"{name} is a whole number from {low} to {high:,}, not {value!r:.40}")
    return value


def _load_json(value: Mapping[str, Any] | str, name: str) -> Any:
    if isinstance(value, str):
        if len(value) > MAX_JSON_CHARS:
            raise OptionError(f"{name} is {len(value):,} characters of JSON, more than the "
                              f"{MAX_JSON_CHARS:,} this tool reads")
        try:
            return json.loads(value)
        except (ValueError, RecursionError) as exc:
            raise OptionError(f"{name} is not valid JSON: {str(exc)[:200]}") from None
    if not isinstance(value, Mapping):
        raise OptionError(f"{name} is a JSON object (or its text), not {type(value).__name__}")
    return dict(value)


def _frac(p: Fraction) -> dict[str, Any]:
    return {"exact": f"{p.numerator}/{p.denominator}", "decimal": float(p)}


def _jsonable(v: Any) -> Any:
    try:
        json.dumps(v)
        return v
    except TypeError:
        return json.loads(json.dumps(v, default=lambda x: dict(x) if isinstance(x, Mapping)
                                     else list(x) if isinstance(x, (tuple, set)) else str(x)))


TOOLS = (list_variants, search_rules, explain_rule, explain_ambiguity, battle_odds,
         sample_position, check_action, legal_actions)

_ = RiskspecError  # the root every tool error derives from
