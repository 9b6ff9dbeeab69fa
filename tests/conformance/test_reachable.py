"""Reachable starts: a start state no game can reach says so (``synthetic``)."""

from __future__ import annotations

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


def test_every_classic_start_is_reachable_or_says_why_not():
    bad = {}
    for c in load_cases():
        if c.state is None or c.variant != "classic":
            continue
        found = problems(c)
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
