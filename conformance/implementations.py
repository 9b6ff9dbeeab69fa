"""Reports of third-party engines: run their adapters, keep a small deterministic summary.

``conformance/engine-reports/engines.yaml`` lists the engines (PyPI requirement, adapter, what
the adapter claims) and explains every failure with a *finding*: an engine deviation
cited to the engine's code, a riskspec fault, or an adapter artefact.
:func:`run_engine` runs one adapter through ``riskspec check`` and returns its summary
(``riskspec/implementation-report@1``: totals, per section and rule, every case that
ran, no timings or paths), which ``riskspec implementations`` writes next to the list
and the docs turn into the Implementations page.
"""

from __future__ import annotations

import fnmatch
import importlib.util
import io
import json
import sys
import tempfile
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import yaml

from riskspec import __version__
from riskspec.errors import RiskspecError

HERE = Path(__file__).resolve().parent
REPORTS = HERE / "engine-reports"
REGISTRY = REPORTS / "engines.yaml"
FORMAT = "riskspec/implementation-report@1"
KINDS = ("engine deviation", "riskspec fault", "adapter artefact")
BAD = ("fail", "error", "timeout")


class ImplementationsError(RiskspecError):
    """The engines list is malformed, or an engine cannot be run."""


def load_registry(path: Path = REGISTRY) -> list[dict[str, Any]]:
    """The engines of ``engines.yaml``, each checked for the fields the tools need."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise ImplementationsError(f"{path}: {exc}") from None
    engines = (data or {}).get("engines")
    if not isinstance(engines, list):
        raise ImplementationsError(f"{path}: needs a list 'engines'")
    for i, e in enumerate(engines):
        for key in ("id", "name", "requirement", "module", "adapter", "about"):
            if not isinstance(e.get(key), str):
                raise ImplementationsError(f"{path}: engines[{i}] needs a string {key!r}")
        for j, f in enumerate(e.get("findings") or []):
            if f.get("kind") not in KINDS:
                raise ImplementationsError(f"{path}: {e['id']} findings[{j}].kind must be one of "
                                           f"{', '.join(KINDS)}, not {f.get('kind')!r}")
            if not f.get("cases") or not f.get("explain") or not f.get("title"):
                raise ImplementationsError(f"{path}: {e['id']} findings[{j}] needs title, cases, explain")
        for j, h in enumerate(e.get("history") or []):
            if not isinstance(h.get("when"), str) or not all(
                    isinstance(h.get(k), int) for k in ("pass", "fail", "error", "skip", "cases")):
                raise ImplementationsError(f"{path}: {e['id']} history[{j}] needs 'when' and the counts "
                                           f"pass, fail, error, skip, cases (integers)")
    return engines


def is_installed(engine: Mapping[str, Any]) -> bool:
    try:
        return importlib.util.find_spec(engine["module"]) is not None
    except ModuleNotFoundError:
        return False


def adapter_path(engine: Mapping[str, Any]) -> Path:
    """The adapter file (``adapter`` is relative to the repository / installed package root)."""
    rel = Path(engine["adapter"])
    return HERE.parent / rel if rel.parts[0] != "conformance" else HERE / Path(*rel.parts[1:])


def count_lines(path: Path) -> dict[str, int]:
    """Lines of a Python file: all, and code (neither blank, comment nor docstring-only)."""
    text = path.read_text(encoding="utf-8").splitlines()
    code, in_doc = 0, False
    for line in text:
        s = line.strip()
        if in_doc:  # inside a docstring: it ends on the line that closes it
            in_doc = not s.endswith(('"""', "'''"))
            continue
        if s.startswith(('"""', "'''")):
            in_doc = not (len(s) > 3 and s.endswith(s[:3]))
            continue
        if not s or s.startswith("#"):
            continue
        code += 1
    return {"total": len(text), "code": code}


def summarize(report: Mapping[str, Any], engine: Mapping[str, Any]) -> dict[str, Any]:
    """The deterministic part of a ``riskspec/report@1``."""
    results = [{k: r[k] for k in ("case", "outcome", "covers", "rule", "step") if r.get(k) is not None}
               | ({"message": r["message"].splitlines()[0][:300]} if r.get("message") else {})
               for r in report["results"] if r["outcome"] != "skip"]
    sections: dict[str, dict[str, int]] = {}
    for key, counts in report["by_section"].items():
        if not key.startswith("classic.") and set(counts) <= {"skip"}:
            continue
        sections[key] = dict(sorted(counts.items()))
    return {
        "format": FORMAT,
        "engine": {"id": engine["id"], **report["engine"], "requirement": engine["requirement"]},
        "adapter": {"path": engine["adapter"], "lines": count_lines(adapter_path(engine))},
        "riskspec": __version__,
        "totals": report["totals"],
        "by_section": dict(sorted(sections.items())),
        "by_rule": {r: v["status"] for r, v in sorted(report["by_rule"].items())},
        **({"reach": report["reach"]} if report.get("reach") else {}),
        "results": sorted(results, key=lambda r: r["case"]),
    }


def run_engine(engine: Mapping[str, Any], *, jobs: int = 2,
               vectors: Iterable[Path] | None = None) -> dict[str, Any]:
    """Run the engine's adapter through the whole suite; its summary."""
    from riskspec.conformance.check import CheckConfig, check
    if not is_installed(engine):
        raise ImplementationsError(f"{engine['name']} is not installed: pip install '{engine['requirement']}' "
                                   f"(or pip install 'riskspec[engines]')")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        cfg = CheckConfig(argv=[sys.executable, str(adapter_path(engine))], quiet=True, jobs=jobs,
                          reports=[out], vectors=list(vectors) if vectors else ())
        check(cfg, io.StringIO(), io.StringIO())
        report = json.loads(out.read_text(encoding="utf-8"))
    if not report.get("complete", True):
        raise ImplementationsError(f"the run of {engine['name']} did not complete")
    return summarize(report, engine)


def unexplained(summary: Mapping[str, Any], engine: Mapping[str, Any]) -> list[str]:
    """Cases that failed or erred with no finding to explain them."""
    globs = [g for f in engine.get("findings") or [] for g in f["cases"]]
    return [r["case"] for r in summary["results"]
            if r["outcome"] in BAD and not any(fnmatch.fnmatchcase(r["case"], g) for g in globs)]


def explained_by(finding: Mapping[str, Any], summary: Mapping[str, Any]) -> list[str]:
    return [r["case"] for r in summary["results"] if r["outcome"] in BAD
            and any(fnmatch.fnmatchcase(r["case"], g) for g in finding["cases"])]


def report_path(engine: Mapping[str, Any], folder: Path = REPORTS) -> Path:
    return folder / f"{engine['id']}.json"


def dumps(summary: Mapping[str, Any]) -> str:
    return json.dumps(summary, indent=1, sort_keys=False, ensure_ascii=False) + "\n"


def load_reports(folder: Path = REPORTS) -> list[tuple[dict[str, Any], dict[str, Any] | None]]:
    """Each engine of the list with its checked-in summary (None if never generated)."""
    out = []
    for e in load_registry(folder / "engines.yaml"):
        p = report_path(e, folder)
        out.append((e, json.loads(p.read_text(encoding="utf-8")) if p.is_file() else None))
    return out


def regenerate(ids: Iterable[str] = (), *, folder: Path = REPORTS, jobs: int = 2, check_only: bool = False,
               say: Callable[[str], None] = print) -> int:
    """Rerun the listed engines (all if ``ids`` is empty) and write (or compare) their summaries.

    Exit code: 0 fine; 1 a comparison differed or a failure is unexplained; an engine
    that is not installed is reported and left as it was."""
    engines = load_registry(folder / "engines.yaml")
    wanted = set(ids)
    unknown = wanted - {e["id"] for e in engines}
    if unknown:
        raise ImplementationsError(f"unknown engine {', '.join(sorted(unknown))}; "
                                   f"known: {', '.join(e['id'] for e in engines)}")
    status = 0
    for e in engines:
        if wanted and e["id"] not in wanted:
            continue
        if not is_installed(e):
            say(f"{e['id']}: not installed (pip install '{e['requirement']}'); its report is left as it is")
            continue
        say(f"{e['id']}: running {e['adapter']} …")
        summary = run_engine(e, jobs=jobs)
        t = summary["totals"]
        say(f"{e['id']}: {t['pass']} passed, {t['fail']} failed, {t['error']} errors, {t['skip']} skipped; "
            f"adapter {summary['adapter']['lines']['total']} lines")
        for case in unexplained(summary, e):
            say(f"{e['id']}: {case} failed and no finding in engines.yaml explains it")
            status = 1
        path = report_path(e, folder)
        if check_only:
            if not path.is_file() or path.read_text(encoding="utf-8") != dumps(summary):
                say(f"{e['id']}: {path} is out of date: run `riskspec implementations` and commit it")
                status = 1
        else:
            from riskspec.safeio import write_text
            write_text(path, dumps(summary), "engine report", error=ImplementationsError)
            say(f"{e['id']}: wrote {path}")
    return status
