#!/usr/bin/env python3
"""A small Risk engine in Python that speaks riskspec/1 through the adapter kit.

It implements a declared subset of Classic Risk — reinforcement counts (territories,
minimum, continent bonuses, placing) and battles (declaring, defending, comparing
dice, ties, losses) — and claims exactly that, so ``riskspec check --engine
"python engine.py"`` runs those cases and reports every other rule as not claimed.
The JavaScript example (``../js-engine/engine.js``) is the same engine, section by
section, without a kit.

    1. claims        what the handshake says (class attributes of the Adapter)
    2. rules         the engine proper: plain functions on a Position
    3. ops           the protocol ops, each a few lines on top of the rules
    4. main          serve() runs the session loop
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from riskspec.adapter import (
    Adapter,
    Illegal,
    Position,
    Unsupported,
    actions,
    events,
    parse_action,
    roll_outcomes,
    serve,
)

# -- 1. claims ---------------------------------------------------------------------------
RULES = [
    "classic.reinforce.territory-armies", "classic.reinforce.minimum", "classic.reinforce.continent-bonus",
    "classic.reinforce.count-time", "classic.reinforce.place",
    "classic.attack.declare", "classic.attack.compare", "classic.attack.ties", "classic.attack.losses",
]   # rule IDs only: the readings it plays (ambiguities) are claimed in MiniRisk.options
KINDS = ("place", "attack", "defend", "roll", "end-attack", "end-turn")
PHASE_OF = {"place": "reinforce", "attack": "attack", "end-attack": "attack", "defend": "defend",
            "roll": "battle", "end-turn": "fortify"}


# -- 2. rules ------------------------------------------------------------------------------
def need(cond: bool, code: str, rule: str, message: str) -> None:
    if not cond:
        raise Illegal(code, rule, message)


def begin_turn(p: Position, seat: int, ev: list[dict[str, Any]]) -> None:
    p.begin_turn(seat)
    ev.append(events.turn_started(seat, p.turn))
    mine = p.territories_of(seat)
    groups = p.board.held_groups(mine)
    armies = max(3, len(mine) // 3) + sum(p.board.bonus[g] for g in groups)
    ev.append(events.reinforcements(seat, len(mine), groups, armies))
    if len(p.hand(seat)) >= 5:
        raise Unsupported("forced-trade", "forced card trades are not implemented")
    p.go("reinforce", to_place=armies, forced=None)


def max_attacker_dice(p: Position, frm: str) -> int:
    return min(3, p.armies(frm) - 1)


def max_defender_dice(p: Position, to: str) -> int:
    return min(2, p.armies(to))


def play(p: Position, a: Mapping[str, Any]) -> list[dict[str, Any]]:
    a = parse_action(a, p)
    ev: list[dict[str, Any]] = []
    kind, me = a["type"], p.current
    if kind not in KINDS:
        raise Unsupported("action", f"{kind!r} actions are not implemented")
    need(p.phase == PHASE_OF[kind], "wrong-phase", "classic.turn.sequence",
         f"a {kind!r} is not allowed in the {p.phase} phase")
    if kind == "place":
        need(p.owner(a["territory"]) == me, "not-owner", "classic.reinforce.place", "not your territory")
        p.add_armies(a["territory"], 1)
        ev.append(events.placed(me, a["territory"]))
        left = p.pending["to_place"] - 1
        p.go("attack") if left == 0 else p.go("reinforce", to_place=left, forced=None)
    elif kind == "attack":
        f, t = a["from"], a["to"]
        need(p.owner(f) == me, "not-owner", "classic.attack.adjacency", "attack from your own territory")
        need(p.owner(t) != me, "own-territory", "classic.attack.adjacency", "attack another player's territory")
        need(p.armies(f) >= 2, "too-few-armies", "classic.attack.min-armies", "two armies needed")
        need(1 <= a["dice"] <= max_attacker_dice(p, f), "too-many-dice", "classic.attack.attacker-dice",
             "too many dice")
        ev.append(events.attack_declared(me, f, t, a["dice"]))
        p.go("defend", **{"from": f, "to": t, "attacker_dice": a["dice"], "chooser": p.owner(t)})
    elif kind == "defend":
        t = p.pending["to"]
        need(1 <= a["dice"] <= max_defender_dice(p, t), "too-many-dice", "classic.attack.defender-dice",
             "too many dice")
        ev.append(events.defence_chosen(p.pending["chooser"], a["dice"]))
        p.go("battle", **{"from": p.pending["from"], "to": t,
                          "attacker_dice": p.pending["attacker_dice"], "defender_dice": a["dice"]})
    elif kind == "roll":
        f, t = p.pending["from"], p.pending["to"]
        need(len(a["attacker"]) == p.pending["attacker_dice"] and
             len(a["defender"]) == p.pending["defender_dice"], "dice-count", "classic.attack.compare",
             "wrong number of dice")
        att, dfd = sorted(a["attacker"], reverse=True), sorted(a["defender"], reverse=True)
        lost = [x > y for x, y in zip(att, dfd)]            # ties go to the defender
        al, dl = lost.count(False), lost.count(True)
        p.add_armies(f, -al)
        p.add_armies(t, -dl)
        ev.append(events.battle(me, p.owner(t) or 0, f, t, att, dfd, al, dl))
        if p.armies(t) == 0:
            raise Unsupported("conquest", "conquest is not implemented")
        p.go("attack")
    elif kind == "end-attack":
        p.go("fortify")
    else:  # end-turn
        if p.flags["conquered"]:
            raise Unsupported("draw", "card draws are not implemented")
        ev.append(events.turn_ended(me, p.turn))
        begin_turn(p, p.next_seat(me), ev)
    return ev


def legal(p: Position) -> list[dict[str, Any]]:
    me = p.current
    if p.phase == "reinforce":
        return actions.place_actions(p.territories_of(me))
    if p.phase == "attack":
        pairs = [(f, t) for f in p.territories_of(me) if p.armies(f) >= 2
                 for t in p.board.borders(f) if p.owner(t) != me]
        return actions.attack_actions(pairs, p.armies) + [actions.simple("end-attack")]
    if p.phase == "defend":
        return actions.defend_actions(range(1, max_defender_dice(p, p.pending["to"]) + 1))
    if p.phase == "fortify":
        return [actions.simple("end-turn")]
    raise Unsupported("phase", f"legal actions in the {p.phase} phase are not implemented")


# -- 3. ops --------------------------------------------------------------------------------
class MiniRisk(Adapter):
    name, version = "py-mini-risk", "0.1.0"
    rules = RULES
    options = {"classic.amb.reinforce-minimum-scope": ("territories",),  # noqa: RUF012
               "classic.amb.tie-rule": ("defender-wins",)}

    def load_state(self, pos: Position, *, players: int, options: Mapping[str, str]) -> Position:
        return pos                                   # the engine plays on riskspec states directly

    def apply(self, pos: Position, action: Mapping[str, Any]) -> list[dict[str, Any]]:
        return play(pos, action)

    def legal_actions(self, pos: Position) -> list[dict[str, Any]]:
        return legal(pos)

    def chance_outcomes(self, pos: Position) -> list[tuple[dict[str, Any], Any]]:
        if pos.phase != "battle":
            raise Unsupported("chance", f"chance in the {pos.phase} phase is not implemented")
        return roll_outcomes(pos.pending["attacker_dice"], pos.pending["defender_dice"])


# -- 4. main -------------------------------------------------------------------------------
if __name__ == "__main__":
    raise SystemExit(serve(MiniRisk()))
