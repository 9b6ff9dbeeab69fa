"""Hostile edits of real game states, for the ``load_state`` campaign (issue 11 item 8).

Each edit keeps most of a reachable state and breaks one thing the way a hostile or
careless author would: ownership that contradicts itself, an eliminated seat that keeps
its land or cards, a battle between places that do not touch (or with nine dice), seats
and counts out of range or huge, values of the wrong type, nesting thousands deep, a
phase with the pending fields of another.  Most edits keep the schema's *form*, so the
engine's *sense* checks (the consistency invariants) are what is tested.

An edit works on the JSON object and returns nothing; a ``deep`` edit leaves a marker
that :func:`to_text` turns into nesting of the drawn depth (built as text: Python's own
JSON encoder could not write it).
"""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

from hypothesis import strategies as st

from riskspec.reference import engine as E
from riskspec.reference.driver import choose_action, sample_outcome
from riskspec.reference.napoleon.state import PHASES as NAP_PHASES
from riskspec.reference.state import PHASES as CLASSIC_PHASES

GAMES = [("classic", 2), ("classic", 3), ("classic", 5), ("classic-fr", 4),
         ("napoleon-basic", 2), ("napoleon-advanced", 3), ("napoleon-advanced", 4)]
DEEP = "\x00deep\x00"
HUGE = [100_001, 10**7, 2**31, 2**63, -(2**63) - 1, 10**100, -1, -5]
WRONG = ["1", "", 1.5, True, False, None, [], {}, [1], {"a": 1}, float("nan"), float("inf"),
         -0.0, "\ud800", "alaska", "x" * 300]


def _play(variant: str, players: int, seed: int, per_phase: int = 4) -> list[dict[str, Any]]:
    """States of one seeded game: up to ``per_phase`` of each phase, the last one too."""
    rng, s = random.Random(seed), E.new_game(variant, players)
    seen: dict[str, int] = {}
    out = []
    for step in range(2500):
        if E.current_player(s) == E.TERMINAL:
            break
        if seen.get(s.phase, 0) < per_phase and step % 3 == 0:
            seen[s.phase] = seen.get(s.phase, 0) + 1
            out.append(json.loads(E.to_json(s)))
        a = sample_outcome(s, rng) if E.current_player(s) == E.CHANCE else \
            choose_action(E.legal_actions(s), rng, "aggressive", s)
        s, _ = E.apply(s, a)
    out.append(json.loads(E.to_json(s)))
    return out


def make_pool() -> list[dict[str, Any]]:
    return [d for i, (v, n) in enumerate(GAMES) for d in _play(v, n, i)]


def is_napoleon(d: dict) -> bool:
    return str(d.get("variant", "")).startswith("napoleon")


def places(d: dict) -> list[tuple[str, str]]:
    """(section, name) of every place: territories, then Napoléon's zones."""
    out = [("territories", t) for t in d.get("territories", {})]
    return out + [("zones", z) for z in d.get("zones", {})]


def _seats(d: dict) -> int:
    return len(d.get("players", [])) if isinstance(d.get("players"), list) else 3


def seat_values(d: dict) -> st.SearchStrategy:
    n = _seats(d)
    return st.one_of(st.integers(-1, n), st.sampled_from([99, 2**63, -2, None, True, "0", 1.0]))


def _leaf_paths(d: Any, prefix: tuple = ()) -> list[tuple]:
    if isinstance(d, dict):
        return [p for k, v in d.items() for p in _leaf_paths(v, prefix + (k,))]
    if isinstance(d, list) and d:
        return [p for i, v in enumerate(d) for p in _leaf_paths(v, prefix + (i,))]
    return [prefix]


def _set(d: dict, path: tuple, value: Any) -> None:
    parent = d
    for k in path[:-1]:
        parent = parent[k]
    parent[path[-1]] = value


# -- the edits ------------------------------------------------------------------------------------
def e_owner(draw, d: dict, pool: list) -> str:
    """A place held by another seat: an eliminated one, the neutral one, none, a seat that
    does not exist, or a wrong type; sometimes its armies too."""
    sec, name = draw(st.sampled_from(places(d)))
    d[sec][name]["owner"] = draw(seat_values(d))
    if draw(st.booleans()):
        d[sec][name]["armies" if sec == "territories" else "ships"] = draw(
            st.one_of(st.integers(-1, 4), st.sampled_from(HUGE)))
    return "owner"


def e_eliminate(draw, d: dict, pool: list) -> str:
    """A seat marked eliminated (by itself, the neutral, another or nobody) that keeps what
    it holds, or an eliminated seat revived."""
    p = draw(st.integers(0, _seats(d) - 1))
    player = d["players"][p]
    if player.get("eliminated") and draw(st.booleans()):
        player.update(eliminated=False, eliminated_by=None)
        return "revive"
    player.update(eliminated=True, eliminated_by=draw(seat_values(d)))
    if draw(st.booleans()):            # and gives it some land back
        sec, name = draw(st.sampled_from(places(d)))
        d[sec][name]["owner"] = p
    return "eliminate"


def _pending_value(draw, kind: str, d: dict, pool: list) -> Any:
    names = [n for _, n in places(d)]
    if kind in ("territory", "place"):
        return draw(st.one_of(st.sampled_from(names), st.sampled_from(["", "atlantis", 3, None])))
    if kind == "player":
        return draw(seat_values(d))
    if kind == "count":
        return draw(st.one_of(st.integers(-2, 12), st.sampled_from(HUGE)))
    if kind == "bool":
        return draw(st.one_of(st.booleans(), st.sampled_from([0, 1, None])))
    if kind == "dice":
        return draw(st.lists(st.integers(-1, 8), max_size=6))
    same = [x["pending"] for x in pool if is_napoleon(x) == is_napoleon(d) and x["pending"]]
    return copy.deepcopy(draw(st.one_of(
        st.sampled_from([None, "setup", "turn", "attack", {}]),
        st.sampled_from(same).map(lambda p: next(iter(p.values()))))))


def e_phase(draw, d: dict, pool: list) -> str:
    """Another phase with its pending fields drawn anywhere (from, to: any two places; dice
    0 to 12 or huge; seats out of range …) — a battle between places that do not touch."""
    table = NAP_PHASES if is_napoleon(d) else CLASSIC_PHASES
    phase = draw(st.sampled_from(sorted(table)))
    if draw(st.integers(0, 2)) == 0:
        phase = draw(st.sampled_from(["battle", "defend", "occupy"]))
    d["phase"] = phase
    d["pending"] = {k: _pending_value(draw, kind, d, pool) for k, kind in table[phase].items()}
    if draw(st.integers(0, 4)) == 0 and d["pending"]:     # a field missing, or one too many
        d["pending"].pop(draw(st.sampled_from(sorted(d["pending"]))))
    return f"phase {phase}"


def e_transplant(draw, d: dict, pool: list) -> str:
    """The phase and pending fields of another real state of the same family (places held
    by other seats, dice for another board)."""
    other = draw(st.sampled_from([x for x in pool if is_napoleon(x) == is_napoleon(d)]))
    d["phase"], d["pending"] = other["phase"], copy.deepcopy(other["pending"])
    if draw(st.booleans()):
        d["current"] = other["current"]
    return "transplant"


def e_huge(draw, d: dict, pool: list) -> str:
    """A whole number anywhere made huge or negative (armies, reserves, turns, counts)."""
    ints = [p for p in _leaf_paths(d) if isinstance(_get(d, p), int)
            and not isinstance(_get(d, p), bool)]
    _set(d, draw(st.sampled_from(ints)), draw(st.sampled_from(HUGE)))
    return "huge"


def _get(d: Any, path: tuple) -> Any:
    for k in path:
        d = d[k]
    return d


def e_wrong_type(draw, d: dict, pool: list) -> str:
    """Any value replaced by one of another type (strings for numbers, floats, NaN, lists)."""
    _set(d, draw(st.sampled_from(_leaf_paths(d))), copy.deepcopy(draw(st.sampled_from(WRONG))))
    return "wrong type"


def e_deep(draw, d: dict, pool: list) -> str:
    """Any value replaced by arrays or objects nested far too deep."""
    depth = draw(st.sampled_from([40, 300, 900, 3000, 100_000]))
    _set(d, draw(st.sampled_from(_leaf_paths(d))), f"{DEEP}{depth}:{draw(st.integers(0, 1))}")
    return "deep"


def e_seat(draw, d: dict, pool: list) -> str:
    """``current``, ``first_player`` or ``winner`` out of range, eliminated, or neutral."""
    key = draw(st.sampled_from(["current", "current", "first_player", "winner"]))
    gone = [p for p, x in enumerate(d["players"]) if x.get("eliminated") or x.get("neutral")]
    d[key] = draw(st.one_of(seat_values(d), st.sampled_from(gone or [0])))
    return key


def e_cards(draw, d: dict, pool: list) -> str:
    """A card in two places, in an eliminated hand, lost, or unknown."""
    hands = [p for p in d["players"]]
    deck = [c for h in hands for c in h.get("cards", [])] + d.get("draw_pile", []) + \
        d.get("discards", [])
    card = draw(st.sampled_from(deck or ["joker-1"]))
    how = draw(st.sampled_from(["twice", "lose", "unknown", "to-seat"]))
    target = draw(st.sampled_from(hands))
    if how == "twice":
        target.setdefault("cards", []).append(card)
    elif how == "unknown":
        target.setdefault("cards", []).append(draw(st.sampled_from(["wild-9", "", "alaska"])))
    else:
        for holder in [*hands]:
            if card in holder.get("cards", []):
                holder["cards"].remove(card)
        for pile in ("draw_pile", "discards"):
            if card in d.get(pile, []):
                d[pile].remove(card)
        if how == "to-seat":
            target.setdefault("cards", []).append(card)
    return f"cards {how}"


def e_players(draw, d: dict, pool: list) -> str:
    """A seat added (a copy, or a neutral one) or removed, or a giant player list."""
    how = draw(st.sampled_from(["add", "drop", "many"]))
    if how == "drop" and len(d["players"]) > 1:
        d["players"].pop(draw(st.integers(0, len(d["players"]) - 1)))
    elif how == "many" and len(d["players"]) < 20:
        d["players"] = d["players"] * draw(st.sampled_from([4, 50, 2000]))
    else:
        extra = copy.deepcopy(draw(st.sampled_from(d["players"])))
        extra["neutral"] = draw(st.booleans())
        d["players"].append(extra)
    return f"players {how}"


def e_generic(draw, d: dict, pool: list) -> str:
    """A key dropped or added anywhere, or a value taken from elsewhere in the state."""
    from common import json_paths
    path = draw(st.sampled_from(json_paths(d)[1:]))
    parent = _get(d, path[:-1])
    how = draw(st.sampled_from(["drop", "add", "reuse"]))
    if how == "drop" and isinstance(parent, dict):
        del parent[path[-1]]
    elif how == "add" and isinstance(parent, dict):
        parent[draw(st.text(min_size=1, max_size=6))] = copy.deepcopy(
            draw(st.sampled_from(WRONG + HUGE)))
    else:
        parent[path[-1]] = copy.deepcopy(_get(d, draw(st.sampled_from(json_paths(d)[1:]))))
    return f"generic {how}"


EDITS = [e_owner, e_eliminate, e_phase, e_transplant, e_huge, e_wrong_type, e_deep, e_seat,
         e_cards, e_players, e_generic]


@st.composite
def hostile_state(draw, pool: list) -> tuple[str, str]:
    """(the edits made, the state's JSON text)."""
    d = copy.deepcopy(draw(st.sampled_from(pool)))
    done = []
    for _ in range(draw(st.integers(1, 3))):
        edit = draw(st.sampled_from(EDITS))
        try:
            done.append(edit(draw, d, pool))
        except (KeyError, TypeError, IndexError, AttributeError, ValueError):
            done.append(f"{edit.__name__[2:]} (skipped)")  # an earlier edit broke its target
    return "+".join(done), to_text(d)


def to_text(d: Any) -> str:
    """JSON text of ``d`` (NaN allowed), with every deep marker expanded to its nesting.

    In one pass over the text (a marker inside a seat copied 2,000 times is 2,000 markers:
    replacing them one by one copied the growing text each time, minutes per input)."""
    nested: dict[str, str] = {}

    def mark(x: Any) -> Any:
        if isinstance(x, str) and x.startswith(DEEP):
            depth, objects = map(int, x[len(DEEP):].split(":"))
            token = f"@@deep{depth}:{objects}@@"
            if token not in nested:
                nested[token] = (('{"a":' * depth + "1" + "}" * depth) if objects
                                 else "[" * depth + "]" * depth)
            return token
        if isinstance(x, dict):
            return {k: mark(v) for k, v in x.items()}
        if isinstance(x, list):
            return [mark(v) for v in x]
        return x

    text = json.dumps(mark(d), allow_nan=True, ensure_ascii=False)
    if not nested:
        return text
    return re.sub(r'"(@@deep\d+:\d@@)"', lambda m: nested[m.group(1)], text)
