"""Reachable starts: a start state no game can reach says so (``synthetic``)."""

from __future__ import annotations

import re

import pytest

from riskspec.conformance.vectors import load_cases

SETUP_ARMIES = {2: 40, 3: 35, 4: 30, 5: 25, 6: 20}
PLAY = {"reinforce", "attack", "defend", "roll", "occupy", "fortify", "draw", "elimination-trade"}


def _holds_armies(case) -> bool:
    """Under classic.amb.elimination-trade-placement = next-reinforcement the armies of a
    trade forced by captured cards wait in the player's reserve until their next turn."""
    return (case.options or {}).get("classic.amb.elimination-trade-placement") == "next-reinforcement"


def problems(case) -> list[str]:
    """What contradicts play in a Classic start: setup reserves that do not add up with the
    armies on the board, reserves left once play started, eliminated players holding land,
    owned territories without armies."""
    s, out = case.state, []
    for i, p in enumerate(s["players"]):
        owned = [t for t in s["territories"].values() if t["owner"] == i]
        if p["eliminated"] and owned:
            out.append(f"$.players[{i}]: eliminated yet holds {len(owned)} territories")
        if s["phase"] == "setup-place" and not p["neutral"]:
            total = sum(t["armies"] for t in owned) + p["reserve"]
            if total != SETUP_ARMIES[case.players]:
                out.append(f"$.players[{i}].reserve: {p['reserve']} left + {total - p['reserve']} on the "
                           f"board is not {SETUP_ARMIES[case.players]}")
        if s["phase"] in PLAY and p["reserve"] and not _holds_armies(case):
            out.append(f"$.players[{i}].reserve: {p['reserve']} in the {s['phase']} phase")
    out += [f"$.territories.{t}: owned with no army" for t, v in s["territories"].items()
            if v["owner"] is not None and v["armies"] < 1]
    return out


@pytest.mark.parametrize("family", ["classic", "napoleon"])
def test_every_start_is_reachable_or_says_why_not(family):
    """Classic's starts by the reachability checks, Napoléon's by its own."""
    check = problems if family == "classic" else napoleon_problems
    bad = {}
    for c in load_cases():
        if c.state is None or not (c.variant == "classic" if family == "classic"
                                   else c.variant.startswith("napoleon")):
            continue
        found = check(c)
        if found and not c.synthetic:
            bad[c.id] = found
    assert not bad, bad


def test_synthetic_starts_name_fields_and_a_reason():
    synthetic = [c for c in load_cases() if c.synthetic]
    assert synthetic
    for c in synthetic:
        assert c.synthetic["why"].strip() and all(f.startswith("$") for f in c.synthetic["fields"]), c.id
    ids = {c.id for c in synthetic}
    assert "classic.setup.no-stack-limit.001" in ids


# ---------------------------------------------------------------- Napoléon
NAP_SETUP = {"deal", "claim", "setup-place", "random-place", "epidemics", "setup-leaders", "missions"}


def _nap_params(case) -> dict:
    from riskspec.reference.engine import get_variant
    from riskspec.reference.napoleon.inline import variant_on_map
    v = variant_on_map(get_variant(case.variant), case.map, case.missions)
    return dict(v.resolve(dict(case.options or {})).params)


def _in_setup(s: dict) -> bool:
    return s["phase"] in NAP_SETUP or (s["phase"] == "first-player" and s["pending"].get("for") == "setup")


def _turns_done(s: dict, seat: int, humans: list[int]) -> tuple[int, int]:
    """(turns ``seat`` has begun, turns it has finished) in game turn ``s['turn']``: seats are
    counted from the first player (napoleon.turn.order); the current seat's turn is under way."""
    t, n = s["turn"], len(s["players"])
    if t < 1 or s["first_player"] is None or s["first_player"] < 0:
        return 0, 0
    rel = (seat - s["first_player"]) % n
    cur = (s["current"] - s["first_player"]) % n
    if rel < cur:
        return t, t
    return (t, t - 1) if rel == cur else (t - 1, t - 1)


def napoleon_problems(case) -> list[str]:
    """What contradicts play in a Napoléon start: places held by an eliminated player or
    without units, neutral armies holding cards after setup, starting regiments that do not
    add up during setup or are left once play started, more leaders, ships or fortifications
    than the supply (napoleon.components.tokens), leaders away from their units
    (napoleon.leaders.accompany), hands larger than the cards the turns so far can have drawn
    (the card table and at most end_turn.max_draws a turn), and pieces of the Advanced
    Rules in a basic game."""
    s, out = case.state, []
    p = _nap_params(case)
    players, terr, zones = s["players"], s["territories"], s["zones"]
    humans = [i for i, q in enumerate(players) if not q["neutral"]]
    places = {**terr, **{z: {**v, "armies": v["ships"]} for z, v in zones.items()}}
    n = len(players)
    start = {i: int(p["setup.neutral_units"]) if q["neutral"] else
             int(p["setup.starting_units"][str(len(humans))]) for i, q in enumerate(players)}
    for i, q in enumerate(players):
        held = [k for k, v in places.items() if v["owner"] == i]
        if q["eliminated"] and held:
            out.append(f"$.players[{i}]: eliminated yet holds {len(held)} places")
        if q["neutral"] and q["cards"] and not _in_setup(s):
            out.append(f"$.players[{i}].cards: a neutral army holds cards after setup")
        if _in_setup(s) and s["phase"] != "setup-leaders":
            own = [k for k in terr if terr[k]["owner"] == i]
            on_board = sum(terr[k]["armies"] for k in own)
            if p["setup.ships_allowed"]:  # napoleon.amb.zones-at-start: ships paid for at setup
                on_board += int(p["costs.ship"]) * sum(v["ships"] for v in zones.values() if v["owner"] == i)
            top = p["setup.max_units_per_territory"]
            # napoleon.setup.reinforce: every territory full, the seat dropped out (the rest stays out)
            full = top is not None and own and all(terr[k]["armies"] >= int(top) for k in own)
            if on_board + q["reserve"] != start[i] and not (full and q["reserve"] == 0):
                out.append(f"$.players[{i}].reserve: {q['reserve']} left + {on_board} on the board "
                           f"is not {start[i]}")
        elif not _in_setup(s) and q["reserve"]:
            out.append(f"$.players[{i}].reserve: {q['reserve']} in the {s['phase']} phase")
        generals = sum(v.get("generals", 0) for v in terr.values() if v["owner"] == i)
        admirals = sum(v.get("admirals", 0) for v in zones.values() if v["owner"] == i)
        if p["leaders.limit_counts"] == "including-captured":
            generals += sum((players[c].get("prisoners") or {}).get("generals", [0] * n)[i]
                            for c in range(n))
        if generals > int(p["generals.max"]):
            out.append(f"$.players[{i}]: {generals} generals, more than the {p['generals.max']} tokens")
        if admirals > int(p["admirals.max"]):
            out.append(f"$.players[{i}]: {admirals} admirals, more than the {p['admirals.max']} tokens")
        ships = sum(v["ships"] for v in zones.values() if v["owner"] == i)
        if p["ships.max_per_player"] is not None and ships > int(p["ships.max_per_player"]):
            out.append(f"$.players[{i}]: {ships} ships, more than the supply of {p['ships.max_per_player']}")
        if i in humans and not any(pl["eliminated"] for pl in players):
            begun, done = _turns_done(s, i, humans)
            table = list(p["setup.card_table_values"]) if p["setup.card_table_mode"] == "by-round" else []
            most = sum(table[:begun]) + int(p["end_turn.max_draws"]) * (
                done + (1 if i == s["current"] and s["phase"] in ("draw", "game-over") else 0))
            if len(q["cards"]) > most and not _in_setup(s):
                out.append(f"$.players[{i}].cards: {len(q['cards'])} cards in game turn {s['turn']}; "
                           f"the turns so far draw at most {most}")
    forts = sum(v.get("fortifications", 0) for v in terr.values())
    if p["fortifications.supply"] is not None and forts > int(p["fortifications.supply"]):
        out.append(f"$.territories: {forts} fortifications, more than the supply of {p['fortifications.supply']}")
    for k, v in places.items():
        path = f"$.territories.{k}" if k in terr else f"$.zones.{k}"
        kept = k in terr and p["epidemics.empty_territory"] == "keeps-owner"  # emptied, still owned
        if (v["owner"] is None) != (v["armies"] == 0) and not (kept and v["owner"] is not None):
            out.append(f"{path}: owner {v['owner']} with {v['armies']} units")
        if (v.get("generals", 0) or v.get("admirals", 0)) and not v["armies"]:
            out.append(f"{path}: a leader without units")
    if p["game.mode"] != "advanced":
        if any(v.get("generals") or v.get("fortifications") or v.get("epidemics") for v in terr.values()) \
                or any(q.get("vp") for q in players):
            out.append("$: Advanced pieces or victory points in a basic game")
    return out


def test_the_napoleon_checks_catch_what_they_name():
    import copy
    import dataclasses
    case = next(c for c in load_cases() if c.id == "napoleon.components.adjacency.101")
    assert napoleon_problems(case) == []
    for edit, needle in [
        (lambda s: s["players"][0].update(reserve=5), "in the attack phase"),
        (lambda s: s["players"][0].update(cards=["c"] * 4), "cards in game turn 1"),
        (lambda s: s["players"][2].update(cards=["c"]), "neutral army holds cards"),
        (lambda s: s["territories"]["egypt"].update(armies=0), "owner"),
        (lambda s: s["territories"]["egypt"].update(generals=1), "basic game"),
    ]:
        st = copy.deepcopy(case.state)
        edit(st)
        found = napoleon_problems(dataclasses.replace(case, state=st))
        assert any(needle in f for f in found), (needle, found)


def test_the_napoleon_synthetic_ledger_names_real_cases_that_need_it():
    from riskspec.conformance.synthetic import SYNTHETIC
    cases = {c.id: c for c in load_cases()}
    for sid, (paths, why) in SYNTHETIC.items():
        assert sid in cases, f"{sid}: no such case"
        found = napoleon_problems(cases[sid])
        assert found, f"{sid}: listed as synthetic, yet its start breaks no check"
        pats = [re.compile(re.escape(p).replace(r"\[\*\]", r"\[\d+\]")) for p in paths]
        assert all(any(pat.match(f) for pat in pats) for f in found), (sid, found)
        assert cases[sid].synthetic == {"fields": list(paths), "why": why}
