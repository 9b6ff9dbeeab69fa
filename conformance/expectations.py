"""The expectations file: known failures of an engine, with reasons.

``riskspec check --expect FILE`` turns a listed case's failure into ``xfail``
and a listed case that passes into ``xpass`` (reported: the entry is stale).
``riskspec check --write-expect FILE`` writes the current failures as a
starting file.  Format (JSON, or YAML when the name ends in .yaml/.yml)::

    {"format": "riskspec/expect@1",
     "engine": "my-engine 1.2",
     "known_failures": [
        {"case": "classic.cards.set-values.*", "reason": "escalation not done yet"},
        {"rule": "classic.fortify.path", "reason": "we allow connected moves on purpose"}]}

``case`` and ``rule`` take shell-style globs; an entry with ``rule`` matches
every case that covers a matching rule, and every failure that breaks one.
"""

from __future__ import annotations

import fnmatch
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from riskspec.conformance.errors import ExpectationsError

FORMAT = "riskspec/expect@1"
#: the largest expectations file read (16 MiB: far more than a list of known failures)
MAX_BYTES = 16 * 1024 * 1024


class Expectations:
    def __init__(self, entries: Iterable[dict[str, str]] = ()) -> None:
        self.entries = list(entries)
        self.used: set[int] = set()

    @classmethod
    def load(cls, path: Path) -> Expectations:
        from riskspec.safeio import read_text
        # a FIFO, a device (a link to /dev/zero), a folder: refused, naming what it is; bounded
        text = read_text(path, "expectations file", limit=MAX_BYTES, error=ExpectationsError)
        try:
            if path.suffix in (".yaml", ".yml"):
                import yaml
                data = yaml.safe_load(text)
            else:
                data = json.loads(text)
        except RecursionError:
            raise ExpectationsError(f"{path}: nested too deeply to be an expectations file") from None
        except Exception as exc:
            raise ExpectationsError(f"{path}: not valid JSON/YAML: {str(exc)[:300]}") from exc
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ExpectationsError(f"{path}: expected an object with format: {FORMAT}")
        entries = data.get("known_failures", [])
        if not isinstance(entries, list):
            raise ExpectationsError(f"{path}: known_failures must be a list")
        for n, e in enumerate(entries):
            if not isinstance(e, dict) or not ({"case", "rule"} & set(e)) or \
                    not isinstance(e.get("reason", ""), str) or not e.get("reason"):
                raise ExpectationsError(f"{path}: known_failures[{n}] needs 'case' or 'rule', and a 'reason'")
            for key in ("case", "rule"):
                if key in e and (not isinstance(e[key], str) or not e[key]):
                    raise ExpectationsError(f"{path}: known_failures[{n}].{key} must be a non-empty "
                                            f"string (a case ID or rule ID glob), got {e[key]!r:.80}")
        return cls(entries)

    def match(self, case: str, covers: Iterable[str]) -> dict[str, str] | None:
        covers = list(covers)
        for n, e in enumerate(self.entries):
            if "case" in e and fnmatch.fnmatchcase(case, e["case"]):
                self.used.add(n)
                return e
            if "rule" in e and any(fnmatch.fnmatchcase(r, e["rule"]) for r in covers):
                self.used.add(n)
                return e
        return None

    def apply(self, res: Any) -> None:
        """Turn a CaseResult's fail/error/timeout into xfail, pass into xpass, when listed."""
        if res.outcome not in ("pass", "fail", "error", "timeout"):
            return
        blamed = getattr(res, "rule", None)  # a rule entry also matches the rule a failure broke
        entry = self.match(res.case, [*res.covers, *([blamed] if blamed else [])])
        if entry is None:
            return
        res.reason = entry.get("reason")
        if res.outcome == "pass":
            res.outcome = "xpass"
            res.message = f"listed as a known failure ({res.reason}) but passed"
        else:
            res.message = f"[{res.outcome}] " + res.message
            res.outcome = "xfail"

    def unused(self) -> list[dict[str, str]]:
        return [e for n, e in enumerate(self.entries) if n not in self.used]


def write_expectations(path: Path, results: Iterable[Any], engine: str) -> int:
    """Write every failing case (fail/error/timeout/xfail) as a known failure. Returns the count."""
    entries = []
    for r in results:
        if r.outcome in ("fail", "error", "timeout", "xfail"):
            first = (r.message or r.outcome).splitlines()[0][:200]
            entries.append({"case": r.case, "reason": r.reason or f"TODO: {first}"})
    data = {"format": FORMAT, "engine": engine, "known_failures": entries}
    if path.suffix in (".yaml", ".yml"):
        import yaml
        text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
    else:
        text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    from riskspec.conformance.report import atomic_write
    atomic_write(path, text)
    return len(entries)
