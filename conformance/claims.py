"""What a case needs an engine to claim: the reading of every ambiguity its rules touch.

The specification links rules and ambiguities both ways (a rule's ``ambiguities``,
an ambiguity's ``rules``).  A case covering rule R runs under one reading of each
ambiguity touching R: the reading its ``options`` name, or else the variant's
resolution (the option's default).  It runs only if the engine claims that
reading — in the handshake's ``options``, once per ambiguity:

* ``"options": "*"`` — every reading of every ambiguity;
* an ambiguity listed (``"classic.amb.defender-dice-choice": ["always-maximum"]``)
  — exactly the readings listed (or ``"*"``);
* an ambiguity not listed — only the variant's own resolution.

Ambiguity IDs are never claimed as rules: a case covering an ambiguity directly
needs its reading claimed, not a rule.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import Any


@functools.cache
def _variant(variant_id: str) -> Any:
    from riskspec.errors import RiskspecError
    from riskspec.loading import load_spec
    try:
        return load_spec(strict=False).variants.get(variant_id)
    except (RiskspecError, OSError):  # no spec to follow links in: only the case's own words
        return None


def is_ambiguity(variant_id: str, ident: str) -> bool:
    """Whether ``ident`` is an ambiguity ID of the variant (``*.amb.*`` when the variant is unknown)."""
    v = _variant(variant_id)
    if v is None:
        return ".amb." in ident
    return ident in v.ambiguities


@functools.cache
def _touching(variant_id: str) -> Mapping[str, frozenset[str]]:
    """rule ID -> the ambiguities touching it (both directions of the spec's links)."""
    v = _variant(variant_id)
    out: dict[str, set[str]] = {}
    if v is None:
        return {}
    for rid, rule in v.rules.items():
        out.setdefault(rid, set()).update(a for a in rule.ambiguities if a in v.ambiguities)
    for aid, amb in v.ambiguities.items():
        for rid in amb.rules:
            out.setdefault(rid, set()).add(aid)
    return {k: frozenset(s) for k, s in out.items()}


def touched_ambiguities(variant_id: str, covers: Iterable[str],
                        reading: Mapping[str, str] | None = None) -> list[str]:
    """Ambiguities a case touches: those it covers, those of the rules it covers, its ``reading``'s."""
    touching = _touching(variant_id)
    found: set[str] = set()
    for ident in covers:
        if is_ambiguity(variant_id, ident):
            found.add(ident)
        found.update(touching.get(ident, ()))
    if reading and reading.get("ambiguity"):
        found.add(reading["ambiguity"])
    return sorted(found)


def default_reading(variant_id: str, ambiguity: str) -> str | None:
    """The variant's resolution of ``ambiguity`` (None when the spec does not know it)."""
    v = _variant(variant_id)
    opt = v.options.get(ambiguity) if v is not None else None
    return opt.default if opt is not None else None


def required_readings(variant_id: str, covers: Iterable[str], options: Mapping[str, str],
                      reading: Mapping[str, str] | None = None) -> dict[str, str]:
    """Ambiguity -> the reading a case runs under, for every ambiguity it touches."""
    out: dict[str, str] = {}
    for aid in touched_ambiguities(variant_id, covers, reading):
        chosen = options.get(aid) or default_reading(variant_id, aid)
        if chosen is not None:
            out[aid] = chosen
    return out


def case_needs(case: Any) -> dict[str, Any]:
    """Keyword arguments for :meth:`Capabilities.unclaimed` describing what ``case`` needs."""
    readings = required_readings(case.variant, case.covers, case.options, case.reading)
    return {"variant": case.variant, "options": dict(case.options), "covers": tuple(case.covers),
            "ops": case.ops_needed(), "inline_map": case.map is not None,
            "inline_missions": case.missions is not None,
            "readings": {a: r for a, r in readings.items() if a not in case.options},
            "ambiguities": frozenset(i for i in case.covers if is_ambiguity(case.variant, i)),
            "players": case.players if isinstance(case.players, int) else None}


def case_reading(case: Any, ambiguity: str) -> str | None:
    """The reading of ``ambiguity`` a case runs under: its options, its start state's, the default."""
    if ambiguity in case.options:
        return str(case.options[ambiguity])
    state_opts = (case.state or {}).get("options") if isinstance(case.state, Mapping) else None
    if isinstance(state_opts, Mapping) and isinstance(state_opts.get(ambiguity), str):
        return str(state_opts[ambiguity])
    return default_reading(case.variant, ambiguity)
