"""Listed actions: the engine's own action and outcome objects, built once and shared.

``legal_actions`` and the chance tables of Classic list :class:`Listed` objects: read-only
dicts (nested lists read-only too), equal to and serialised like the plain JSON objects
they stand for, built once per ruleset and reused by every call.  Each carries its
*parsed* form (what :func:`~riskspec.reference.actions.parse_action` returns for it,
computed by that function when the object is built), so :func:`~riskspec.reference.engine.apply`
skips the shape check for an action the engine listed itself — the *trusted path*.  The
rules are checked as for any other action: only the parsing is skipped.

Changing a listed action raises :class:`TypeError`; ``dict(action)`` (or ``copy.copy``)
gives a plain, mutable copy, which ``apply`` parses like any action from outside.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable
from typing import Any, NoReturn

from riskspec.reference.actions import Fortify, Parsed, parse_action
from riskspec.reference.battle import get_attacker_dice_limit
from riskspec.reference.tables import Tables

_READ_ONLY = ("a listed action is shared and read-only; copy it first "
              "(dict(action)) to make a changed one")


def _read_only(self: Any, *args: Any, **kwargs: Any) -> NoReturn:
    raise TypeError(_READ_ONLY)


class FrozenList(list):  # type: ignore[type-arg]
    """A list field of a listed action (cards, dice): equal to a plain list, read-only."""

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _read_only
    append = extend = insert = pop = remove = clear = sort = reverse = _read_only

    def __copy__(self) -> list[Any]:
        return list(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> list[Any]:
        return list(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (list, (list(self),))


class Listed(dict):  # type: ignore[type-arg]
    """An action or chance outcome as the engine lists it (see the module docstring)."""

    __slots__ = ("parsed", "tables")
    parsed: Parsed
    tables: Tables

    __setitem__ = __delitem__ = __ior__ = _read_only
    update = pop = popitem = clear = setdefault = _read_only

    def __copy__(self) -> dict[str, Any]:
        return dict(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        return copy.deepcopy(dict(self), memo)

    def __reduce__(self) -> tuple[Any, ...]:
        return (dict, (copy.deepcopy(dict(self)),))


def make_listed(tables: Tables, action: dict[str, Any]) -> Listed:
    """``action`` as a :class:`Listed`, its parsed form computed by ``parse_action``."""
    fields = {k: FrozenList(v) if isinstance(v, list) else v for k, v in action.items()}
    out = Listed(fields)
    out.parsed = parse_action(out, tables, 0)   # no seat fields among the listed kinds
    out.tables = tables
    return out


class ListedCache:
    """Every listed action of one ruleset, made on first use."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self._lock = threading.Lock()
        names = tables.territories
        self.end_attack = make_listed(tables, {"type": "end-attack"})
        self.end_turn = make_listed(tables, {"type": "end-turn"})
        self.claim = [make_listed(tables, {"type": "claim", "territory": n}) for n in names]
        self.place = [make_listed(tables, {"type": "place", "territory": n}) for n in names]
        self.place_neutral = [make_listed(tables, {"type": "place-neutral", "territory": n})
                              for n in names]
        self.deal = [make_listed(tables, {"type": "deal", "territory": n}) for n in names]
        self.draw = [make_listed(tables, {"type": "draw", "card": c}) for c in tables.cards]
        most = tables.params.attack_max_attacker_dice
        #: attack[f]: per neighbour t of f (map order), (t, by_limit) where by_limit[k] are
        #: the attacks from f on t with 1 … k dice (k = 0 … most)
        self.attack: list[tuple[tuple[int, tuple[tuple[Listed, ...], ...]], ...]] = []
        for f in range(len(names)):
            on = []
            for t in tables.adjacency[f]:
                each = [make_listed(tables, {"type": "attack", "from": names[f], "to": names[t],
                                             "dice": d}) for d in range(1, most + 1)]
                on.append((t, tuple(tuple(each[:k]) for k in range(most + 1))))
            self.attack.append(tuple(on))
        #: dice_limit[a]: get_attacker_dice_limit(a, most) for a = 0 … most + 1 (more: most)
        self.dice_limit = tuple(get_attacker_dice_limit(a, most) for a in range(most + 2))
        self.defend: list[Listed] = []
        self.occupy: list[Listed] = []
        #: (f, t) → the fortifications from f to t moving 1, 2, … armies, as made so far
        self.fortify_moves: dict[tuple[int, int], list[Listed]] = {}
        self._trades: dict[tuple[tuple[int, ...], int], Listed] = {}
        self._rolls: dict[Any, Listed] = {}
        self._placements: dict[tuple[int, bool, tuple[int, ...]], tuple[Listed, ...]] = {}
        self._by_owner: dict[tuple[str, int, tuple[int, ...]], Any] = {}
        #: hand → its valid sets (legal.py; cleared when it grows large)
        self.valid_sets: dict[tuple[int, ...], Any] = {}

    def _numbered(self, have: list[Listed], n: int,
                  make: Callable[[int], dict[str, Any]]) -> list[Listed]:
        """``have`` (item k numbered k + 1) grown to at least n items."""
        if len(have) < n:
            with self._lock:            # two threads growing one list would skip a number
                while len(have) < n:
                    have.append(make_listed(self.tables, make(len(have) + 1)))
        return have

    def placements(self, owner: list[int], seat: int, neutral: bool = False) -> list[Listed]:
        """The placements (``place-neutral`` with ``neutral``) on every territory ``seat``
        owns, in map order: one per territory, the same list until a territory changes hands."""
        key = (seat, neutral, tuple(owner))
        got = self._placements.get(key)
        if got is None:
            if len(self._placements) > 4096:
                self._placements.clear()
            place = self.place_neutral if neutral else self.place
            got = self._placements[key] = tuple(place[t] for t, o in enumerate(owner) if o == seat)
        return list(got)

    def by_owner(self, kind: str, owner: list[int], seat: int, make: Callable[[], Any]) -> Any:
        """What ``make()`` derives for ``seat`` from who holds which territory (``kind`` names
        it), made once per (kind, seat, owners) and reused until a territory changes hands."""
        key = (kind, seat, tuple(owner))
        got = self._by_owner.get(key)
        if got is None:
            if len(self._by_owner) > 4096:
                self._by_owner.clear()
            got = self._by_owner[key] = make()
        return got

    def defences(self, n: int) -> list[Listed]:
        """The defences with 1 … n dice."""
        return self._numbered(self.defend, n, lambda d: {"type": "defend", "dice": d})[:n]

    def occupations(self, least: int, most: int) -> list[Listed]:
        """The occupations moving least … most armies."""
        have = self._numbered(self.occupy, most, lambda a: {"type": "occupy", "armies": a})
        return have[least - 1:most]

    def fortifications(self, f: int, t: int, n: int) -> list[Listed]:
        """The fortifications from f to t moving 1 … n armies (a shared list: do not change it)."""
        have = self.fortify_moves.get((f, t))
        if have is None:
            have = self.fortify_moves.setdefault((f, t), [])
        if len(have) < n:
            tables = self.tables
            src, dst = tables.territories[f], tables.territories[t]
            with self._lock:            # two threads growing one list would skip a number
                while len(have) < n:
                    # made directly, parsed form included (what make_listed would compute:
                    # tests/engine/test_listed.py compares): a long two-player game keeps
                    # growing these lists as armies pile up
                    a = len(have) + 1
                    move = Listed({"type": "fortify", "from": src, "to": dst, "armies": a})
                    move.parsed = Fortify("fortify", f, t, a)
                    move.tables = tables
                    have.append(move)
        return have if len(have) == n else have[:n]

    def trade(self, combo: tuple[int, ...], bonus: int) -> Listed:
        """The trade of the cards ``combo`` (indices, deck order) naming ``bonus`` (-1: none)."""
        key = (combo, bonus)
        got = self._trades.get(key)
        if got is None:
            tb = self.tables
            got = self._trades[key] = make_listed(tb, {
                "type": "trade", "cards": [tb.cards[c] for c in combo],
                "bonus_territory": tb.territories[bonus] if bonus >= 0 else None})
        return got

    def roll(self, roll: tuple[tuple[int, ...], tuple[int, ...]]) -> Listed:
        """The roll outcome of a sorted (attacker, defender) roll."""
        got = self._rolls.get(roll)
        if got is None:
            got = self._rolls[roll] = make_listed(self.tables, {
                "type": "roll", "attacker": list(roll[0]), "defender": list(roll[1])})
        return got


_CACHES: dict[int, ListedCache] = {}
_last: ListedCache | None = None   # the cache asked for last (most calls ask for it again)


def get_listed(tables: Tables) -> ListedCache:
    """The listed actions of ``tables`` (made once per tables object)."""
    global _last
    last = _last                       # read once: consistent across threads
    if last is not None and last.tables is tables:
        return last
    cache = _CACHES.get(id(tables))
    if cache is None or cache.tables is not tables:
        cache = _CACHES[id(tables)] = ListedCache(tables)
    _last = cache
    return cache


def is_listed(action: Any, tables: Tables) -> bool:
    """Whether ``action`` is one the engine listed for these tables (its parse can be trusted)."""
    return action.__class__ is Listed and action.tables is tables

