"""Adapt an engine that drives itself: its own main loop asks agents for decisions.

Many engines — RL environments especially — run the whole game in one call and ask
an *agent* whenever a decision is due (``agent.take_action(state, code, options)``),
drawing dice from :mod:`random` on the way.  The protocol works the other way round:
the suite sends one action at a time.  :class:`DrivenGame` reconciles the two without
rewriting the engine's loop: it runs the loop in a worker thread, and every decision
or random draw the engine makes becomes a :class:`Question` that waits for the
protocol side to answer it.

>>> def loop(game):                       # the engine's own main loop
...     while game.ask("move", options=["left", "right", False]):
...         game.ask("random", low=1, high=6)
>>> g = DrivenGame(loop)
>>> g.question.kind, g.question.options
('move', ['left', 'right', False])
>>> g.answer("left").kind
'random'
>>> g.answer(4).kind
'move'
>>> g.answer(False) is None, g.finished
(True, True)

Answers are final (the engine moves on), so check an action against
``question.options`` before answering; an adapter that must refuse an action after
answering part of it rebuilds the game from the position it started from.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from riskspec.adapter.errors import AdapterError


@dataclass
class Question:
    """One decision (or random draw) the engine waits for."""

    kind: str
    options: Sequence[Any] | None = None
    info: dict[str, Any] = field(default_factory=dict)


class EngineFailed(AdapterError):
    """The engine's loop raised: the game cannot go on (answered as ``internal``)."""


class _Abort(BaseException):
    """Unwinds an abandoned engine thread (a BaseException, so the engine's ``except
    Exception`` cannot swallow it)."""


class DrivenGame:
    """Runs ``loop(game)`` in a worker thread; ``game.ask`` inside it blocks for an answer.

    After construction and after each :meth:`answer`, the engine has run up to its next
    question (:attr:`question`) or to its end (:attr:`finished`; the question is None).
    """

    def __init__(self, loop: Callable[[DrivenGame], Any], *, timeout: float = 30.0) -> None:
        self.timeout = timeout
        self.question: Question | None = None
        self.finished = False
        self.result: Any = None
        self._to_engine: queue.Queue[Any] = queue.Queue()
        self._to_adapter: queue.Queue[tuple[str, Any]] = queue.Queue()
        self._thread = threading.Thread(target=self._run, args=(loop,), daemon=True)
        self._thread.start()
        self._wait()

    # -- the engine side ---------------------------------------------------------------
    def ask(self, kind: str, options: Sequence[Any] | None = None, **info: Any) -> Any:
        """Called from the engine's thread: wait for the answer to this question."""
        self._to_adapter.put(("ask", Question(kind, options, info)))
        answer = self._to_engine.get()
        if isinstance(answer, _Abort):
            raise answer
        return answer

    def _run(self, loop: Callable[[DrivenGame], Any]) -> None:
        try:
            self._to_adapter.put(("done", loop(self)))
        except _Abort:
            return
        except BaseException as exc:  # noqa: BLE001 -- handed to the protocol side
            self._to_adapter.put(("error", exc))

    # -- the protocol side -----------------------------------------------------------------
    def _wait(self) -> Question | None:
        try:
            what, value = self._to_adapter.get(timeout=self.timeout)
        except queue.Empty:
            raise EngineFailed("engine-hang", f"the engine neither asked nor finished in "
                                              f"{self.timeout} s") from None
        if what == "ask":
            self.question = value
        elif what == "done":
            self.question, self.finished, self.result = None, True, value
        else:
            self.question, self.finished = None, True
            raise EngineFailed("engine-error", f"the engine failed: {type(value).__name__}: {value}") \
                from value
        return self.question

    def answer(self, value: Any) -> Question | None:
        """Answer the pending question; the engine runs to its next one (returned)."""
        if self.question is None:
            raise AdapterError("no-question", "the engine is not waiting for an answer")
        self.question = None
        self._to_engine.put(value)
        return self._wait()

    def close(self) -> None:
        """Abandon the game: unwind the engine's thread."""
        if not self.finished and self.question is not None:
            self.question = None
            self._to_engine.put(_Abort())
        self.finished = True


class AskingRandom:
    """A stand-in for :mod:`random` (or ``numpy.random``) whose draws are questions.

    Every draw asks a question of one ``kind`` (say ``"roll"`` for the dice, ``"draw"``
    for a card): ``randint``/``randrange`` with ``low``/``high`` in ``info``, ``choice``
    with the engine's ``options``; the adapter answers with the outcome the suite applied.
    Install one per engine module with :func:`patched`.
    """

    def __init__(self, game: DrivenGame, kind: str = "random") -> None:
        self.game, self.kind = game, kind

    def randint(self, a: int, b: int) -> int:
        return int(self.game.ask(self.kind, low=a, high=b))

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        lo, hi = (0, start - 1) if stop is None else (start, stop - 1)
        return int(self.game.ask(self.kind, low=lo, high=hi))

    def choice(self, seq: Sequence[Any]) -> Any:
        return self.game.ask(self.kind, options=list(seq))

    def shuffle(self, seq: list[Any]) -> None:
        seq[:] = list(self.game.ask(self.kind, options=list(seq), shuffle=True))


class _ModuleProxy:
    """A module whose attributes are the real module's, except those replaced."""

    def __init__(self, real: Any, **replaced: Any) -> None:
        self._real, self._replaced = real, replaced

    def __getattr__(self, name: str) -> Any:
        return self._replaced[name] if name in self._replaced else getattr(self._real, name)


def patch_module(module: Any, name: str, replacement: Any) -> None:
    """Point ``module.<name>`` at ``replacement`` (e.g. an engine module's ``random``)."""
    setattr(module, name, replacement)


def with_random(real_module: Any, asking: AskingRandom) -> Any:
    """``numpy`` (say) with its ``random`` replaced: ``patch_module(eng, "np",
    with_random(numpy, AskingRandom(game, "draw")))``."""
    return _ModuleProxy(real_module, random=asking)
