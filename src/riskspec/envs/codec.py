"""A fixed discrete action space for a variant, and positions that speak it.

The reference engine's actions are JSON objects (``{"type": "attack", "from": …, "to": …,
"dice": 3}``); learning libraries want integers below a fixed bound.  The encoding is
derived from data — the action schema (``schemas/action.schema.json``, its types in
canonical order and their required fields) and the variant's board (territories, maritime
zones, cards) and missions — so it changes only when the spec does.

Indices ``0 … n_heads-1`` are **heads**: an action type together with the values of its
required single-ID fields (``territory``, ``from``, ``to``, ``zone``, ``place``, ``card``,
``mission``) and seat (``player``), every combination of the fields' domains:

* ``card`` ranges over the board's cards, ``mission`` over the variant's missions,
  ``player`` over the seats ``0 … max(max_players, colours) - 1``;
* every other ID field ranges over the board's *places*: the territories, then the maritime
  zones, in map order.

Heads are numbered type by type (in the schema's order), and inside a type in row-major
order of its fields (``from`` before ``to``), e.g. Classic's ``attack`` from territory
``i`` to territory ``j`` is ``offset(attack) + 42 * i + j``.

Indices ``n_heads … n_heads+SLOTS-1`` are **slots**.  When several legal actions share a
head (they differ in counts, dice, card lists, leaders …), choosing the head opens a
sub-decision: the actions sharing it, in the engine's canonical order, are offered in
slots — slot ``k`` is the ``k``-th of them.  With more than ``SLOTS`` of them they are cut
into ``SLOTS`` runs of ``ceil(n / SLOTS)`` consecutive actions; a slot then narrows the
choice to its run, and the sub-decision repeats.  A head with a single legal action applies
it at once.  Every legal action is therefore reachable, exactly, and nothing illegal is.
Chance outcomes are encoded the same way (a ``first-player`` head per seat, a ``deal`` head
per territory, a ``draw`` head per card, one ``roll`` head whose outcomes come in slots), each index with its exact
probability (:meth:`Position.chance_distribution`).
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from importlib import resources
from typing import Any

from riskspec.errors import InvalidActionError, OptionError
from riskspec.model import Variant
from riskspec.reference import engine as E

#: options of a sub-decision offered at once
SLOTS = 64

#: the action types each variant family's engine uses (in any order; the codec orders them
#: as the action schema does).  tests/envs check that random play never meets another.
FAMILY_TYPES: dict[str, frozenset[str]] = {
    "classic": frozenset({
        "claim", "place", "place-neutral", "trade", "attack", "defend", "occupy",
        "end-attack", "fortify", "end-turn", "first-player", "deal", "mission", "roll",
        "draw"}),
    "napoleon": frozenset({
        "claim", "place-general", "place-fortification", "place", "place-neutral", "trade",
        "play-card", "keep-roll", "reroll", "buy-ship", "buy-general", "buy-fortification",
        "buy-admiral", "ransom", "attack", "invade", "defend", "occupy", "end-attack",
        "maneuver", "end-turn", "first-player", "deal", "epidemic", "roll", "draw",
        "random-placement", "mission"}),
}

Action = dict[str, Any]


@functools.cache
def action_schema_fields() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(type, required single-ID and seat fields) for every action type, in the schema's
    order."""
    text = resources.files("riskspec.schemas").joinpath("action.schema.json").read_text("utf-8")
    out: dict[str, tuple[str, ...]] = {}
    for entry in json.loads(text)["oneOf"]:
        props = entry["properties"]
        kind = props["type"]["const"]
        if kind in out:
            continue
        out[kind] = tuple(f for f in entry["required"] if f != "type"
                          and (props[f].get("$ref", "").endswith("/slug") or f == "player"))
    return tuple(out.items())


@dataclass(frozen=True)
class HeadType:
    """One action type's block of heads."""

    type: str
    fields: tuple[str, ...]
    domains: tuple[tuple[Any, ...], ...]
    offset: int

    @property
    def size(self) -> int:
        return math.prod(len(d) for d in self.domains)


class ActionCodec:
    """The fixed discrete action space of a variant (see the module docstring)."""

    def __init__(self, variant: Variant) -> None:
        family = FAMILY_TYPES.get(variant.family)
        if family is None:
            raise OptionError(f"no action encoding for variant family {variant.family!r}")
        board = variant.board
        self.variant = variant
        self.places: tuple[str, ...] = tuple(board.territory_ids) + tuple(board.zone_ids)
        self.cards: tuple[str, ...] = tuple(c.id for c in board.cards)
        self.missions: tuple[str, ...] = tuple(variant.missions)
        self.seats: tuple[int, ...] = tuple(range(max(variant.max_players, len(variant.colours))))
        blocks: list[HeadType] = []
        offset = 0
        for kind, fields in action_schema_fields():
            if kind not in family:
                continue
            domains = tuple(self._domain(f) for f in fields)
            block = HeadType(kind, fields, domains, offset)
            blocks.append(block)
            offset += block.size
        self.types: tuple[HeadType, ...] = tuple(blocks)
        self.n_heads = offset
        self.size = offset + SLOTS
        self._by_type = {b.type: b for b in blocks}
        self._value_index = [tuple({v: i for i, v in enumerate(d)} for d in b.domains)
                             for b in blocks]
        self._block_index = {b.type: i for i, b in enumerate(blocks)}

    def _domain(self, field: str) -> tuple[Any, ...]:
        if field == "card":
            return self.cards
        if field == "mission":
            return self.missions
        if field == "player":
            return self.seats
        return self.places

    def head(self, action: Mapping[str, Any]) -> int:
        """The head index of an action or chance outcome."""
        kind = action.get("type")
        i = self._block_index.get(kind)  # type: ignore[arg-type]
        if i is None:
            raise InvalidActionError(f"action type {kind!r} has no head in the encoding of "
                                     f"{self.variant.id}", code="unknown-type", action=action)
        block, lookup = self.types[i], self._value_index[i]
        index = 0
        for field, domain, table in zip(block.fields, block.domains, lookup):
            try:
                index = index * len(domain) + table[action[field]]
            except KeyError:
                raise InvalidActionError(f"{field}: {action.get(field)!r} is not in the "
                                         f"encoding of {self.variant.id}", code="fields",
                                         action=action) from None
        return block.offset + index

    def describe(self, index: int) -> str:
        """A head as text (``attack from=alaska to=kamchatka``), or ``slot k``."""
        if not 0 <= index < self.size:
            raise InvalidActionError(f"action index {index} is outside 0…{self.size - 1}",
                                     code="bad-value", action=index)
        if index >= self.n_heads:
            return f"slot {index - self.n_heads}"
        block = self.head_type(index)
        rest = index - block.offset
        values = []
        for domain in reversed(block.domains):
            rest, k = divmod(rest, len(domain))
            values.append(domain[k])
        parts = [f"{f}={v}" for f, v in zip(block.fields, reversed(values))]
        return " ".join([block.type, *parts])

    def head_type(self, index: int) -> HeadType:
        for block in self.types:
            if block.offset <= index < block.offset + block.size:
                return block
        raise InvalidActionError(f"action index {index} is not a head", code="bad-value",
                                 action=index)

    def type_of(self, kind: str) -> HeadType:
        return self._by_type[kind]


@functools.cache
def get_codec(variant_id: str) -> ActionCodec:
    """The (cached) action encoding of a shipped variant."""
    return ActionCodec(E.get_variant(variant_id))


Choice = tuple[Action, Fraction | None]


class Position:
    """A state of the engine plus an open sub-decision, speaking the codec's integers.

    :attr:`state` is a :class:`riskspec.reference.State`; everything is computed through
    the engine's public API.  A Position is mutable (:meth:`apply`), the states are not.
    """

    __slots__ = ("_groups", "codec", "pending", "state")

    def __init__(self, codec: ActionCodec, state: E.State,
                 pending: Sequence[Choice] | None = None) -> None:
        self.codec, self.state = codec, state
        self.pending: tuple[Choice, ...] | None = tuple(pending) if pending else None
        self._groups: dict[int, list[Choice]] | None = None

    def copy(self) -> Position:
        return Position(self.codec, self.state, self.pending)

    def actor(self) -> int:
        """The seat to act, :data:`~riskspec.reference.CHANCE` or ``TERMINAL``."""
        return E.current_player(self.state)

    def groups(self) -> dict[int, list[Choice]]:
        """Legal index → the actions (with probabilities at chance nodes) it leads to."""
        if self._groups is None:
            self._groups = self._compute_groups()
        return self._groups

    def _compute_groups(self) -> dict[int, list[Choice]]:
        if self.pending is not None:
            return _slot_groups(self.codec.n_heads, self.pending)
        who = self.actor()
        choices: list[Choice]
        if who == E.CHANCE:
            choices = list(E.chance_outcomes(self.state))
        elif who == E.TERMINAL:
            return {}
        else:
            choices = [(a, None) for a in E.legal_actions(self.state)]
        groups: dict[int, list[Choice]] = {}
        head = self.codec.head
        for choice in choices:
            groups.setdefault(head(choice[0]), []).append(choice)
        return groups

    def legal_indices(self) -> list[int]:
        """The legal indices, ascending."""
        return sorted(self.groups())

    def chance_distribution(self) -> list[tuple[int, Fraction]]:
        """At a chance node: every legal index with its exact probability (given the open
        sub-decision, if any); the probabilities sum to 1."""
        if self.actor() != E.CHANCE:
            return []
        dist = [(i, _fsum([p for _, p in g])) for i, g in sorted(self.groups().items())]
        total = _fsum([p for _, p in dist])
        return [(i, p / total) for i, p in dist]

    def resolve(self, index: int) -> Action | None:
        """The action ``index`` applies, or None if it opens (narrows) a sub-decision.
        Raises :class:`~riskspec.errors.InvalidActionError` for an index that is not legal."""
        group = self.groups().get(int(index))
        if group is None:
            raise InvalidActionError(_not_legal(self, int(index)), code="not-legal",
                                     action=int(index))
        return group[0][0] if len(group) == 1 else None

    def apply(self, index: int) -> list[dict[str, Any]] | None:
        """Apply a legal index: the engine's events if an action was applied, None if a
        sub-decision was opened or narrowed."""
        action = self.resolve(index)
        if action is None:
            self.pending, self._groups = tuple(self.groups()[int(index)]), None
            return None
        self.state, events = E.apply(self.state, action)
        self.pending, self._groups = None, None
        return events

    def apply_action(self, action: Mapping[str, Any]) -> list[dict[str, Any]]:
        """Apply an engine action (JSON form) directly, closing any open sub-decision."""
        self.state, events = E.apply(self.state, action)
        self.pending, self._groups = None, None
        return events

    def indices_of(self, action: Mapping[str, Any]) -> list[int]:
        """The indices that lead from here to ``action`` (head, then slots)."""
        path: list[int] = []
        probe = self.copy()
        for _ in range(64):
            for i, group in probe.groups().items():
                if any(a == action for a, _ in group):
                    path.append(i)
                    if len(group) == 1:
                        return path
                    probe.pending, probe._groups = tuple(group), None
                    break
            else:
                raise InvalidActionError(f"{json.dumps(action)} is not legal here",
                                         code="not-legal", action=dict(action))
        raise AssertionError("unreachable")  # pragma: no cover


def _fsum(values: Sequence[Fraction | None]) -> Fraction:
    """An exact sum of many fractions (over one common denominator: fast)."""
    fr = [v for v in values if v is not None]
    den = math.lcm(*(v.denominator for v in fr)) if fr else 1
    return Fraction(sum(v.numerator * (den // v.denominator) for v in fr), den)


def _slot_groups(n_heads: int, pending: Sequence[Choice]) -> dict[int, list[Choice]]:
    chunk = -(-len(pending) // SLOTS)
    return {n_heads + k: list(pending[k * chunk:(k + 1) * chunk])
            for k in range(-(-len(pending) // chunk))}


def _not_legal(pos: Position, index: int) -> str:
    codec = pos.codec
    try:
        what = codec.describe(index)
    except InvalidActionError as exc:
        return str(exc)
    legal = pos.legal_indices()
    shown = ", ".join(f"{i} ({codec.describe(i)})" for i in legal[:5])
    more = f" and {len(legal) - 5} more" if len(legal) > 5 else ""
    state = "a sub-decision is open" if pos.pending else "no sub-decision is open"
    return (f"action index {index} ({what}) is not legal here ({state}); "
            f"legal: {shown or 'none'}{more}")

