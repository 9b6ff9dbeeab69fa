"""pytest plugin: run conformance vectors as pytest items against an engine.

    pytest --riskspec-engine "node my-engine.js" --pyargs riskspec.conformance -n 4
    pytest --riskspec-engine "./engine" path/to/vectors/ --riskspec-expect known.json

With ``--riskspec-engine`` every ``riskspec/vectors@1`` JSON file that pytest
collects becomes one item per case (``pytest-xdist`` spreads them over cores;
each worker starts its own engine).  Without the option the plugin does nothing.
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


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "riskspec_rule(id): the rule a conformance case covers")


def pytest_unconfigure(config: pytest.Config) -> None:
    client = _STATE.pop("client", None)
    if client is not None:
        client.close()
