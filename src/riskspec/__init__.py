"""riskspec: the executable, formally tested rulebook for the board game Risk."""

from __future__ import annotations

__version__ = "0.4.0.dev0"

from riskspec.errors import (  # noqa: E402
    ActionError,
    IllegalActionError,
    InvalidActionError,
    OptionError,
    Problem,
    RiskspecError,
    SpecError,
    UnknownIdError,
)

__all__ = [
    "__version__",
    "ActionError",
    "IllegalActionError",
    "InvalidActionError",
    "OptionError",
    "Problem",
    "RiskspecError",
    "SpecError",
    "UnknownIdError",
]
