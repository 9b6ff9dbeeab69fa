"""The errors an environment raises when it is used wrongly — each names what it was given.

All derive from :class:`riskspec.errors.RiskspecError` (the project's root) through
:class:`EnvError`; an index that is no index of the encoding is also an
:class:`~riskspec.errors.InvalidActionError`, like an index that is not legal here.
"""

from __future__ import annotations

import operator
import reprlib

from riskspec.errors import InvalidActionError, RiskspecError

__all__ = ["ActionIndexError", "EnvError", "EpisodeOverError", "UnknownAgentError",
           "get_index", "shown"]


class EnvError(RiskspecError):
    """Base of the errors of the PettingZoo environment and the OpenSpiel games."""


class ActionIndexError(EnvError, InvalidActionError):
    """An action that is not an index of the encoding: not an integer (a float, a string,
    a bool, None for an agent that must act), or outside ``0 … n-1``."""

    def __init__(self, message: str, *, action: object = None) -> None:
        InvalidActionError.__init__(self, message, code="bad-index", action=action)


class EpisodeOverError(EnvError, RuntimeError):
    """A step (or ``last()``) with no episode under way: before ``reset()``, after every
    agent is done, or an OpenSpiel state that is terminal (a win or a cap)."""


class UnknownAgentError(EnvError, ValueError):
    """An agent name that is not one of the environment's ``possible_agents``."""


_repr = reprlib.Repr()
_repr.maxstring = _repr.maxother = 60


def shown(value: object) -> str:
    """``value`` as a short text for a message (a long one is cut), with its type."""
    return f"{_repr.repr(value)} ({type(value).__name__})"


def get_index(action: object, size: int) -> int:
    """``action`` as an index ``0 … size-1``: a Python or NumPy integer, never a bool, a
    float or a string (``1.5`` and ``"5"`` are refused, not rounded or parsed)."""
    if action.__class__ is int and 0 <= action < size:  # type: ignore[operator]  # most calls
        return action  # type: ignore[return-value]
    kind = type(action)
    if kind is bool or kind.__name__ in ("bool_", "bool") and kind.__module__ == "numpy":
        raise ActionIndexError(f"an action must be an integer index 0…{size - 1}, "
                               f"not {shown(action)}", action=action)
    try:
        index = operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        raise ActionIndexError(f"an action must be an integer index 0…{size - 1}, "
                               f"not {shown(action)}", action=action) from None
    if not 0 <= index < size:
        raise ActionIndexError(f"action index {_repr.repr(index)} is outside 0…{size - 1}",
                               action=index)
    return index
