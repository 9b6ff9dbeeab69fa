"""Scenarios: Classic setup steps that survivors of the mutation campaign showed no case pinned down.

Written after a mutation campaign (``python -m riskspec.conformance.mutation --family classic
--kinds all``) found a small change of the setup code that every shipped case let through;
``conformance/mutation-triage.yaml`` names the case that kills it.  The expectations are the
author's, from the rules they cite: under the new-roll reading of the first turn, the roll
after the setup decides who opens play and nothing else — the seat that won the setup roll
(``first_player``, the state format's "seat that won the roll to place first") stays as it
was.  Every step states every event payload field the event schema defines and every
observable field that changes.
"""

from __future__ import annotations

from riskspec.conformance.cases_setup import last_setup_army
from riskspec.conformance.scenario import scenario


@scenario("classic.setup.first-turn.600",
          "New roll for the first turn: its winner opens play; the first placer stays who placed first",
          ["classic.setup.first-turn", "classic.amb.first-turn"],
          options={"classic.amb.first-turn": "new-roll"}, reading=("classic.amb.first-turn", "new-roll"))
def new_roll_keeps_first_placer(b):
    last_setup_army(b)       # blue placed first; black's last army is to go down
    b.do({"type": "place", "territory": "alaska"},
         state={"phase": "first-player", "pending": {"for": "turn"}, "first_player": 1,
                "territories": {"alaska": {"armies": 35 - 13}}, "players": [{"reserve": 0}, {}, {}]},
         events=[{"type": "placed", "player": 0, "territory": "alaska", "armies": 1},
                 {"type": "setup-complete"}])
    # green holds, round-robin, no whole continent: 14 territories give 4 armies
    b.do({"type": "first-player", "player": 2},
         explain="Green wins the roll after the setup and takes turn 1; blue is still the player "
                 "who placed first.",
         state={"phase": "reinforce", "current": 2, "turn": 1, "first_player": 1,
                "pending": {"to_place": 4, "forced": None}},
         events=[{"type": "first-player", "player": 2, "for": "turn"},
                 {"type": "turn-started", "player": 2, "turn": 1},
                 {"type": "reinforcements", "player": 2, "territories": 14, "groups": [], "armies": 4}])
