"""The ``aggressive`` random-play policy for Napoléon states (see
:mod:`riskspec.reference.driver`): trade when possible, reinforce a frontier territory,
attack with the most dice when stronger, occupy with everything, then end the turn."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from riskspec.reference.napoleon.state import NapState

Action = dict[str, Any]


def aggressive(s: NapState, actions: Sequence[Action], rng: random.Random) -> Action:
    tb, armies, me = s.tables, s.armies, s.current
    idx = tb.place_index

    def pick(options: Sequence[Action]) -> Action:
        return options[rng.randrange(len(options))]

    plays = [a for a in actions if a["type"] == "play-card"]
    if plays and s.phase != "reinforce" and rng.random() < 0.3:
        return pick(plays)  # now and then a card for its effect
    if s.phase in ("occupy", "defend", "reroll"):
        return actions[-1]
    if s.phase == "maneuver":
        return actions[-1]
    if s.phase == "reinforce":
        trades = [a for a in actions if a["type"] in ("trade", "play-card")]
        if trades:
            return pick(trades)
        places = [a for a in actions if a["type"] == "place"]
        front = [a for a in places
                 if any(s.owner[n] != me for n in tb.land[idx[a["territory"]]])]
        ships = [a for a in actions if a["type"].startswith("buy-")]
        if ships and rng.random() < 0.2:
            return pick(ships)
        return pick(front or places or list(actions))
    if s.phase == "attack":
        if actions[-1]["type"] != "end-attack":  # a forced naval battle: most dice
            return actions[-1]
        invades = [a for a in actions if a["type"] == "invade"]
        if invades:  # enter an empty place with everything
            return invades[-1]
        most = tb.params.attack_max_attacker_dice
        good = [a for a in actions if a["type"] == "attack"
                and a["dice"] == min(most, armies[idx[a["from"]]] - 1)
                and armies[idx[a["from"]]] > armies[idx[a["to"]]] + 1]
        return pick(good) if good else actions[-1]
    return pick(actions)
