"""Errors of the conformance suite: narrow leaves under :class:`riskspec.errors.RiskspecError`.

``EngineFault`` and its leaves describe an engine under test that misbehaved at
the protocol level (crash, hang, garbage, wrong id, schema-invalid response,
bad handshake).  The runner records each one against the case it happened in,
restarts the engine and goes on.
"""

from __future__ import annotations

from riskspec.errors import PathError, RiskspecError


class ConformanceError(RiskspecError):
    """Root of the conformance suite's own errors."""


class VectorError(ConformanceError):
    """A vector file is unreadable or does not match ``schemas/vectors.schema.json``."""


class UsageError(ConformanceError):
    """A ``riskspec check`` option cannot work (said before any case runs; exit status 2)."""


class ReportPathError(UsageError, PathError):
    """A report path that the suite must not or cannot write (a device, FIFO, symlink, unwritable)."""


class UnsupportedRequest(ConformanceError):
    """A served engine cannot do what a well-formed request asks (an inline map for a variant
    whose engine plays only its own map): answered ``unsupported`` with ``code``."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


class ExpectationsError(ConformanceError):
    """An expectations file (known failures) is unreadable or malformed."""


class TriageFileError(ConformanceError):
    """The mutation triage file is missing or malformed: never read as "nothing triaged", which
    would count every triaged mutant as a survivor."""


class ScenarioError(ConformanceError):
    """A Python scenario disagrees with the reference engine, or is written wrongly."""


class EngineRefused(ConformanceError):
    """Not a rule verdict: the engine answered a request a case needs with an error (it refused
    to set the case up, an internal error); the case ends as ``error``."""


class EngineUnusable(ConformanceError):
    """The engine under test cannot start or never completes its handshake: nothing can run."""


class EngineFault(ConformanceError):
    """The engine under test broke the protocol. ``kind`` is the outcome class it maps to."""

    outcome = "error"
    kind = "fault"

    def __init__(self, message: str, *, stderr_tail: str = "") -> None:
        self.stderr_tail = stderr_tail
        super().__init__(message)


class EngineStartError(EngineFault):
    """The engine could not be started (no such program, permission denied …)."""

    kind = "start"


class HandshakeError(EngineFault):
    """The engine's first line was missing, not JSON, or not a valid handshake."""

    kind = "handshake"


class EngineCrashed(EngineFault):
    """The engine exited (or closed stdout) while a response was awaited."""

    kind = "crash"


class EngineTimeout(EngineFault):
    """No response within the per-request timeout."""

    outcome = "timeout"
    kind = "timeout"


class EngineGarbage(EngineFault):
    """The engine wrote a line that is not a JSON object."""

    kind = "garbage"


class EngineWrongId(EngineFault):
    """The engine answered with an id other than the request's."""

    kind = "wrong-id"


class EngineSchemaError(EngineFault):
    """The engine's response does not match the protocol-response schema (or its op's result shape)."""

    kind = "schema"


class EngineLimit(EngineFault):
    """The engine's answer is bigger than the suite accepts (line length, number of items)."""

    kind = "limit"


class EngineLied(EngineFault):
    """A state the engine answered is not the one it must be: ``load_state`` echoing another
    game than the one sent, ``new_game`` another than the rules set up, a ``state`` request
    another than the last one returned.  ``diffs`` says where."""

    kind = "lying-state"

    def __init__(self, message: str, *, diffs: list[dict] | None = None, stderr_tail: str = "") -> None:
        self.diffs = list(diffs or [])
        super().__init__(message, stderr_tail=stderr_tail)


class CaseDeadline(EngineFault):
    """The case as a whole ran past its deadline (``--case-timeout``)."""

    outcome = "timeout"
    kind = "deadline"


class JudgeError(EngineFault):
    """The suite itself failed while judging a case (an exception it did not expect).

    Recorded as that case's ``error`` with the reason; the run goes on."""

    kind = "suite"
