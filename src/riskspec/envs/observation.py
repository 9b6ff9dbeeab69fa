"""The observation vector of a seat: a flat float32 array with a documented layout.

Built from the engine's public state form (:func:`riskspec.reference.to_dict`), never from
its internals, and only from what the observing seat may see: other players' cards and
missions are counted, never named; the draw pile is a count.  The layout is fixed for a
variant, a number of players and a set of options; :meth:`ObservationEncoder.layout` lists
its blocks (name, start, length), which ``docs/envs.md`` explains:

``seat``            one-hot: the observing seat (every seat of the state, neutrals too)
``actor``           one-hot: the seat to act, then *chance*, then *game over*
``phase``           one-hot over the phases the state schema allows for the family
``game``            turn, sets traded, cards in the draw pile, cards discarded
``turn_flags``      the state's turn flags (booleans as 0/1, counts as numbers), by name
``pending``         the numeric and boolean fields of ``pending`` the state schema
                    defines for the family, by name (0 when absent)
``pending_from``,   one-hot over places: ``pending.from`` / ``pending.to`` (an attack's
``pending_to``      squares while dice are chosen or armies move in)
``places``          per place (territories, then maritime zones, map order): the owner
                    one-hot over seats, an *unowned* flag, then the place's counts by
                    name (armies, ships, generals, admirals, fortifications, epidemics —
                    whichever the family has; 0 where a place has no such field)
``players``         per seat: its public fields by name (booleans 0/1, counts, lists as
                    their length: the number of cards held, of missions completed …)
``hand``            multi-hot over the board's cards: the observer's own cards
``missions``        multi-hot over the variant's missions: the observer's own (if any)
``decision``        an open sub-decision (see :mod:`riskspec.envs.codec`): open flag,
                    number of slots offered, its action type one-hot, and one-hots over
                    places of the head's first two place fields
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources
from typing import Any

from riskspec.envs.codec import SLOTS, ActionCodec, Position
from riskspec.reference import engine as E

#: bounds of every entry (counts are raw, not scaled; victory points may be negative)
LOW, HIGH = -1.0e6, 1.0e6

_PLACE_FIELDS = ("territory", "from", "to", "zone", "place")


def _state_schema() -> dict[str, Any]:
    text = resources.files("riskspec.schemas").joinpath("state.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def _family_defs(family: str) -> tuple[list[str], list[str]]:
    """(phases, numeric/boolean pending fields) of a family, from the state schema."""
    defs = _state_schema()["$defs"]
    fam = defs["napoleon" if family == "napoleon" else "classic"]
    pending = defs["napoleon_pending" if family == "napoleon" else "pending"]
    phases = list(fam["properties"]["phase"]["enum"])
    props = pending.get("properties", {})
    fields = sorted(k for k, v in props.items()
                    if v.get("type") in ("integer", "boolean"))
    return phases, fields


class ObservationEncoder:
    """Encodes positions as seen by one seat (see the module docstring)."""

    def __init__(self, codec: ActionCodec, sample: Mapping[str, Any]) -> None:
        self.codec = codec
        variant = codec.variant
        self.phases, self.pending_fields = _family_defs(variant.family)
        self.n_seats = len(sample["players"])
        places = dict(sample["territories"]) | dict(sample.get("zones", {}))
        self.place_fields = sorted({k for p in places.values() for k in p if k != "owner"})
        self.flag_fields = sorted(k for k, v in sample["turn_flags"].items()
                                  if isinstance(v, (bool, int)))
        self.player_fields = sorted({k for p in sample["players"] for k, v in p.items()
                                     if k not in ("colour", "mission", "missions")
                                     and isinstance(v, (bool, int, list))})
        self._phase_index = {p: i for i, p in enumerate(self.phases)}
        self._place_index = {p: i for i, p in enumerate(codec.places)}
        self._card_index = {c: i for i, c in enumerate(codec.cards)}
        self._mission_index = {m: i for i, m in enumerate(codec.missions)}
        self._type_index = {b.type: i for i, b in enumerate(codec.types)}
        n_places = len(codec.places)
        blocks = [
            ("seat", self.n_seats), ("actor", self.n_seats + 2), ("phase", len(self.phases)),
            ("game", 4), ("turn_flags", len(self.flag_fields)),
            ("pending", len(self.pending_fields)), ("pending_from", n_places),
            ("pending_to", n_places),
            ("places", n_places * (self.n_seats + 1 + len(self.place_fields))),
            ("players", self.n_seats * len(self.player_fields)),
            ("hand", len(codec.cards)), ("missions", len(codec.missions)),
            ("decision", 2 + len(codec.types) + 2 * n_places),
        ]
        self._layout: list[tuple[str, int, int]] = []
        start = 0
        for name, size in blocks:
            self._layout.append((name, start, size))
            start += size
        self.size = start

    def layout(self) -> list[tuple[str, int, int]]:
        """The blocks of the vector: (name, start, length)."""
        return list(self._layout)

    def encode(self, pos: Position, seat: int | None,
               public: Mapping[str, Any] | None = None) -> list[float]:
        """The observation of ``seat`` (a list of floats; the envs make it an array).
        ``seat=None`` is the public view (no hand, no missions), e.g. for the chance agent.
        ``public`` is ``to_dict(pos.state)`` if the caller has it already."""
        d = public if public is not None else E.to_dict(pos.state)
        n, places = self.n_seats, self.codec.places
        out: list[float] = []
        out += _one_hot(-1 if seat is None else seat, n)
        who = pos.actor()
        out += _one_hot({E.CHANCE: n, E.TERMINAL: n + 1}.get(who, who), n + 2)
        out += _one_hot(self._phase_index.get(d["phase"], -1), len(self.phases))
        out += [d["turn"], d["sets_traded"], len(d["draw_pile"]), len(d["discards"])]
        flags = d["turn_flags"]
        out += [_number(flags.get(k, 0)) for k in self.flag_fields]
        pending = d["pending"] or {}
        out += [_number(pending.get(k, 0)) for k in self.pending_fields]
        out += _one_hot(self._place_index.get(str(pending.get("from")), -1), len(places))
        out += _one_hot(self._place_index.get(str(pending.get("to")), -1), len(places))
        everything = dict(d["territories"]) | dict(d.get("zones", {}))
        fields, blank = self.place_fields, [0.0] * (n + 1)
        for place in places:
            info = everything[place]
            owner = info.get("owner")
            row = blank[:]
            row[n if owner is None else owner] = 1.0
            out += row
            out += [float(info.get(k, 0)) for k in fields]  # counts: never lists or None
        for player in d["players"]:
            out += [_number(player.get(k, 0)) for k in self.player_fields]
        me = d["players"][seat] if seat is not None else {}
        out += _many_hot((self._card_index[c] for c in me.get("cards", ())), len(self.codec.cards))
        own = list(me.get("missions") or ()) + ([me["mission"]] if me.get("mission") else [])
        out += _many_hot((self._mission_index[m] for m in own if m in self._mission_index),
                         len(self.codec.missions))
        out += self._decision(pos)
        return out

    def _decision(self, pos: Position) -> list[float]:
        codec, n_places = self.codec, len(self.codec.places)
        if pos.pending is None:
            return [0.0] * (2 + len(codec.types) + 2 * n_places)
        first = pos.pending[0][0]
        fields = [f for f in _PLACE_FIELDS if isinstance(first.get(f), str)]
        spots = [self._place_index.get(first[f], -1) for f in fields[:2]] + [-1, -1]
        return ([1.0, len(pos.groups()) / SLOTS]
                + _one_hot(self._type_index.get(first["type"], -1), len(codec.types))
                + _one_hot(spots[0], n_places) + _one_hot(spots[1], n_places))


def _number(value: Any) -> float:
    if isinstance(value, (list, tuple, dict)):
        return float(len(value))
    if value is None:
        return 0.0
    return float(value)


def _one_hot(i: int, n: int) -> list[float]:
    out = [0.0] * n
    if 0 <= i < n:
        out[i] = 1.0
    return out


def _many_hot(indices: Any, n: int) -> list[float]:
    out = [0.0] * n
    for i in indices:
        out[i] = 1.0
    return out
