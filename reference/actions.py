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

#: field kinds: territory, territory-or-null, positive integer, seat, card, list of
#: cards, mission, list of dice
FIELDS: dict[str, tuple[tuple[str, str], ...]] = {
    # player actions
    "claim": (("territory", "territory"),),
    "place": (("territory", "territory"),),
    "place-neutral": (("territory", "territory"),),
    "trade": (("cards", "cards"), ("bonus_territory", "territory?")),
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


_EXPECTED_KEYS: dict[str, frozenset[str]] = {
    kind: frozenset({"type", *(name for name, _ in fields)}) for kind, fields in FIELDS.items()}


def parse_action(action: Any, tables: Tables, n_players: int) -> Parsed:
    """Check the shape of an action or outcome; return it parsed (see :data:`Parsed`)."""
    if not isinstance(action, Mapping):
        raise _bad(action, "not-an-object", "an action is a JSON object with a 'type'")
    kind = action.get("type")
    fields = FIELDS.get(kind) if isinstance(kind, str) else None
    if fields is None or not isinstance(kind, str):
        raise _bad(action, "unknown-type", f"unknown type {kind!r}; expected one of "
                                           f"{', '.join(TYPES)}")
    expected = _EXPECTED_KEYS[kind]
    if len(action) != len(expected) or not expected.issuperset(action):
        missing = sorted(expected - set(action))
        extra = sorted(map(str, set(action) - expected))
        detail = "; ".join(filter(None, [f"missing {', '.join(missing)}" if missing else "",
                                         f"unexpected {', '.join(extra)}" if extra else ""]))
        raise _bad(action, "fields", f"a {kind!r} action has the fields "
                                     f"{', '.join(sorted(expected))} ({detail})")
    out: list[Any] = [kind]
    index = tables.territory_index
    for name, field_kind in fields:
        value = action[name]
        if field_kind == "territory" and value.__class__ is str and value in index:
            out.append(index[value])  # the common case, without the general checks
        else:
            out.append(_parse_field(action, name, field_kind, value, tables, n_players))
    return RECORDS[kind](*out)


def _parse_field(action: Any, name: str, kind: str, value: Any, tb: Tables,
                 n_players: int) -> Any:
    if kind == "territory" or (kind == "territory?" and value is not None):
        if not isinstance(value, str) or value not in tb.territory_index:
            raise _bad(action, "unknown-territory", f"{name}: unknown territory {value!r}")
        return tb.territory_index[value]
    if kind == "territory?":
        return -1
    if kind == "positive":
        if not _is_int(value) or value < 1:
            raise _bad(action, "bad-value", f"{name} must be a whole number ≥ 1")
        return value
    if kind == "seat":
        if not _is_int(value) or not 0 <= value < n_players:
            raise _bad(action, "bad-value", f"{name}: no player {value!r} in a game of "
                                            f"{n_players}")
        return value
    if kind == "card":
        if not isinstance(value, str) or value not in tb.card_index:
            raise _bad(action, "unknown-card", f"{name}: unknown card {value!r}")
        return tb.card_index[value]
    if kind == "cards":
        if not isinstance(value, list) or not value:
            raise _bad(action, "bad-value", f"{name} must be a non-empty list of card IDs")
        idx = []
        for c in value:
            if not isinstance(c, str) or c not in tb.card_index:
                raise _bad(action, "unknown-card", f"{name}: unknown card {c!r}")
            idx.append(tb.card_index[c])
        if any(a >= b for a, b in zip(idx, idx[1:])):
            raise _bad(action, "card-order", f"{name} must list distinct cards in deck order")
        return tuple(idx)
    if kind == "mission":
        if not isinstance(value, str) or value not in tb.mission_deck:
            raise _bad(action, "unknown-mission", f"{name}: {value!r} is not a mission of the "
                                                  f"deck in play")
        return tb.mission_deck.index(value)
    if kind == "dice":
        sides = tb.params.attack_dice_sides
        if (not isinstance(value, list) or not value
                or not all(_is_int(v) and 1 <= v <= sides for v in value)):
            raise _bad(action, "bad-value", f"{name} must be a non-empty list of die faces "
                                            f"1–{sides}")
        if any(a < b for a, b in zip(value, value[1:])):
            raise _bad(action, "dice-order", f"{name} must be sorted from highest to lowest")
        return tuple(value)
    raise AssertionError(f"unknown field kind {kind}")  # pragma: no cover


def sort_key(action: Mapping[str, Any], tables: Tables, n_players: int) -> tuple[Any, ...]:
    """The canonical sort key of a well-formed action or outcome."""
    parsed = parse_action(action, tables, n_players)
    return (RANK[parsed[0]],) + parsed[1:]
