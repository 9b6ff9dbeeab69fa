"""Typed, immutable views of the specification: boards, rules, ambiguities, missions, variants.

Objects here are built by :mod:`riskspec.spec` from validated YAML; user code
reads them, never constructs them.  A :class:`Ruleset` is a variant with every
option settled: the one place the engine reads its numbers from.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from riskspec.errors import OptionError, UnknownIdError


def closest(given: str, known: list[str] | tuple[str, ...], n: int = 3) -> list[str]:
    """The known IDs closest to ``given`` (for 'did you mean' hints)."""
    hits = difflib.get_close_matches(given, known, n=n, cutoff=0.5)
    if not hits:
        hits = [k for k in known if given in k or k.endswith(given)][:n]
    return hits


def _frozen(mapping: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True, slots=True)
class Citation:
    source: str
    passage: str
    note: str | None = None

    def __str__(self) -> str:
        return f"{self.source} § {self.passage}"


@dataclass(frozen=True, slots=True)
class Provenance:
    """Either a cited passage (``source`` set) or a reconstruction (``reconstructed`` set)."""

    source: str | None = None
    passage: str | None = None
    reconstructed: str | None = None
    basis: str | None = None
    name: str | None = None

    @property
    def is_reconstructed(self) -> bool:
        return self.reconstructed is not None

    def __str__(self) -> str:
        if self.reconstructed is not None:
            return f"reconstructed: {self.reconstructed}"
        return f"{self.source} § {self.passage}"


@dataclass(frozen=True, slots=True)
class Territory:
    id: str
    name: str
    group: str
    provenance: Provenance
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Capital:
    territory: str
    territories: int
    bonus: int
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class Group:
    id: str
    name: str
    kind: str
    bonus: int
    territories: tuple[str, ...]
    provenance: Provenance
    capital: Capital | None = None


@dataclass(frozen=True, slots=True)
class Zone:
    id: str
    name: str
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class Route:
    id: str
    name: str
    zones: tuple[str, ...]
    bonus: int
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class Border:
    a: str
    b: str
    kind: str
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    symbol: str
    territory: str | None
    provenance: Provenance
    effect: Mapping[str, Any] | None = None

    @property
    def is_wild(self) -> bool:
        return self.symbol == "wild"


@dataclass(frozen=True)
class Board:
    """A map. ``adjacency`` holds every neighbour of every place (territory or zone), sorted."""

    id: str
    title: str
    provenance: Provenance
    territories: tuple[Territory, ...]
    groups: tuple[Group, ...]
    zones: tuple[Zone, ...]
    routes: tuple[Route, ...]
    borders: tuple[Border, ...]
    cards: tuple[Card, ...]
    symbols: tuple[str, ...]
    file: str = ""
    adjacency: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    territory_index: Mapping[str, int] = field(default_factory=dict)
    #: layout hints for pictures (place ID -> (x, y) in ``layout_frame``); never a rule
    layout: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    layout_frame: tuple[float, float] = (0.0, 0.0)

    def territory(self, tid: str) -> Territory:
        try:
            return self.territories[self.territory_index[tid]]
        except KeyError:
            raise UnknownIdError("territory", tid,
                                 closest(tid, [t.id for t in self.territories])) from None

    def group(self, gid: str) -> Group:
        for g in self.groups:
            if g.id == gid:
                return g
        raise UnknownIdError("group", gid, closest(gid, [g.id for g in self.groups]))

    def are_adjacent(self, a: str, b: str) -> bool:
        return b in self.adjacency.get(a, ())

    @property
    def territory_ids(self) -> tuple[str, ...]:
        return tuple(t.id for t in self.territories)

    @property
    def zone_ids(self) -> tuple[str, ...]:
        return tuple(z.id for z in self.zones)


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    title: str
    statement: str
    parameters: tuple[str, ...]
    sources: tuple[Citation, ...]
    ambiguities: tuple[str, ...]
    testable: bool
    untestable_reason: str | None = None
    reconstructed: str | None = None
    notes: str | None = None
    options: Mapping[str, str] = field(default_factory=dict)
    file: str = ""

    @property
    def section(self) -> str:
        return self.id.split(".")[1]


@dataclass(frozen=True, slots=True)
class Reading:
    id: str
    statement: str
    sources: tuple[Citation, ...]
    parameters: Mapping[str, Any]
    basis: str | None = None


@dataclass(frozen=True, slots=True)
class Resolution:
    reading: str
    why: str


@dataclass(frozen=True, slots=True)
class Ambiguity:
    id: str
    title: str
    question: str
    rules: tuple[str, ...]
    readings: tuple[Reading, ...]
    resolutions: Mapping[str, Resolution]
    testable: bool = True
    file: str = ""

    def reading(self, rid: str) -> Reading:
        for r in self.readings:
            if r.id == rid:
                return r
        raise UnknownIdError(f"reading of {self.id}", rid,
                             closest(rid, [r.id for r in self.readings]))


@dataclass(frozen=True, slots=True)
class Mission:
    id: str
    title: str
    condition: Mapping[str, Any]
    provenance: Provenance
    level: int | None = None
    check: str | None = None
    reward: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class MissionDeck:
    id: str
    title: str
    cards: tuple[str, ...]
    provenance: Provenance
    level: int | None = None


@dataclass(frozen=True, slots=True)
class Parameter:
    id: str
    value: Any
    description: str
    allowed: tuple[str, ...] | None = None
    sources: tuple[Citation, ...] = ()


@dataclass(frozen=True, slots=True)
class OptionChoice:
    id: str
    description: str
    parameters: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Option:
    """A choice made when a game is created. Every ambiguity is also an option (``ambiguity`` set)."""

    id: str
    description: str
    default: str
    choices: Mapping[str, OptionChoice]
    ambiguity: str | None = None


@dataclass(frozen=True)
class Variant:
    id: str
    title: str
    family: str
    description: str
    extends: str | None
    sources: tuple[str, ...]
    board: Board
    rules: Mapping[str, Rule]
    ambiguities: Mapping[str, Ambiguity]
    missions: Mapping[str, Mission]
    mission_decks: Mapping[str, MissionDeck]
    min_players: int
    max_players: int
    colours: tuple[str, ...]
    phases: tuple[Mapping[str, Any], ...]
    parameters: Mapping[str, Parameter]
    options: Mapping[str, Option]
    file: str = ""

    def rule(self, rule_id: str) -> Rule:
        try:
            return self.rules[rule_id]
        except KeyError:
            raise UnknownIdError("rule", rule_id, closest(rule_id, list(self.rules))) from None

    def resolve(self, options: Mapping[str, str] | None = None) -> Ruleset:
        """Settle every option (defaults for those not given) and compute the parameters.

        Raises :class:`OptionError` for an unknown option or choice.
        """
        given = dict(options or {})
        chosen: dict[str, str] = {}
        params: dict[str, Any] = {k: p.value for k, p in self.parameters.items()}
        for key in given:
            if key not in self.options:
                hint = closest(key, list(self.options))
                raise OptionError(f"unknown option {key!r} for variant {self.id!r}"
                                  + (f"; did you mean {', '.join(hint)}?" if hint else
                                     f"; see `riskspec explain {self.id}` for its options"))
        # Defaults first (ambiguity resolutions, then the variant's own options), then the
        # options given explicitly, so an explicit choice always wins over a default one.
        # Two explicit choices that set one parameter differently are an error.
        ordered = sorted(self.options.values(), key=lambda o: (o.ambiguity is None, o.id))
        explicit: dict[str, tuple[str, Any]] = {}
        for opt in ordered:
            choice = given.get(opt.id, opt.default)
            if not isinstance(choice, str) or choice not in opt.choices:
                raise OptionError(f"option {opt.id!r} of variant {self.id!r} has no choice "
                                  f"{choice!r}; choose one of {', '.join(opt.choices)}")
            chosen[opt.id] = choice
            if opt.id not in given:
                params.update(opt.choices[opt.default].parameters)
        for opt in ordered:
            if opt.id not in given:
                continue
            for name, value in opt.choices[chosen[opt.id]].parameters.items():
                if name in explicit and explicit[name][1] != value:
                    other = explicit[name][0]
                    raise OptionError(
                        f"options {other}={chosen[other]} and {opt.id}={chosen[opt.id]} set "
                        f"parameter {name!r} to different values ({explicit[name][1]!r} vs "
                        f"{value!r}); give only one of them")
                explicit[name] = (opt.id, value)
                params[name] = value
        return Ruleset(self, _frozen(chosen), _frozen(params))


def parse_options(items: Iterable[str]) -> dict[str, str]:
    """``["KEY=CHOICE", …]`` → ``{KEY: CHOICE, …}``, each side stripped (a later KEY wins):
    the items of ``riskspec play --option`` and of an environment's ``options`` text, before
    :meth:`Variant.resolve` settles them.  Raises :class:`OptionError` for an item without
    ``=``, a KEY or a CHOICE."""
    out = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key or not value:
            raise OptionError(f"--option takes KEY=CHOICE, not {item!r}")
        out[key.strip()] = value.strip()
    return out


@dataclass(frozen=True)
class Ruleset:
    """A variant with all options settled: the engine reads every number from here."""

    variant: Variant
    options: Mapping[str, str]
    params: Mapping[str, Any]

    def param(self, name: str) -> Any:
        try:
            return self.params[name]
        except KeyError:
            raise UnknownIdError("parameter", name, closest(name, list(self.params))) from None

    @property
    def board(self) -> Board:
        return self.variant.board

    def non_default_options(self) -> dict[str, str]:
        return {k: v for k, v in self.options.items() if self.variant.options[k].default != v}


@dataclass(frozen=True)
class Source:
    id: str
    file: str
    title: str
    language: str
    edition: str | None = None
    reliability: str | None = None
    coverage: str | None = None
    completeness: str | None = None


@dataclass(frozen=True)
class Spec:
    """Everything that was loaded: sources, boards, variants, and all rules and ambiguities."""

    sources: Mapping[str, Source]
    variants: Mapping[str, Variant]
    boards: Mapping[str, Board]
    rules: Mapping[str, Rule]
    ambiguities: Mapping[str, Ambiguity]
    root: str = ""

    def variant(self, vid: str) -> Variant:
        try:
            return self.variants[vid]
        except KeyError:
            near = closest(vid, list(self.variants))
            raise UnknownIdError("variant", vid, near or list(self.variants),
                                 then="`riskspec rules` lists every variant") from None

    def rule(self, rule_id: str) -> Rule:
        try:
            return self.rules[rule_id]
        except KeyError:
            known = list(self.rules) + list(self.ambiguities)
            raise UnknownIdError("rule", rule_id, closest(rule_id, known)) from None
