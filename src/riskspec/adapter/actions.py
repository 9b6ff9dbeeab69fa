"""Translate "the engine's options at this point" into riskspec actions.

Engines list choices their own way — pairs of territory indices, a list of dice
counts, card index triples.  These helpers turn such choices (already translated
to riskspec IDs) into the action objects ``legal_actions`` answers, and
:func:`parse_action` checks an incoming action's shape before an adapter acts on it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from riskspec.adapter.errors import Illegal, InvalidAction

Action = dict[str, Any]

#: The fields each Classic-family action carries besides ``type`` (and their JSON types).
FIELDS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "claim": {"territory": str}, "place": {"territory": str}, "deal": {"territory": str},
    "trade": {"cards": list, "bonus_territory": (str, type(None))}, "attack": {"from": str, "to": str, "dice": int},
    "defend": {"dice": int}, "roll": {"attacker": list, "defender": list},
    "occupy": {"armies": int}, "end-attack": {}, "fortify": {"from": str, "to": str, "armies": int},
    "end-turn": {}, "draw": {"card": str}, "first-player": {"player": int},
}


def parse_action(action: Any, known: Iterable[str] = (), *,
                 territories: Iterable[str] | None = None) -> Action:
    """Check an action's shape: a JSON object of a known ``type`` with its fields.

    ``known`` limits the types (default: every Classic type); ``territories`` (IDs)
    checks the territory fields.  Raises :class:`InvalidAction` with the code the
    vectors use (``unknown-type``, ``missing-field``, ``bad-field``, ``unknown-territory``).
    """
    kinds = set(known) or set(FIELDS)
    if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
        raise InvalidAction("not-an-action", f"an action is an object with a 'type': {action!r}")
    kind = action["type"]
    if kind not in kinds or kind not in FIELDS:
        raise InvalidAction("unknown-type", f"unknown action type {kind!r}")
    for name, typ in FIELDS[kind].items():
        if name not in action:
            raise InvalidAction("missing-field", f"a {kind!r} action needs {name!r}")
        value = action[name]
        if not isinstance(value, typ) or isinstance(value, bool):
            raise InvalidAction("bad-field", f"{kind}.{name} must be a {getattr(typ, '__name__', typ)}, "
                                             f"not {value!r}")
    if territories is not None:
        ids = set(territories)
        for name in ("territory", "from", "to"):
            if name in FIELDS[kind] and action[name] not in ids:
                raise InvalidAction("unknown-territory", f"unknown territory {action[name]!r}")
    return dict(action)


def place_actions(territories: Iterable[str]) -> list[Action]:
    return [{"type": "place", "territory": t} for t in territories]


def claim_actions(territories: Iterable[str]) -> list[Action]:
    return [{"type": "claim", "territory": t} for t in territories]


def dice_range(armies: int, most: int, *, keep: int = 1) -> range:
    """Dice a side may roll: 1 .. min(most, armies - keep)."""
    return range(1, min(most, armies - keep) + 1)


def attack_actions(pairs: Iterable[tuple[str, str]], armies: Callable[[str], int] | Mapping[str, int],
                   *, max_dice: int = 3, dice: Callable[[str, str], Iterable[int]] | None = None) -> list[Action]:
    """One ``attack`` per (from, to) pair and dice count (1 .. min(max_dice, armies-1) by default)."""
    count = armies if callable(armies) else armies.__getitem__
    out = []
    for f, t in pairs:
        for n in (dice(f, t) if dice else dice_range(count(f), max_dice)):
            out.append({"type": "attack", "from": f, "to": t, "dice": n})
    return out


def defend_actions(dice: Iterable[int]) -> list[Action]:
    return [{"type": "defend", "dice": n} for n in dice]


def occupy_actions(least: int, most: int) -> list[Action]:
    """``occupy`` with every count from ``least`` to ``most`` armies."""
    return [{"type": "occupy", "armies": n} for n in range(least, most + 1)]


def fortify_actions(pairs: Iterable[tuple[str, str]], armies: Callable[[str], int] | Mapping[str, int],
                    *, keep: int = 1) -> list[Action]:
    """One ``fortify`` per (from, to) pair and count (1 .. armies-keep)."""
    count = armies if callable(armies) else armies.__getitem__
    return [{"type": "fortify", "from": f, "to": t, "armies": n}
            for f, t in pairs for n in range(1, count(f) - keep + 1)]


def trade_actions(sets: Iterable[Sequence[str]],
                  bonus_choices: Callable[[Sequence[str]], Iterable[str | None]] | None = None
                  ) -> list[Action]:
    """One ``trade`` per card set (IDs, each set once whatever its order) and bonus territory
    (``bonus_choices(cards)``; by default none: ``bonus_territory`` is null)."""
    seen: set[tuple[str, ...]] = set()
    out = []
    for cards in sets:
        key = tuple(sorted(cards))
        if key in seen:
            continue
        seen.add(key)
        for bonus in (bonus_choices(key) if bonus_choices else (None,)):
            out.append({"type": "trade", "cards": list(key), "bonus_territory": bonus})
    return out


def simple(kind: str) -> Action:
    """An action with no fields: ``simple("end-attack")``, ``simple("end-turn")``."""
    return {"type": kind}


CHANCE_TYPES = frozenset({"roll", "draw", "deal", "first-player", "mission"})


def out_of_turn(phase: str, kind: str, *, chance_node: bool, game_over: bool = False) -> Illegal:
    """The refusal for an action the engine does not take at this point, in the suite's
    vocabulary: ``game-over``, ``chance-node`` (an outcome is due), ``not-chance-node``
    (an outcome sent while a player is to act) or ``wrong-phase`` (rule
    ``classic.cards.trade-timing`` for a trade, ``classic.turn.sequence`` otherwise)."""
    if game_over:
        code, why = "game-over", "the game is over"
    elif chance_node and kind not in CHANCE_TYPES:
        code, why = "chance-node", f"a chance outcome is due, not a {kind!r}"
    elif kind in CHANCE_TYPES and not chance_node:
        code, why = "not-chance-node", f"a player is to act; {kind!r} is a chance outcome"
    else:
        code, why = "wrong-phase", f"a {kind!r} is not taken in the {phase} phase"
    rule = "classic.cards.trade-timing" if code == "wrong-phase" and kind == "trade" else "classic.turn.sequence"
    return Illegal(code, rule, why)
