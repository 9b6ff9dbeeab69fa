"""The reference engine of riskspec (installed as ``riskspec.reference``).

Classic Risk in every mode, deterministic, with chance made explicit: see
:mod:`riskspec.reference.engine` for the API, :mod:`riskspec.reference.driver`
for seeded random play and :mod:`riskspec.reference.log` for game logs.
"""

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

__all__ = ["CHANCE", "TERMINAL", "InvalidStateError", "State", "apply", "chance_outcomes",
           "current_player", "from_dict", "from_json", "is_terminal", "legal_actions",
           "new_game", "state_hash", "to_dict", "to_json"]
