#!/usr/bin/env python3
"""riskspec/1 adapter for Risk 0.1.4 (PyPI ``Risk``; github.com/eriktaubeneck/hacker-risk), on riskspec.adapter.

The package's game loop (``risk/game.py``) is Python 2 (``print`` statements, ``xrange``, an
implicit relative ``import models``).  At start the adapter converts it mechanically with the
standard library's ``lib2to3`` fixers (the installed file is left as it is) and runs its
code: ``Game.deployment_phase`` counts the reinforcements, ``Game.get_troops_for_card_set``
values a traded set (and puts its territory bonus where the package puts it).  Its model
(``risk/models.py``) plays the battles: ``Country.attack`` (dice, losses, conquest and the
move-in, in one call) and ``Card.is_set_with``.  ``Country.attack`` needs the move-in count
before it rolls; the suite names it only after the conquest, so at ``occupy`` the adapter
replays the same attack, with the same scripted dice, and the count the suite sent.

    riskspec check --engine "python conformance/examples/risk-adapter/adapter.py"
"""

from __future__ import annotations

import copy
import importlib.util
import linecache
import sys
import traceback
import types
import warnings
from collections.abc import Mapping
from typing import Any, ClassVar

from risk import models

from riskspec.adapter import (
    Adapter,
    Illegal,
    InvalidState,
    Position,
    Unsupported,
    actions,
    board,
    events,
    parse_action,
    roll_outcomes,
    scripted_random,
    serve,
)

B = board("classic")
_BOARD = models.import_board_data()
NAMES = B.match_names(_BOARD.countries, {"russia": "ukraine", "central africa": "congo",
                                          "southeast asia": "siam"})
COUNTRY = {t: n for n, t in NAMES.items()}                    # riskspec ID -> the package's name
# What each assertion of Country.attack (risk/models.py) forbids, in the suite's words.
ASSERTS = {"country in self.border_countries": ("not-adjacent", "classic.attack.adjacency"),
           "country.owner is not self.owner": ("own-territory", "classic.attack.adjacency"),
           "attacking_troops <= 3": ("too-many-dice", "classic.attack.attacker-dice"),
           "attacking_troops > 0": ("too-many-dice", "classic.attack.attacker-dice")}


def load_game_module() -> types.ModuleType:
    """``risk/game.py`` converted to Python 3 by lib2to3's standard fixers, as ``risk.game``."""
    spec = importlib.util.find_spec("risk.game")
    if spec is None or spec.origin is None:
        raise ImportError("risk/game.py is not installed")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from lib2to3 import refactor
        tool = refactor.RefactoringTool(refactor.get_fixers_from_package("lib2to3.fixes"))
        with open(spec.origin, encoding="utf-8") as fh:
            code = str(tool.refactor_string(fh.read() + "\n", spec.origin))
    mod = types.ModuleType("risk.game")
    mod.__package__, mod.__file__ = "risk", spec.origin
    exec(compile(code, spec.origin, "exec"), mod.__dict__)  # the package's own code, converted
    return mod


GAME = load_game_module()
CARD = {**COUNTRY, "wild-1": "wild1", "wild-2": "wild2"}       # riskspec card ID -> the package's


class _Players:
    """Stands in for ``models.Players`` in ``Game``: the seat whose turn it is; the package's
    own prompts (spend cards, deploy) are the suite's actions instead."""

    def __init__(self, current: models.Player) -> None:
        self.current_player = current

    def spend_cards(self, game: Any) -> None:
        pass

    def deploy_troops(self, game: Any) -> None:
        pass


def game_for(p: Position, seat: int) -> tuple[Any, models.Board, list[models.Player]]:
    """A ``Game`` of the package on the position's board, ``seat`` to play."""
    b, players = build(p)
    g = GAME.Game.__new__(GAME.Game)       # Game.__init__ deals a fresh game; we start mid-game
    g.board, g.players, g.card_sets_traded_in = b, _Players(players[seat]), p.data["sets_traded"]
    players[seat].cards = {b.cards[CARD[c]] for c in p.hand(seat)}
    return g, b, players


def reinforcements(p: Position, seat: int) -> int:
    """``Game.deployment_phase`` (risk/game.py:76): the armies ``seat`` gets at the turn's start."""
    g, _, players = game_for(p, seat)
    g.deployment_phase()
    return int(players[seat].troops_to_deploy)


def begin_turn(p: Position, seat: int, ev: list[dict[str, Any]]) -> None:
    p.begin_turn(seat)
    ev.append(events.turn_started(seat, p.turn))
    mine = p.territories_of(seat)
    armies = reinforcements(p, seat)
    ev.append(events.reinforcements(seat, len(mine), p.board.held_groups(mine), armies))
    if len(p.hand(seat)) >= 5:   # Players.force_cards_spend asks a bot client the package does not ship
        raise Unsupported("forced-trade", "Risk 0.1.4's forced trade asks its bot client; not adapted")
    p.go("reinforce", to_place=armies, forced=None)


def trade(p: Position, cards: list[str]) -> list[dict[str, Any]]:
    """``Game.get_troops_for_card_set`` (risk/game.py:138): the set's value, its territory bonus."""
    me = p.current
    if any(c not in p.hand(me) for c in cards):
        raise Illegal("not-your-card", "classic.cards.valid-sets", "a card of the set is not in the hand")
    g, b, players = game_for(p, me)
    before = {t: b.countries[COUNTRY[t]].troops for t in p.territories_of(me)}
    try:
        value = g.get_troops_for_card_set([b.cards[CARD[c]] for c in cards])
    except AssertionError:
        raise Illegal("not-a-set", "classic.cards.valid-sets", "Card.is_set_with says these are no set") \
            from None
    bonus = [t for t in before if b.countries[COUNTRY[t]].troops != before[t]]
    for t in bonus:
        p.set(t, armies=b.countries[COUNTRY[t]].troops)
    p.players[me]["cards"] = [c for c in p.hand(me) if c not in cards]
    p.data["discards"] = [*p.data["discards"], *cards]
    p.data["sets_traded"] = g.card_sets_traded_in
    p.go("reinforce", to_place=p.pending["to_place"] + value, forced=None)
    return [events.traded(me, cards, value, bonus[0] if bonus else None, 2 if bonus else 0, bonus)]


class _Probe(Exception):
    """Raised at the first die: everything Country.attack checks held."""


class _CountingRandom:
    def __init__(self) -> None:
        self.calls = 0

    def randint(self, a: int, b: int) -> int:
        raise _Probe()


def build(p: Position) -> tuple[models.Board, list[models.Player]]:
    """The package's board and players holding the position's territories and armies."""
    b = copy.deepcopy(_BOARD)
    players = [models.Player(f"seat-{s}") for s in range(len(p.players))]
    for t in B.territories:
        c = b.countries[COUNTRY[t]]
        c.owner, c.troops = players[p.owner(t)], p.armies(t)      # type: ignore[index]
        players[p.owner(t)].countries.add(c)                     # type: ignore[index]
    return b, players


def read(p: Position, b: models.Board, players: list[models.Player]) -> None:
    for t in B.territories:
        c = b.countries[COUNTRY[t]]
        p.set(t, owner=players.index(c.owner), armies=c.troops)


def attack(p: Position, frm: str, to: str, dice: int, move: int, values: list[int] | None) -> Position:
    """Run ``Country.attack`` on a copy of ``p``; ``values`` None: only its checks (no dice)."""
    b, players = build(p)
    f, t = b.countries[COUNTRY[frm]], b.countries[COUNTRY[to]]
    try:
        if values is None:
            with _patched(_CountingRandom()):
                f.attack(t, dice, move)
        else:
            with scripted_random(models, values):
                f.attack(t, dice, move)
    except _Probe:
        return p
    except AssertionError:
        raise _explain(p, frm, dice, move) from None
    out = Position(p.data)
    read(out, b, players)
    return out


class _patched:
    def __init__(self, rng: Any) -> None:
        self.rng = rng

    def __enter__(self) -> None:
        self.saved, models.random = models.random, self.rng

    def __exit__(self, *exc: object) -> None:
        models.random = self.saved


def _explain(p: Position, frm: str, dice: int, move: int) -> Illegal:
    """Which assertion of Country.attack failed (the engine's own check), as code and rule."""
    frame = traceback.extract_tb(sys.exc_info()[2])[-1]
    line = linecache.getline(frame.filename, frame.lineno or 0).strip().removeprefix("assert ")
    if line in ASSERTS:
        return Illegal(*ASSERTS[line], f"risk/models.py:{frame.lineno}: {line}")
    if "self.troops - (attacking_troops + moving_troops)" in line:
        if move:
            return Illegal("move-in-range", "classic.conquest.leave-one", f"models.py:{frame.lineno}: {line}")
        code, rule = ("too-few-armies", "classic.attack.min-armies") if p.armies(frm) < 2 else \
            ("too-many-dice", "classic.attack.attacker-dice")
        return Illegal(code, rule, f"risk/models.py:{frame.lineno}: {line}")
    return Illegal("refused", "classic.attack.declare", f"risk/models.py:{frame.lineno}: {line}")


def defender_dice(p: Position, frm: str, to: str, dice: int) -> int:
    """How many dice Country.attack rolls for the defender: it draws them before the attacker's."""
    rng = _CountingRandom()
    rng.randint = lambda a, b: (setattr(rng, "calls", rng.calls + 1), 1)[1]   # type: ignore[method-assign]
    b, _ = build(p)
    with _patched(rng):
        b.countries[COUNTRY[frm]].attack(b.countries[COUNTRY[to]], dice, 0)
    return rng.calls - min(dice, 3)


class HackerRisk(Adapter):
    name, version = "Risk (hacker-risk)", "0.1.4"
    rules: ClassVar = ("classic.reinforce.territory-armies", "classic.reinforce.minimum",
                       "classic.reinforce.continent-bonus", "classic.reinforce.place",
                       "classic.cards.set-values", "classic.cards.set-value-increment",
                       "classic.attack.adjacency", "classic.attack.min-armies", "classic.attack.attacker-dice",
                       "classic.attack.defender-dice", "classic.attack.compare", "classic.attack.ties",
                       "classic.attack.losses", "classic.conquest.capture", "classic.conquest.move-in",
                       "classic.conquest.leave-one", "classic.conquest.always-occupied")
    options: ClassVar = {"classic.amb.defender-dice-choice": ("always-maximum",),
                         "classic.amb.tie-rule": ("defender-wins",),
                         "classic.amb.attacker-loss-territory": ("attacking-territory",)}

    def __init__(self) -> None:
        self.before_roll: tuple[Position, list[int], int] | None = None   # to replay at occupy

    def load_state(self, pos: Position, *, players: int, options: Mapping[str, str]) -> Position:
        if pos.phase not in ("reinforce", "attack", "fortify") or any(pos.owner(t) is None for t in B.territories):
            raise InvalidState("phase", "the adapter runs Risk 0.1.4's turn from reinforcements to the "
                                        "end of the turn: start in the reinforce, attack or fortify phase")
        return pos

    def apply(self, pos: Position, action: Mapping[str, Any]) -> list[dict[str, Any]]:
        a = parse_action(action, pos)
        kind, me, phase = a["type"], pos.current, pos.phase
        wanted = {"place": "reinforce", "trade": "reinforce", "attack": "attack", "end-attack": "attack",
                  "roll": "battle", "occupy": "occupy", "end-turn": "fortify"}
        if wanted.get(kind) != phase:
            raise actions.out_of_turn(phase, kind, chance_node=phase == "battle")
        if kind == "place":
            if pos.owner(a["territory"]) != me:    # Country.add_troops asserts the owner (models.py:60)
                raise Illegal("not-owner", "classic.reinforce.place", "not your territory")
            pos.add_armies(a["territory"], 1)
            left = pos.pending["to_place"] - 1
            pos.go("attack") if left == 0 else pos.go("reinforce", to_place=left, forced=None)
            return [events.placed(me, a["territory"])]
        if kind == "trade":
            return trade(pos, list(a["cards"]))
        if kind == "end-turn":
            if pos.flags["conquered"]:     # play_game draws the card (game.py:70): no chance node here
                raise Unsupported("draw", "Risk 0.1.4's card draw at the end of the turn is not adapted")
            ev = [events.turn_ended(me, pos.turn)]
            begin_turn(pos, pos.next_seat(me), ev)
            return ev
        if kind == "end-attack":
            pos.go("fortify")
            return []
        if kind == "attack":
            f, t, dice = a["from"], a["to"], a["dice"]
            if pos.owner(f) != me:        # risk/game.py:87 (Game.attack), which Python 3 cannot import
                raise Illegal("not-owner", "classic.attack.adjacency", f"{f} is not yours")
            attack(pos, f, t, dice, 0, None)
            pos.go("battle", **{"from": f, "to": t, "attacker_dice": dice,
                                "defender_dice": defender_dice(pos, f, t, dice)})
            return [events.attack_declared(me, f, t, dice)]
        if kind == "roll":
            f, t = pos.pending["from"], pos.pending["to"]
            att, dfd = a["attacker"], a["defender"]
            if len(att) != pos.pending["attacker_dice"] or len(dfd) != pos.pending["defender_dice"]:
                raise Illegal("dice-count", "classic.attack.compare", "wrong number of dice")
            start = Position(pos.data)
            start.go("attack")
            after = attack(start, f, t, len(att), 0, list(dfd) + list(att))   # defender's dice drawn first
            victim = pos.owner(t)
            won = after.owner(t) == me
            survivors = after.armies(t) if won else 0
            ev = [events.battle(me, victim or 0, f, t, sorted(att, reverse=True), sorted(dfd, reverse=True),
                                pos.armies(f) - after.armies(f) - survivors,
                                pos.armies(t) - (0 if won else after.armies(t)))]
            for x in B.territories:
                pos.set(x, owner=after.owner(x), armies=after.armies(x))
            if not won:
                pos.go("attack")
                return ev
            self.before_roll = (start, list(dfd) + list(att), len(att))
            pos.set(t, armies=0)                         # the survivors moved in; riskspec counts them
            pos.add_armies(f, survivors)                  # as the attacker's until the occupy
            pos.go("occupy", **{"from": f, "to": t, "min": survivors,
                                "eliminated": victim not in [pos.owner(x) for x in B.territories]})
            return [*ev, events.conquered(me, t, f, victim or 0)]
        f, t, least = pos.pending["from"], pos.pending["to"], pos.pending["min"]    # occupy
        if self.before_roll is None or a["armies"] < least:
            raise Illegal("move-in-range", "classic.conquest.move-in",
                          f"Country.attack moves in the {least} surviving attackers at least")
        start, values, dice = self.before_roll
        after = attack(start, f, t, dice, a["armies"] - least, values)
        for x in B.territories:
            pos.set(x, owner=after.owner(x), armies=after.armies(x))
        pos.go("attack")
        return [events.occupied(me, f, t, a["armies"])]

    def legal_actions(self, pos: Position) -> list[dict[str, Any]]:
        me = pos.current
        if pos.phase == "reinforce":
            return actions.place_actions(pos.territories_of(me))
        if pos.phase == "fortify":
            return [actions.simple("end-turn")]
        if pos.phase == "occupy":
            return actions.occupy_actions(pos.pending["min"], pos.armies(pos.pending["from"]) - 1)
        out = [actions.simple("end-attack")]
        for f in pos.territories_of(me):
            for t in B.borders(f):
                for dice in (1, 2, 3):
                    try:
                        attack(pos, f, t, dice, 0, None)
                    except Illegal:
                        continue
                    out.append({"type": "attack", "from": f, "to": t, "dice": dice})
        return out

    def chance_outcomes(self, pos: Position) -> list[tuple[dict[str, Any], Any]]:
        return roll_outcomes(pos.pending["attacker_dice"], pos.pending["defender_dice"])


if __name__ == "__main__":
    raise SystemExit(serve(HackerRisk()))
