"""Helpers shared by the rule modules: named validity checks and seat rotation."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import NoReturn

from riskspec.errors import IllegalActionError
from riskspec.reference.state import State


def require(condition: bool, code: str, rule: str, message: str | Callable[[], str]) -> None:
    """A named validity check: if ``condition`` is false the action is illegal.

    ``code`` is the stable machine-readable reason, ``rule`` the ID of the rule
    that forbids the action; ``engine.apply`` adds the action and the position to
    the message.  ``message`` may be a function, so that checks on the hot path
    build their text only when they fail.
    """
    if not condition:
        reject(code, rule, message() if callable(message) else message)


def reject(code: str, rule: str, message: str) -> NoReturn:
    raise IllegalActionError(message, code=code, rule=rule)


def get_player_name(state: State, seat: int) -> str:
    name = f"player {seat} ({state.colours[seat]})"
    return name + " [neutral]" if seat == state.neutral else name


def get_territory_name(state: State, t: int) -> str:
    owner = state.owner[t]
    who = "unoccupied" if owner < 0 else f"{state.colours[owner]}, {state.armies[t]} armies"
    return f"{state.tables.territories[t]} ({who})"


def is_human(state: State, seat: int) -> bool:
    return seat != state.neutral


def get_humans(state: State) -> tuple[int, ...]:
    """The seats of the players (every seat but the neutral army's), in seat order."""
    return _humans(len(state.colours), state.neutral)


@functools.cache
def _humans(n_seats: int, neutral: int) -> tuple[int, ...]:
    return tuple(p for p in range(n_seats) if p != neutral)


def get_next_seat(state: State, after: int, *, humans_only: bool, alive_only: bool) -> int:
    """The first seat after ``after`` in rotation (``after`` itself last) that qualifies,
    or -1."""
    n = state.n_players
    for k in range(1, n + 1):
        seat = (after + k) % n
        if humans_only and seat == state.neutral:
            continue
        if alive_only and state.eliminated_by[seat] >= 0:
            continue
        return seat
    return -1
