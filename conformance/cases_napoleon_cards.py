"""Scenarios: Risk Napoléon — territory cards (napoleon.cards.*), on small purpose-built
maps (see cases_napoleon).

What a play-card action names, the effect limit of a phase, forced trades at the start of a
turn and after an elimination (cards captured, territories entered that their owner kept
empty), and the reshuffle of the discards.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.cases_napoleon import LINE, LINE_JOKERS, NEUTRAL, A, V, line
from riskspec.conformance.cases_napoleon_effects import REIN as EFFECT_REIN
from riskspec.conformance.cases_napoleon_effects import _pos as _epos
from riskspec.conformance.cases_napoleon_effects import _reinforce
from riskspec.conformance.cases_napoleon_leaders import _pos as _lpos
from riskspec.conformance.cases_napoleon_readings import _players
from riskspec.conformance.cases_napoleon_rules import DECK as CARD_DECK
from riskspec.conformance.lineboard import advanced_sc, basic_pos, invade, keeps_sc
from riskspec.conformance.printed import seats
from riskspec.conformance.scenario import scenario
from riskspec.reference.napoleon.inline import card_effect


@scenario("napoleon.cards.use-or-trade.501",
          "A card without targets refuses a 'from' or a 'to' named alone",
          ["napoleon.cards.use-or-trade", "napoleon.effects.extra-regiments"], players=2,
          variant=V, map=EFFECT_REIN, negative=True)
def targets_alone(b: Any) -> None:
    _epos(b, {"a1": (1, 1), "a2": (1, 1), "b1": (0, 1), "b2": (0, 1), "far": (NEUTRAL, 1)},
          phase="reinforce", turn=3, hands={0: ["c-a1"]}, pending=_reinforce())
    # a1 is the board's first territory: an index 0 must count as a target named
    b.reject({"type": "play-card", "card": "c-a1", "from": "a1"}, "targets",
             rule="napoleon.effects.extra-regiments")
    b.reject({"type": "play-card", "card": "c-a1", "to": "a1"}, "targets",
             rule="napoleon.effects.extra-regiments")
    b.reject({"type": "play-card", "card": "c-a1", "from": "b1", "to": "a1"}, "targets",
             rule="napoleon.effects.extra-regiments")


def _stage_board() -> dict:
    return line(effects={"a1": card_effect("extra-regiments", 2), "a2": card_effect("attack-die-bonus", 1)})


PLAYS = "napoleon.amb.effect-plays"


@scenario("napoleon.cards.effect-limit.701",
          "Reading one-per-phase: a card played for regiments leaves the combat phase's play free",
          ["napoleon.cards.effect-limit", "napoleon.effects.extra-regiments",
           "napoleon.units.ships"], players=2, variant=V, map=_stage_board(),
          options={PLAYS: "one-per-phase"})
def stage_after_reinforcement(b: Any) -> None:
    basic_pos(b, {"a1": (1, 1), "a2": (1, 2), "b1": (0, 5), "b2": (0, 1), "far": (NEUTRAL, 1)},
              phase="reinforce", turn=3, hands={0: ["c-a1", "c-a2"]},
              pending={"to_place": 1, "must_trade": False, "after": "turn"})
    b.do({"type": "play-card", "card": "c-a1"},
         explain="2 extra regiments (a1 is player 2's: no territory bonus); the phase's one play",
         state={"pending": {"to_place": 3}, "discards": ["c-a1"],
                "turn_flags": {"effect_plays": [1, 0, 0, 0, 0, 0]},
                "players": _players({"cards": ["c-a2"]}, {})})
    b.do({"type": "place", "territory": "b1"}, state={"pending": {"to_place": 2},
                                                     "territories": {"b1": {"armies": 6}}})
    b.do({"type": "place", "territory": "b1"}, state={"pending": {"to_place": 1},
                                                     "territories": {"b1": {"armies": 7}}},
         legal=[{"type": "place", "territory": "b1"}, {"type": "place", "territory": "b2"},
                {"type": "buy-ship", "zone": "z3"}],
         explain="one regiment left: it may still pay for a ship (costs.ship 1) in z3, next to b2")
    b.do({"type": "place", "territory": "b2"},
         explain="the reinforcement phase is over; the combat phase counts its plays afresh",
         state={"phase": "attack", "territories": {"b2": {"armies": 2}}},
         legal_includes=[{"type": "play-card", "card": "c-a2"}])
    b.do({"type": "play-card", "card": "c-a2"},
         state={"discards": ["c-a1", "c-a2"], "players": _players({"cards": []}, {})})


FORCED_UNTIL = "napoleon.amb.forced-trade-until"


@scenario("napoleon.cards.forced-trade.701",
          "Reading one-set: exactly five cards at the start of the turn force one trade",
          ["napoleon.cards.forced-trade", FORCED_UNTIL], players=2, variant=V, map=LINE,
          options={FORCED_UNTIL: "one-set"}, negative=True)
def five_cards_one_set(b: Any) -> None:
    basic_pos(b, {"a1": (0, 1), "a2": (0, 1), "b1": (1, 1), "b2": (NEUTRAL, 1), "far": (NEUTRAL, 1)},
              phase="maneuver", current=1, turn=3,
              hands={0: ["c-a1", "c-a2", "c-b1", "c-b2", "c-far"]})
    b.do({"type": "end-turn"},
         explain="Player 1 holds 5 cards (cards.forced_trade_at): a set first. 2 territories "
                 "give the minimum 3, the whole west empire 2 more.",
         state={"phase": "reinforce", "current": 0, "turn": 4,
                "pending": {"to_place": 5, "must_trade": True, "after": "turn"}})
    b.reject({"type": "place", "territory": "a1"}, "must-trade", rule="napoleon.cards.forced-trade")
    b.do({"type": "trade", "cards": ["c-a1", "c-b2", "c-far"]},
         explain="one of each symbol: 10; a1 is player 1's: 2 regiments on it. One set is enough.",
         state={"pending": {"to_place": 15, "must_trade": False},
                "territories": {"a1": {"armies": 3}}, "discards": ["c-a1", "c-b2", "c-far"],
                "players": _players({"cards": ["c-a2", "c-b1"]}, {})})


UNTIL = "napoleon.amb.forced-trade-until"


@scenario("napoleon.cards.forced-trade.501",
          "Reading one-set: five cards kept after the turn's trade force nothing at a conquest",
          ["napoleon.cards.forced-trade", "napoleon.cards.elimination-capture"], players=2,
          variant=V, map=LINE_JOKERS, options={UNTIL: "one-set"},
          description="Under one-set a hand of 5 or more can reach the combat phase; the case "
                      "starts there, so it holds under either reading.")
def five_cards_conquest(b: Any) -> None:
    # a hand of 8 at the start of the turn, one set traded: 5 cards in the combat phase
    _epos(b, {"a1": (0, 1), "a2": (0, 4), "b1": (1, 1), "b2": (1, 1), "far": (NEUTRAL, 1)},
          turn=6, hands={0: ["c-a1", "c-b2", "c-far", "c-x", "c-y"]})
    b.attack("a2", "b1", 3, state={"phase": "battle"})
    b.roll([6, 5, 4], [1], state={"phase": "occupy", "territories": {"b1": {"owner": 0, "armies": 0}}})
    b.do({"type": "occupy", "armies": 3},
         explain="no cards were taken (player 1 still holds b2): the combat phase goes on",
         state={"phase": "attack", "territories": {"a2": {"armies": 4 - 3}, "b1": {"armies": 3}}})


@scenario("napoleon.cards.elimination-capture.701",
          "Seven cards after taking a player's last territory: one trade brings the hand to "
          "four, then every regiment is placed before the battle goes on",
          ["napoleon.cards.elimination-capture", "napoleon.reinforce.territories"], players=3,
          variant=A, map=LINE_JOKERS, options={"napoleon.amb.card-table": "ignore"})
def seven_captured(b: Any) -> None:
    _lpos(b, {"a1": (0, 5), "a2": (1, 1), "b1": (2, 1), "b2": (2, 1), "far": (2, 1)},
          hands={0: ["c-b2", "c-far", "c-x"], 1: ["c-a1", "c-a2", "c-b1", "c-y"]}, turn=3)
    b.attack("a1", "a2", 3, state={"phase": "battle"})
    b.roll([6, 5, 4], [1], explain="player 2's last territory falls: its 4 cards are player 1's",
           state={"phase": "occupy", "territories": {"a2": {"owner": 0, "armies": 0}},
                  "players": [{"cards": 7}, {"eliminated": True, "cards": []}, {}]})
    b.do({"type": "occupy", "armies": 3},
         explain="7 cards, at least 5 (five-or-more): trade at once, until at most 4 are left",
         state={"phase": "reinforce",
                "pending": {"to_place": 0, "must_trade": True, "after": "elimination"},
                "territories": {"a1": {"armies": 2}, "a2": {"armies": 3}}})
    b.do({"type": "trade", "cards": ["c-a1", "c-a2", "c-b1"]},
         explain="three infantry: 4 regiments, and 2 on a1 and on a2, both player 1's now "
                 "(b1 is player 3's); 4 cards are left, no more than 4: no second trade",
         state={"pending": {"to_place": 4, "must_trade": False},
                "territories": {"a1": {"armies": 4}, "a2": {"armies": 5}},
                "players": [{"cards": ["c-b2", "c-far", "c-x", "c-y"]}, {}, {}]})
    for left, t, armies in ((3, "a1", 5), (2, "a1", 6), (1, "a2", 6)):
        b.do({"type": "place", "territory": t},
             state={"pending": {"to_place": left}, "territories": {t: {"armies": armies}}})
    b.do({"type": "place", "territory": "a2"},
         explain="the last of the 4: the combat phase goes on",
         state={"phase": "attack", "territories": {"a2": {"armies": 7}}})


@scenario("napoleon.cards.elimination-capture.501",
          "Taking the last territory: the captured cards are traded for their value alone, and "
          "the freed zone can take a ship",
          ["napoleon.cards.elimination-capture", "napoleon.combat.elimination",
           "napoleon.units.ships", "napoleon.cards.trade-territory-bonus"], players=3, variant=A,
          map=LINE)
def capture_and_build(b: Any) -> None:
    _epos(b, {"a1": (0, 5), "a2": (1, 1), "b1": (2, 1), "b2": (2, 1), "far": (2, 1)},
          {"z1": (1, 2)}, turn=2, hands={0: ["c-b1", "c-b2"], 1: ["c-a1", "c-a2", "c-far"]})
    b.attack("a1", "a2", 3, state={"phase": "battle"})
    b.roll([6, 5, 4], [1], explain="player 1's last territory falls: its ships leave z1, its cards go to player 0",
           state={"phase": "occupy", "territories": {"a2": {"owner": 0, "armies": 0}},
                  "zones": {"z1": {"owner": None, "ships": 0}},
                  "players": seats(3, p0={"cards": 5}, p1={"eliminated": True, "cards": 0})})
    b.do({"type": "occupy", "armies": 3},
         explain="five cards: a trade at once, with nothing to place but what it brings",
         state={"phase": "reinforce", "pending": {"to_place": 0, "must_trade": True, "after": "elimination"},
                "territories": {"a1": {"armies": 5 - 3}, "a2": {"armies": 3}}})
    # three infantry: 4 regiments; a1 and a2 are player 0's: 2 more on each
    b.do({"type": "trade", "cards": ["c-a1", "c-a2", "c-b1"]},
         state={"pending": {"to_place": 4, "must_trade": False}, "players": seats(3, p0={"cards": 2}),
                "territories": {"a1": {"armies": 2 + 2}, "a2": {"armies": 3 + 2}}},
         legal_includes=[{"type": "buy-ship", "zone": "z1"}])
    b.do({"type": "buy-ship", "zone": "z1"},
         state={"pending": {"to_place": 3}, "zones": {"z1": {"owner": 0, "ships": 1}}})


def _keeps(b: Any, land: dict, empty: tuple[str, ...], **kw: Any) -> dict:
    """A combat-phase position under keeps-owner: the ``empty`` territories lost their last
    regiment to an epidemic (its token moved on) and are still their owner's."""
    start = _lpos(b, land, **kw)
    terr = {t: {**e, "armies": 0} if t in empty else e for t, e in start["territories"].items()}
    return b.load({**start, "territories": terr})


@keeps_sc("cards.elimination-capture.801",
    "Entering a player's last empty territories: eliminated with the last one, whose cards force a trade",
    ["napoleon.combat.empty-territory", "napoleon.combat.elimination",
     "napoleon.cards.elimination-capture", "napoleon.naval.landing"], negative=True)
def invade_last_empty(b: Any) -> None:
    _keeps(b, {"a1": (2, 3), "a2": (1, 5), "b1": (0, 0), "b2": (0, 0), "far": (2, 1)},
           ("b1", "b2"), zones={"z3": (2, 2)}, current=1, turn=2,
           hands={0: ["c-b1", "c-x"], 1: ["c-a1", "c-a2", "c-far"]})
    legal = [{"type": "attack", "from": "a2", "to": "a1", "dice": d} for d in (1, 2, 3)]
    legal += [invade("a2", "b1", n) for n in (1, 2, 3, 4)] + [{"type": "end-attack"}]
    b.check(legal=legal,
            explain="player 1 attacks a1 or walks into b1 (player 0's, emptied by an epidemic), "
                    "one regiment staying in a2; player 2's ships in z3 are not player 1's to move")
    b.reject(invade("a2", "b2", 1), "not-adjacent", rule="napoleon.naval.landing",
             explain="b2 does not touch a2, and no zone of player 1's carries a landing there")
    b.do(invade("a2", "b1", 3),
         explain="player 0 still holds b2 (empty, but theirs): not eliminated",
         state={"territories": {"a2": {"armies": 2}, "b1": {"owner": 1, "armies": 3}},
                "players": [{"eliminated": False, "cards": 2}, {"cards": 3}, {}],
                "turn_flags": {"conquests": 1, "land_attacked": True, "conquered": False}})
    b.do(invade("b1", "b2", 2),
         explain="player 0's last territory: eliminated, their 2 cards make player 1's hand 5, "
                 "a trade at once (no regiment to place yet)",
         events=[{"type": "invaded", "player": 1, "from": "b1", "to": "b2", "armies": 2},
                 {"type": "eliminated", "player": 0, "by": 1}],
         state={"territories": {"b1": {"armies": 1}, "b2": {"owner": 1, "armies": 2}},
                "players": [{"eliminated": True, "eliminated_by": 1, "cards": 0},
                            {"cards": 5, "captured": False}, {}],
                "phase": "reinforce",
                "pending": {"to_place": 0, "must_trade": True, "after": "elimination"}})
    b.check(legal_count=7, legal_includes=[{"type": "trade", "cards": ["c-a1", "c-a2", "c-b1"]}],
            explain="only trades: of the three infantry, the artillery and the joker, the sets of three "
                    "are the three infantry, two infantry with the joker (three ways) and one "
                    "infantry, the artillery and the joker (three ways)")


@keeps_sc("cards.elimination-capture.802",
    "Eliminated by an invasion of their empty territory: four cards in hand, no trade, the turn goes on",
    ["napoleon.combat.empty-territory", "napoleon.combat.elimination",
     "napoleon.cards.elimination-capture"])
def invade_last_empty_four(b: Any) -> None:
    _keeps(b, {"a1": (2, 3), "a2": (1, 4), "b1": (1, 2), "b2": (0, 0), "far": (2, 1)},
           ("b2",), current=1, turn=2, hands={0: ["c-x"], 1: ["c-a1", "c-a2", "c-far"]})
    b.do(invade("b1", "b2", 1),
         events=[{"type": "invaded", "to": "b2"}, {"type": "eliminated", "player": 0, "by": 1}],
         state={"territories": {"b1": {"armies": 1}, "b2": {"owner": 1, "armies": 1}},
                "players": [{"eliminated": True, "cards": 0}, {"cards": 4, "captured": False}, {}],
                "phase": "attack",
                "turn_flags": {"conquests": 1, "land_attacked": True}})


@keeps_sc("cards.elimination-capture.803",
          "Under one-set five cards may be kept; eliminating a player with no cards forces no trade",
          ["napoleon.combat.empty-territory", "napoleon.cards.elimination-capture",
           "napoleon.cards.forced-trade"], options={"napoleon.amb.forced-trade-until": "one-set"})
def nothing_captured(b: Any) -> None:
    _keeps(b, {"a1": (2, 3), "a2": (1, 4), "b1": (1, 2), "b2": (0, 0), "far": (2, 1)},
           ("b2",), current=1, turn=2, hands={1: ["c-a1", "c-a2", "c-b1", "c-far", "c-x"]})
    b.do(invade("b1", "b2", 1),
         explain="player 1 kept five cards after the one set the turn's start asked for; player 0 "
                 "had no card to take, so no trade is owed",
         events=[{"type": "invaded", "to": "b2"}, {"type": "eliminated", "player": 0, "by": 1}],
         state={"territories": {"b1": {"armies": 1}, "b2": {"owner": 1, "armies": 1}},
                "players": [{"eliminated": True}, {"cards": 5, "captured": False}, {}],
                "phase": "attack", "turn_flags": {"conquests": 1, "land_attacked": True}})


@scenario("napoleon.cards.reshuffle.301",
          "No card owed, no reshuffle: an empty draw pile stays empty when nobody draws",
          ["napoleon.cards.reshuffle", "napoleon.end-of-turn.draws"], players=2, variant=V, map=LINE,
          synthetic=(["$.discards", "$.draw_pile"], "the whole deck put in the discards at the "
                     "first game turn, so that the pile is empty"))
def no_reshuffle(b: Any) -> None:
    def edit(d: dict) -> None:
        d["draw_pile"], d["discards"] = [], list(CARD_DECK)
        d["turn_flags"].setdefault("land_attacked", False)
        d["turn_flags"].setdefault("naval_moves", 0)
    b.position({"a1": (0, 2), "a2": (1, 1), "b1": (0, 1), "b2": (1, 1), "far": (NEUTRAL, 1)},
               phase="maneuver", edit=edit)
    b.do({"type": "end-turn"}, state={"phase": "reinforce", "current": 1, "pending": {"to_place": 3},
                                      "draw_pile": [], "discards": list(CARD_DECK)},
         explain="player 1 invaded nothing and holds no whole empire or route: no card is owed, "
                 "so the discards are not shuffled into a new pile")


@advanced_sc("napoleon.cards.reshuffle.501", "The relocation that takes the pile's last card "
             "reshuffles nothing: the pile stays empty until a card is drawn",
             ["napoleon.cards.reshuffle", "napoleon.epidemics.relocate"])
def relocation_empties_pile(b):
    # an earlier relocation discarded the joker, then c-b2 (which placed b2's epidemic);
    # players 1 and 2 hold three cards, so c-far alone is left in the pile
    d = _lpos(b, {"a1": (0, 1), "a2": (0, 2), "b1": (1, 2), "b2": (2, 2), "far": (1, 2)},
              epidemics={"a1": 1, "b2": 1}, phase="maneuver", current=0, turn=2,
              hands={1: ["c-a1", "c-a2"], 2: ["c-b1"]})
    d["draw_pile"], d["discards"] = ["c-far"], ["c-b2", "c-x"]
    b.load(d)
    b.do({"type": "end-turn"},
         state={"phase": "epidemics", "pending": {"left": 1, "moving": True},
                "territories": {"a1": {"owner": None, "armies": 0, "epidemics": 0}}},
         outcomes=[{"outcome": {"type": "draw", "card": "c-far"}, "p": "1"}])
    b.do({"type": "draw", "card": "c-far"},
         explain="the epidemic goes to far; seat 0 owes no card, so nothing is drawn and the "
                 "discards stay discards. Player 1's turn begins: far (south) scores 1",
         state={"phase": "reinforce", "current": 1, "draw_pile": [],
                "discards": ["c-b2", "c-far", "c-x"], "players": [{}, {"vp": 1}, {}],
                "territories": {"far": {"epidemics": 1}}})
