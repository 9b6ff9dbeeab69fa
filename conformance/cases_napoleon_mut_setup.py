"""Scenarios: Risk Napoléon — cases written for the surviving mutants of napoleon.game and napoleon.naval (setup, deals, placement, purchases, turn order).

Each case states, from the rules, what a plausible deviation of an engine gets wrong (the
survivors of ``python -m riskspec.conformance.mutation --family napoleon --open``; their
triage is in ``conformance/mutation-triage.yaml``).
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.cases_napoleon import LINE, LINE_JOKERS
from riskspec.conformance.cases_napoleon_readings import _players
from riskspec.conformance.scenario import scenario

A, V = "napoleon-advanced", "napoleon-basic"
ZONES = "napoleon.amb.zones-at-start"
FULL = "napoleon.setup.reinforce"


def _adv_setup(b: Any, land: dict, reserves: list[int], zones: dict | None = None,
               **kw: Any) -> None:
    """An Advanced Rules setup position on LINE (turn 0): ``land`` territory → (seat,
    regiments), ``zones`` zone → (seat, ships), ``reserves`` per seat; no leader placed yet."""
    def edit(d: dict) -> None:
        for seat, r in enumerate(reserves):
            d["players"][seat]["reserve"] = r
        for z, (seat, ships) in (zones or {}).items():
            d["zones"][z].update(owner=seat, ships=ships)
        d["turn_flags"].update(land_attacked=False, naval_moves=0)
    b.position(land, edit=edit, turn=0, **kw)


# ================================================================ setup: every territory full
# Three players, 40 regiments each; player 3 placed first, so the claims went 3, 1, 2, 3, 1
# and the placement rounds go 3, 1, 2.  setup.max_units_per_territory is 10.

@scenario("napoleon.setup.reinforce.701",
          "Territories all full and no ship at setup: the last regiments stay out, setup moves on",
          [FULL, "napoleon.setup.place-general-and-fortification"], players=3, variant=A,
          map=LINE)
def full_no_ships(b: Any) -> None:
    # player 2 (a2 alone) was full after 9 placements and dropped out with 30 unplaced;
    # players 3 (b1, far) and 1 (a1, b2) placed 18 each
    _adv_setup(b, {"a1": (0, 10), "a2": (1, 10), "b1": (2, 10), "b2": (0, 9), "far": (2, 10)},
               [21, 0, 20], phase="setup-place", current=0, first_player=2,
               pending={"seat": 0, "left": 1})
    b.do({"type": "place", "territory": "b2"},
         explain="b2 reaches 10: every territory of players 1 and 3 holds 10 regiments and "
                 "no ship may be built at setup (reading empty), so neither can place again: "
                 "their 20 regiments each stay out of the game and the starting general and "
                 "fortification follow, from the first placer (player 3).",
         state={"phase": "setup-leaders", "current": 2,
                "pending": {"generals": 1, "fortifications": 1},
                "territories": {"b2": {"armies": 10}},
                "players": [{"reserve": 0}, {}, {"reserve": 0}]})


@scenario("napoleon.setup.reinforce.702",
          "Reading ships-in-setup: a player with full territories still places ships, one "
          "touching none of its territories drops out",
          [FULL, "napoleon.setup.claim", ZONES], players=3, variant=A, map=LINE,
          options={ZONES: "ships-in-setup"})
def full_ships(b: Any) -> None:
    # claims: player 3 a2, player 1 a1, player 2 far, player 3 b1, player 1 b2; 18 rounds
    # placed: players 3 and 1 are full, player 2 filled far in 9 and has built 8 ships in z4
    _adv_setup(b, {"a1": (0, 10), "a2": (2, 10), "b1": (2, 10), "b2": (0, 10), "far": (1, 10)},
               [20, 22, 20], zones={"z4": (1, 8)}, phase="setup-place", current=1,
               first_player=2, pending={"seat": 1, "left": 1})
    b.do({"type": "buy-ship", "zone": "z4"},
         explain="Player 3's a2 and b1 are full and touch no zone: it can place nothing and "
                 "its 20 regiments stay out. Player 1's a1 and b2 are full too, but it may "
                 "still build a ship in the empty z1 or z3: its turn.",
         events=[{"type": "ship-built", "player": 1, "zone": "z4"}],
         state={"current": 0, "pending": {"seat": 0, "left": 1},
                "zones": {"z4": {"ships": 9}},
                "players": [{}, {"reserve": 21}, {"reserve": 0}]},
         legal=[{"type": "buy-ship", "zone": "z1"}, {"type": "buy-ship", "zone": "z3"}])


@scenario("napoleon.setup.reinforce.703",
          "Reading ships-in-setup: with every territory full, the last starting regiment "
          "still buys a ship",
          [FULL, "napoleon.setup.claim", ZONES], players=3, variant=A, map=LINE,
          options={ZONES: "ships-in-setup"})
def full_last_ship(b: Any) -> None:
    # as in .702, 37 rounds later: player 3 dropped out in round 19; player 1 has 19 ships
    # and 1 regiment left, player 2 27 ships in z4 and 3 regiments
    _adv_setup(b, {"a1": (0, 10), "a2": (2, 10), "b1": (2, 10), "b2": (0, 10), "far": (1, 10)},
               [1, 3, 0], zones={"z1": (0, 10), "z3": (0, 9), "z4": (1, 27)},
               phase="setup-place", current=1, first_player=2, pending={"seat": 1, "left": 1})
    b.do({"type": "buy-ship", "zone": "z4"},
         explain="Player 1's one regiment left pays for one more ship: its turn.",
         state={"current": 0, "pending": {"seat": 0, "left": 1},
                "zones": {"z4": {"ships": 28}}, "players": [{}, {"reserve": 2}, {}]},
         legal=[{"type": "buy-ship", "zone": "z1"}, {"type": "buy-ship", "zone": "z3"}])


# ================================================================ the card table, by game turn
TABLE, AMB_TABLE = "napoleon.setup.card-table", "napoleon.amb.card-table"
NEUTRAL = 2


def _basic(b: Any, land: dict, zones: dict | None = None, *, draw_pile: list[str] | None = None,
           discards: list[str] | None = None, **kw: Any) -> None:
    """A basic-game position on the scenario's board; ``draw_pile`` and ``discards`` (card IDs,
    in order) when not the whole deck in the pile."""
    def edit(d: dict) -> None:
        for z, (seat, ships) in (zones or {}).items():
            d["zones"][z] = {"owner": seat, "ships": ships}
        d["turn_flags"].update(land_attacked=False, naval_moves=0)
        if draw_pile is not None:
            d["draw_pile"], d["discards"] = list(draw_pile), list(discards or [])
    kw.setdefault("phase", "attack")
    b.position(land, edit=edit, **kw)


TURN_LAND = {"a1": (0, 2), "a2": (1, 2), "b1": (1, 2), "b2": (0, 2), "far": (NEUTRAL, 1)}


@scenario("napoleon.setup.card-table.701",
          "Reading by-round: the fourth game turn's row is a single card, drawn from what is "
          "left of the pile",
          [TABLE, AMB_TABLE, "napoleon.cards.reshuffle"], players=2, variant=V, map=LINE,
          options={AMB_TABLE: "by-round"}, reading=(AMB_TABLE, "by-round"))
def table_one_card(b: Any) -> None:
    _basic(b, TURN_LAND, phase="maneuver", current=1, turn=3, draw_pile=["c-far"],
           discards=["c-a1", "c-a2", "c-b1", "c-b2", "c-x"])
    b.do({"type": "end-turn"},
         explain="Game turn 4 begins with player 1: the table's fourth row is 1 card. The pile "
                 "still holds c-far, so nothing is reshuffled: that card is the only draw.",
         state={"phase": "card-table", "current": 0, "turn": 4,
                "pending": {"seat": 0, "left": 1, "after": "turn"}},
         outcomes=[{"outcome": {"type": "draw", "card": "c-far"}, "p": "1"}])
    b.do({"type": "draw", "card": "c-far"},
         explain="2 territories: the minimum of 3 regiments.",
         state={"phase": "reinforce", "draw_pile": [],
                "discards": ["c-a1", "c-a2", "c-b1", "c-b2", "c-x"],
                "pending": {"to_place": 3, "must_trade": False, "after": "turn"},
                "players": _players({"cards": ["c-far"]}, {})})


@scenario("napoleon.setup.card-table.702",
          "Reading by-round: a game turn past the table's rows draws nothing",
          [TABLE, AMB_TABLE], players=2, variant=V, map=LINE,
          options={AMB_TABLE: "by-round"})
def table_past_rows(b: Any) -> None:
    _basic(b, TURN_LAND, phase="maneuver", current=1, turn=6)
    b.do({"type": "end-turn"},
         explain="The basic game has no turn limit; the table has six rows, so game turn 7 "
                 "starts with the reinforcements (2 territories: 3 regiments).",
         state={"phase": "reinforce", "current": 0, "turn": 7,
                "pending": {"to_place": 3, "must_trade": False, "after": "turn"}})


@scenario("napoleon.setup.card-table.703",
          "Reading by-player-count: with four players every player draws the fourth row's "
          "single card",
          [TABLE, AMB_TABLE], players=4, variant=A, map=LINE,
          options={AMB_TABLE: "by-player-count"})
def table_four_players(b: Any) -> None:
    b.position({"a1": (0, 2), "a2": (1, 2), "b1": (2, 2), "b2": (3, 2), "far": (0, 1)},
               phase="first-player", pending={"for": "turn"}, turn=0,
               edit=lambda d: d["turn_flags"].update(land_attacked=False, naval_moves=0))
    b.do({"type": "first-player", "player": 2},
         explain="Player 3 plays first; the fourth row of the table (four players) is 1 card, "
                 "drawn by each player in turn order before the first turn.",
         state={"phase": "card-table", "current": 2,
                "pending": {"seat": 2, "left": 1, "after": "setup"}})
    b.do({"type": "draw", "card": "c-b1"},
         state={"current": 3, "pending": {"seat": 3, "left": 1, "after": "setup"},
                "players": [{}, {}, {"cards": ["c-b1"]}, {}]})


# ================================================================ reinforcement: phases, trades, purchases
def _stage_board() -> dict:
    from riskspec.conformance.cases_napoleon import line
    from riskspec.reference.napoleon.inline import card_effect as fx
    return line(effects={"a1": fx("extra-regiments", 2), "a2": fx("attack-die-bonus", 1)})


PLAYS = "napoleon.amb.effect-plays"


@scenario("napoleon.cards.effect-limit.701",
          "Reading one-per-phase: a card played for regiments leaves the combat phase's play free",
          ["napoleon.cards.effect-limit", "napoleon.effects.extra-regiments",
           "napoleon.units.ships"], players=2, variant=V, map=_stage_board(),
          options={PLAYS: "one-per-phase"})
def stage_after_reinforcement(b: Any) -> None:
    _basic(b, {"a1": (1, 1), "a2": (1, 2), "b1": (0, 5), "b2": (0, 1), "far": (NEUTRAL, 1)},
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
    _basic(b, {"a1": (0, 1), "a2": (0, 1), "b1": (1, 1), "b2": (NEUTRAL, 1), "far": (NEUTRAL, 1)},
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


def _lead(b: Any, land: dict, **kw: Any) -> None:
    from riskspec.conformance.cases_napoleon_leaders import _pos as _lpos
    _lpos(b, land, **kw)


@scenario("napoleon.cards.elimination-capture.701",
          "Seven cards after taking a player's last territory: one trade brings the hand to "
          "four, then every regiment is placed before the battle goes on",
          ["napoleon.cards.elimination-capture", "napoleon.reinforce.territories"], players=3,
          variant=A, map=LINE_JOKERS, options={"napoleon.amb.card-table": "ignore"})
def seven_captured(b: Any) -> None:
    _lead(b, {"a1": (0, 5), "a2": (1, 1), "b1": (2, 1), "b2": (2, 1), "far": (2, 1)},
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


@scenario("napoleon.leaders.ransom.701",
          "A new turn starts with no leader ransomed yet: a player with a general on the board "
          "may not ransom; no general on another player's territory",
          ["napoleon.leaders.ransom", "napoleon.reinforce.purchases", "napoleon.turn.order"],
          players=3, variant=A, map=LINE, options={"napoleon.amb.card-table": "ignore"},
          negative=True)
def ransom_new_turn(b: Any) -> None:
    _lead(b, {"a1": (0, 2), "a2": (1, 2), "b1": (2, 2), "b2": (1, 1), "far": (1, 1)},
          gen={"a1": 1}, prisoners={(1, 0, "generals"): 1}, phase="maneuver", current=2, turn=2)
    b.do({"type": "end-turn"},
         explain="Game turn 3 begins with player 1: 1 territory, the minimum of 3 regiments.",
         state={"phase": "reinforce", "current": 0, "turn": 3,
                "pending": {"to_place": 3, "must_trade": False, "after": "turn"},
                "turn_flags": {"ransomed": {"generals": 0, "admirals": 0}}})
    b.reject({"type": "ransom", "leader": "general", "captor": 1, "place": "a1"},
             "not-all-captured", rule="napoleon.leaders.ransom",
             explain="one of player 1's two generals stands on a1 (reading all-generals-captured)")
    b.reject({"type": "buy-general", "territory": "a2"}, "not-owner",
             rule="napoleon.reinforce.purchases", explain="a2 is player 2's")


@scenario("napoleon.basic.deal.701",
          "Reading deal: each dealt territory gets one regiment of the seat dealt to, the "
          "deal goes round",
          ["napoleon.basic.deal"], players=2, variant=V, map=LINE)
def deal_one(b: Any) -> None:
    b.check(state={"phase": "deal", "pending": {"next": 0}})
    b.do({"type": "deal", "territory": "b1"},
         events=[{"type": "territory-dealt", "player": 0, "territory": "b1", "armies": 1}],
         state={"pending": {"next": 1}, "territories": {"b1": {"owner": 0, "armies": 1}},
                "players": _players({"reserve": 35}, {})})
    b.do({"type": "deal", "territory": "a1"},
         events=[{"type": "territory-dealt", "player": 1, "territory": "a1", "armies": 1}],
         state={"pending": {"next": 2}, "territories": {"a1": {"owner": 1, "armies": 1}},
                "players": _players({}, {"reserve": 35})})


DIST = "napoleon.amb.basic-distribution"


@scenario("napoleon.setup.claim.701",
          "Reading claim: once the neutral armies' territories are dealt, the first player "
          "drawn claims first",
          ["napoleon.setup.claim", "napoleon.basic.deal", "napoleon.basic.placement", DIST],
          players=2, variant=V, map=LINE, options={DIST: "claim"},
          synthetic=(["$.territories"], "on the five territories of the test board the neutral "
                     "armies' 7 cards each would take every territory; two are left to claim"))
def claim_after_roll(b: Any) -> None:
    land = {"a1": (None, 0), "a2": (None, 0), "b1": (NEUTRAL + 1, 1), "b2": (NEUTRAL, 1),
            "far": (None, 0)}

    def edit(d: dict) -> None:
        for seat, r in enumerate([36, 36, 20, 20, 21, 21]):
            d["players"][seat]["reserve"] = r
        d["turn_flags"].update(land_attacked=False, naval_moves=0)
        for t, (holder, n) in land.items():
            d["territories"][t] = {"owner": holder, "armies": n}
    b.position({}, edit=edit, turn=0, phase="first-player", pending={"for": "setup"},
               first_player=None)
    b.do({"type": "first-player", "player": 1},
         explain="territories are still unoccupied: player 2, drawn first, claims one",
         state={"phase": "claim", "current": 1, "pending": {}},
         legal=[{"type": "claim", "territory": t} for t in ("a1", "a2", "far")])


@scenario("napoleon.setup.players-and-regiments.701",
          "Reading deal with three players and no neutral army: the whole deck is dealt, "
          "starting with the first seat",
          ["napoleon.basic.deal", "napoleon.setup.players-and-regiments", DIST], players=3,
          variant=A, options={DIST: "deal"})
def deal_three(b: Any) -> None:
    b.check(explain="48 territory cards for three players (40 regiments each): the deal can "
                    "occupy every territory",
            state={"phase": "deal", "pending": {"next": 0}, "turn": 0,
                   "players": [{"reserve": 40}, {"reserve": 40}, {"reserve": 40}]})


# ================================================================ ships: the supply counts challenger ships
SUPPLY = "napoleon.amb.ship-supply"


@scenario("napoleon.units.ships.701",
          "Reading capped: ships built among another player's ships count in the 26",
          ["napoleon.units.ships", "napoleon.components.tokens", "napoleon.naval.forced-combat",
           SUPPLY], players=2, variant=V, map=LINE, options={SUPPLY: "capped"},
          reading=(SUPPLY, "capped"), negative=True)
def challengers_in_supply(b: Any) -> None:
    _basic(b, {"a1": (0, 2), "a2": (1, 2), "b1": (1, 2), "b2": (0, 2), "far": (NEUTRAL, 1)},
           {"z1": (0, 25), "z3": (1, 1)}, phase="reinforce", turn=3,
           pending={"to_place": 3, "must_trade": False, "after": "turn"})
    b.do({"type": "buy-ship", "zone": "z3"},
         explain="the 26th ship, among player 2's in z3 (a forced battle follows)",
         state={"pending": {"to_place": 2},
                "zones": {"z3": {"owner": 1, "ships": 1, "challenger_ships": 1}}},
         legal=[{"type": "place", "territory": "a1"}, {"type": "place", "territory": "b2"}])
    b.reject({"type": "buy-ship", "zone": "z1"}, "ship-limit", rule="napoleon.units.ships",
             explain="25 ships in z1 and 1 in z3: player 1's 26 are all on the board")
