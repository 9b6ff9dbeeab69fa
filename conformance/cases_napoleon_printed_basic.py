"""Napoléon on the printed board: the basic two-player game (napoleon.basic.*).

Seats 0 and 1 are the players, 2-5 the four neutral armies.  The placement cases start
after the deal: the players hold 10 territories each and the neutrals 7 each (map order),
one regiment on each, so 26 and 14 regiments remain to place (36 − 10, 21 − 7).
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.printed import (
    BASIC,
    REINFORCE,
    attack,
    compute_income,
    get_board,
    pos,
    reserves,
    sc,
    seats,
)

NEUTRAL = 2


def _dealt() -> dict[str, tuple[int, int]]:
    """The deal's outcome: 10, 10, 7, 7, 7, 7 territories in map order, one regiment each."""
    quotas = [0] * 10 + [1] * 10 + [2] * 7 + [3] * 7 + [4] * 7 + [5] * 7
    return {t: (seat, 1) for t, seat in zip(get_board().territory_ids, quotas)}


@sc("napoleon.basic.placement.601",
    "After the deal a roll picks the first placer, who puts three regiments on their own territories",
    ["napoleon.basic.placement"], variant=BASIC, negative=True)
def placement(b: Any) -> None:
    land = _dealt()
    pos(b, land, phase="first-player", pending={"for": "setup"}, turn=0,
        edit=reserves(26, 26, 14, 14, 14, 14))
    b.check(outcomes=[{"outcome": {"type": "first-player", "player": p}, "p": "1/2"} for p in (0, 1)])
    own = [t for t, (seat, _) in land.items() if seat == 1]
    b.do({"type": "first-player", "player": 1},
         state={"phase": "setup-place", "current": 1, "pending": {"seat": 1, "left": 3}},
         legal=[{"type": "place", "territory": t} for t in own])
    theirs = next(t for t, (seat, _) in land.items() if seat == 0)
    b.reject({"type": "place", "territory": theirs}, "not-owner", rule="napoleon.basic.placement")
    b.do({"type": "place", "territory": own[0]},
         state={"pending": {"left": 2}, "territories": {own[0]: {"armies": 2}},
                "players": [{}, {"reserve": 25}, {}, {}, {}, {}]})


@sc("napoleon.basic.neutral-defence.601",
    "A neutral territory defends like any other; the player not attacking chooses its dice",
    ["napoleon.basic.neutral-defence"], variant=BASIC)
def neutral_defence(b: Any) -> None:
    pos(b, {"aquitaine": (0, 4), "castile": (NEUTRAL, 3), "portugal": (1, 1)}, rest=3)
    b.do(attack("aquitaine", "castile", 3),
         state={"phase": "defend", "pending": {"chooser": 1}},
         legal=[{"type": "defend", "dice": d} for d in (1, 2)],
         explain="Castile is a neutral army's: player 2, who is not attacking, picks 1 or 2 dice.")


@sc("napoleon.basic.end.601", "Taking the other player's last territory wins the basic game",
    ["napoleon.basic.end", "napoleon.combat.elimination", "napoleon.cards.elimination-capture"],
    variant=BASIC)
def basic_end(b: Any) -> None:
    pos(b, {"aquitaine": (0, 4), "castile": (1, 1)}, zones={"western-mediterranean": (1, 2)},
        hands={1: ["card-castile"]})
    b.do(attack("aquitaine", "castile", 3), state={"phase": "battle"})
    b.do({"type": "roll", "attacker": [6, 5, 4], "defender": [1]},
         explain="Castile was player 2's last territory: player 2 is out, its ships leave the "
                 "sea and its card goes to player 1, who wins, though the neutral armies still "
                 "hold the rest of Europe.",
         events=[{"type": "game-over", "winner": 0, "reason": "last-player"}],
         state={"winner": 0, "phase": "game-over",
                "territories": {"castile": {"owner": 0, "armies": 0}},
                "zones": {"western-mediterranean": {"owner": None, "ships": 0}},
                "players": [{"cards": ["card-castile"]},
                            {"eliminated": True, "eliminated_by": 0, "cards": []},
                            {}, {}, {}, {}]})


@sc("napoleon.basic.pieces.601", "No generals, admirals or fortifications in the basic game",
    ["napoleon.basic.pieces"], variant=BASIC, negative=True)
def pieces(b: Any) -> None:
    pos(b, {"england": (0, 2), "castile": (1, 1)}, zones={"north-sea": (0, 1)},
        phase="reinforce", pending=dict(REINFORCE))
    for kind, where in (("buy-general", {"territory": "england"}),
                        ("buy-fortification", {"territory": "england"}),
                        ("buy-admiral", {"zone": "north-sea"})):
        b.reject({"type": kind, **where}, "advanced-only", rule="napoleon.reinforce.purchases")
    b.do({"type": "buy-ship", "zone": "western-europe-atlantic"},
         explain="Ships belong to the basic game too.",
         state={"pending": {"to_place": 2},
                "zones": {"western-europe-atlantic": {"owner": 0, "ships": 1}}})


@sc("napoleon.basic.turn.601",
    "A basic turn: reinforcement, combat, maneuver, end of turn; no epidemic phase, no points",
    ["napoleon.basic.turn", "napoleon.turn.order"], variant=BASIC, negative=True)
def basic_turn(b: Any) -> None:
    mine = {"aquitaine": (0, 2), "brittany": (0, 1)}
    pos(b, {**mine, "castile": (1, 1)}, phase="maneuver", current=1)
    b.do({"type": "end-turn"},
         state={"phase": "reinforce", "current": 0, "turn": 2,
                "pending": {"to_place": compute_income(mine)}},
         explain="Player 2 held no whole empire and invaded nothing: no card; player 1's turn "
                 "opens with reinforcements, no start-of-turn scoring.")
    b.reject(attack("aquitaine", "castile", 1), "wrong-phase", rule="napoleon.basic.turn")
    for n in (1, 2, 3):
        b.do({"type": "place", "territory": "aquitaine"},
             state={"territories": {"aquitaine": {"armies": 2 + n}},
                    "phase": "reinforce" if n < 3 else "attack"})
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})
    b.reject(attack("aquitaine", "castile", 3), "wrong-phase", rule="napoleon.basic.turn")
    b.do({"type": "end-turn"}, state={"phase": "reinforce", "current": 1,
                                      "pending": {"to_place": 3}},
         explain="No epidemic phase and nothing earned: straight to player 2's turn.")


@sc("napoleon.components.tokens.601",
    "Reading capped: a player's 26 ship tokens are all at sea, no 27th is built",
    ["napoleon.components.tokens", "napoleon.units.ships"], variant=BASIC,
    options={"napoleon.amb.ship-supply": "capped"},
    reading=("napoleon.amb.ship-supply", "capped"), negative=True)
def tokens(b: Any) -> None:
    pos(b, {"england": (0, 2), "castile": (1, 1)},
        zones={"north-sea": (0, 20), "western-europe-atlantic": (0, 6)}, phase="reinforce",
        pending=dict(REINFORCE))
    b.reject({"type": "buy-ship", "zone": "north-sea"}, "ship-limit", rule="napoleon.units.ships",
             explain="20 ships in the North Sea and 6 in the Western Europe Atlantic: the set's 26.")


@sc("napoleon.basic.deal.601",
    "The deal goes on while a seat is still owed cards, even when it is the seat just dealt",
    ["napoleon.basic.deal"], variant=BASIC,
    synthetic=(["$.territories", "$.pending.next"],
               "a round-robin deal never leaves one seat alone owed two cards; the position "
               "gives player 1 two cards to go, everyone else all theirs"))
def deal_same_seat(b: Any) -> None:
    ts = list(get_board().territory_ids)
    seat_of = [0] * 8 + [1] * 10 + [2] * 7 + [3] * 7 + [4] * 7 + [5] * 7
    land = {t: (seat, 1) for t, seat in zip(ts, seat_of)}
    last, final = ts[46], ts[47]
    land.update({last: (None, 0), final: (None, 0)})
    pos(b, land, phase="deal", turn=0, pending={"next": 0},
        edit=reserves(28, 26, 14, 14, 14, 14))
    b.do({"type": "deal", "territory": last},
         explain="Player 1 has 9 of its 10 cards, everyone else has all theirs: the last card "
                 "is dealt to player 1 too.",
         events=[{"type": "territory-dealt", "player": 0, "territory": last, "armies": 1}],
         state={"phase": "deal", "pending": {"next": 0},
                "territories": {last: {"owner": 0, "armies": 1}},
                "players": seats(6, p0={"reserve": 27})},
         outcomes=[{"outcome": {"type": "deal", "territory": final}, "p": "1"}])
    b.do({"type": "deal", "territory": final},
         state={"phase": "first-player", "pending": {"for": "setup"},
                "territories": {final: {"owner": 0, "armies": 1}},
                "players": seats(6, p0={"reserve": 26})})
