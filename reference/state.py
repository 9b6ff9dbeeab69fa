"""The game state, its canonical JSON form and its hash.

Inside the engine a state holds *indices* (territory ``i`` is the map's
``i``-th territory, card ``c`` the deck's ``c``-th card, players by seat) in
plain lists, so that :meth:`State.copy` is cheap and ``apply`` can copy on
write.  The public form is :func:`to_dict` / :func:`to_json`: IDs everywhere,
keys sorted, no whitespace — one text per state (the functions that dispatch to each
family's form live in :mod:`riskspec.reference.serial`).
Its JSON Schema is ``schemas/state.schema.json`` (``riskspec/state@1``).

Phases (``phase``) and the ``pending`` fields each one carries:

=================  ==========================================  ===========
phase              pending                                     who acts
=================  ==========================================  ===========
deal-missions      next (seat receiving the next mission)      chance
first-player       for ('setup' or 'turn')                     chance
claim              —                                           current
deal               next (seat receiving the next territory)    chance
setup-place        own, neutral (armies left this placement)   current
reinforce          to_place, forced                            current
attack             —                                           current
defend             from, to, attacker_dice, chooser            chooser
battle             from, to, attacker_dice, defender_dice      chance
occupy             from, to, min, eliminated                   current
elimination-trade  to_place, forced                            current
fortify            —                                           current
draw               left (cards still to draw)                  chance
game-over          —                                           nobody
=================  ==========================================  ===========

``forced`` is null or ``{"max_hand": n|null, "sets": k}``: the player must trade
while they hold more than ``max_hand`` cards or owe ``k`` more sets (and hold a set).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from riskspec.errors import RiskspecError
from riskspec.reference import ruleids as R
from riskspec.reference.tables import Tables, get_explicit_options, get_tables

FORMAT = "riskspec/state@1"

#: phase → {pending field: kind}
PHASES: dict[str, dict[str, str]] = {
    "deal-missions": {"next": "player"},
    "first-player": {"for": "purpose"},
    "claim": {},
    "deal": {"next": "player"},
    "setup-place": {"own": "count", "neutral": "count"},
    "reinforce": {"to_place": "count", "forced": "forced"},
    "attack": {},
    "defend": {"from": "territory", "to": "territory", "attacker_dice": "count",
               "chooser": "player"},
    "battle": {"from": "territory", "to": "territory", "attacker_dice": "count",
               "defender_dice": "count"},
    "occupy": {"from": "territory", "to": "territory", "min": "count", "eliminated": "bool"},
    "elimination-trade": {"to_place": "count", "forced": "forced"},
    "fortify": {},
    "draw": {"left": "count"},
    "game-over": {},
}
CHANCE_PHASES = frozenset({"deal-missions", "first-player", "deal", "battle", "draw"})
SETUP_PHASES = frozenset({"deal-missions", "first-player", "claim", "deal", "setup-place"})


class InvalidStateError(RiskspecError, ValueError):
    """A state given to :func:`from_dict`/:func:`from_json` is malformed or inconsistent.

    ``invariant`` names the consistency invariant that failed (``docs/state-invariants.md``;
    ``state.form`` for a malformed state); the protocol reports it as the error ``code``."""

    def __init__(self, message: str, *, invariant: str = "state.form") -> None:
        self.invariant = self.code = invariant
        super().__init__(message)


#: how a field is copied, by the head of its declared type: a list or a dict gets a shallow
#: copy of its own (its items are immutable: ints, strings, tuples), anything else (ints,
#: strings, tuples, the shared tables) is shared
_COPY_BY_TYPE = {"list": "{}[:]", "dict": "dict({})"}
_COPIERS: dict[type, Any] = {}
_S = TypeVar("_S")


def get_fields(cls: type) -> dict[str, str]:
    """Every field of a state class and its subclasses' (``__slots__``, base class first) →
    its declared type (the annotation's text)."""
    out: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        notes = klass.__dict__.get("__annotations__", {})
        for name in klass.__dict__.get("__slots__", ()):
            if name not in notes:
                raise TypeError(f"{klass.__name__}.{name} has no declared type: the copy needs one")
            out[name] = str(notes[name])
    return out


def _copier(cls: type[_S]) -> Callable[[_S], _S]:
    """The copy function of a state class, written once from its declared fields (as attrs
    writes ``__init__``): one assignment per field, no loop over names at copy time.  A field
    without a declared type is a :class:`TypeError` when the class is defined."""
    hit = _COPIERS.get(cls)
    if hit is None:
        lines = ["def copy(self):", "    s = new(cls)"]
        for name, note in get_fields(cls).items():
            how = _COPY_BY_TYPE.get(note.split("[", 1)[0].strip(), "{}")
            lines.append(f"    s.{name} = " + how.format(f"self.{name}"))
        lines.append("    return s")
        scope: dict[str, Any] = {"new": object.__new__, "cls": cls}
        exec("\n".join(lines), scope)  # noqa: S102 - code written from the class's own field names
        hit = _COPIERS[cls] = scope["copy"]
    copier: Callable[[_S], _S] = hit
    return copier


class State:
    """One position of a game. Never mutated once returned by the engine."""

    __slots__ = ("tables", "colours", "neutral", "owner", "armies", "hands", "missions",
                 "eliminated_by", "reserves", "captured", "phase", "current", "turn",
                 "first_player", "sets_traded", "draw_pile", "discards", "pending",
                 "conquered", "conquests", "bonus_taken", "fortify_moves", "winner")

    tables: Tables
    colours: tuple[str, ...]
    neutral: int                  # seat of the neutral army, -1 if none
    owner: list[int]              # per territory: seat, -1 while unoccupied
    armies: list[int]
    hands: list[tuple[int, ...]]  # per seat: card indices, ascending
    missions: list[str | None]
    eliminated_by: list[int]      # per seat: -1 alive, else the seat that eliminated it
    reserves: list[int]           # per seat: setup armies not yet placed
    captured: list[bool]          # per seat: took a victim's cards, trade still owed next turn
    phase: str
    current: int                  # seat whose turn (or setup placement) it is
    turn: int                     # turns begun so far (0 during setup)
    first_player: int             # seat that placed first, -1 before the roll
    sets_traded: int
    draw_pile: tuple[int, ...]    # a multiset, kept ascending (≡ a shuffled deck)
    discards: tuple[int, ...]
    pending: dict[str, Any]
    conquered: bool               # conquered a territory this turn
    conquests: int                # territories conquered this turn
    bonus_taken: bool             # took a card territory bonus this turn
    fortify_moves: int
    winner: int                   # -1 while the game goes on

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        setattr(cls, "copy", _copier(cls))  # noqa: B010 - each class gets its own, written once

    def copy(self) -> State:
        """A copy sharing nothing mutable: each field copied by its declared type (see
        :func:`_copier`; written for each subclass, with its own fields, when it is defined)."""
        return _copier(type(self))(self)  # replaced below by the function _copier writes

    def move_into(self, other: State) -> None:
        """Make ``other`` this position: every field of ``other`` is set to this state's
        (both are of the same class; this state is not to be used afterwards)."""
        if type(other) is not type(self):
            raise TypeError(f"cannot move a {type(self).__name__} into a {type(other).__name__}")
        for cls in type(self).__mro__:
            for name in getattr(cls, "__slots__", ()):
                setattr(other, name, getattr(self, name))

    @property
    def n_players(self) -> int:
        return len(self.colours)

    def is_alive(self, seat: int) -> bool:
        return self.eliminated_by[seat] < 0

    def to_dict(self) -> dict[str, Any]:
        """The public JSON object (the Classic form; a family's own state class has its own)."""
        return classic_to_dict(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and dumps(self.to_dict()) == dumps(other.to_dict())

    def __hash__(self) -> int:
        return hash(dumps(self.to_dict()))

    def __repr__(self) -> str:
        return (f"<State {self.tables.variant.id} turn {self.turn} phase {self.phase} "
                f"current {self.current} winner {self.winner}>")


setattr(State, "copy", _copier(State))  # noqa: B010 - the copy written from State's fields


@R.cites(R.SETUP_DRAW_PILE)
def blank_state(tables: Tables, colours: tuple[str, ...], neutral: int) -> State:
    """A state before anything happened: no territory occupied, the whole deck in the pile."""
    n, t = len(colours), len(tables.territories)
    s = State.__new__(State)
    s.tables, s.colours, s.neutral = tables, colours, neutral
    s.owner, s.armies = [-1] * t, [0] * t
    s.hands, s.missions = [()] * n, [None] * n
    s.eliminated_by, s.reserves, s.captured = [-1] * n, [0] * n, [False] * n
    s.phase, s.current, s.turn, s.first_player = "first-player", 0, 0, -1
    s.sets_traded = 0
    s.draw_pile, s.discards = tuple(range(len(tables.cards))), ()
    s.pending = {"for": "setup"}
    s.conquered = s.bonus_taken = False
    s.conquests = s.fortify_moves = 0
    s.winner = -1
    return s


# --------------------------------------------------------------------------- to JSON

def classic_to_dict(state: State) -> dict[str, Any]:
    """The Classic family's ``to_dict`` hook."""
    tb = state.tables
    cards = tb.cards
    players = [{
        "colour": state.colours[p],
        "neutral": p == state.neutral,
        "eliminated": state.eliminated_by[p] >= 0,
        "eliminated_by": state.eliminated_by[p] if state.eliminated_by[p] >= 0 else None,
        "cards": [cards[c] for c in state.hands[p]],
        "mission": state.missions[p],
        "reserve": state.reserves[p],
        "captured": state.captured[p],
    } for p in range(state.n_players)]
    territories = {tid: {"owner": o if o >= 0 else None, "armies": a}
                   for tid, o, a in zip(tb.territories, state.owner, state.armies)}
    return {
        "format": FORMAT,
        "variant": tb.variant.id,
        "options": dict(sorted(tb.ruleset.options.items())),
        "players": players,
        "territories": territories,
        "phase": state.phase,
        "current": state.current,
        "turn": state.turn,
        "first_player": state.first_player if state.first_player >= 0 else None,
        "sets_traded": state.sets_traded,
        "draw_pile": [cards[c] for c in state.draw_pile],
        "discards": [cards[c] for c in state.discards],
        "pending": pending_to_json(state.pending, state.phase, tb),
        "turn_flags": {"conquered": state.conquered, "conquests": state.conquests,
                       "bonus_taken": state.bonus_taken, "fortify_moves": state.fortify_moves},
        "winner": state.winner if state.winner >= 0 else None,
    }


def pending_to_json(pending: Mapping[str, Any], phase: str, tables: Tables) -> dict[str, Any]:
    kinds = PHASES[phase]
    out: dict[str, Any] = {}
    for key, value in pending.items():
        if kinds.get(key) == "territory":
            value = tables.territories[value]
        elif kinds.get(key) == "forced" and value is not None:
            value = dict(value)
        out[key] = value
    return out


def dumps(obj: Any) -> str:
    """The canonical JSON text of any JSON value: sorted keys, no spaces, UTF-8 as is."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


# --------------------------------------------------------------------------- from JSON

def classic_from_dict(data: Mapping[str, Any], variant: Any) -> State:
    """A Classic state from its JSON object (the Classic family's ``from_dict`` hook)."""
    tables = get_tables(variant.resolve(get_explicit_options(variant, data["options"])))
    if dict(tables.ruleset.options) != dict(data["options"]):
        raise InvalidStateError("state 'options' must list every option of the variant, settled")
    return _build(data, tables)


def _check(cond: bool, message: str) -> None:
    if not cond:
        raise InvalidStateError(message)


def parse_card_list(card_index: Mapping[str, int], ids: list[str], where: str
                    ) -> tuple[int, ...]:
    """Card IDs of a state file → deck indices; unknown cards and a list out of deck order
    are refused (:class:`InvalidStateError` naming ``where``). Shared by every family."""
    for c in ids:
        _check(c in card_index, f"{where}: unknown card {c!r}")
    idx = [card_index[c] for c in ids]
    _check(idx == sorted(idx), f"{where}: cards must be listed in deck order")
    return tuple(idx)


def read_players_and_cards(s: State, d: Mapping[str, Any], card_index: Mapping[str, int],
                           seat: Callable[[Any, str], int]) -> None:
    """Read what both families' players share — each hand, ``eliminated_by`` (through
    ``seat``, which checks the seat), reserve and captured flag — and the draw pile and the
    discards; every card must be in exactly one of those places."""
    seen: list[int] = []
    for i, p in enumerate(d["players"]):
        s.hands[i] = parse_card_list(card_index, p["cards"], f"players[{i}].cards")
        seen += s.hands[i]
        s.eliminated_by[i] = seat(p["eliminated_by"], f"players[{i}].eliminated_by")
        s.reserves[i], s.captured[i] = p["reserve"], p["captured"]
    s.draw_pile = parse_card_list(card_index, d["draw_pile"], "draw_pile")
    s.discards = parse_card_list(card_index, d["discards"], "discards")
    seen += s.draw_pile + s.discards
    _check(sorted(seen) == list(range(len(card_index))),
           "every card must be in exactly one place: a hand, the draw pile or the discards")


def _build(d: Mapping[str, Any], tb: Tables) -> State:
    players = d["players"]
    n = len(players)
    colours = tuple(p["colour"] for p in players)
    _check(len(set(colours)) == n, "two players have the same colour")
    for c in colours:
        _check(c in tb.colours, f"unknown colour {c!r}; the variant has {', '.join(tb.colours)}")
    neutral = [i for i, p in enumerate(players) if p["neutral"]]
    _check(len(neutral) <= 1, "more than one neutral player")
    s = blank_state(tb, colours, neutral[0] if neutral else -1)

    def seat(value: Any, what: str, allow_none: bool = True) -> int:
        if value is None and allow_none:
            return -1
        if not (isinstance(value, int) and 0 <= value < n):
            raise InvalidStateError(f"{what}: no player {value!r} (seats 0 to {n - 1}) "
                                    f"[invariant state.seat-range]", invariant="state.seat-range")
        return int(value)

    _check(set(d["territories"]) == set(tb.territories),
           "territories must list every territory of the map exactly once")
    for i, tid in enumerate(tb.territories):
        t = d["territories"][tid]
        s.owner[i] = seat(t["owner"], f"owner of {tid}")
        s.armies[i] = t["armies"]

    read_players_and_cards(s, d, tb.card_index, seat)
    for i, p in enumerate(players):
        mission = p["mission"]
        _check(mission is None or mission in tb.mission_deck,
               f"players[{i}].mission {mission!r} is not in the mission deck in play")
        s.missions[i] = mission
        _check(p["eliminated"] == (s.eliminated_by[i] >= 0),
               f"players[{i}]: 'eliminated' and 'eliminated_by' disagree")
    dealt = [m for m in s.missions if m is not None]
    _check(len(set(dealt)) == len(dealt), "a mission is dealt twice")

    s.phase = d["phase"]
    _check(s.phase in PHASES, f"unknown phase {s.phase!r}")
    s.current = seat(d["current"], "current", allow_none=False)
    s.turn, s.sets_traded = d["turn"], d["sets_traded"]
    s.first_player = seat(d["first_player"], "first_player")
    s.winner = seat(d["winner"], "winner")
    _check((s.winner >= 0) == (s.phase == "game-over"), "a game is over exactly when it has a winner")
    flags = d["turn_flags"]
    s.conquered, s.bonus_taken = flags["conquered"], flags["bonus_taken"]
    s.conquests = flags["conquests"]
    s.fortify_moves = flags["fortify_moves"]
    s.pending = _pending_from_json(d["pending"], s.phase, tb, n)
    moving_in = s.pending["to"] if s.phase == "occupy" else -1
    for i, tid in enumerate(tb.territories):
        if i == moving_in:
            _check(s.owner[i] >= 0, f"territory {tid} was just conquered: it has an owner")
        else:
            _check((s.owner[i] < 0) == (s.armies[i] == 0),
                   f"territory {tid}: an occupied territory has armies, an empty one none")
    return s


def _pending_from_json(p: Mapping[str, Any], phase: str, tb: Tables, n: int) -> dict[str, Any]:
    kinds = PHASES[phase]
    _check(set(p) == set(kinds), f"pending of phase {phase!r} must have exactly the fields "
                                 f"{', '.join(sorted(kinds)) or '(none)'}")
    out: dict[str, Any] = {}
    for key, kind in kinds.items():
        value = p[key]
        if kind == "territory":
            _check(value in tb.territory_index, f"pending.{key}: unknown territory {value!r}")
            value = tb.territory_index[value]
        elif kind == "player":
            if not (isinstance(value, int) and 0 <= value < n):
                raise InvalidStateError(f"pending.{key}: no player {value!r} [invariant "
                                        "state.seat-range]", invariant="state.seat-range")
        elif kind == "count":
            _check(isinstance(value, int) and value >= 0, f"pending.{key} must be a count")
        elif kind == "bool":
            _check(isinstance(value, bool), f"pending.{key} must be true or false")
        elif kind == "purpose":
            _check(value in ("setup", "turn"), f"pending.{key} must be 'setup' or 'turn'")
        elif kind == "forced" and value is not None:
            _check(isinstance(value, Mapping) and set(value) == {"max_hand", "sets"},
                   "pending.forced must be null or {max_hand, sets}")
            value = {"max_hand": value["max_hand"], "sets": value["sets"]}
        out[key] = value
    # keep the key order of PHASES so that to_dict is canonical whatever the input order
    return out
