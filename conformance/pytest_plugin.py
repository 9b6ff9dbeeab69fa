"""pytest plugin: run conformance vectors as pytest items against an engine.

    pytest --riskspec-engine "node my-engine.js" --pyargs riskspec.conformance -n 4
    pytest --riskspec-engine "./engine" path/to/vectors/ --riskspec-expect known.json
    pytest --riskspec-engine "./engine" --riskspec-hypothesis 200 --pyargs riskspec.conformance

With ``--riskspec-engine`` every ``riskspec/vectors@1`` JSON file that pytest
collects becomes one item per case (``pytest-xdist`` spreads them over cores;
each worker starts its own engine).  ``--riskspec-hypothesis N`` adds one item,
``riskspec-hypothesis``, that runs the Hypothesis state machine against the reference
for N examples (:mod:`riskspec.conformance.stateful`, as ``riskspec check --hypothesis``)
and fails with the shrunk counterexample.  Without ``--riskspec-engine`` the plugin does
nothing.
Registered as the ``riskspec`` entry point in ``pytest11``.
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

import pytest

_STATE: dict[str, Any] = {}


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("riskspec", "riskspec conformance suite")
    group.addoption("--riskspec-engine", metavar="CMD", default=None,
                    help="engine command line (split like a shell, run without one); turns collected "
                         "vector files into test items")
    group.addoption("--riskspec-timeout", metavar="S", type=float, default=10.0,
                    help="seconds to wait for each engine response (default 10)")
    group.addoption("--riskspec-expect", metavar="FILE", default=None,
                    help="expectations file: known failures become xfail, their passes xpass (failing)")
    group.addoption("--riskspec-hypothesis", metavar="N", type=int, default=0,
                    help="also run the Hypothesis state machine for N examples against the reference "
                         "(one item; its failure is the shrunk counterexample; needs riskspec[hypothesis])")
    group.addoption("--riskspec-hypothesis-db", metavar="DIR", default=None,
                    help="the example database for --riskspec-hypothesis (default: as riskspec check)")


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if parent.config.getoption("--riskspec-engine") is None or file_path.suffix != ".json":
        return None
    try:
        head = file_path.read_text(encoding="utf-8")[:400]
    except (OSError, UnicodeDecodeError):
        return None
    if '"riskspec/vectors@1"' not in head and '"riskspec/vectors@2"' not in head:
        return None
    return VectorFile.from_parent(parent, path=file_path)


class VectorFile(pytest.File):
    def collect(self):  # type: ignore[override]
        from riskspec.conformance.vectors import load_file
        for case in load_file(self.path):
            yield CaseItem.from_parent(self, name=case.id, case=case)


class CaseItem(pytest.Item):
    def __init__(self, *, case: Any, **kw: Any) -> None:
        super().__init__(**kw)
        self.case = case
        for rule in case.covers:
            self.add_marker(pytest.mark.riskspec_rule(rule))

    def _client(self) -> Any:
        client = _STATE.get("client")
        if client is None:
            from riskspec.conformance.client import EngineClient
            cfg = self.config
            client = EngineClient(shlex.split(cfg.getoption("--riskspec-engine")),
                                  timeout=cfg.getoption("--riskspec-timeout"))
            _STATE["client"] = client
        return client

    def _expectations(self) -> Any:
        if "expect" not in _STATE:
            path = self.config.getoption("--riskspec-expect")
            from riskspec.conformance.expectations import Expectations
            _STATE["expect"] = Expectations.load(Path(path)) if path else None
        return _STATE["expect"]

    def runtest(self) -> None:
        from riskspec.conformance.runner import run_case
        res = run_case(self._client(), self.case)
        exp = self._expectations()
        if exp is not None:
            exp.apply(res)
        self.user_properties.append(("riskspec_outcome", res.outcome))
        if res.outcome == "pass":
            return
        if res.outcome == "skip":
            pytest.skip(res.message)
        if res.outcome == "xfail":
            pytest.xfail(res.reason or res.message)
        raise CaseFailure(res)

    def repr_failure(self, excinfo: Any, style: Any = None) -> str:  # type: ignore[override]
        if isinstance(excinfo.value, CaseFailure):
            r = excinfo.value.result
            text = (f"{r.outcome.upper()} {r.case}: {r.title}\ncovers: {', '.join(r.covers)}\n{r.message}")
            if r.stderr:
                text += "\n--- engine stderr ---\n" + r.stderr
            return text
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Any, int, str]:
        return self.path, 0, f"riskspec case {self.case.id}"


class CaseFailure(Exception):
    def __init__(self, result: Any) -> None:
        self.result = result
        super().__init__(result.message)


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config,
                                  items: list[pytest.Item]) -> None:
    if config.getoption("--riskspec-engine") is None or config.getoption("--riskspec-hypothesis") <= 0:
        return
    items.append(HypothesisItem.from_parent(session, name="riskspec-hypothesis"))


class HypothesisItem(pytest.Item):
    """The Hypothesis state machine against the reference, as one item."""

    def runtest(self) -> None:
        from riskspec.conformance.client import EngineClient, reference_client
        from riskspec.conformance.stateful import (
            default_database,
            hypothesis_check,
            report_lines,
            save_found,
        )
        cfg = self.config
        db = cfg.getoption("--riskspec-hypothesis-db")
        command = cfg.getoption("--riskspec-engine")
        with EngineClient(shlex.split(command), timeout=cfg.getoption("--riskspec-timeout")) as engine:
            res = hypothesis_check(engine, reference_client(), examples=cfg.getoption("--riskspec-hypothesis"),
                                   database=Path(db) if db else default_database())
        if res.divergence is not None:
            save_found(res, Path("riskspec-found"))
        lines = report_lines(res, replay=f"riskspec check --engine {shlex.quote(command)}")
        self.user_properties.append(("riskspec_hypothesis", "\n".join(lines)))
        if res.divergence is not None or not res.stats.steps:
            raise HypothesisFailure("\n".join(lines))

    def repr_failure(self, excinfo: Any, style: Any = None) -> str:  # type: ignore[override]
        if isinstance(excinfo.value, HypothesisFailure):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Any, int, str]:
        return "riskspec-hypothesis", 0, "riskspec Hypothesis state machine"


class HypothesisFailure(Exception):
    """The machine found a divergence (the message is the shrunk counterexample)."""


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "riskspec_rule(id): the rule a conformance case covers")


def pytest_unconfigure(config: pytest.Config) -> None:
    client = _STATE.pop("client", None)
    if client is not None:
        client.close()
