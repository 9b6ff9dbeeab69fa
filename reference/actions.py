"""Action and chance-outcome shapes: checking them, and their canonical order.

An action (or a chance outcome — both are applied the same way) is a small
JSON object with a ``type`` and the fields listed in :data:`FIELDS`, no more,
no fewer.  :func:`parse_action` checks the *shape* — known type, exact fields,
field types, known territory/card/mission IDs, cards in deck order, dice
sorted high to low — and raises :class:`~riskspec.errors.InvalidActionError`
(with a ``code``) for a malformed one.  Whether the action is *allowed* in a
state is decided by the rules (``classic.py``, ``setup.py``).

Canonical order (the order of ``legal_actions`` and ``chance_outcomes``): by
type in the order of :data:`TYPES`, then field by field in the order of
:data:`FIELDS`, comparing territories by their position on the map, cards by
their position in the deck (a list of cards lexicographically), missions by
their position in the mission deck, a null territory before any territory,
and numbers and dice lists by value.  :func:`sort_key` computes it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from riskspec.errors import InvalidActionError
from riskspec.reference.state import dumps
from riskspec.reference.tables import Tables

#: Classic's field table: type → its fields (name, kind of :data:`KINDS`), in record order
FIELDS: dict[str, tuple[tuple[str, str], ...]] = {
    # player actions
    "claim": (("territory", "territory"),),
    "place": (("territory", "territory"),),
    "place-neutral": (("territory", "territory"),),
    "trade": (("cards", "cards"), ("bonus_territory", "territory|null")),
    "attack": (("from", "territory"), ("to", "territory"), ("dice", "positive")),
    "defend": (("dice", "positive"),),
    "occupy": (("armies", "positive"),),
    "end-attack": (),
    "fortify": (("from", "territory"), ("to", "territory"), ("armies", "positive")),
    "end-turn": (),
    # chance outcomes
    "first-player": (("player", "seat"),),
    "deal": (("territory", "territory"),),
    "mission": (("player", "seat"), ("mission", "mission")),
    "roll": (("attacker", "dice"), ("defender", "dice")),
    "draw": (("card", "card"),),
}
TYPES: tuple[str, ...] = tuple(FIELDS)
RANK: dict[str, int] = {t: i for i, t in enumerate(TYPES)}
CHANCE_TYPES = frozenset({"first-player", "deal", "mission", "roll", "draw"})

#: a parsed action: its record below — (type, field values…) with territories, cards and
#: missions as indices (a null territory is -1) and dice as tuples
Parsed = tuple[Any, ...]


class Claim(NamedTuple):
    type: str
    territory: int


class Place(NamedTuple):
    type: str
    territory: int


class PlaceNeutral(NamedTuple):
    type: str
    territory: int


class Trade(NamedTuple):
    type: str
    cards: tuple[int, ...]
    bonus_territory: int     # -1: none named


class Attack(NamedTuple):
    type: str
    src: int
    dst: int
    dice: int


class Defend(NamedTuple):
    type: str
    dice: int


class Occupy(NamedTuple):
    type: str
    armies: int


class EndAttack(NamedTuple):
    type: str


class Fortify(NamedTuple):
    type: str
    src: int
    dst: int
    armies: int


class EndTurn(NamedTuple):
    type: str


class FirstPlayer(NamedTuple):
    type: str
    player: int


class Deal(NamedTuple):
    type: str
    territory: int


class Mission(NamedTuple):
    type: str
    player: int
    mission: int             # position in the mission deck in play


class Roll(NamedTuple):
    type: str
    attacker: tuple[int, ...]
    defender: tuple[int, ...]


class Draw(NamedTuple):
    type: str
    card: int


#: action type → its parsed record (a named tuple: ``a.src`` reads the JSON ``from``)
RECORDS: dict[str, Callable[..., Parsed]] = {
    "claim": Claim, "place": Place, "place-neutral": PlaceNeutral, "trade": Trade,
    "attack": Attack, "defend": Defend, "occupy": Occupy, "end-attack": EndAttack,
    "fortify": Fortify, "end-turn": EndTurn, "first-player": FirstPlayer, "deal": Deal,
    "mission": Mission, "roll": Roll, "draw": Draw,
}
#: a JSON field name → its record field name (the others are the same)
FIELD_NAMES = {"from": "src", "to": "dst"}


#: every code a malformed action is refused with (``invalid-action``), in both families:
#: code → (what it means, what to do).  One list: :data:`KINDS` raises only these.
PARSE_CODES: dict[str, tuple[str, str]] = {
    "not-an-object": ("the action is not a JSON object",
                      "send an object with a \"type\" and the type's fields"),
    "unknown-type": ("the \"type\" is missing or is no action type of the family",
                     "use a type of the family's actions (docs: the actions reference)"),
    "fields": ("a field the type requires is missing, or a field it does not have is given",
               "send exactly the type's fields (optional ones may be left out)"),
    "unknown-territory": ("a territory, place or zone is not on the map in play (or a zone "
                          "list holds something else)",
                          "use the map's IDs (riskspec map VARIANT)"),
    "unknown-card": ("a card is not in the deck in play", "use the deck's card IDs"),
    "unknown-mission": ("a mission is not in the mission deck in play",
                        "use the IDs of the deck the variant and options play"),
    "bad-value": ("a number, seat, flag or name is not of the field's kind or range, or a "
                  "list (cards, dice) is not a non-empty list of the right values",
                  "counts are whole numbers (≥ 1 where positive), seats 0 … players-1, dice "
                  "faces 1 … sides, flags true/false"),
    "card-order": ("the cards are not distinct and in deck order",
                   "list each card once, in the order of the deck"),
    "dice-order": ("the dice are not sorted from highest to lowest",
                   "sort each side's dice from highest to lowest"),
    "zone-order": ("the zones are not in map order", "list the zones in the map's order"),
}

#: field kind → (what a valid value is, the code of a value that is not).  A kind may end
#: in ``?`` (the field may be left out: absent, it reads as :data:`ABSENT`) or in ``|null``
#: (the field is required and may be ``null``: it reads as -1).
KINDS: dict[str, tuple[str, str]] = {
    "territory": ("a territory ID of the map", "unknown-territory"),
    "place": ("a territory or maritime-zone ID of the map", "unknown-territory"),
    "zones": ("a non-empty list of maritime-zone IDs in map order (else zone-order)",
              "unknown-territory"),
    "positive": ("a whole number ≥ 1", "bad-value"),
    "count": ("a whole number ≥ 0", "bad-value"),
    "seat": ("a seat: a whole number 0 … players - 1", "bad-value"),
    "bool": ("true or false", "bad-value"),
    "leader": ("\"general\" or \"admiral\"", "bad-value"),
    "card": ("a card ID of the deck", "unknown-card"),
    "cards": ("a non-empty list of card IDs (else bad-value), distinct and in deck order "
              "(else card-order)", "unknown-card"),
    "mission": ("a mission ID of the deck in play", "unknown-mission"),
    "dice": ("a non-empty list of die faces 1 … sides (else bad-value), highest first "
             "(else dice-order)", "bad-value"),
}
#: the parsed value of an optional field left out, by kind (any other kind: -1)
ABSENT: dict[str, Any] = {"zones": None, "count": 0, "bool": False}
LEADERS = ("general", "admiral")


class Names(NamedTuple):
    """What the field kinds look names up in, for one ruleset's tables."""

    territory: Mapping[str, int]
    place: Mapping[str, int]
    zones: frozenset[int]
    card: Mapping[str, int]
    mission: Mapping[str, Any]   # mission ID → its parsed value
    sides: int


_NAMES: dict[int, tuple[Any, Names]] = {}


def names_of(tables: Any) -> Names:
    """The :class:`Names` of a Classic or Napoléon tables object (built once per tables)."""
    hit = _NAMES.get(id(tables))
    if hit is not None and hit[0] is tables:
        return hit[1]
    places = getattr(tables, "place_index", tables.territory_index)
    n = len(tables.territories)
    deck = getattr(tables, "mission_deck", None)
    missions: Mapping[str, Any] = ({m: i for i, m in enumerate(deck)} if deck is not None
                                   else {m: m for m in tables.variant.missions})
    names = Names(tables.territory_index, places,
                  frozenset(i for i in places.values() if i >= n), tables.card_index,
                  missions, tables.params.attack_dice_sides)
    _NAMES[id(tables)] = (tables, names)
    return names


class Grammar:
    """The action shapes of one family: a field table (type → ((field, kind), …), in the
    order of the parsed record's fields) and type → record.  :meth:`parse` checks an
    action against it, raising :class:`InvalidActionError` with a code of
    :data:`PARSE_CODES`; the same malformed input gets the same code in every family."""

    def __init__(self, fields: Mapping[str, tuple[tuple[str, str], ...]],
                 records: Mapping[str, Callable[..., Parsed]]) -> None:
        if set(fields) != set(records):
            raise ValueError("one record per action type")
        self.fields, self.records, self.types = fields, records, tuple(fields)
        self._plan: dict[str, tuple[frozenset[str], frozenset[str],
                                    tuple[tuple[str, str, bool, bool], ...]]] = {}
        for kind, spec in fields.items():
            steps = []
            for name, fk in spec:
                optional, nullable = fk.endswith("?"), fk.endswith("|null")
                base = fk[:-1] if optional else fk[:-5] if nullable else fk
                if base not in KINDS:
                    raise ValueError(f"{kind}.{name}: unknown field kind {fk!r}")
                steps.append((name, base, optional, nullable))
            required = frozenset({"type", *(n for n, _, opt, _ in steps if not opt)})
            self._plan[kind] = (required, frozenset({"type", *(n for n, *_ in steps)}),
                                tuple(steps))

    def parse(self, action: Any, names: Names, n_players: int) -> Parsed:
        """Check the shape of an action or outcome; return its parsed record."""
        if not isinstance(action, Mapping):
            raise _bad(action, "not-an-object", "an action is a JSON object with a 'type'")
        kind = action.get("type")
        plan = self._plan.get(kind) if isinstance(kind, str) else None
        if plan is None or not isinstance(kind, str):
            raise _bad(action, "unknown-type", f"unknown type {kind!r}; expected one of "
                                               f"{', '.join(self.types)}")
        required, allowed, steps = plan
        keys = action.keys()
        if not (required <= keys and allowed >= keys):
            missing = sorted(required - keys)
            extra = sorted(map(str, keys - allowed))
            spare = sorted(allowed - required)
            detail = "; ".join(filter(None, [
                f"missing {', '.join(missing)}" if missing else "",
                f"unexpected {', '.join(extra)}" if extra else "",
                f"optional: {', '.join(spare)}" if spare else ""]))
            raise _bad(action, "fields", f"a {kind!r} action has the fields "
                                         f"{', '.join(sorted(allowed - {'type'}))} ({detail})")
        out: list[Any] = [kind]
        index = names.territory
        for name, base, optional, nullable in steps:
            if optional and name not in action:
                out.append(ABSENT.get(base, -1))
                continue
            value = action[name]
            if base == "territory" and value.__class__ is str and value in index:
                out.append(index[value])  # the common case, without the general checks
            elif nullable and value is None:
                out.append(-1)
            else:
                out.append(_parse_field(action, name, base, value, names, n_players))
        return self.records[kind](*out)


def _bad(action: Any, code: str, message: str) -> InvalidActionError:
    return InvalidActionError(f"malformed action {_show(action)}: {message}", code=code,
                              action=action)


def _show(action: Any) -> str:
    try:
        text = dumps(action)
    except (TypeError, ValueError):
        text = repr(action)
    return text if len(text) <= 200 else text[:200] + "…"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _ids(action: Any, name: str, value: Any, index: Mapping[str, int], code: str,
         what: str) -> list[int]:
    """A non-empty list of IDs of ``index`` (bad-value if not a non-empty list)."""
    if not isinstance(value, list) or not value:
        raise _bad(action, "bad-value", f"{name} must be a non-empty list of {what} IDs")
    out = []
    for x in value:
        if not isinstance(x, str) or x not in index:
            raise _bad(action, code, f"{name}: unknown {what} {x!r}")
        out.append(index[x])
    return out


def _parse_field(action: Any, name: str, kind: str, value: Any, names: Names,
                 n_players: int) -> Any:
    if kind == "territory" or kind == "place":
        index = names.territory if kind == "territory" else names.place
        if not isinstance(value, str) or value not in index:
            raise _bad(action, "unknown-territory", f"{name}: unknown {kind} {value!r}")
        return index[value]
    if kind in ("positive", "count"):
        if not _is_int(value) or value < (1 if kind == "positive" else 0):
            raise _bad(action, "bad-value", f"{name} must be a whole number ≥ "
                                            f"{1 if kind == 'positive' else 0}")
        return value
    if kind == "seat":
        if not _is_int(value) or not 0 <= value < n_players:
            raise _bad(action, "bad-value", f"{name}: no player {value!r} in a game of "
                                            f"{n_players}")
        return value
    if kind == "bool":
        if not isinstance(value, bool):
            raise _bad(action, "bad-value", f"{name}: true or false, not {value!r}")
        return value
    if kind == "leader":
        if not isinstance(value, str) or value not in LEADERS:
            raise _bad(action, "bad-value", f"{name}: one of {', '.join(LEADERS)}, not "
                                            f"{value!r}")
        return value
    if kind == "card":
        if not isinstance(value, str) or value not in names.card:
            raise _bad(action, "unknown-card", f"{name}: unknown card {value!r}")
        return names.card[value]
    if kind == "cards":
        idx = _ids(action, name, value, names.card, "unknown-card", "card")
        if any(a >= b for a, b in zip(idx, idx[1:])):
            raise _bad(action, "card-order", f"{name} must list distinct cards in deck order")
        return tuple(idx)
    if kind == "zones":
        zs = _ids(action, name, value, names.place, "unknown-territory", "maritime zone")
        if any(z not in names.zones for z in zs):
            raise _bad(action, "unknown-territory", f"{name}: maritime zones only")
        if zs != sorted(zs):
            raise _bad(action, "zone-order", f"{name}: zones in map order")
        return tuple(zs)
    if kind == "mission":
        if not isinstance(value, str) or value not in names.mission:
            raise _bad(action, "unknown-mission", f"{name}: {value!r} is not a mission of the "
                                                  f"deck in play")
        return names.mission[value]
    if kind == "dice":
        sides = names.sides
        if (not isinstance(value, list) or not value
                or not all(_is_int(v) and 1 <= v <= sides for v in value)):
            raise _bad(action, "bad-value", f"{name} must be a non-empty list of die faces "
                                            f"1–{sides}")
        if any(a < b for a, b in zip(value, value[1:])):
            raise _bad(action, "dice-order", f"{name} must be sorted from highest to lowest")
        return tuple(value)
    raise AssertionError(f"unknown field kind {kind}")  # pragma: no cover


#: Classic's action shapes
GRAMMAR = Grammar(FIELDS, RECORDS)


def parse_action(action: Any, tables: Tables, n_players: int) -> Parsed:
    """Check the shape of a Classic action or outcome; return it parsed (see :data:`Parsed`)."""
    return GRAMMAR.parse(action, names_of(tables), n_players)


def sort_key(action: Mapping[str, Any], tables: Tables, n_players: int) -> tuple[Any, ...]:
    """The canonical sort key of a well-formed action or outcome."""
    parsed = parse_action(action, tables, n_players)
    return (RANK[parsed[0]],) + parsed[1:]
