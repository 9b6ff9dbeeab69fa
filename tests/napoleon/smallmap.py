"""Purpose-built small boards for Napoléon rule tests (independent of the printed board)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from riskspec.conformance import cases_napoleon
from riskspec.loading import load_spec
from riskspec.reference import engine as E
from riskspec.reference.napoleon.inline import variant_on_map

# the conformance vectors' LINE board (one definition): a1 a2 | b1 b2 on land in a row; a1
# touches z1; z1-z2-z3-z4 a chain of zones; b2 touches z3, far touches only z4
LINE = cases_napoleon.LINE


def position(units: Mapping[str, tuple[int, int]], *, variant: str = "napoleon-basic",
             players: int = 2, phase: str = "attack", current: int = 0,
             options: Mapping[str, str] | None = None, board: Any = LINE,
             hands: Mapping[int, list[str]] | None = None, pending: dict | None = None):
    """A mid-game state on ``board``: ``units`` place → (seat, units); the rest unowned."""
    v = variant_on_map(load_spec().variant(variant), board)
    s = E.new_game(v, players, options)
    tb = s.tables
    s.owner = [-1] * len(tb.places)
    s.armies = [0] * len(tb.places)
    for place, (seat, n) in units.items():
        i = tb.place_index[place]
        s.owner[i], s.armies[i] = seat, n
    s.reserves = [0] * s.n_players
    s.phase, s.current, s.turn, s.first_player = phase, current, 1, 0
    s.pending = dict(pending or {})
    for seat, cards in (hands or {}).items():
        idx = tuple(sorted(tb.card_index[c] for c in cards))
        s.hands[seat] = idx
        s.draw_pile = tuple(c for c in s.draw_pile if c not in idx)
    # the position is a valid state: it survives its JSON form
    return E.from_json(E.to_json(s), variant=v)


def actions_of(s, kind: str) -> list[dict]:
    return [a for a in E.legal_actions(s) if a["type"] == kind]
