"""Scenarios: the exact legal-action lists of Classic decision and chance nodes.

Written after a mutation campaign of the legality and listing code (``reference/legal.py``,
``reference/listed.py``) found changes no shipped case caught: fortify moves along a chain of
one's own territories with every split of the armies, the attacks and their dice counts, the
defender's choice and the 126 throws of two dice against one, the placements and trades of a
reinforcement phase (the territory bonus on the first territory of the map, a hand with a
wild card under two readings of ``classic.amb.wilds-per-set``), and the placements of the
two-player setup with and without a neutral army due.  Every list is the author's, from the
rules cited and the map (``spec/classic/map.yaml``); a check states the whole list, so an
engine listing one action too many, too few or with a wrong field fails.

The attack case plays under ``classic.amb.dice-declaration`` = attacker-first, a reading that
changes nothing it checks: a ruleset no earlier case plays gets fresh tables of listed actions,
so the mutation campaign (which replays only the cases that ran a changed line) replays it for a
change in how those tables are built.  The two reinforcement cases share a hand: the second,
under no wilds, must not list the set the first (two wilds) does, whichever game came first.
"""

from __future__ import annotations

from itertools import product

from riskspec.conformance.cases_cards import trade
from riskspec.conformance.scenario import scenario


def _names(b):
    """The 42 territories in map order."""
    return list(b.blank()["territories"])


def _board(b, special, rest, **kw):
    """``special`` {territory: (seat, armies)}; every other territory goes, in map order, to
    the seats of ``rest`` in turn with one army."""
    others = [t for t in _names(b) if t not in special]
    owners = {t: (rest[i % len(rest)], 1) for i, t in enumerate(others)}
    owners.update(special)
    return b.position(owners, **kw)


def _fortify(frm, to, *armies):
    return [{"type": "fortify", "from": frm, "to": to, "armies": a} for a in armies]


def _attack(frm, to, *dice):
    return [{"type": "attack", "from": frm, "to": to, "dice": d} for d in dice]


# -- fortify: the chain and every split --------------------------------------------------------
@scenario("classic.fortify.path.900",
          "Connected fortify: every move along the chain, 1 to armies - 1 each; an island stays put",
          ["classic.fortify.path", "classic.fortify.leave-one", "classic.fortify.optional",
           "classic.amb.fortify-path"],
          options={"classic.amb.fortify-path": "connected"})
def connected_moves(b):
    # Black holds Alaska (3), Northwest Territory (1), Alberta (1) and Greenland (5), joined
    # by Alaska–Northwest Territory, Alaska–Alberta, Northwest Territory–Alberta and the sea
    # line Northwest Territory–Greenland, and Argentina (3), whose neighbours Peru and Brazil
    # are not black's.  Alaska moves 1–2 to each of the three others of the chain, Greenland
    # 1–4 (Greenland–Alaska and Greenland–Alberta are no borders: the chain joins them), the
    # one-army territories nothing, Argentina nothing: 6 + 12 + end-turn = 19.
    _board(b, {"alaska": (0, 3), "northwest-territory": (0, 1), "alberta": (0, 1),
               "greenland": (0, 5), "argentina": (0, 3)}, (1, 2), phase="fortify", current=0)
    b.check(legal=[*_fortify("alaska", "northwest-territory", 1, 2), *_fortify("alaska", "greenland", 1, 2),
                   *_fortify("alaska", "alberta", 1, 2),
                   *_fortify("greenland", "alaska", 1, 2, 3, 4),
                   *_fortify("greenland", "northwest-territory", 1, 2, 3, 4),
                   *_fortify("greenland", "alberta", 1, 2, 3, 4), {"type": "end-turn"}],
            explain="Along the chain any of black's joined territories is in reach, with any number "
                    "of armies that leaves one behind; Argentina is cut off from the chain.")


# -- attack: declarations, the defence, the throws ---------------------------------------------
def _throws(n_attacker, n_defender):
    """Every sorted throw of n_attacker against n_defender six-sided dice, with its chance."""
    from fractions import Fraction
    weight: dict[tuple, Fraction] = {}
    for a in product(range(1, 7), repeat=n_attacker):
        for d in product(range(1, 7), repeat=n_defender):
            key = (tuple(sorted(a, reverse=True)), tuple(sorted(d, reverse=True)))
            weight[key] = weight.get(key, Fraction(0)) + Fraction(1, 6 ** (n_attacker + n_defender))
    return [{"outcome": {"type": "roll", "attacker": list(a), "defender": list(d)}, "p": str(p)}
            for (a, d), p in sorted(weight.items())]


@scenario("classic.attack.attacker-dice.900",
          "Every attack with every allowed dice count, the defender's one die, the 126 throws of 2 against 1",
          ["classic.attack.attacker-dice", "classic.attack.min-armies", "classic.attack.adjacency",
           "classic.attack.optional", "classic.attack.defender-dice", "classic.amb.dice-declaration"],
          options={"classic.amb.dice-declaration": "attacker-first"})
def every_attack(b):
    # Black holds every territory but Kamchatka (blue, 1 army) and Argentina (green, 2), all
    # with one army except Alaska (4) and Peru (3).  Alaska borders Kamchatka: 1, 2 or 3 dice;
    # Peru borders Argentina: 1 or 2 dice (never as many dice as armies); every other
    # neighbour of Kamchatka or Argentina holds one army and cannot attack.
    _board(b, {"alaska": (0, 4), "peru": (0, 3), "kamchatka": (1, 1), "argentina": (2, 2)}, (0,),
           phase="attack", current=0)
    b.check(legal=[*_attack("alaska", "kamchatka", 1, 2, 3), *_attack("peru", "argentina", 1, 2),
                   {"type": "end-attack"}],
            explain="Three dice need four armies, two need three; one army cannot attack at all.")
    b.attack("alaska", "kamchatka", 2,
             state={"phase": "defend", "pending": {"from": "alaska", "to": "kamchatka", "attacker_dice": 2,
                                                   "chooser": 1}},
             events=[{"type": "attack-declared", "player": 0, "from": "alaska", "to": "kamchatka", "dice": 2}])
    b.check(legal=[{"type": "defend", "dice": 1}],
            explain="Kamchatka's single army defends with one die.")
    b.defend(1, state={"phase": "battle", "pending": {"from": "alaska", "to": "kamchatka", "attacker_dice": 2,
                                                      "defender_dice": 1}},
             events=[{"type": "defence-chosen", "player": 1, "dice": 1}])
    # Two attacker dice (sorted high to low: 21 pairs, a pair of different values twice as
    # likely as a double) against one defender die: 21 × 6 = 126 outcomes of 1/216 or 2/216.
    b.check(outcomes=_throws(2, 1),
            explain="Two dice against one: each sorted throw, a pair of different values twice as "
                    "likely as a double.")


# -- reinforce: placements and trades ----------------------------------------------------------
def _reinforce(b, hand):
    """Black holds Alaska, Northwest Territory and Greenland (2 armies each) with 3 armies to
    place and ``hand``; blue and green hold the other 39 territories."""
    return _board(b, {"alaska": (0, 2), "northwest-territory": (0, 2), "greenland": (0, 2)}, (1, 2),
                  phase="reinforce", current=0, turn=4, pending={"to_place": 3, "forced": None},
                  hands={0: hand})


WILD_HAND = ["alaska", "peru", "wild-1"]     # two infantry cards and a wild: a set with a wild


def _places():
    return [{"type": "place", "territory": t} for t in ("alaska", "northwest-territory", "greenland")]


@scenario("classic.cards.territory-bonus.900",
          "Placements on one's own territories only; the set's bonus named on Alaska, the map's first territory",
          ["classic.reinforce.place", "classic.cards.optional-trade", "classic.cards.valid-sets",
           "classic.cards.territory-bonus", "classic.cards.set-values"])
def bonus_on_alaska(b):
    _reinforce(b, WILD_HAND)
    # Places on black's three territories; the set (two infantry and a wild) pictures Alaska,
    # which black holds, so its one trade names Alaska for the bonus (Peru is blue's).
    with_bonus = {**trade(WILD_HAND), "bonus_territory": "alaska"}
    b.check(legal=[*_places(), with_bonus],
            explain="Black places on its own three territories, or trades the set naming Alaska, the "
                    "only pictured territory black holds.")
    b.do(with_bonus,
         explain="The first set is worth 4 and Alaska gets the 2 bonus armies.",
         state={"territories": {"alaska": {"armies": 4}}, "pending": {"to_place": 7, "forced": None},
                "players": [{"cards": []}, {}, {}], "discards": trade(WILD_HAND)["cards"], "sets_traded": 1,
                "turn_flags": {"bonus_taken": True}},
         events=[{"type": "traded", "player": 0, "cards": trade(WILD_HAND)["cards"], "value": 4,
                  "bonus_territory": "alaska", "bonus": 2, "bonuses": [{"territory": "alaska", "armies": 2}]}])


@scenario("classic.cards.valid-sets.901",
          "No wilds: two infantry and a wild are no set, so only placements are listed",
          ["classic.cards.valid-sets", "classic.amb.wilds-per-set", "classic.reinforce.place"],
          options={"classic.amb.wilds-per-set": "no-wilds"})
def no_wild_set(b):
    # The hand of classic.cards.territory-bonus.900 under the default two-wilds reading is a
    # set; with no wilds it is two infantry and a card that plays no part.
    _reinforce(b, WILD_HAND)
    b.check(legal=_places(),
            explain="Wild cards play no part: two infantry and a wild are no set, nothing to trade.")


# -- two-player setup: own and neutral placements ----------------------------------------------
def _two_player(b, *, black_reserve, neutral_reserve, pending, neutral_extra=0, black_extra=0):
    """The deal of the two-player neutral game: 14 territories each (map order black, blue,
    neutral), one army on each, plus ``black_extra`` on Alaska and ``neutral_extra`` on
    Greenland."""
    names = _names(b)
    owners = {t: (i % 3, 1) for i, t in enumerate(names)}
    owners["alaska"] = (0, 1 + black_extra)
    owners["greenland"] = (2, 1 + neutral_extra)

    def edit(d):
        for p, r in zip(d["players"], [black_reserve, 26, neutral_reserve]):
            p["reserve"] = r
    b.position(owners, phase="setup-place", current=0, turn=0, pending=pending, default_armies=1, edit=edit)
    return [t for i, t in enumerate(names) if i % 3 == 0], [t for i, t in enumerate(names) if i % 3 == 2]


@scenario("classic.two-player.placement.902",
          "Two-player placement: after the two own armies only the neutral army's placements are listed",
          ["classic.two-player.placement"], players=2)
def neutral_due(b):
    # Black has put its two armies of the turn on Alaska (3 now, 24 left); the neutral army
    # (26 left) is still due: one neutral army on any of the neutral's 14 territories.
    _, neutral = _two_player(b, black_reserve=24, neutral_reserve=26, pending={"own": 0, "neutral": 1},
                             black_extra=2)
    b.check(legal=[{"type": "place-neutral", "territory": t} for t in neutral],
            explain="Black's own armies of the turn are down: what is left is one neutral army, on a "
                    "neutral territory.")
    b.do({"type": "place-neutral", "territory": "quebec"},
         state={"territories": {"quebec": {"armies": 2}}, "current": 1, "pending": {"own": 2, "neutral": 1},
                "players": [{}, {}, {"reserve": 25}]},
         events=[{"type": "placed", "player": 2, "territory": "quebec", "armies": 1, "by": 0}])


@scenario("classic.two-player.placement.903",
          "Two-player placement with the neutral army all down: only one's own placements are listed",
          ["classic.two-player.placement"], players=2,
          synthetic=(["$.players[2].reserve"],
                     "the neutral army's 40 armies are all down while the players still hold 26 each; "
                     "in play one neutral army follows each placement turn, so the neutral reserve runs "
                     "out only with the players' (classic.two-player.placement); set up to check a "
                     "placement turn with no neutral army left to place"))
def neutral_done(b):
    mine, _ = _two_player(b, black_reserve=26, neutral_reserve=0, pending={"own": 2, "neutral": 0},
                          neutral_extra=26)
    b.check(legal=[{"type": "place", "territory": t} for t in mine],
            explain="No neutral army is left to place: black's turn is its own two armies only.")
    b.do({"type": "place", "territory": "alaska"},
         state={"territories": {"alaska": {"armies": 2}}, "pending": {"own": 1, "neutral": 0},
                "players": [{"reserve": 25}, {}, {}]},
         events=[{"type": "placed", "player": 0, "territory": "alaska", "armies": 1}])
