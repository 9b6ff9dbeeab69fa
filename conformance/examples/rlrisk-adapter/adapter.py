#!/usr/bin/env python3
"""riskspec/1 adapter for rlrisk 1.0.2.3 (PyPI; github.com/civrev/rlrisk), on riskspec.adapter.

rlrisk runs a whole game in ``Risk.play()`` and asks an agent for every decision
(``agent.take_action(state, code, options)``), rolling dice with :mod:`random`.  The
adapter does not re-implement its rules: it runs rlrisk's own phase methods in a
:class:`~riskspec.adapter.driven.DrivenGame` thread, answers each question with the
suite's action and each random draw with the suite's chance outcome, and reads
rlrisk's arrays back as ``riskspec/state@1``.  What rlrisk offers at a question is
what ``legal_actions`` lists; an action it does not offer is refused.  A refused
action is undone by replaying the game's answers so far (every draw is scripted, so
a replay is exact).

    riskspec check --engine "python conformance/examples/rlrisk-adapter/adapter.py"
"""

from __future__ import annotations

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")   # rlrisk imports pygame

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy
from rlrisk.environment import config as rl_config
from rlrisk.environment import risk as rl

from riskspec.adapter import (
    Adapter,
    Illegal,
    InvalidState,
    Position,
    Unsupported,
    actions,
    board,
    chance,
    events,
    new_position,
    parse_action,
    serve,
)
from riskspec.adapter.driven import AskingRandom, DrivenGame, patch_module, with_random

B = board("classic")
_ID_NAMES = rl.Risk.id_names()[0]
NAMES = B.match_names(_ID_NAMES.values(), {"Scandanavia": "scandinavia"})
TID = [NAMES[_ID_NAMES[i]] for i in range(42)]                  # rlrisk territory index -> riskspec ID
IDX = {t: i for i, t in enumerate(TID)}
CARD = [*TID, "wild-1", "wild-2"]                                # rlrisk card index -> riskspec card ID
CIDX = {c: i for i, c in enumerate(CARD)}
GROUPS = {"N_America": "north-america", "S_America": "south-america", "Europe": "europe",
          "Africa": "africa", "Asia": "asia", "Australia": "australia"}
DECK = 6                                                         # rlrisk's card owner code: in the deck
CODES = {0: "place", 1: "attack", 2: "press", 3: "dice", 4: "fortify-from", 5: "fortify-to",
         6: "fortify-move", 7: "occupy-move", 8: "trade", 9: "claim", 10: "setup-place", 11: "attack-on"}
ATTACKING = ("attack", "press", "attack-on")
SETUP = ("first-player", "claim", "setup-place", "deal")


# -- rlrisk, driven -------------------------------------------------------------------------------
class Seat:
    """An rlrisk agent whose every decision is a question to the protocol side."""

    def __init__(self, game: DrivenGame, seat: int) -> None:
        self.game, self.seat, self.defeated = game, seat, False
        self.eng: Engine

    def pregame_setup(self, setup_values: Any) -> None:
        pass

    def take_action(self, state: Any, code: int, options: Any) -> Any:
        answer = self.game.ask(CODES[code], list(options), seat=self.seat)
        if code == 0:
            self.eng.to_place -= 1                   # one army of place_troops() placed
        return answer


class Engine(rl.Risk):
    """rlrisk's ``Risk`` with a log of what happened, for the events; no rule is changed."""

    def __init__(self, game: DrivenGame, players: int, *, deal: bool, adjacent: bool) -> None:
        self.log: list[tuple[Any, ...]] = []
        self.to_place, self.in_elimination, self.occupy = 0, False, (0, 0, 0, 0)
        super().__init__([Seat(game, p) for p in range(players)], turn_order=list(range(players)),
                         steal_cards=True, deal=deal, fortify_adjacent=adjacent)
        for seat in self.players:
            seat.eng = self

    def calculate_recruits(self, player: int) -> int:
        n = super().calculate_recruits(player)
        owned = set(self.get_owned_territories(player).tolist())
        held = [GROUPS[c] for c, ts in self.continents.items() if owned.issuperset(ts)]
        held.sort(key=list(B.groups).index)          # riskspec lists continents in map order
        self.log.append(("recruits", player, len(owned), held, n))
        return n

    def place_troops(self, player: int, troops: int, action_code: int = 0) -> None:
        self.to_place = troops
        super().place_troops(player, troops, action_code)

    def trade_in(self, player: int, options: list, card_count: int) -> int:
        value = super().trade_in(player, options, card_count)
        if value:
            self.log.append(("traded", value))
        return value

    def after_attack_reinforce(self, player: int, attack: tuple) -> None:
        f, t = attack
        self.occupy = (int(f), int(t), int(self.state[0][t, 1]), int(self.state[0][f, 1]) - 1)
        super().after_attack_reinforce(player, attack)

    def defeated(self, victim: int, conquerer: int) -> None:
        hand = [CARD[i] for i in numpy.nonzero(self.state[1] == victim)[0]]
        was = self.players[victim].defeated
        self.in_elimination = True
        super().defeated(victim, conquerer)
        self.in_elimination = False
        if self.players[victim].defeated and not was:
            self.log.append(("eliminated", victim, conquerer, hand))


def finish_turn(eng: Engine, seat: int, phase: str) -> bool:
    """The rest of ``seat``'s turn from ``phase`` as rlrisk's ``play()`` runs it; True at game end."""
    if phase == "reinforce":
        eng.place_troops(seat, eng.to_place)
        sets, count = eng.get_sets(seat)                 # the rest of recruitment_phase()
        if sets:
            value = eng.trade_in(seat, sets, count)
            if value:
                eng.place_troops(seat, value)
    if phase in ("reinforce", "attack"):
        eng.attack_phase(seat)
        if eng.winner():
            return True
    eng.fortify_phase(seat)
    eng.turn_count += 1
    return False


def main_loop(eng: Engine) -> None:
    """rlrisk's ``Risk.play()`` loop from the next turn on (without its recording and GUI)."""
    n = len(eng.players)
    while True:
        turn = eng.turn_order[eng.turn_count % n]
        while eng.players[turn].defeated:
            eng.turn_count += 1
            turn = eng.turn_order[eng.turn_count % n]
        eng.recruitment_phase(turn)
        eng.attack_phase(turn)
        if eng.winner():
            return
        eng.fortify_phase(turn)
        eng.turn_count += 1


class _RlRandom(AskingRandom):
    def choice(self, seq: Any) -> Any:
        return self.game.ask("deal", options=list(seq))


class Live:
    """One rlrisk game in its thread, started from ``start`` and replayed through ``answers``."""

    def __init__(self, start: Position, answers: list[Any], *, new: bool) -> None:
        self.start, self.new, self.answers = start, new, list(answers)
        self.game = DrivenGame(self._run, timeout=20)
        for a in self.answers:
            self.game.answer(a)
        if self.answers:
            self.eng.log.clear()

    def _run(self, game: DrivenGame) -> None:
        pos, n = self.start, len(self.start.players)
        patch_module(rl, "random", _RlRandom(game, "roll"))                # dice; choice(): deals
        patch_module(rl_config, "random", AskingRandom(game, "first-player"))
        patch_module(rl, "np", with_random(numpy, AskingRandom(game, "draw")))   # reward_card()
        self.eng = eng = Engine(game, n, deal=pos.option("distribution") == "deal",
                                adjacent=pos.option("classic.amb.fortify-path") == "adjacent")
        if self.new:
            eng.turn_order = rl_config.get_turn_order(n, "c")
            eng.play()
            return
        first = pos.data["first_player"] or 0
        eng.turn_order = [(first + k) % n for k in range(n)]
        eng.turn_count = eng.turn_order.index(pos.current)
        territories, cards, _ = eng.state
        for t in B.territories:
            territories[IDX[t]] = [pos.owner(t), pos.armies(t)]
        cards[:] = DECK
        for seat in range(n):
            for c in pos.hand(seat):
                cards[CIDX[c]] = seat
            eng.players[seat].defeated = bool(pos.players[seat]["eliminated"])
        for _ in range(pos.data["sets_traded"]):
            next(eng.trade_vals)
        eng.state = (territories, cards, pos.data["sets_traded"])
        eng.to_place = pos.pending.get("to_place", 0)
        if not finish_turn(eng, pos.current, pos.phase):
            main_loop(eng)

    def answer(self, value: Any) -> None:
        self.answers.append(value)
        self.game.answer(value)


# -- the adapter ------------------------------------------------------------------------------------
class RlRisk(Adapter):
    name, version = "rlrisk", "1.0.2.3"
    rules: ClassVar = (
        "classic.components.board", "classic.turn.*", "classic.reinforce.*", "classic.attack.*", "classic.conquest.*",
        "classic.fortify.*", "classic.elimination.*", "classic.victory.domination",
        "classic.cards.earn", "classic.cards.valid-sets", "classic.cards.trade-timing",
        "classic.cards.optional-trade", "classic.cards.forced-trade", "classic.cards.set-values",
        "classic.cards.set-count-global", "classic.cards.set-value-increment",
        "classic.setup.players", "classic.setup.starting-armies", "classic.setup.claim-territories",
        "classic.setup.deal-territories")
    options: ClassVar = {
        "distribution": ("claim", "deal"), "game-mode": ("domination",),
        "classic.amb.fortify-path": ("adjacent", "connected"),
        "classic.amb.defender-dice-choice": ("always-maximum",), "classic.amb.tie-rule": ("defender-wins",),
        "classic.amb.attacker-loss-territory": ("attacking-territory",),
        "classic.amb.reinforce-minimum-scope": ("territories",), "classic.amb.territory-rounding": ("round-down",),
        "classic.amb.continent-bonus-values": ("english-values",), "classic.amb.first-turn": ("first-placer",),
        "classic.amb.set-value-cap": ("no-cap",), "classic.amb.wilds-per-set": ("one-wild",),
        "classic.amb.hand-limit": ("five-forces",), "classic.amb.forced-trade-sets": ("one-set",),
        "classic.amb.cards-per-turn": ("one-per-turn",), "classic.amb.deck-size": ("forty-four",),
        "classic.amb.elimination-trade-threshold": ("six-or-more",),
        "classic.amb.elimination-trade-target": ("down-to-four",),
        "classic.amb.elimination-trade-timing": ("immediately",)}

    def __init__(self) -> None:
        self.live: Live | None = None
        self.shown: dict[str, Any] | None = None     # the state last answered
        self.virtual_fortify = False                 # rlrisk skipped a fortify it had no move for
        self.deferred: list[dict[str, Any]] = []     # events of the next turn, shown at end-turn
        self.battle: tuple[str, str, int] = ("", "", 0)
        self.victim: int | None = None
        self.turn_no = 0                             # riskspec's turn counter (rlrisk keeps none)
        self.deferred_turns = 0

    def _start(self, pos: Position, *, new: bool) -> Position:
        if self.live is not None:
            self.live.game.close()
        self.virtual_fortify, self.deferred, self.deferred_turns = False, [], 0
        self.turn_no = pos.turn
        self.live = Live(pos, [], new=new)
        self._drain("load", pos.phase)
        return self._read(Position(pos.data))

    def _replay_claims(self, pos: Position) -> Position:
        """A position in the claim phase, entered the only way rlrisk can: a new game whose
        first player and claims so far are replayed (in turn order, each seat's territories in
        map order — any order of them gives the same position)."""
        n, first = len(pos.players), pos.data.get("first_player")
        if pos.option("distribution") != "claim" or not isinstance(first, int):
            raise InvalidState("phase", "a claim-phase position needs the claim distribution and a first player")
        owned = {seat: pos.territories_of(seat) for seat in range(n)}
        claimed = sum(map(len, owned.values()))
        answers: list[Any] = [first]
        for k in range(claimed):
            seat = (first + k) % n
            if not owned[seat] or any(pos.armies(t) != 1 for t in owned[seat]):
                raise InvalidState("history", f"no claim order reaches this position (seat {seat} would claim "
                                              f"next, with one army on each territory)")
            answers.append(IDX[owned[seat].pop(0)])
        if pos.current != (first + claimed) % n:
            raise InvalidState("history", f"after {claimed} claims from seat {first}, seat "
                                          f"{(first + claimed) % n} claims, not {pos.current}")
        if self.live is not None:
            self.live.game.close()
        self.virtual_fortify, self.deferred, self.deferred_turns, self.turn_no = False, [], 0, pos.turn
        self.live = Live(new_position(pos.variant, n, pos.data["options"]), answers, new=True)
        self._drain("load", "claim")
        return self._read(Position(pos.data))

    def new_game(self, variant: str, players: int, options: Mapping[str, str]) -> Position:
        if players < 3:
            raise Unsupported("players", "rlrisk's 2-player game has no neutral army")
        return self._start(new_position(variant, players, options), new=True)

    def load_state(self, pos: Position, *, players: int, options: Mapping[str, str]) -> Position:
        if any(p["neutral"] for p in pos.players):
            raise InvalidState("neutral", "rlrisk has no neutral army (its 2-player game is head to head)")
        if pos.phase == "claim":
            return self._replay_claims(pos)
        if pos.phase not in ("reinforce", "attack", "fortify") or (pos.pending.get("forced")):
            raise InvalidState("phase", f"the adapter starts rlrisk at a turn's reinforce (no trade owed), "
                                        f"attack or fortify phase, or in the claim phase, not {pos.phase}")
        return self._start(pos, new=False)

    # -- rlrisk's arrays and its question -> riskspec state ----------------------------------------
    def _read(self, p: Position) -> Position:
        assert self.live is not None
        eng, game = self.live.eng, self.live.game
        q = game.question
        territories, cards, trade_ins = eng.state
        for i, t in enumerate(TID):
            owner = int(territories[i][0])
            p.set(t, owner=None if owner < 0 else owner, armies=int(territories[i][1]))
        pile = [c for c in p.data["draw_pile"] if cards[CIDX[c]] == DECK]
        p.data["draw_pile"] = pile + [c for c in CARD if cards[CIDX[c]] == DECK and c not in pile]
        p.data["discards"], p.data["sets_traded"] = [], int(trade_ins)
        for seat, pl in enumerate(p.players):
            pl["cards"] = [c for c in CARD if cards[CIDX[c]] == seat]
            pl["eliminated"] = bool(eng.players[seat].defeated)
        p.data["turn"] = self.turn_no
        start = rl.Risk.starting_troops(len(p.players))
        for seat, pl in enumerate(p.players):            # during setup: armies not yet on the board
            on_board = sum(map(p.armies, p.territories_of(seat)))
            pl["reserve"] = start - on_board if q is not None and q.kind in SETUP else 0
        if self.live.new and (q is None or q.kind != "first-player"):
            p.data["first_player"] = int(eng.turn_order[0])     # rlrisk's turn order starts there
        if game.finished:
            p.data["winner"] = p.owner(TID[0])
            p.go("game-over")
        elif self.virtual_fortify:
            p.go("fortify")
        else:
            assert q is not None
            if "seat" in q.info:
                p.data["current"] = q.info["seat"]
            self._phase(p, q.kind, q.options or [])
        self.shown = p.to_json()
        return p

    def _phase(self, p: Position, kind: str, options: list[Any]) -> None:
        eng = self.live.eng if self.live else None
        assert eng is not None
        if kind == "first-player":
            p.go("first-player", **{"for": "setup"})
        elif kind == "claim":
            p.go("claim")
        elif kind == "deal":
            p.go("deal", next=p.current)
        elif kind == "setup-place":
            p.go("setup-place", own=p.players[p.current]["reserve"], neutral=0)
        elif kind == "place":
            p.go("elimination-trade" if eng.in_elimination else "reinforce", to_place=eng.to_place, forced=None)
        elif kind == "trade" and False in options:
            p.go("attack")                # rlrisk offers the trade after placing; declining it starts the attack
        elif kind == "trade":
            p.go("elimination-trade" if eng.in_elimination else "reinforce", to_place=0,
                 forced={"max_hand": 4, "sets": 1})
        elif kind in ATTACKING:
            p.go("attack")
        elif kind == "roll":
            f, t, dice = self.battle
            p.go("battle", **{"from": f, "to": t, "attacker_dice": dice,
                              "defender_dice": min(2, p.armies(t))})     # rlrisk combat(): defenders roll up to 2
        elif kind == "draw":
            p.go("draw", left=1)
        elif kind == "occupy-move":
            f, t, survivors, divy = eng.occupy
            p.set(TID[t], armies=0)                          # armies still to move belong to the attacker
            p.set(TID[f], armies=1 + divy + survivors)
            victim_out = self.victim not in [p.owner(x) for x in TID]
            p.go("occupy", **{"from": TID[f], "to": TID[t], "min": survivors, "eliminated": victim_out})
        elif kind == "fortify-from":
            p.go("fortify")
        else:
            raise Unsupported("question", f"rlrisk asks {kind!r}, which the adapter does not map")

    # -- actions -> answers -------------------------------------------------------------------------
    def apply(self, pos: Position, action: Mapping[str, Any]) -> list[dict[str, Any]]:
        if self.live is None or pos.data != self.shown:
            raise InvalidState("desync", "the adapter lost track of the game; load it again")
        a = parse_action(action, pos)
        live, kept, before = self.live, len(self.live.answers), pos.phase
        try:
            ev = self._play(pos, a)
        except Illegal:
            if len(live.answers) > kept:               # undo the answers given: replay the rest
                self.live = Live(live.start, live.answers[:kept], new=live.new)
                live.game.close()
            raise
        ev += self._drain(a["type"], before)
        self._read(pos)
        return ev

    def _play(self, p: Position, a: dict[str, Any]) -> list[dict[str, Any]]:
        live = self.live
        assert live is not None
        game, eng, kind, me = live.game, live.eng, a["type"], p.current
        q = game.question
        if game.finished or q is None:
            raise actions.out_of_turn(p.phase, kind, chance_node=False, game_over=True)
        if self.virtual_fortify:
            if kind != "end-turn":
                raise self._refuse(p, a)
            self.virtual_fortify = False
            return [events.turn_ended(me, p.turn)]
        chance_q = q.kind in ("first-player", "draw", "deal", "roll")
        if chance_q != (kind in actions.CHANCE_TYPES):
            raise actions.out_of_turn(p.phase, kind, chance_node=chance_q)
        opts = q.options or []
        if q.kind == "trade" and False in opts and kind != "trade":
            live.answer(False)                         # declining the offered trade; on to the attack
            return self._play(p, a)
        if kind == "first-player" and q.kind == "first-player":
            self._need(a["player"] in opts, "not-a-player", "classic.setup.first-placer", a)
            live.answer(a["player"])
            return [events.event("first-player", player=a["player"], **{"for": "setup"})]
        if kind == "deal" and q.kind == "deal":
            self._need(IDX[a["territory"]] in opts, "already-dealt", "classic.setup.deal-territories", a)
            live.answer(IDX[a["territory"]])
            return [events.event("territory-dealt", player=p.current, territory=a["territory"], armies=1)]
        if kind == "claim" and q.kind == "claim":
            self._need(IDX[a["territory"]] in opts, "occupied", "classic.setup.claim-territories", a)
            live.answer(IDX[a["territory"]])
            return [events.claimed(me, a["territory"])]
        if kind == "place" and q.kind in ("place", "setup-place"):
            rule = "classic.setup.placement-rounds" if q.kind == "setup-place" else "classic.reinforce.place"
            self._need(IDX[a["territory"]] in [int(x) for x in opts], "not-owner", rule, a)
            live.answer(IDX[a["territory"]])
            return [events.placed(me, a["territory"])]
        if kind == "trade" and q.kind == "trade":
            wanted = sorted(CIDX.get(c, -1) for c in a["cards"])
            match = [o for o in opts if o is not False and sorted(int(x) for x in o) == wanted]
            self._need(bool(match), "not-a-set", "classic.cards.valid-sets", a)
            live.answer(match[0])
            value = next((e[1] for e in eng.log if e[0] == "traded"), 0)
            return [events.traded(me, sorted(a["cards"], key=CIDX.__getitem__), value)]
        if kind == "attack" and q.kind in ATTACKING:
            return self._attack(p, a, q.kind, opts)
        if kind == "end-attack" and q.kind in ATTACKING:
            live.answer(False)
            return []
        if kind == "roll" and q.kind == "roll":
            return self._roll(p, a)
        if kind == "draw" and q.kind == "draw":
            self._need(CIDX[a["card"]] in [int(x) for x in opts], "not-in-pile", "classic.cards.earn", a)
            live.answer(CIDX[a["card"]])
            return [events.card_drawn(me, a["card"])]
        if kind == "occupy" and q.kind == "occupy-move":
            f, t, survivors, divy = eng.occupy
            extra = a["armies"] - survivors
            self._need(extra >= 0, "move-in-range", "classic.conquest.move-in", a)
            self._need(extra <= divy, "move-in-range", "classic.conquest.leave-one", a)
            for k in range(divy):
                live.answer(t if k < extra else f)
            return [events.occupied(me, TID[f], TID[t], a["armies"])]
        if kind == "fortify" and q.kind == "fortify-from":
            return self._fortify(p, a, opts)
        if kind == "end-turn" and q.kind == "fortify-from":
            live.answer(False)
            return [events.turn_ended(me, p.turn)]
        raise self._refuse(p, a)

    def _attack(self, p: Position, a: dict[str, Any], kind: str, opts: list[Any]) -> list[dict[str, Any]]:
        live = self.live
        assert live is not None
        f, t = a["from"], a["to"]
        if kind == "press":
            self._need((f, t) == self.battle[:2], "not-offered", "classic.attack.repeat", a)
            live.answer(True)
        else:
            pair = [o for o in opts if o is not False and (int(o[0]), int(o[1])) == (IDX[f], IDX[t])]
            if not pair:
                raise self._refuse(p, a)
            live.answer(pair[0])
        q = live.game.question
        self._need(q is not None and q.kind == "dice" and a["dice"] in (q.options or []), "too-many-dice",
                   "classic.attack.attacker-dice", a)
        self.battle = (f, t, a["dice"])
        self.victim = p.owner(t)
        live.answer(a["dice"])
        return [events.attack_declared(p.current, f, t, a["dice"])]

    def _roll(self, p: Position, a: dict[str, Any]) -> list[dict[str, Any]]:
        live = self.live
        assert live is not None
        f, t, dice = self.battle
        att, dfd = list(a["attacker"]), list(a["defender"])
        self._need(len(att) == dice and len(dfd) == p.pending["defender_dice"], "dice-count",
                   "classic.attack.compare", a)
        before = (p.armies(f), p.armies(t), p.owner(t))
        for v in att + dfd:
            q = live.game.question
            if q is None or q.kind != "roll":
                raise Unsupported("dice", "rlrisk rolled fewer dice than the battle has")
            live.answer(v)
        territories = live.eng.state[0]
        won = int(territories[IDX[t]][0]) != before[2]
        now_f, now_t = int(territories[IDX[f]][1]), int(territories[IDX[t]][1])
        a_loss = before[0] - (now_f + now_t if won else now_f)
        d_loss = before[1] - (0 if won else now_t)
        ev = [events.battle(p.current, before[2] or 0, f, t, sorted(att, reverse=True),
                            sorted(dfd, reverse=True), a_loss, d_loss)]
        if won:
            ev.append(events.conquered(p.current, t, f, before[2] or 0))
        return ev

    def _fortify(self, p: Position, a: dict[str, Any], opts: list[Any]) -> list[dict[str, Any]]:
        live = self.live
        assert live is not None
        f, t, n = a["from"], a["to"], a["armies"]
        self._need(p.owner(f) == p.current and p.owner(t) == p.current and f != t, "not-own",
                   "classic.fortify.one-move", a)
        self._need(1 <= n <= p.armies(f) - 1 and IDX[f] in [o for o in opts if o is not False],
                   "leave-one", "classic.fortify.leave-one", a)
        live.answer(IDX[f])
        q = live.game.question
        self._need(q is not None and q.kind == "fortify-to" and IDX[t] in [int(x) for x in q.options or []],
                   "no-path", "classic.fortify.path", a)
        live.answer(IDX[t])
        for k in range(p.armies(f) - 1):
            live.answer(IDX[t] if k < n else IDX[f])
        return [events.fortified(p.current, f, t, n), events.turn_ended(p.current, p.turn)]

    def _need(self, cond: bool, code: str, rule: str, a: Mapping[str, Any]) -> None:
        if not cond:
            raise Illegal(code, rule, f"rlrisk does not offer {a}")

    def _refuse(self, p: Position, a: Mapping[str, Any]) -> Illegal:
        """Why rlrisk does not offer ``a`` here, in the suite's words (its options say only *that*)."""
        kind, me = a["type"], p.current
        if kind == "attack":
            f, t = a["from"], a["to"]
            if p.owner(f) != me:
                return Illegal("not-owner", "classic.attack.adjacency", f"{f} is not yours")
            if p.owner(t) == me:
                return Illegal("own-territory", "classic.attack.adjacency", f"{t} is yours")
            if IDX[t] not in self.live.eng.board[IDX[f]]:  # type: ignore[union-attr]
                return Illegal("not-adjacent", "classic.attack.adjacency", f"{f} does not border {t} in rlrisk")
            if p.armies(f) < 2:
                return Illegal("too-few-armies", "classic.attack.min-armies", f"{f} has one army")
            if p.phase == "attack":
                return Illegal("not-offered", "classic.attack.repeat", "rlrisk does not offer this attack now")
        if kind == "fortify" and p.phase == "fortify":
            return Illegal("no-path", "classic.fortify.path", "rlrisk offers no fortify move here")
        return actions.out_of_turn(p.phase, kind, chance_node=False)

    def _drain(self, kind: str, before: str) -> list[dict[str, Any]]:
        """Events from rlrisk's log since the last action.  A new turn that rlrisk began
        straight after the attack (no fortify move to offer, so no fortify question) waits
        for the end-turn the suite sends: its events are held back until then."""
        assert self.live is not None
        ev: list[dict[str, Any]] = []
        if kind == "end-turn" and self.deferred:
            ev, self.deferred = self.deferred, []
            self.turn_no += self.deferred_turns
            self.deferred_turns = 0
        out = ev
        for entry in self.live.eng.log:
            if entry[0] == "recruits" and kind not in ("end-turn", "fortify") and not self.virtual_fortify \
                    and before in ("attack", "battle", "occupy", "draw", "fortify", "elimination-trade"):
                self.virtual_fortify, out = True, self.deferred
            if entry[0] == "recruits":
                _, seat, count, held, armies = entry
                if out is self.deferred:
                    self.deferred_turns += 1
                    turn = self.turn_no + self.deferred_turns
                else:
                    self.turn_no += 1
                    turn = self.turn_no
                out += [events.turn_started(seat, turn), events.reinforcements(seat, count, held, armies)]
            elif entry[0] == "card":
                out.append(events.card_drawn(entry[1], CARD[entry[2]]))
            elif entry[0] == "eliminated":
                _, victim, by, hand = entry
                out.append(events.eliminated(victim, by))
                if hand:
                    out.append(events.cards_captured(by, victim, hand))
        self.live.eng.log.clear()
        if self.live.game.finished:
            out.append(events.game_over(int(self.live.eng.state[0][0][0]), "domination"))
        return ev

    def legal_actions(self, pos: Position) -> list[dict[str, Any]]:
        assert self.live is not None
        q, eng, me = self.live.game.question, self.live.eng, pos.current
        if self.virtual_fortify or q is None:
            return [actions.simple("end-turn")] if self.virtual_fortify else []
        opts = [o for o in (q.options or []) if o is not False]
        if q.kind == "claim":
            return actions.claim_actions(TID[int(i)] for i in opts)
        if q.kind in ("place", "setup-place"):
            return actions.place_actions(TID[int(i)] for i in opts)
        out: list[dict[str, Any]] = []
        if q.kind == "trade":
            out = actions.trade_actions([CARD[int(c)] for c in o] for o in opts)
            if False not in q.options:
                return out
            opts = [o for o in eng.get_targets(me) if o is not False]
        if q.kind in ("trade", "attack", "attack-on"):
            pairs = [(TID[int(f)], TID[int(t)]) for f, t in opts]
            return out + actions.attack_actions(pairs, pos.armies) + [actions.simple("end-attack")]
        if q.kind == "press":
            return actions.attack_actions([self.battle[:2]], pos.armies) + [actions.simple("end-attack")]
        if q.kind == "occupy-move":
            return actions.occupy_actions(pos.pending["min"], pos.armies(pos.pending["from"]) - 1)
        if q.kind == "fortify-from":
            owned = eng.get_owned_territories(me)
            moves = []
            for src in (int(s) for s in opts):           # rlrisk fortify_phase(): its destinations
                dests = numpy.intersect1d(owned, eng.board[src]) if eng.fortify_adjacent else \
                    eng.map_connected_territories(src, owned)
                moves += [(TID[src], TID[int(d)]) for d in dests]
            return actions.fortify_actions(moves, pos.armies) + [actions.simple("end-turn")]
        raise Unsupported("question", f"no legal actions for rlrisk's {q.kind!r} question")

    def chance_outcomes(self, pos: Position) -> list[tuple[dict[str, Any], Any]]:
        assert self.live is not None
        q = self.live.game.question
        if q is None or self.virtual_fortify:
            return []
        if q.kind == "first-player":
            return chance.first_player_outcomes([int(s) for s in q.options or []])
        if q.kind == "draw":
            return chance.draw_outcomes([CARD[int(i)] for i in q.options or []])
        if q.kind == "deal":
            return chance.uniform({"type": "deal", "territory": TID[int(i)]} for i in q.options)
        if q.kind == "roll":
            return chance.roll_outcomes(pos.pending["attacker_dice"], pos.pending["defender_dice"])
        return []


if __name__ == "__main__":
    raise SystemExit(serve(RlRisk()))
