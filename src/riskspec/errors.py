"""The exception hierarchy of riskspec: one root, narrow leaves.

Every error a user can provoke derives from :class:`RiskspecError`, so a
caller (or the CLI) can catch them all in one place and print a clear message
instead of a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass


class RiskspecError(Exception):
    """Root of every error raised on purpose by riskspec."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One finding of a loader or validator, printable as ``path:line:col: [code] message``."""

    file: str
    line: int
    column: int
    code: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: [{self.code}] {self.message}"

    def to_json(self) -> dict[str, object]:
        return {"file": self.file, "line": self.line, "column": self.column,
                "code": self.code, "message": self.message}


class SpecError(RiskspecError):
    """A specification file (or set of files) is unreadable or invalid.

    ``problems`` holds every finding, not only the first.
    """

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        head = str(self.problems[0]) if self.problems else "invalid specification"
        more = f" (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
        super().__init__(head + more)


class UnknownIdError(RiskspecError, KeyError):
    """An ID (variant, rule, ambiguity, parameter, option) that the spec does not define."""

    def __init__(self, kind: str, given: str, suggestions: list[str], *,
                 also: list[str] | None = None, then: str = "") -> None:
        """``suggestions``: IDs spelled like ``given``; ``also``: IDs about it (by meaning);
        ``then``: what to do next (a command to run)."""
        self.kind, self.given = kind, given
        self.suggestions = list(suggestions) + [a for a in also or () if a not in suggestions]
        hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
        extra = [a for a in also or () if a not in suggestions]
        if extra:
            hint += f"; about {given!r}: {', '.join(extra)}"
        if then:
            hint += f"; {then}"
        super().__init__(f"unknown {kind} {given!r}{hint}")

    def __str__(self) -> str:  # KeyError would repr() the message
        return str(self.args[0])


class OptionError(RiskspecError, ValueError):
    """An option passed to a variant is unknown or has a value it does not accept."""


class ActionError(RiskspecError, ValueError):
    """Base of the errors raised when an action cannot be applied."""

    def __init__(self, message: str, *, code: str, rule: str | None = None,
                 action: object = None) -> None:
        self.code, self.rule, self.action = code, rule, action
        super().__init__(message)


class InvalidActionError(ActionError):
    """The action is malformed: wrong shape, unknown type, unknown territory …"""


class IllegalActionError(ActionError):
    """The action is well formed but a rule forbids it in this state.

    ``code`` is a stable machine-readable reason and ``rule`` the ID of the
    rule that forbids it.  The state it was tried on is left unchanged.
    """


class PathError(RiskspecError, ValueError):
    """A path that must not or cannot be read or written: a symbolic link to write through, a
    FIFO, a device, a folder where a file is wanted, a missing folder, a file too large."""


class MissingExtraError(RiskspecError, ImportError):
    """An optional dependency is not installed; the message names the extra to install
    (``pip install "riskspec[rl]"``, ``riskspec[mcp]`` …)."""
