"""Scenarios: fortifying."""

from __future__ import annotations

from riskspec.conformance.scenario import scenario


def _fort(b, **owners):
    o = {"alaska": (0, 5), "alberta": (0, 1), "northwest-territory": (0, 1), "ontario": (0, 1),
         "kamchatka": (2, 3)}
    o.update(owners)
    return b.position(o, phase="fortify", current=0)


def fortify(a, b_, n):
    return {"type": "fortify", "from": a, "to": b_, "armies": n}


@scenario("classic.fortify.optional.001", "Fortifying is optional: the turn may end without it",
          ["classic.fortify.optional"])
def optional(b):
    _fort(b)
    b.check(legal_includes=[{"type": "end-turn"}])
    b.do({"type": "end-turn"}, state={"current": 1, "turn": 2, "phase": "reinforce"})


@scenario("classic.fortify.optional.002", "One may fortify without having attacked",
          ["classic.fortify.optional"])
def no_attack(b):
    o = {"alaska": (0, 5), "alberta": (0, 1)}
    b.position(o, phase="attack", current=0)
    b.do({"type": "end-attack"}, state={"phase": "fortify"})
    b.do(fortify("alaska", "alberta", 2), state={
        "territories": {"alaska": {"armies": 3}, "alberta": {"armies": 3}},
        "current": 1, "turn": 2, "phase": "reinforce"})


@scenario("classic.fortify.one-move.001", "One fortifying move, then the turn ends",
          ["classic.fortify.one-move", "classic.fortify.ends-turn"])
def one_move(b):
    _fort(b)
    b.do(fortify("alaska", "alberta", 3), explain="Three armies move; black's turn is over.",
         state={"territories": {"alaska": {"armies": 2}, "alberta": {"armies": 4}}, "current": 1,
                "turn": 2, "phase": "reinforce"},
         events=[{"type": "fortified", "from": "alaska", "to": "alberta", "armies": 3},
                 {"type": "turn-ended", "player": 0}])


@scenario("classic.fortify.path.001", "Fortify only into a neighbouring territory", ["classic.fortify.path"],
          negative=True)
def path(b):
    _fort(b)
    b.reject(fortify("alaska", "ontario", 1), "no-path",
             explain="Alaska reaches Ontario only through Alberta: not a neighbour.", rule="classic.fortify.path")
    b.check(legal_excludes=[fortify("alaska", "ontario", 1)])


@scenario("classic.fortify.path.002", "Fortify between own territories only",
          ["classic.fortify.path", "classic.fortify.one-move"],
          negative=True)
def path_enemy(b):
    _fort(b)
    b.reject(fortify("alaska", "kamchatka", 1), "not-own", rule="classic.fortify.one-move")


@scenario("classic.fortify.leave-one.001", "At least one army stays behind", ["classic.fortify.leave-one"],
          negative=True)
def leave_one(b):
    _fort(b)
    b.reject(fortify("alaska", "alberta", 5), "leave-one", rule="classic.fortify.leave-one")
    b.check(legal_includes=[fortify("alaska", "alberta", 4)])


@scenario("classic.fortify.ends-turn.001", "After the fortifying move the next player's turn starts",
          ["classic.fortify.ends-turn"])
def ends(b):
    _fort(b)
    b.do(fortify("alaska", "alberta", 1), state={"current": 1, "turn": 2, "phase": "reinforce", "territories": {
        "alaska": {"armies": 4}, "alberta": {"armies": 2}}},
         events=[{"type": "turn-started", "player": 1}])


@scenario("classic.fortify.leave-one.201", "A fortifying move may take every army but one",
          ["classic.fortify.leave-one", "classic.fortify.one-move", "classic.fortify.ends-turn"])
def fortify_all_but_one(b):
    def edit(d):
        d["turn_flags"]["conquests"] = 1
    b.position({"alaska": (0, 5), "alberta": (0, 1)}, phase="fortify", current=0, conquered=True, edit=edit)
    b.do({"type": "fortify", "from": "alaska", "to": "alberta", "armies": 4},
         explain="Four of Alaska's five armies move; the one move ends the turn and black, who "
                 "conquered this turn, draws a card.",
         state={"territories": {"alaska": {"armies": 1}, "alberta": {"armies": 5}}, "phase": "draw",
                "pending": {"left": 1}, "turn_flags": {"fortify_moves": 1}},
         events=[{"type": "fortified", "player": 0, "from": "alaska", "to": "alberta", "armies": 4},
                 {"type": "turn-ended", "player": 0, "turn": 1}])
