"""The observation vector of a seat: a flat float32 array with a documented layout.

It shows only what the observing seat may see: other players' cards and missions are
counted, never named; the draw pile is a count.  Two encoders give the same vector:
:meth:`ObservationEncoder.encode` builds it from scratch from the engine's public state
form (:func:`riskspec.reference.to_dict`) — the definition; :meth:`ObservationEncoder.observe`
keeps one vector per :class:`Tracker` and updates it from the fields of the next state
(the values ``to_dict`` publishes) where they changed — what the environments use, a few
microseconds a step whatever the game's length.  tests/envs check that the two agree on
positions of every variant.  The layout is fixed for a
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
import operator
from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any

import numpy as np

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
        self._decision_size = 2 + len(codec.types) + 2 * len(codec.places)
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
        self._blocks = {name: start for name, start in _starts(blocks)}
        self._layout: list[tuple[str, int, int]] = []
        start = 0
        for name, size in blocks:
            self._layout.append((name, start, size))
            start += size
        self.size = start
        self._plan = _make_plan(self, sample)

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

    def tracker(self) -> Tracker:
        """A new :class:`Tracker` (one per stream of positions: an environment, an observer)."""
        return Tracker(self)

    def observe(self, pos: Position, seat: int | None, tracker: Tracker) -> np.ndarray:
        """:meth:`encode` as a float32 array, from the tracker's vector updated to
        ``pos.state`` (only what changed since the state it saw last is written)."""
        if self._plan is None:  # a state whose fields this module does not know: to_dict
            return np.asarray(self.encode(pos, seat), dtype=np.float32)
        out = tracker.update(pos).copy()
        state, blocks = pos.state, self._blocks
        if seat is not None:
            out[seat] = 1.0                                     # the seat block starts at 0
            start = blocks["hand"]
            for c in state.hands[seat]:
                out[start + c] = 1.0
            if self._mission_index:                             # (a board with missions)
                start = blocks["missions"]
                for m in self._plan.own_missions(state, seat):
                    k = self._mission_index.get(m)
                    if k is not None:
                        out[start + k] = 1.0
        if pos.pending is not None:  # the tracker leaves the decision block at zero
            self._write_decision(out, blocks["decision"], pos)
        return out

    def _write_decision(self, out: np.ndarray, start: int, pos: Position) -> None:
        """:meth:`_decision` of an open sub-decision written into a zeroed block of ``out``
        at ``start``, value by value (at most five of them are not zero).  It restates
        ``_decision`` on purpose: ``encode`` (and so ``_decision``) is the definition the
        incremental path is tested against (tests/envs compare the two on every variant),
        so the two are not to share code."""
        assert pos.pending is not None
        first = pos.pending[0][0]
        n = len(pos.pending)
        out[start] = 1.0
        out[start + 1] = -(-n // -(-n // SLOTS)) / SLOTS
        n_types, n_places = len(self.codec.types), len(self.codec.places)
        t = self._type_index.get(first["type"], -1)
        if 0 <= t < n_types:
            out[start + 2 + t] = 1.0
        base = start + 2 + n_types
        for f in [f for f in _PLACE_FIELDS if isinstance(first.get(f), str)][:2]:
            i = self._place_index.get(first[f], -1)
            if 0 <= i < n_places:
                out[base + i] = 1.0
            base += n_places

    def _decision(self, pos: Position) -> list[float]:
        codec, n_places = self.codec, len(self.codec.places)
        if pos.pending is None:
            return [0.0] * (2 + len(codec.types) + 2 * n_places)
        first = pos.pending[0][0]
        fields = [f for f in _PLACE_FIELDS if isinstance(first.get(f), str)]
        spots = [self._place_index.get(first[f], -1) for f in fields[:2]] + [-1, -1]
        n = len(pos.pending)
        slots = -(-n // -(-n // SLOTS))  # runs of ceil(n / SLOTS) choices
        return ([1.0, slots / SLOTS]
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


def _starts(blocks: list[tuple[str, int]]) -> list[tuple[str, int]]:
    out, start = [], 0
    for name, size in blocks:
        out.append((name, start))
        start += size
    return out


# --------------------------------------------------------------------------- incremental
# Where each published value lives in the engine's state (``to_dict`` reads the same
# fields): per place, per seat.  A name missing here makes the encoder use ``to_dict``.

#: place count → (state field, first place, past the last place): territories or zones
def _place_sources(n_territories: int, n_places: int) -> dict[str, tuple[str, int, int]]:
    land, sea = (0, n_territories), (n_territories, n_places)
    return {"armies": ("armies", *land), "generals": ("generals", *land),
            "fortifications": ("forts", *land), "epidemics": ("epidemics", *land),
            "ships": ("armies", *sea), "admirals": ("admirals", *sea),
            "challenger_ships": ("challengers", *sea)}


#: a player column: the state field it is computed from (the column changes only when
#: that field does, so a step compares the fields, not the columns), and the column (one
#: value per seat) from the state
Column = tuple[str, Callable[[E.State], Any]]


def _lengths(field: str) -> Column:
    return field, lambda s: [len(x) for x in getattr(s, field)]


def _field(field: str) -> Column:
    return field, lambda s: getattr(s, field)


def _neutral_column(s: E.State) -> list[bool]:
    neutrals = getattr(s, "neutrals", None)
    if neutrals is None:
        return [p == s.neutral for p in range(s.n_players)]
    return [p in neutrals for p in range(s.n_players)]


def _held(kind: int) -> Column:
    return "pows", lambda s: [s.held(kind, p) for p in range(s.n_players)]  # type: ignore[attr-defined]


#: player field → its :data:`Column` (``neutral`` reads ``neutrals`` where the state has
#: them: see :meth:`_Plan.sources_of`); tests/envs check every column against ``encode``
PLAYER_COLUMNS: dict[str, Column] = {
    "captured": _field("captured"), "reserve": _field("reserves"),
    "cards": _lengths("hands"), "neutral": ("neutral", _neutral_column),
    "eliminated": ("eliminated_by", lambda s: [e >= 0 for e in s.eliminated_by]),
    "vp": _field("vp"), "prisoner_generals": _field("prisoners"),
    "mission_reinforcements": _field("mission_bank"),
    "captive_generals": _held(0), "captive_admirals": _held(1),
    "missions_completed": _lengths("missions_done"), "lasting_bonuses": _lengths("lasting"),
    "mission_levels_done": _lengths("mission_levels"),
}


class _Plan:
    """How to read each block of the vector from a state of one game (see PLAYER_COLUMNS)."""

    def __init__(self, enc: ObservationEncoder, sample: Mapping[str, Any],
                 places: list[tuple[int, str, int, int]], has_held_missions: bool) -> None:
        self.places = places              # (column in a place row, state field, lo, hi)
        self.players = [PLAYER_COLUMNS[k][1] for k in enc.player_fields]
        self.player_sources = [PLAYER_COLUMNS[k][0] for k in enc.player_fields]
        self.has_held_missions = has_held_missions

    def own_missions(self, state: E.State, seat: int) -> list[str]:
        mission = state.missions[seat]
        if not self.has_held_missions:
            return [mission] if mission else []
        own = list(state.missions_held[seat])  # type: ignore[attr-defined]
        return own + [mission] if mission else own

    def sources_of(self, state: E.State) -> tuple[Callable[[E.State], tuple[Any, ...]],
                                                  list[int]]:
        """A getter of the distinct state fields the player columns read (as one tuple), and
        for each column the position of its field in that tuple."""
        fields: list[str] = []
        where: list[int] = []
        for name in self.player_sources:
            if name == "neutral" and getattr(state, "neutrals", None) is not None:
                name = "neutrals"
            if name not in fields:
                fields.append(name)
            where.append(fields.index(name))
        return _tuple_getter(fields), where


def _make_plan(enc: ObservationEncoder, sample: Mapping[str, Any]) -> _Plan | None:
    """The plan of ``enc``'s game, or None if a published value's field is not known here
    (the encoder then builds every observation from ``to_dict``)."""
    codec = enc.codec
    territories = list(sample["territories"])
    if territories + list(sample.get("zones", {})) != list(codec.places):
        return None
    if any(k not in PLAYER_COLUMNS for k in enc.player_fields):
        return None
    sources = _place_sources(len(territories), len(codec.places))
    if any(k not in sources for k in enc.place_fields):
        return None
    places = [(enc.n_seats + 1 + j, *sources[k]) for j, k in enumerate(enc.place_fields)]
    held = any("missions" in p for p in sample["players"])
    return _Plan(enc, sample, places, held)


def _tuple_getter(fields: list[str]) -> Callable[[E.State], tuple[Any, ...]]:
    """The fields of a state as a tuple, read in C (``operator.attrgetter``)."""
    if not fields:
        return lambda s: ()
    if len(fields) == 1:
        one = operator.attrgetter(fields[0])
        return lambda s: (one(s),)
    return operator.attrgetter(*fields)


class Tracker:
    """The public part of the observation (every block but the seat's own: ``seat``,
    ``hand``, ``missions``, ``decision``) of the last state it was given, kept up to date
    from the next state's fields — the places and their owners only where they changed."""

    def __init__(self, enc: ObservationEncoder) -> None:
        self.enc = enc
        self.vector = np.zeros(enc.size, np.float32)
        self.state: E.State | None = None
        layout = {name: (start, size) for name, start, size in enc.layout()}
        start, _ = layout["places"]
        self._row = enc.n_seats + 1 + len(enc.place_fields)
        n_places = len(enc.codec.places)
        self._places = self.vector[start:start + n_places * self._row].reshape(
            n_places, self._row)
        start, size = layout["players"]
        width = len(enc.player_fields)
        self._players = self.vector[start:start + size].reshape(enc.n_seats, width) \
            if width else None
        self._head = layout["actor"][0], layout["pending_from"][0]
        # the head's runs: actor one-hot, phase one-hot, then the counters, flags, pending
        self._phase_at = self._head[0] + enc.n_seats + 2
        self._rest_at = self._phase_at + len(enc.phases)
        self._last_actor = self._last_phase = -1      # the one-hot index set (-1: none)
        self._last_counters: tuple[Any, ...] = ()
        self._last_pending: dict[str, Any] | None = None
        self._from = layout["pending_from"][0]
        self._to = layout["pending_to"][0]
        self._spots = [-1, -1]   # the pending from/to set last
        self._pending_at = {f: j for j, f in enumerate(enc.pending_fields)}
        self._pending_start = self._head[1] - len(enc.pending_fields)
        n = enc.n_seats
        # the actor's one-hot index: seats, then chance, then game over
        self._actor_row = {E.CHANCE: n, E.TERMINAL: n + 1}
        self._flags = _tuple_getter(enc.flag_fields)
        self._sources: Callable[[E.State], tuple[Any, ...]] | None = None
        self._source_of: list[int] = []       # per player column: its field in the tuple
        self._last_sources: tuple[Any, ...] | None = None
        self._owner: list[int] = []
        self._seen: dict[tuple[str, int, int], list[int]] = {}  # (field, lo, column)

    def update(self, pos: Position) -> np.ndarray:
        """The public vector of ``pos.state`` (shared: copy it before changing it)."""
        state = pos.state
        if state is self.state:
            return self.vector
        enc, v = self.enc, self.vector
        n = enc.n_seats
        plan = enc._plan
        assert plan is not None
        # actor and phase: one-hot runs, the old value cleared and the new one set
        who = pos.actor()
        actor = self._actor_row.get(who, who)
        if actor != self._last_actor:
            if 0 <= self._last_actor:
                v[self._head[0] + self._last_actor] = 0.0
            if 0 <= actor < n + 2:
                v[self._head[0] + actor] = 1.0
            self._last_actor = actor if 0 <= actor < n + 2 else -1
        phase = enc._phase_index.get(state.phase, -1)
        if phase != self._last_phase:
            if 0 <= self._last_phase:
                v[self._phase_at + self._last_phase] = 0.0
            if 0 <= phase:
                v[self._phase_at + phase] = 1.0
            self._last_phase = phase
        # the game's counters and turn flags: one run, written when changed (rarely)
        pending = state.pending
        counters = (state.turn, state.sets_traded, len(state.draw_pile), len(state.discards),
                    self._flags(state))
        if counters != self._last_counters:
            v[self._rest_at:self._pending_start] = (
                [float(x) for x in counters[:4]] + [float(f) for f in counters[4]])
            self._last_counters = counters
        # the pending values (most steps change one or two): the keys gone cleared, the
        # others written
        earlier = self._last_pending
        if pending != earlier:
            at, base = self._pending_at, self._pending_start
            if earlier:
                for key in earlier:
                    if key not in pending:
                        j = at.get(key)
                        if j is not None:
                            v[base + j] = 0.0
            for key, value in pending.items():
                j = at.get(key)
                if j is not None:
                    v[base + j] = _number(value)
            # a copy: the state's pending may be shared with the next state's (never changed in place)
            self._last_pending = dict(pending)
            # the battle or move under way
            spots = [pending.get("from", -1), pending.get("to", -1)]
            if spots != self._spots:
                for block, old, new in ((self._from, self._spots[0], spots[0]),
                                        (self._to, self._spots[1], spots[1])):
                    if isinstance(old, int) and old >= 0:
                        v[block + old] = 0.0
                    if isinstance(new, int) and new >= 0:
                        v[block + new] = 1.0
                self._spots = spots
        # places: owners and counts, where they changed
        rows = self._places
        owner = state.owner
        if owner != self._owner:
            before = self._owner
            for i, o in enumerate(owner):
                if not before or before[i] != o:
                    rows[i, :n + 1] = 0.0
                    rows[i, n if o < 0 else o] = 1.0
            self._owner = list(owner)
        seen = self._seen
        for column, name, lo, hi in plan.places:
            values = getattr(state, name)[lo:hi]
            where = (name, lo, column)
            if seen.get(where) != values:
                rows[lo:hi, column] = values
                seen[where] = values
        if self._players is not None:  # a column (one value per seat) where its field changed
            if self._sources is None:
                self._sources, self._source_of = plan.sources_of(state)
            sources = self._sources(state)
            last = self._last_sources
            if sources != last:
                for j, k in enumerate(self._source_of):
                    if last is None or sources[k] != last[k]:
                        self._players[:, j] = plan.players[j](state)
                self._last_sources = sources
        self.state = state
        return v
