"""The riskspec engine protocol (``riskspec/1``): JSON Lines over stdin/stdout.

The engine writes one handshake line when it starts, then answers each request
line with exactly one response line carrying the request's ``id``::

    engine → {"protocol": "riskspec/1", "engine": {"name": …, "version": …}, "capabilities": {…}}
    suite  → {"id": 1, "op": "new_game", "variant": "classic", "players": 3, "options": {}}
    engine → {"id": 1, "ok": true, "result": {"state": {…}}}
    suite  → {"id": 2, "op": "apply", "action": {"type": "attack", …}}
    engine → {"id": 2, "ok": false, "error": {"kind": "illegal-action", "code": "…", "rule": "…", "message": "…"}}

See ``docs/protocol.md`` for the full guide; the schemas are
``schemas/protocol-{handshake,request,response}.schema.json``.
"""

from __future__ import annotations

import fnmatch
import functools
import json
import math
from collections.abc import Iterable, Mapping
from typing import Any

from riskspec.validation import is_surely_valid, validator

PROTOCOL = "riskspec/1"

OPS = ("new_game", "load_state", "apply", "legal_actions", "chance_outcomes", "state", "quit")

#: error kinds an engine may answer with
ERROR_KINDS = ("illegal-action", "invalid-action", "invalid-state", "unsupported",
               "bad-request", "internal")

#: result shape each op must have (a $defs entry of the response schema)
RESULT_DEFS = {
    "new_game": "result_new_game",
    "load_state": "result_new_game",
    "apply": "result_apply",
    "legal_actions": "result_legal_actions",
    "chance_outcomes": "result_chance_outcomes",
    "state": "result_state",
}

HANDSHAKE_SCHEMA = "protocol-handshake.schema.json"
REQUEST_SCHEMA = "protocol-request.schema.json"
RESPONSE_SCHEMA = "protocol-response.schema.json"


#: the deepest JSON nesting (objects and arrays) either side accepts on one line
MAX_DEPTH = 64


def dumps(obj: Any) -> str:
    """One protocol line (no trailing newline): compact, UTF-8, keys in insertion order,
    strict JSON (NaN and Infinity refused)."""
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


class LineError(ValueError):
    """A protocol line that is not strict, bounded JSON; ``code`` says how."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON (strict JSON has no NaN or Infinity)")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"number {text[:40]} is out of range")
    return value


def too_deep(obj: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether a parsed JSON value nests objects/arrays deeper than ``limit`` (no recursion)."""
    if type(obj) is not dict and type(obj) is not list:
        return False
    stack = [(obj, 1)]
    while stack:
        o, d = stack.pop()
        if d > limit:
            return True
        for v in (o.values() if type(o) is dict else o):
            if type(v) is dict or type(v) is list:
                stack.append((v, d + 1))
    return False


def strict_loads(line: str, *, max_depth: int = MAX_DEPTH) -> Any:
    """Parse one protocol line: strict JSON (no NaN/Infinity, finite numbers), nesting at most
    ``max_depth``. Raises :class:`LineError` (never RecursionError)."""
    try:
        obj = json.loads(line, parse_constant=_no_constant, parse_float=_finite_float)
    except RecursionError:
        raise LineError("too-deep", f"nested deeper than this parser goes (limit {max_depth} "
                                    f"levels)") from None
    except ValueError as exc:
        raise LineError("not-json", f"not JSON: {str(exc)[:160]}") from None
    if too_deep(obj, max_depth):
        raise LineError("too-deep", f"nested deeper than {max_depth} levels")
    return obj


def is_valid_id(rid: Any) -> bool:
    """Whether ``rid`` is a request id a response may echo (a JSON integer >= 0, not a boolean)."""
    return type(rid) is int and 0 <= rid < 1 << 63


def schema_errors(schema: str, obj: Any, limit: int = 3) -> list[str]:
    """Messages (with JSON paths) of the first ``limit`` schema errors, best first."""
    out: list[str] = []
    if is_surely_valid(schema, obj):
        return out
    for err in sorted(validator(schema).iter_errors(obj), key=lambda e: list(e.absolute_path)):
        path = "$" + "".join(f"[{p!r}]" if isinstance(p, int) else f".{p}" for p in err.absolute_path)
        msg = err.message if len(err.message) < 200 else err.message[:200] + " …"
        out.append(f"{path}: {msg}")
        if len(out) >= limit:
            break
    return out


def result_errors(op: str, result: Any) -> list[str]:
    """Schema errors of an ok response's ``result`` for ``op``."""
    name = RESULT_DEFS.get(op)
    if name is None:
        return []
    out = [] if is_surely_valid(RESPONSE_SCHEMA, result, f"/$defs/{name}") else [
        f"$.result{''.join('.' + str(p) for p in e.absolute_path)}: {e.message[:200]}"
        for e in _result_validator(name).iter_errors(result)][:3]
    if not out and op == "apply" and result["state"].get("format") == STATE_FORMAT:
        events = validator("event.schema.json")  # riskspec states come with riskspec events
        by_type = _event_validators()
        for i, ev in enumerate(result["events"]):
            if is_surely_valid("event.schema.json", ev):
                continue
            one = by_type.get(ev.get("type")) if type(ev.get("type")) is str else None
            err = next((one or events).iter_errors(ev), None)
            if err is not None:
                out.append(f"$.result.events[{i}] ({str(ev.get('type'))[:40]}): "
                           f"not a riskspec event: {err.message[:200]}")
    return out[:3]


STATE_FORMAT = "riskspec/state@1"


@functools.cache
def _event_validators() -> dict[str, Any]:
    """Event type → the validator of that type's alternative in the ``oneOf`` of
    ``event.schema.json``.  The alternatives' ``type`` constants are distinct, so an event of
    a listed type is valid under the ``oneOf`` exactly when it is valid under its own
    alternative: checking that one (not all 54) gives the same verdict, faster.  Empty (the
    whole schema is used) if the constants were ever not distinct."""
    from jsonschema import Draft202012Validator

    from riskspec.validation import load_schema, registry
    alternatives = load_schema("event.schema.json")["oneOf"]
    consts = [alt.get("properties", {}).get("type", {}).get("const") for alt in alternatives]
    if None in consts or len(set(consts)) != len(consts):
        return {}
    return {c: Draft202012Validator(alt, registry=registry()) for c, alt in zip(consts, alternatives)}


@functools.cache
def _result_validator(name: str) -> Any:
    """The validator of one ``$defs`` entry of the response schema."""
    from jsonschema import Draft202012Validator
    root: Any = validator(RESPONSE_SCHEMA).schema
    schema = root["$defs"][name]
    return Draft202012Validator(schema)


class Capabilities:
    """What an engine claims, from its handshake, with the matching rules the suite applies."""

    def __init__(self, handshake: Mapping[str, Any]) -> None:
        self.handshake = dict(handshake)
        caps = handshake.get("capabilities", {})
        self.engine_name = str(handshake.get("engine", {}).get("name", "?"))
        self.engine_version = str(handshake.get("engine", {}).get("version", "?"))
        self.variants = tuple(caps.get("variants", ()))
        self.ops = tuple(caps.get("ops", ()))
        self.options = caps.get("options", {})
        self.rules = caps.get("rules", ())
        self.maps = tuple(caps.get("maps", ("standard",)))
        self.missions = tuple(caps.get("missions", ("standard",)))
        #: player counts: None (any), a list for every variant, or variant -> list
        self.players = caps.get("players")

    @property
    def label(self) -> str:
        return f"{self.engine_name} {self.engine_version}"

    def claims_rule(self, rule_id: str) -> bool:
        if self.rules == "*":
            return True
        return any(pat == "*" or fnmatch.fnmatchcase(rule_id, pat) for pat in self.rules)

    def plays_count(self, variant: str, players: int) -> bool:
        """Whether the engine plays ``players`` players in ``variant`` (handshake ``players``)."""
        counts = self.players
        if isinstance(counts, Mapping):
            counts = counts.get(variant)
        if not isinstance(counts, (list, tuple)):
            return True
        return players in counts

    def claims_option(self, option: str, choice: str) -> bool:
        """Whether the engine lists ``option`` with ``choice`` (a case that sets it needs this)."""
        if self.options == "*":
            return True
        allowed = self.options.get(option) if isinstance(self.options, Mapping) else None
        if allowed is None:
            return False
        return allowed == "*" or choice in allowed

    def claims_reading(self, ambiguity: str, reading: str) -> bool:
        """Whether the engine plays ``reading`` of ``ambiguity`` when a case does not set it:
        listed with that reading, or not listed at all (then it plays the variant's resolution,
        which is what ``reading`` is for such a case)."""
        if self.options == "*":
            return True
        if not isinstance(self.options, Mapping) or ambiguity not in self.options:
            return True
        return self.claims_option(ambiguity, reading)

    def unclaimed(self, *, variant: str, options: Mapping[str, str], covers: Iterable[str],
                  ops: Iterable[str], inline_map: bool,
                  inline_missions: bool = False, readings: Mapping[str, str] | None = None,
                  ambiguities: Iterable[str] = (), players: int | None = None) -> list[str]:
        """Why a case is not claimed (empty list: the engine claims everything it needs).

        ``options`` are the case's own settings (each must be listed in the handshake);
        ``readings`` the default readings of the other ambiguities its rules touch (each must
        be claimed, see :meth:`claims_reading`); ``ambiguities`` the covered IDs that are
        ambiguities: claimed by their reading, never as rules."""
        why = []
        if variant not in self.variants:
            why.append(f"variant {variant}")
        for op in sorted(set(ops)):
            if op not in self.ops:
                why.append(f"op {op}")
        for key, choice in sorted(options.items()):
            if not self.claims_option(key, choice):
                why.append(f"{key}={choice}")
        for key, choice in sorted((readings or {}).items()):
            if key not in options and not self.claims_reading(key, choice):
                why.append(f"{key}={choice}")
        if players is not None and not self.plays_count(variant, players):
            why.append(f"players {players}")
        if inline_map and "inline" not in self.maps:
            why.append("inline maps")   # the engine plays the printed boards only
        if inline_missions and "inline" not in self.missions:
            why.append("inline mission decks")
        skip = set(ambiguities)
        for rule in covers:
            if rule not in skip and not self.claims_rule(rule):
                why.append(f"rule {rule}")
        return why


def ambiguity_claims(handshake: Mapping[str, Any]) -> list[str]:
    """Problems of a handshake that claims ambiguity IDs as rules (``capabilities.rules``): an
    ambiguity is claimed by its readings in ``capabilities.options``, never as a rule."""
    caps = handshake.get("capabilities")
    rules = caps.get("rules") if isinstance(caps, Mapping) else None
    if not isinstance(rules, list):
        return []
    bad = [r for r in rules if isinstance(r, str) and ".amb." in r]
    if not bad:
        return []
    return [f"$.capabilities.rules lists ambiguity IDs ({', '.join(bad[:5])}"
            f"{' …' if len(bad) > 5 else ''}): an ambiguity is claimed by its readings in "
            f"capabilities.options (e.g. \"{bad[0].rstrip('*.')}\": [\"reading\"]), never in "
            f"rules (docs/protocol.md, section 1)"]


def error_response(rid: Any, kind: str, code: str, message: str, rule: str | None = None) -> dict:
    err: dict[str, Any] = {"kind": kind, "code": code, "message": message}
    if rule is not None:
        err["rule"] = rule
    return {"id": rid, "ok": False, "error": err}


def ok_response(rid: Any, result: Mapping[str, Any]) -> dict:
    return {"id": rid, "ok": True, "result": dict(result)}
