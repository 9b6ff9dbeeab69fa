"""Shared helpers of the conformance-suite tests."""

from __future__ import annotations

import io
import sys
from pathlib import Path

from riskspec.conformance.check import CheckConfig, check

HERE = Path(__file__).resolve().parent
TOY = HERE / "engines" / "toy_engine.py"
TOY_VECTORS = HERE / "toy_vectors"


def toy_argv(*flags: str) -> list[str]:
    return [sys.executable, str(TOY), *flags]


def run_toy(*flags: str, **kw) -> tuple[int, dict, str]:
    """Run the toy vectors against the toy engine (in-process runner); (exit code, report, stdout)."""
    kw.setdefault("vectors", [TOY_VECTORS])
    kw.setdefault("quiet", True)
    kw.setdefault("timeout", 2.0)
    argv = kw.pop("argv", None) or toy_argv(*flags)
    out = io.StringIO()
    code, rep = check(CheckConfig(argv=argv, **kw), out, io.StringIO())
    return code, rep, out.getvalue()


def outcomes(rep: dict) -> dict[str, str]:
    return {r["case"]: r["outcome"] for r in rep["results"]}
