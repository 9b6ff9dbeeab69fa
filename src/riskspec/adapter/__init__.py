"""riskspec.adapter: the kit for connecting an existing Risk engine to the conformance suite.

An adapter speaks the ``riskspec/1`` protocol (``docs/protocol.md``) for an engine
that does not.  The kit holds what every adapter used to rewrite:

========================  ===============================================================
:class:`Adapter`,         the session loop: handshake, request parsing, error mapping,
:func:`serve`             a refused action leaving the game unchanged, stdout protection
:class:`Position`         build and read ``riskspec/state@1`` positions
:func:`board`             the variant's territories, continents, borders, cards, names
``events``                constructors for every Classic event (``events.battle(...)``)
``actions``               the engine's choices -> legal actions; :func:`parse_action`
``chance``                roll/draw outcomes with exact probabilities; scripted dice
errors                    :class:`Illegal`, :class:`InvalidAction`, :class:`InvalidState`,
                          :class:`Unsupported`, :class:`BadRequest` (root :class:`AdapterError`)
========================  ===============================================================

The implementer's guide (``docs/implementers.md``) walks through an adapter in 15
minutes; ``conformance/examples/py-engine/engine.py`` is a complete one.
"""

from riskspec.adapter import actions, chance, events
from riskspec.adapter.actions import parse_action
from riskspec.adapter.board import Board, board
from riskspec.adapter.chance import draw_outcomes, roll_outcomes, scripted_random
from riskspec.adapter.errors import (
    AdapterError,
    BadRequest,
    Illegal,
    InvalidAction,
    InvalidState,
    Unsupported,
)
from riskspec.adapter.position import Position, new_position, position
from riskspec.adapter.session import Adapter, Session, serve

__all__ = [
    "Adapter", "AdapterError", "BadRequest", "Board", "Illegal", "InvalidAction", "InvalidState",
    "Position", "Session", "Unsupported", "actions", "board", "chance", "draw_outcomes", "events",
    "new_position", "parse_action", "position", "roll_outcomes", "scripted_random", "serve",
]
