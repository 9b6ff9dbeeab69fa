"""The errors an adapter raises; :func:`~riskspec.adapter.serve` turns each into a protocol error.

Raise them anywhere in an adapter's handlers: the session loop answers the request
with ``{"ok": false, "error": {"kind": …, "code": …, "rule": …, "message": …}}`` and
keeps serving.  Any other exception becomes ``kind: "internal"`` (its traceback goes
to stderr, never to stdout).
"""

from __future__ import annotations

from riskspec.errors import RiskspecError


class AdapterError(RiskspecError):
    """Root of the adapter kit's errors: one protocol error ``kind`` each."""

    kind = "internal"

    def __init__(self, code: str, message: str, *, rule: str | None = None) -> None:
        self.code, self.rule = code, rule
        super().__init__(message)

    def to_error(self) -> dict[str, str]:
        """The ``error`` object of a protocol response."""
        err = {"kind": self.kind, "code": self.code, "message": str(self)}
        if self.rule:
            err["rule"] = self.rule
        return err


class Illegal(AdapterError):
    """The engine refused a well-formed action: ``code`` and the ``rule`` that forbids it."""

    kind = "illegal-action"

    def __init__(self, code: str, rule: str, message: str) -> None:
        super().__init__(code, message, rule=rule)


class InvalidAction(AdapterError):
    """A malformed action: unknown type, missing field, unknown territory."""

    kind = "invalid-action"


class InvalidState(AdapterError):
    """``load_state`` got a position the engine cannot represent."""

    kind = "invalid-state"


class Unsupported(AdapterError):
    """Something the engine does not implement (leave it out of the handshake too)."""

    kind = "unsupported"


class BadRequest(AdapterError):
    """The request itself is wrong (no game yet, a missing field)."""

    kind = "bad-request"
