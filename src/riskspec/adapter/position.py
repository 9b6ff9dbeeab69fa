"""Build and read ``riskspec/state@1`` positions.

:class:`Position` wraps a state object (a plain dict, as the protocol sends it)
with typed accessors and the few edits every adapter makes: armies, owners,
the phase and its ``pending`` fields, the next seat.  :func:`new_position` and
:func:`position` build fresh states from the specification, so an adapter that
cannot run its engine's own setup still answers ``new_game``.

>>> p = position("classic", 3, board="alaska=0:5 kamchatka=1:3")
>>> p.owner("alaska"), p.armies("kamchatka"), p.phase, p.current
(0, 3, 'attack', 0)
>>> p.add_armies("alaska", -2); p.armies("alaska")
3
>>> p.next_seat(0), p.territories_of(1)[:2]
(1, ['greenland', 'quebec'])
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from riskspec.adapter.board import Board
from riskspec.adapter.board import board as _board
from riskspec.adapter.errors import InvalidState

State = dict[str, Any]


class Position:
    """A mutable view of one ``riskspec/state@1`` object (Classic family)."""

    def __init__(self, state: Mapping[str, Any], *, copy_state: bool = True) -> None:
        if not isinstance(state, Mapping) or state.get("format") != "riskspec/state@1":
            raise InvalidState("format", "not a riskspec/state@1 state")
        if "zones" in state:
            raise InvalidState("family", "a Napoléon state: this Position reads Classic states")
        self.data: State = copy.deepcopy(dict(state)) if copy_state else dict(state)

    # -- reading -----------------------------------------------------------------
    @property
    def variant(self) -> str:
        return str(self.data["variant"])

    @property
    def board(self) -> Board:
        return _board(self.variant)

    @property
    def phase(self) -> str:
        return str(self.data["phase"])

    @property
    def current(self) -> int:
        return int(self.data["current"])

    @property
    def turn(self) -> int:
        return int(self.data["turn"])

    @property
    def pending(self) -> dict[str, Any]:
        pending: dict[str, Any] = self.data["pending"]
        return pending

    @property
    def flags(self) -> dict[str, Any]:
        flags: dict[str, Any] = self.data["turn_flags"]
        return flags

    @property
    def players(self) -> list[dict[str, Any]]:
        players: list[dict[str, Any]] = self.data["players"]
        return players

    def option(self, option_id: str) -> str:
        return str(self.data["options"][option_id])

    def owner(self, territory: str) -> int | None:
        owner = self.data["territories"][territory]["owner"]
        return None if owner is None else int(owner)

    def armies(self, territory: str) -> int:
        return int(self.data["territories"][territory]["armies"])

    def territories_of(self, seat: int) -> list[str]:
        """The seat's territories in map order."""
        return [t for t, v in self.data["territories"].items() if v["owner"] == seat]

    def hand(self, seat: int) -> list[str]:
        return list(self.players[seat]["cards"])

    def is_active(self, seat: int) -> bool:
        """A seat still playing: not the neutral army, not eliminated."""
        p = self.players[seat]
        return not p["neutral"] and not p["eliminated"]

    def next_seat(self, after: int) -> int:
        """The next active seat after ``after`` in turn order."""
        n = len(self.players)
        for k in range(1, n + 1):
            seat = (after + k) % n
            if self.is_active(seat):
                return seat
        raise InvalidState("no-players", "no active player is left")

    # -- editing ---------------------------------------------------------------------
    def set(self, territory: str, *, owner: int | None = None, armies: int | None = None) -> None:
        t = self.data["territories"][territory]
        if owner is not None:
            t["owner"] = owner
        if armies is not None:
            t["armies"] = armies

    def add_armies(self, territory: str, n: int) -> None:
        self.data["territories"][territory]["armies"] += n

    def go(self, phase: str, **pending: Any) -> None:
        """Enter ``phase`` with these ``pending`` fields (and nothing else)."""
        self.data["phase"] = phase
        self.data["pending"] = dict(pending)

    def begin_turn(self, seat: int) -> None:
        """Bookkeeping of a new turn: the turn number, the current seat, fresh turn flags."""
        self.data["turn"] = self.turn + 1
        self.data["current"] = seat
        self.data["turn_flags"] = {"conquered": False, "conquests": 0, "bonus_taken": False,
                                   "fortify_moves": 0}

    def to_json(self) -> State:
        """A copy of the state, safe to send."""
        return copy.deepcopy(self.data)


def new_position(variant: str = "classic", players: int = 3,
                 options: Mapping[str, str] | None = None) -> Position:
    """A new game before any chance outcome, with every option settled (as ``new_game`` answers)."""
    from riskspec.reference import engine as E
    from riskspec.reference.serial import to_dict
    return Position(to_dict(E.new_game(variant, players, dict(options or {}))), copy_state=False)


def position(variant: str = "classic", players: int = 3, *, board: str | None = None,
             phase: str = "attack", current: int = 0,
             hands: Mapping[int, Sequence[str]] | None = None, **fields: Any) -> Position:
    """A mid-game position from a compact board (``"alaska=0:5 kamchatka=1:3"``; every other
    territory round-robin with one army) — for an adapter's own tests.  ``fields`` are those
    of :func:`riskspec.reference.builder.build_state`."""
    from riskspec.reference.builder import build_state
    from riskspec.reference.serial import to_dict
    s = build_state(variant, players, board=board, phase=phase, current=current, hands=hands, **fields)
    return Position(to_dict(s), copy_state=False)
