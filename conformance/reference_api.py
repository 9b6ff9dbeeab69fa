"""The reference engine as the protocol server sees it (``riskspec engine``).

Wraps :mod:`riskspec.reference.engine` with what the protocol adds: loading a
state for a given variant/options and the handshake capabilities derived from the
specification; ``serve_reference`` serves it, or one of the suite-power mutants
(:mod:`riskspec.conformance.mutants`) instead.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from riskspec import __version__
from riskspec.conformance.mutants import get_mutant, reading_of


def _engine() -> Any:
    from riskspec.reference import engine
    return engine


def capabilities(variants: list[str] | None = None) -> dict[str, Any]:
    """Everything the reference engine implements: all variants, every option and choice, every rule."""
    from riskspec.loading import load_spec
    spec = load_spec(strict=False)
    ids = variants or sorted(v for v, var in spec.variants.items()
                             if var.family in ("classic", "napoleon"))
    options: dict[str, Any] = {}
    for vid in ids:
        for oid, opt in spec.variants[vid].options.items():
            options.setdefault(oid, sorted(set(opt.choices)))
    return {"variants": ids, "options": options,
            "ops": ["new_game", "load_state", "apply", "legal_actions", "chance_outcomes", "state", "quit"],
            "rules": "*", "maps": ["standard", "inline"], "missions": ["standard", "inline"],
            "pipelining": True}


class ReferenceAPI:
    """Module-like object over the reference engine, as :func:`riskspec.conformance.server.serve` wants."""

    def __init__(self) -> None:
        eng = _engine()
        self.eng = eng
        self.CHANCE = eng.CHANCE
        self.TERMINAL = eng.TERMINAL

    def new_game(self, variant: str, players: int, options: Mapping[str, str] | None = None,
                 map: Any = None, missions: Any = None, **_: Any) -> Any:
        return self.eng.new_game(self._variant(variant, map, missions), players, dict(options or {}))

    def _variant(self, variant: str, board: Any, missions: Any = None) -> Any:
        """The variant, on an inline map and/or with an inline mission deck when the request
        gives one (Napoléon family)."""
        if board is None and missions is None:
            return variant
        v = self.eng.get_variant(variant)
        if v.family != "napoleon":
            from riskspec.conformance.errors import UnsupportedRequest
            raise UnsupportedRequest("inline-map" if board is not None else "inline-missions",
                                     f"inline maps and mission decks are supported for the "
                                     f"Napoléon family only, not for {variant} ({v.family} family)")
        from riskspec.reference.napoleon.inline import variant_on_map
        return variant_on_map(v, board, missions)

    def load_state(self, state: Mapping[str, Any], *, variant: str, players: int,
                   options: Mapping[str, str], map: Any = None, missions: Any = None) -> Any:
        if state.get("variant") not in (None, variant):
            raise ValueError(f"state is of variant {state.get('variant')!r}, request says {variant!r}")
        if map is not None or missions is not None:
            return self.eng.from_json(dict(state), variant=self._variant(variant, map, missions))
        return self.eng.from_json(dict(state))

    def from_json(self, data: Mapping[str, Any]) -> Any:
        return self.eng.from_json(dict(data))

    def to_json(self, state: Any) -> dict:
        out = self.eng.to_json(state)
        return json.loads(out) if isinstance(out, (str, bytes)) else out

    def current_player(self, state: Any) -> int:
        return self.eng.current_player(state)

    def legal_actions(self, state: Any) -> list:
        return self.eng.legal_actions(state)

    def chance_outcomes(self, state: Any) -> list:
        return self.eng.chance_outcomes(state)

    def apply(self, state: Any, action: Mapping[str, Any]) -> tuple[Any, list]:
        return self.eng.apply(state, dict(action))


def serve_reference(mutant: str | None = None, *, honest: bool = False) -> int:
    """Serve the reference engine, or one mutant of it. ``honest``: a mutant that plays a
    non-default reading claims that reading (and only it) for its ambiguity."""
    from riskspec.conformance.server import serve
    api: Any = ReferenceAPI()
    name = "riskspec-reference"
    caps = capabilities()
    if mutant:
        m = get_mutant(mutant)
        api = m.install(api)
        name = f"riskspec-reference+mutant:{m.name}"
        if m.family != "classic":  # it speaks for the variants of its family only
            from riskspec.loading import load_spec
            caps["variants"] = [v for v in caps["variants"]
                                if load_spec(strict=False).variants[v].family == m.family]
        played = reading_of(m) if honest else None
        if played is not None:  # it speaks for the variants that have this ambiguity only
            from riskspec.loading import load_spec
            caps["variants"] = [v for v in caps["variants"]
                                if played[0] in load_spec(strict=False).variants[v].ambiguities]
            caps["options"] = {**caps["options"], played[0]: [played[1]]}
            name += "+honest"
    return serve(api, name=name, version=__version__, capabilities=caps)
