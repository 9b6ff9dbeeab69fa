"""Napoléon on the printed board: the epidemic phase (napoleon.epidemics.*).

Player 1 (seat 0) ends a turn in the maneuver phase with contaminated territories; the
card-table draws of the next turn are left out (``NO_TABLE``).  Player 2 (seat 1) plays
next, holding Castile and León only.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.printed import NO_TABLE, compute_income, get_board, pos, sc

P2 = {"castile": (1, 2), "leon-asturias": (1, 1)}


def _draws(cards: list[str]) -> list[dict]:
    return [{"outcome": {"type": "draw", "card": c}, "p": f"1/{len(cards)}"} for c in cards]


@sc("napoleon.epidemics.phase-loss.601",
    "In the epidemic phase each contaminated territory of the player loses one regiment per epidemic",
    ["napoleon.epidemics.phase-loss"], options=NO_TABLE)
def phase_loss(b: Any) -> None:
    pos(b, {"aquitaine": (0, 3), "brittany": (0, 4), **P2, "portugal": (1, 3)},
        epidemics={"aquitaine": 1, "brittany": 2, "portugal": 1}, phase="maneuver")
    b.do({"type": "end-turn"},
         explain="Aquitaine loses 1, Brittany 2 (two epidemics); Portugal is player 2's and "
                 "waits for player 2's own epidemic phase. Nothing earned: player 2 plays.",
         state={"territories": {"aquitaine": {"armies": 2}, "brittany": {"armies": 2}},
                "phase": "reinforce", "current": 1,
                "pending": {"to_place": compute_income([*P2, "portugal"])}})


@sc("napoleon.epidemics.relocate.601",
    "An epidemic that empties a territory moves to the territory of a card drawn from the pile",
    ["napoleon.epidemics.relocate", "napoleon.combat.fortification-destroyed"], options=NO_TABLE)
def relocate(b: Any) -> None:
    pos(b, {"aquitaine": (0, 1), "brittany": (0, 3), **P2}, epidemics={"aquitaine": 1},
        forts={"aquitaine": 1}, phase="maneuver")
    pile = [c.id for c in get_board().cards]
    b.do({"type": "end-turn"},
         explain="Aquitaine's last regiment dies: it is nobody's now, its fortification stays, "
                 "and its epidemic moves by a card drawn from the pile (each card as likely).",
         state={"phase": "epidemics", "pending": {"left": 1, "moving": True},
                "territories": {"aquitaine": {"owner": None, "armies": 0, "epidemics": 0,
                                              "fortifications": 1}}},
         outcomes=_draws(pile))
    b.do({"type": "draw", "card": "card-castile"},
         explain="Castile's card: the epidemic goes to Castile (it strikes in player 2's own "
                 "epidemic phase); the card is discarded and player 2 plays.",
         events=[{"type": "epidemic-card-drawn", "card": "card-castile", "territory": "castile"},
                 {"type": "epidemic", "territory": "castile"}],
         state={"phase": "reinforce", "current": 1, "discards": ["card-castile"],
                "draw_pile": [c for c in pile if c != "card-castile"],
                "pending": {"to_place": compute_income(P2)},
                "territories": {"castile": {"epidemics": 1, "armies": 2}}})


@sc("napoleon.epidemics.relocate.602",
    "An epidemic that must move when the draw pile is empty moves by a card of the reshuffled discards",
    ["napoleon.epidemics.relocate", "napoleon.cards.reshuffle"], options=NO_TABLE)
def relocate_from_discards(b: Any) -> None:
    def discards(d: dict) -> None:
        d["discards"], d["draw_pile"] = d["draw_pile"], []
    pos(b, {"aquitaine": (0, 1), "brittany": (0, 3), **P2}, epidemics={"aquitaine": 1},
        phase="maneuver", edit=discards)
    pile = [c.id for c in get_board().cards]
    b.do({"type": "end-turn"},
         explain="Aquitaine's last regiment dies and its epidemic must move by a card, but the "
                 "pile is empty: the discards, the whole deck, are shuffled into a new pile first.",
         events=[{"type": "reshuffled", "cards": len(pile)}],
         state={"phase": "epidemics", "pending": {"left": 1, "moving": True},
                "draw_pile": pile, "discards": [],
                "territories": {"aquitaine": {"owner": None, "armies": 0, "epidemics": 0}}},
         outcomes=_draws(pile))
