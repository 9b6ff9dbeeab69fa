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
import operator
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from importlib import resources
from typing import Any

from riskspec.envs.errors import get_index
from riskspec.errors import InvalidActionError, OptionError
from riskspec.model import Variant
from riskspec.reference import engine as E
from riskspec.reference.listed import Listed, get_listed

_second = operator.itemgetter(1)

#: options of a sub-decision offered at once
SLOTS = 64
#: listed actions whose head a codec remembers before it starts again
_HEAD_CACHE_LIMIT = 1 << 20
#: lists of at least this many listed actions are read by runs
_RUNS_FROM = 128
#: the types of the engine's shared lists of moves (ListedCache.fortify_moves, .occupy)
_RUN_TYPES = frozenset({"fortify", "occupy"})


def _common_run(actions: Sequence[Any], k: int, seq: Sequence[Any], j: int) -> int:
    """How many actions from ``actions[k]`` on are ``seq[j]``, ``seq[j+1]`` … (at least 1:
    ``actions[k]`` is ``seq[j]``).  The end is guessed by halving (a legal list holds each
    action once, so past the end no action is the list's), then the whole stretch is
    checked by one slice comparison; if the guess fails, by ever longer slices."""
    limit = min(len(actions) - k, len(seq) - j)
    lo, hi = 1, limit                   # the first m with actions[k+m] not seq[j+m]: lo…hi
    while lo < hi:
        mid = (lo + hi) // 2
        if actions[k + mid] is seq[j + mid]:
            lo = mid + 1
        else:
            hi = mid
    if actions[k:k + lo] == seq[j:j + lo]:
        return lo
    lo, step = 1, 1
    while lo < limit:
        hi = min(limit, lo + step)
        if actions[k + lo:k + hi] == seq[j + lo:j + hi]:
            lo, step = hi, step * 2
            continue
        while hi - lo > 1:            # [.., lo) matches, [lo, hi) does not
            mid = (lo + hi) // 2
            if actions[k + lo:k + mid] == seq[j + lo:j + mid]:
                lo = mid
            else:
                hi = mid
        break
    return lo


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
        # head of each action the engine listed (shared, immutable objects): by id(), the
        # objects kept alive here so that no other object can take their id meanwhile
        self._head_of: dict[int, int] = {}
        self._keep: list[Any] = []
        # id of an action of a shared list of moves → (that list, its place in it); and
        # id of each such list → (the list, how much of it is indexed)
        self._runs: dict[int, tuple[list[Any], int]] = {}
        self._indexed: dict[int, tuple[list[Any], int]] = {}
        self._tables: dict[int, tuple[Any, list[Choice], list[int]]] = {}

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

    def heads_of(self, actions: Sequence[Mapping[str, Any]]) -> list[int]:
        """The head of each action (:meth:`head`), remembered for the engine's own listed
        actions, which it builds once and reuses.  A long list (late-game fortifications:
        thousands) is read by runs: where it holds a stretch of one of the engine's shared
        lists of moves (f → t moving 1, 2, … armies; occupations), whose actions all share
        one head, the stretch is found by comparing slices (in C), not action by action."""
        if len(actions) >= _RUNS_FROM and actions[0].__class__ is Listed:
            return self._heads_by_runs(actions)
        cache = self._head_of
        heads: list[Any] = list(map(cache.get, map(id, actions)))
        if None in heads:
            for k, h in enumerate(heads):
                if h is None:
                    heads[k] = self._head_of_new(actions[k])
        return heads

    def _head_of_new(self, action: Mapping[str, Any]) -> int:
        """The head of an action not seen yet (remembered if the engine listed it)."""
        h = self.head(action)
        if action.__class__ is Listed:
            if len(self._head_of) > _HEAD_CACHE_LIMIT:
                self._head_of.clear()
                self._keep.clear()
                self._runs.clear()
                self._indexed.clear()
            self._head_of[id(action)] = h
            self._keep.append(action)
            if action["type"] in _RUN_TYPES:   # a new move of a shared list: index it
                self._index_run_of(action)
        return h

    def _index_run_of(self, action: Any) -> None:
        """Where each action of the engine's shared list holding ``action`` stands (the
        list f → t of a fortification, the occupations): its new actions only.  A list not
        found (another engine layout) is simply not read by runs."""
        tables = action.tables
        listed = get_listed(tables)
        try:
            if action["type"] == "fortify":
                index = tables.territory_index
                seq = listed.fortify_moves[(index[action["from"]], index[action["to"]])]
            else:
                seq = listed.occupy
        except (AttributeError, KeyError, TypeError):
            return
        done = self._indexed.get(id(seq))
        start = done[1] if done is not None and done[0] is seq else 0
        for j in range(start, len(seq)):
            self._runs[id(seq[j])] = (seq, j)
        self._indexed[id(seq)] = (seq, len(seq))

    def _heads_by_runs(self, actions: Sequence[Mapping[str, Any]]) -> list[int]:
        out: list[int] = []
        for _, length, h in self.spans_of(actions):
            out += [h] * length
        return out

    def spans_of(self, actions: Sequence[Mapping[str, Any]]) -> list[tuple[int, int, int]]:
        """The actions as spans ``(start, length, head)`` of consecutive actions sharing a
        head (a run of a shared list of moves is one span; :meth:`heads_of` spelt out)."""
        runs, cache = self._runs, self._head_of
        out: list[tuple[int, int, int]] = []
        k, n = 0, len(actions)
        while k < n:
            action = actions[k]
            h = cache.get(id(action))
            if h is None:
                h = self._head_of_new(action)
            run = runs.get(id(action))
            length = 1 if run is None else _common_run(actions, k, run[0], run[1])
            if out and out[-1][2] == h and out[-1][0] + out[-1][1] == k:
                start, before, _ = out[-1]
                out[-1] = (start, before + length, h)
            else:
                out.append((k, length, h))
            k += length
        return out

    def table_listing(self, table: Any) -> tuple[list[Choice], list[int]]:
        """The outcomes of a chance table with their weights, and their heads; remembered
        for the tables the engine keeps (a battle roll's 1,176 outcomes are listed once)."""
        got = self._tables.get(id(table))
        if got is not None and got[0] is table:
            return got[1], got[2]
        outcomes = list(map(table.make, table.keys))
        weights = table.weights or (1,) * len(outcomes)
        choices = list(zip(outcomes, weights))
        heads = self.heads_of(outcomes)
        if len(self._tables) > 4096:
            self._tables.clear()
        self._tables[id(table)] = (table, choices, heads)  # keeps the table (and its id)
        return choices, heads

    def describe(self, index: int) -> str:
        """A head as text (``attack from=alaska to=kamchatka``), or ``slot k``."""
        index = get_index(index, self.size)
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


#: an action with its chance weight (an integer, exact: a chance outcome's probability is
#: its weight over the weights of the outcomes it is offered with), None at decisions
Choice = tuple[Action, int | Fraction | None]


class Position:
    """A state of the engine plus an open sub-decision, speaking the codec's integers.

    :attr:`state` is a :class:`riskspec.reference.State`; everything is computed through
    the engine's public API.  A Position is mutable (:meth:`apply`), the states are not.
    The listing of the node (its choices and their heads) is made once per state and
    sub-decision, lazily: the mask needs the heads only, applying a head its group only.
    """

    __slots__ = ("_actor", "_actor_of", "_choices", "_groups", "_head_set", "_heads",
                 "_listed", "_spans", "applied", "codec", "pending", "state")

    def __init__(self, codec: ActionCodec, state: E.State,
                 pending: Sequence[Choice] | None = None) -> None:
        self.codec, self.state = codec, state
        self.pending: tuple[Choice, ...] | None = tuple(pending) if pending else None
        self._listed: tuple[Any, Any] | None = None   # (state, pending) listed for
        self._choices: Sequence[Choice] = ()
        self._heads: list[int] = []
        self._spans: list[tuple[int, int, int]] | None = None  # a long listing, by spans
        self._head_set: set[int] | None = None
        self._groups: dict[int, list[Choice]] | None = None
        self._actor_of: E.State | None = None
        self._actor = 0
        #: engine steps (actions and chance outcomes) applied through this position
        self.applied = 0

    def copy(self) -> Position:
        return Position(self.codec, self.state, self.pending)

    def actor(self) -> int:
        """The seat to act, :data:`~riskspec.reference.CHANCE` or ``TERMINAL``."""
        state = self.state
        if self._actor_of is not state:
            self._actor, self._actor_of = E.current_player(state), state
        return self._actor

    # -- the listing of this node ----------------------------------------------------------
    def _listing(self) -> tuple[Sequence[Choice], list[int]]:
        """(choices, their indices): the node's actions or outcomes with their heads, or
        the open sub-decision's choices with their slots."""
        state, pending = self.state, self.pending
        listed = self._listed
        if listed is None or listed[0] is not state or listed[1] is not pending:
            self._spans = None
            if pending is not None:
                chunk = -(-len(pending) // SLOTS)
                base = self.codec.n_heads
                self._choices = pending
                self._heads = list(range(base, base + -(-len(pending) // chunk)))  # slots
            else:
                who = self.actor()
                choices: Sequence[Choice]
                if who == E.CHANCE:
                    table = E.get_chance_table(state)
                    assert table is not None  # a chance node has a table
                    choices, heads = self.codec.table_listing(table)
                elif who == E.TERMINAL:
                    choices, heads = (), []
                else:
                    actions = E.legal_actions(state)
                    choices = _Undecided(actions)
                    if len(actions) >= _RUNS_FROM:   # heads: one per span, for the mask
                        spans = self.codec.spans_of(actions)
                        self._spans = spans
                        heads = [h for _, _, h in spans]
                    else:
                        heads = self.codec.heads_of(actions)
                self._choices, self._heads = choices, heads
            self._head_set, self._groups = None, None
            self._listed = (state, pending)
        return self._choices, self._heads

    def heads(self) -> list[int]:
        """The index of every choice of the node, in the engine's order (repeats where
        several choices share a head; in a sub-decision, one per slot; in a long listing,
        one per span of consecutive choices): what the action mask is made from."""
        return self._listing()[1]

    def group(self, index: int) -> list[Choice] | None:
        """The choices a legal ``index`` leads to (None if it is not legal).  Raises
        :class:`~riskspec.envs.errors.ActionIndexError` for what is no index at all."""
        index = get_index(index, self.codec.size)
        choices, heads = self._listing()
        if self.pending is not None:       # slot k: the k-th run of consecutive choices
            k = index - self.codec.n_heads
            if not 0 <= k < len(heads):
                return None
            chunk = -(-len(choices) // SLOTS)
            return list(choices[k * chunk:(k + 1) * chunk])
        if self._spans is not None:
            if self._head_set is None:
                self._head_set = set(heads)
            if index not in self._head_set:
                return None
            out: list[Choice] = []
            for start, length, h in self._spans:
                if h == index:
                    out += choices[start:start + length]
            return out
        try:
            first = heads.index(index)   # (a short listing: no set of its heads is made)
        except ValueError:
            return None
        n = heads.count(index)
        if n == 1:                                    # the usual step: one action
            return [choices[first]]
        if heads[first:first + n].count(index) == n:  # one run (the engine's order)
            return list(choices[first:first + n])
        return [c for c, h in zip(choices, heads) if h == index]

    def groups(self) -> dict[int, list[Choice]]:
        """Legal index → the actions (with weights at chance nodes) it leads to."""
        choices, heads = self._listing()
        if self._groups is None and (self.pending is not None or self._spans is not None):
            self._groups = {h: self.group(h) or [] for h in set(heads)}
        if self._groups is None:
            groups: dict[int, list[Choice]] = {}
            for choice, h in zip(choices, heads):
                groups.setdefault(h, []).append(choice)
            self._groups = groups
        return self._groups

    def legal_indices(self) -> list[int]:
        """The legal indices, ascending."""
        return sorted(set(self._listing()[1]))

    def chance_weights(self) -> tuple[list[tuple[int, int | Fraction]], int | Fraction]:
        """At a chance node: every legal index with its weight (the sum of its outcomes'
        weights), ascending, and the sum of the weights: index ``i`` has the exact
        probability ``weight / total``.  ``([], 1)`` elsewhere."""
        if self.actor() != E.CHANCE:
            return [], 1
        choices, heads = self._listing()
        if self.pending is not None:       # slots: runs of consecutive choices
            chunk = -(-len(choices) // SLOTS)
            weights = list(map(_second, choices))
            base = self.codec.n_heads
            dist = [(base + k, _wsum(weights[a:a + chunk]))
                    for k, a in enumerate(range(0, len(weights), chunk))]
        elif heads and heads.count(heads[0]) == len(heads):   # one head (a battle roll)
            dist = [(heads[0], _wsum(map(_second, choices)))]
        else:
            sums: dict[int, list[Any]] = {}
            for (_, w), h in zip(choices, heads):
                sums.setdefault(h, []).append(w)
            dist = sorted((h, _wsum(ws)) for h, ws in sums.items())
        return dist, _wsum(map(_second, dist))

    def chance_distribution(self) -> list[tuple[int, Fraction]]:
        """At a chance node: every legal index with its exact probability (given the open
        sub-decision, if any); the probabilities sum to 1."""
        dist, total = self.chance_weights()
        return [(i, Fraction(w) / total) for i, w in dist]

    def resolve(self, index: int) -> Action | None:
        """The action ``index`` applies, or None if it opens (narrows) a sub-decision.
        Raises :class:`~riskspec.errors.InvalidActionError` for an index that is not legal."""
        group = self.group(index)
        if group is None:
            raise InvalidActionError(_not_legal(self, int(index)), code="not-legal",
                                     action=int(index))
        return group[0][0] if len(group) == 1 else None

    def apply(self, index: int) -> list[dict[str, Any]] | None:
        """Apply a legal index: the engine's events if an action was applied, None if a
        sub-decision was opened or narrowed."""
        group = self.group(index)
        if group is None:
            raise InvalidActionError(_not_legal(self, int(index)), code="not-legal",
                                     action=int(index))
        if len(group) > 1:
            self.pending = tuple(group)
            return None
        self.state, events = E.apply(self.state, group[0][0])
        self.pending = None
        self.applied += 1
        return events

    def apply_action(self, action: Mapping[str, Any]) -> list[dict[str, Any]]:
        """Apply an engine action (JSON form) directly, closing any open sub-decision."""
        self.state, events = E.apply(self.state, action)
        self.pending = None
        self.applied += 1
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
                    probe.pending = tuple(group)
                    break
            else:
                raise InvalidActionError(f"{json.dumps(action)} is not legal here",
                                         code="not-legal", action=dict(action))
        raise AssertionError("unreachable")  # pragma: no cover


class _Undecided(Sequence[Choice]):
    """The legal actions of a decision node as choices ``(action, None)``, made on demand."""

    __slots__ = ("_actions",)

    def __init__(self, actions: list[Action]) -> None:
        self._actions = actions

    def __len__(self) -> int:
        return len(self._actions)

    def __getitem__(self, k: Any) -> Any:
        if isinstance(k, slice):
            return [(a, None) for a in self._actions[k]]
        return (self._actions[k], None)

    def __iter__(self) -> Any:
        return ((a, None) for a in self._actions)


def _wsum(values: Any) -> int | Fraction:
    """The exact sum of chance weights (integers; fractions after a restored pickle: the
    sum of ints and Fractions is exact)."""
    return sum(values)  # type: ignore[no-any-return]


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

