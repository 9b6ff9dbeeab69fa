"""The reference engine of riskspec (installed as ``riskspec.reference``).

Classic Risk in every mode, deterministic, with chance made explicit: see
:mod:`riskspec.reference.engine` for the API, :mod:`riskspec.reference.driver`
for seeded random play and :mod:`riskspec.reference.log` for game logs.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from riskspec.reference.engine import (
                                           CHANCE,
                                           TERMINAL,
                                           InvalidStateError,
                                           State,
                                           apply,
                                           chance_outcomes,
                                           current_player,
                                           from_dict,
                                           from_json,
                                           is_terminal,
                                           legal_actions,
                                           new_game,
                                           state_hash,
                                           to_dict,
                                           to_json,
    )


def __getattr__(name: str) -> Any:
    """The engine's API names, imported on first use: a module of the package that needs no
    engine (``riskspec.reference.odds`` for ``riskspec odds``) does not load it."""
    if name in __all__:
        from riskspec.reference import engine

        return getattr(engine, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["CHANCE", "TERMINAL", "InvalidStateError", "State", "apply", "chance_outcomes",
           "current_player", "from_dict", "from_json", "is_terminal", "legal_actions",
           "new_game", "state_hash", "to_dict", "to_json"]
