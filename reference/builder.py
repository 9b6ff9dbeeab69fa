"""Hand-made positions for tests and examples, from a compact description.

>>> from riskspec.reference.builder import build_state
>>> s = build_state(players=3, board="alaska=0:5 kamchatka=1:3", phase="attack")

``board`` lists ``territory=seat:armies`` (space- or comma-separated) or is a
mapping ``{territory: (seat, armies)}``; every other territory goes to
``rest`` (a seat, or ``"round-robin"`` over the players still in the game,
in map order) with ``rest_armies`` armies; a seat in the game that would hold nothing
gets the last of those (a state where it holds nothing cannot arise).  Hands take their cards out of the
draw pile.  The result goes through :func:`~riskspec.reference.state.from_dict`,
so it is checked like any state read from JSON.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from riskspec.model import Variant
from riskspec.reference import engine as E
from riskspec.reference.serial import from_dict, to_dict
from riskspec.reference.state import SETUP_PHASES, State


def parse_board(board: str | Mapping[str, tuple[int, int]] | None) -> dict[str, tuple[int, int]]:
    if board is None:
        return {}
    if isinstance(board, Mapping):
        return {t: (int(o), int(a)) for t, (o, a) in board.items()}
    out = {}
    for item in board.replace(",", " ").split():
        tid, _, rest = item.partition("=")
        seat, _, armies = rest.partition(":")
        out[tid] = (int(seat), int(armies))
    return out


def build_state(variant: str | Variant = "classic", players: int | Sequence[str] = 3,
                options: Mapping[str, str] | None = None, *,
                board: str | Mapping[str, tuple[int, int]] | None = None,
                rest: int | str = "round-robin", rest_armies: int = 1,
                phase: str = "attack", current: int = 0, turn: int = 1,
                pending: Mapping[str, Any] | None = None,
                hands: Mapping[int, Sequence[str]] | None = None,
                missions: Mapping[int, str] | None = None,
                eliminated: Mapping[int, int] | None = None,
                sets_traded: int = 0, first_player: int = 0, conquered: bool = False,
                conquests: int | None = None, bonus_taken: bool = False, fortify_moves: int = 0,
                discards: Sequence[str] = (), captured: Sequence[int] = (),
                reserves: Mapping[int, int] | None = None) -> State:
    """A mid-game state (see the module docstring).  ``eliminated`` maps a seat to the
    seat that eliminated it; ``pending`` uses territory IDs, like the JSON form."""
    d = to_dict(E.new_game(variant, players, options))
    out = set((eliminated or {}).keys())
    fill = [p for p in range(len(d["players"]))
            if p not in out and not d["players"][p]["neutral"]]
    listed = parse_board(board)
    k = 0
    for tid in d["territories"]:
        if tid in listed:
            seat, armies = listed[tid]
        elif rest == "round-robin":
            seat, armies = fill[k % len(fill)], rest_armies
            k += 1
        else:
            seat, armies = int(rest), rest_armies
        d["territories"][tid] = {"owner": seat, "armies": armies}
    unknown = set(listed) - set(d["territories"])
    if unknown:
        raise ValueError(f"unknown territories {sorted(unknown)}")
    # a seat still in the game holds a territory (invariant state.alive-holds-territory):
    # one the board leaves empty-handed takes the last territory that went to ``rest``
    spare = [tid for tid in d["territories"] if tid not in listed]
    if phase not in SETUP_PHASES:
        for p in fill:
            if not any(t["owner"] == p for t in d["territories"].values()) and spare:
                d["territories"][spare.pop()] = {"owner": p, "armies": rest_armies}
    pile = list(d["draw_pile"])
    for seat, cards in (hands or {}).items():
        for c in cards:
            pile.remove(c)
        d["players"][seat]["cards"] = sorted(cards, key=d["draw_pile"].index)
    for c in discards:
        pile.remove(c)
    d["discards"] = sorted(discards, key=d["draw_pile"].index)
    d["draw_pile"] = pile
    for seat, mission in (missions or {}).items():
        d["players"][seat]["mission"] = mission
    for seat, by in (eliminated or {}).items():
        d["players"][seat]["eliminated"], d["players"][seat]["eliminated_by"] = True, by
    for seat in captured:
        d["players"][seat]["captured"] = True
    for i, p in enumerate(d["players"]):
        p["reserve"] = (reserves or {}).get(i, 0)
    d.update(phase=phase, current=current, turn=turn, sets_traded=sets_traded,
             first_player=first_player, pending=dict(pending or {}), winner=None)
    d["turn_flags"] = {"conquered": conquered,
                       "conquests": (1 if conquered else 0) if conquests is None else conquests,
                       "bonus_taken": bonus_taken, "fortify_moves": fortify_moves}
    variant_obj = variant if isinstance(variant, Variant) else None
    return from_dict(d, variant_obj)
