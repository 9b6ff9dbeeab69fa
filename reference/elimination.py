"""Elimination, stated once for both families: a player who has lost their last territory is
out (``classic.elimination.out``, ``napoleon.combat.elimination``), and whoever takes their
cards takes the whole hand (``classic.elimination.take-cards``; Napoléon's conqueror, or the
player whose turn it is after an epidemic under ``epidemics.elimination_cards``).

The state changes are two small functions over the fields both families' states share
(``eliminated_by``, ``hands``); what differs stays with the family (Napoléon's ships leaving
the board, when a captor must trade).  :func:`compute_capture` is the pure rule, with PEP 316
contracts that CrossHair checks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from riskspec.reference import ruleids as R


class Players(Protocol):
    """The player fields both families' states carry."""

    eliminated_by: list[int]
    hands: list[tuple[int, ...]]


@R.cites(R.ELIMINATION_OUT)
def mark_eliminated(s: Players, loser: int, by: int, events: list[dict[str, Any]],
                    cause: str | None = None) -> None:
    """``loser`` is out, put out by seat ``by``: recorded in ``eliminated_by`` and reported
    by an ``eliminated`` event (with its ``cause`` when it was no conquest)."""
    s.eliminated_by[loser] = by
    events.append({"type": "eliminated", "player": loser, "by": by,
                   **({"cause": cause} if cause else {})})


@R.cites(R.ELIMINATION_TAKE_CARDS)
def compute_capture(hand: tuple[int, ...], taken: tuple[int, ...]) -> tuple[int, ...]:
    """The taker's hand after taking the cards ``taken`` (the loser's whole hand): every
    card of both, in ascending order.

    pre: not set(hand) & set(taken)
    post: len(__return__) == len(hand) + len(taken)
    post: list(__return__) == sorted(__return__)
    post: set(__return__) == set(hand) | set(taken)
    """
    return tuple(sorted(hand + taken))


def capture_cards(s: Players, loser: int, taker: int, events: list[dict[str, Any]],
                  card_names: Sequence[str]) -> tuple[int, ...]:
    """Seat ``taker`` takes every card of ``loser``; a ``cards-captured`` event names them
    when there were any.  Returns the cards taken."""
    taken = s.hands[loser]
    if taken:
        s.hands[taker] = compute_capture(s.hands[taker], taken)
        s.hands[loser] = ()
        events.append({"type": "cards-captured", "player": taker, "from": loser,
                       "cards": [card_names[c] for c in taken]})
    return taken
