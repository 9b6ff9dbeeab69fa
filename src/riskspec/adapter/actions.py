"""Translate "the engine's options at this point" into riskspec actions.

Engines list choices their own way — pairs of territory indices, a list of dice
counts, card index triples.  These helpers turn such choices (already translated
to riskspec IDs) into the action objects ``legal_actions`` answers, and
:func:`parse_action` checks an incoming action's shape before an adapter acts on it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from riskspec.adapter.errors import Illegal, InvalidAction

Action = dict[str, Any]

def parse_action(action: Any, pos: Any = None, *, variant: str = "classic",
                 options: Mapping[str, str] | None = None, players: int | None = None) -> Action:
    """Check an action's shape exactly as the reference engine does, before acting on it.

    ``pos`` (a :class:`~riskspec.adapter.Position`) gives the variant, options and seats;
    without it, ``variant``/``options``/``players``.  A malformed action raises
    :class:`InvalidAction` with the code the vectors expect, the same in every family: one
    of :data:`riskspec.reference.actions.PARSE_CODES` (``riskspec codes`` lists them).
    """
    from riskspec.errors import InvalidActionError
    from riskspec.reference.actions import names_of
    if pos is not None:
        variant, options, players = pos.variant, pos.data.get("options"), len(pos.players)
    grammar, tables = _grammar(variant, tuple(sorted((options or {}).items())))
    try:
        grammar.parse(action, names_of(tables), players or 6)
    except InvalidActionError as exc:
        raise InvalidAction(exc.code or "invalid-action", str(exc)) from None
    return dict(action)


@functools.cache
def _grammar(variant: str, options: tuple[tuple[str, str], ...]) -> tuple[Any, Any]:
    """The action grammar and tables of a variant's family."""
    from riskspec.loading import load_spec
    from riskspec.reference.tables import get_explicit_options
    v = load_spec().variant(variant)
    ruleset = v.resolve(get_explicit_options(v, {k: c for k, c in options if k in v.options}))
    if v.family == "napoleon":
        from riskspec.reference.napoleon.actions import GRAMMAR as NAP
        from riskspec.reference.napoleon.tables import get_tables as nap_tables
        return NAP, nap_tables(ruleset)
    from riskspec.reference.actions import GRAMMAR
    from riskspec.reference.tables import get_tables
    return GRAMMAR, get_tables(ruleset)


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
