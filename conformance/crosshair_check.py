"""Symbolic checks of the rule contracts with CrossHair — of the reference engine, or of
your own engine's functions through an adapter.

The pure rule functions of the reference engine carry PEP 316 contracts in their
docstrings (``pre:`` / ``post:`` lines) stating the rule: dice limits, loss resolution
(ties), reinforcement counts, card-set validity and value, the move-in range after a
conquest, and the Napoléon dice modifiers.  This module runs ``crosshair check`` over
them with a bounded time per condition::

    python -m riskspec.conformance.crosshair_check                 # the reference engine
    python -m riskspec.conformance.crosshair_check --adapter my_adapter.py

With ``--adapter`` the same contracts are checked against *your* functions: the adapter
is a Python module (a file or an importable name) defining any of the functions of
:data:`TARGETS` under the same names, with the same arguments, calling your engine.  A
wrapper module is generated that gives each of your functions the reference's signature
and contract, and CrossHair searches for inputs that break them.  See docs/contracts.md.

Exit status: 0 no counterexample, 1 counterexample(s) found (printed as
``file:line: error: …``), 2 setup error (a module that does not import, no targets),
3 the whole run took longer than ``--timeout`` seconds.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import inspect
import os
import re
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

#: every contract-carrying rule function the CI run checks, as module.function
TARGETS: tuple[str, ...] = (
    "riskspec.reference.battle.get_attacker_dice_limit",
    "riskspec.reference.battle.get_defender_dice_limit",
    "riskspec.reference.battle.compute_losses",
    "riskspec.reference.reinforce.compute_territory_armies",
    "riskspec.reference.reinforce.compute_reinforcements",
    "riskspec.reference.cards.get_set_problem",
    "riskspec.reference.cards.get_set_value",
    "riskspec.reference.cards.get_fixed_set_value",
    "riskspec.reference.occupy.get_occupy_range",
    "riskspec.reference.elimination.compute_capture",
    "riskspec.reference.modifiers.apply_bonuses",
    "riskspec.reference.modifiers.combine_bonuses",
)

#: contract-carrying functions left out of the CI run because they enumerate every roll
#: (CrossHair spends its whole budget on them without finding anything the exact tests
#: in tests/odds do not already check); run them with ``--thorough``
THOROUGH_ONLY: tuple[str, ...] = (
    "riskspec.reference.battle.count_orderings",
    "riskspec.reference.battle.get_roll_outcomes",
)

DEFAULT_PER_CONDITION = 3.0
DEFAULT_TIMEOUT = 300.0


@dataclass
class Result:
    returncode: int
    output: str
    seconds: float
    targets: tuple[str, ...]

    @property
    def counterexamples(self) -> list[str]:
        return [line for line in self.output.splitlines() if ": error:" in line]


def crosshair_argv(targets: Sequence[str], per_condition: float,
                   per_path: float | None = None) -> list[str]:
    """The ``crosshair check`` command line (run with the current Python)."""
    return [sys.executable, "-m", "crosshair", "check",
            "--per_condition_timeout", str(per_condition),
            *(["--per_path_timeout", str(per_path)] if per_path else []), *targets]


def run_crosshair(targets: Sequence[str], *, per_condition: float = DEFAULT_PER_CONDITION,
                  timeout: float = DEFAULT_TIMEOUT, jobs: int = 1,
                  extra_path: Sequence[str] = (), per_path: float | None = None) -> Result:
    """Run ``crosshair check`` on ``targets`` split over ``jobs`` processes; exit codes as
    crosshair's (0/1/2), or 3 if the run is cut off at ``timeout`` seconds.

    ``per_condition`` and ``per_path`` are CPU seconds; CrossHair gives the SMT solver half
    of ``per_path`` as a *wall-clock* limit, so on a busy machine a short ``per_path`` (by
    default the square root of ``per_condition``) can make it miss a counterexample."""
    targets = tuple(targets)
    if not targets:
        return Result(2, "no targets to check\n", 0.0, targets)
    env = dict(os.environ)
    if extra_path:
        env["PYTHONPATH"] = os.pathsep.join([*extra_path, env.get("PYTHONPATH", "")])
    groups = [list(targets[i::jobs]) for i in range(max(1, min(jobs, len(targets))))]
    start = time.perf_counter()
    procs = [subprocess.Popen(crosshair_argv(g, per_condition, per_path), stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, env=env,
                              start_new_session=True)
             for g in groups]
    outputs: list[str] = []
    codes: list[int] = []
    timed_out = False
    for proc in procs:
        left = max(0.1, timeout - (time.perf_counter() - start))
        try:
            out, _ = proc.communicate(timeout=left)
        except subprocess.TimeoutExpired:
            timed_out = True
            _kill(proc)
            out, _ = proc.communicate()
        outputs.append(out or "")
        codes.append(proc.returncode)
    seconds = time.perf_counter() - start
    output = "".join(outputs)
    if timed_out:
        return Result(3, output + f"crosshair: cut off after {timeout:g} s\n", seconds, targets)
    if any(c == 1 for c in codes):
        code = 1
    elif any(c != 0 for c in codes):
        code = 2
    else:
        code = 0
    return Result(code, output, seconds, targets)


def _kill(proc: subprocess.Popen) -> None:
    """Stop one crosshair process we started, and its children, by its own group id."""
    try:
        os.killpg(proc.pid, 9)
    except (ProcessLookupError, PermissionError):
        proc.kill()


# ---------------------------------------------------------------------- adapters

class AdapterError(Exception):
    """The adapter does not fit the reference functions it names."""


def load_adapter(spec: str) -> tuple[str, str | None]:
    """(module name, directory to put on sys.path) of an adapter given as a file or name."""
    path = Path(spec)
    if spec.endswith(".py") or path.exists():
        if not path.is_file():
            raise SystemExit(f"crosshair_check: no adapter file {spec}")
        return path.stem, str(path.resolve().parent)
    return spec, None


@dataclass
class Wrapper:
    """The generated module: its file, the targets to check, and which lines belong to
    which adapter function (to name it in CrossHair's messages)."""

    path: Path
    adapter: str
    targets: list[str]
    spans: list[tuple[int, int, str, str]]     # (first line, last line, function, reference)

    def explain(self, output: str) -> str:
        """CrossHair's messages with the generated file's lines named by function."""
        def name(m: re.Match[str]) -> str:
            line = int(m.group(1))
            for first, last, fn, ref in self.spans:
                if first <= line <= last:
                    return f"{self.adapter}.{fn} (under the contract of {ref}):"
            return m.group(0)
        return re.sub(re.escape(str(self.path)) + r":(\d+):", name, output)


def write_wrapper(adapter_module: str, directory: Path,
                  targets: Sequence[str] = TARGETS + THOROUGH_ONLY) -> Wrapper:
    """Write ``riskspec_contracts_<adapter>.py`` into ``directory``: for every function of
    ``targets`` the adapter defines, a function with the reference's signature and
    contract that calls the adapter's."""
    adapter = importlib.import_module(adapter_module)
    name = f"riskspec_contracts_{adapter_module.replace('.', '_')}"
    lines = [f'"""Generated by riskspec.conformance.crosshair_check: the reference contracts '
             f'applied to {adapter_module}."""',
             "from __future__ import annotations",
             "from collections.abc import Mapping, Sequence",
             f"import {adapter_module} as _adapter", ""]
    found: list[str] = []
    spans: list[tuple[int, int, str, str]] = []
    seen_modules: set[str] = set()
    for target in targets:
        mod_name, _, fn_name = target.rpartition(".")
        impl = getattr(adapter, fn_name, None)
        if not callable(impl):
            continue
        ref_mod = importlib.import_module(mod_name)
        ref = getattr(ref_mod, fn_name)
        if mod_name not in seen_modules:       # names the contracts use (e.g. WILD)
            seen_modules.add(mod_name)
            consts = sorted(k for k, v in vars(ref_mod).items()
                            if k.isupper() and isinstance(v, (str, int, tuple, frozenset)))
            if consts:
                lines.append(f"from {mod_name} import {', '.join(consts)}")
        sig = inspect.signature(ref)
        doc = inspect.getdoc(ref) or ""
        # The adapter may narrow the check to what its engine supports with its own
        # ``pre:`` lines (e.g. ``pre: max_dice == 3`` for an engine that plays only Classic).
        own = [ln.strip() for ln in (inspect.getdoc(impl) or "").splitlines()
               if ln.strip().startswith("pre:")]
        # Arguments are passed by name, only those the adapter's function takes; a reference
        # argument it leaves out is held at its default (an optional rule it does not play).
        accepted = inspect.signature(impl).parameters
        takes_all = any(p.kind is p.VAR_KEYWORD for p in accepted.values())
        passed = []
        for prm in sig.parameters.values():
            if takes_all or prm.name in accepted:
                passed.append(f"{prm.name}={prm.name}")
            elif prm.default is not inspect.Parameter.empty:
                own.append(f"pre: {prm.name} == {prm.default!r}")
            else:
                raise AdapterError(f"{adapter_module}.{fn_name} lacks the argument "
                                   f"{prm.name!r} of {target}{sig}")
        params = ", ".join(passed)
        if own:
            doc = _add_preconditions(doc, own)
        lines += ["", ""]
        first = sum(chunk.count("\n") + 1 for chunk in lines) + 1
        lines += [f"def {fn_name}{_signature_text(sig)}:",
                  textwrap.indent(f'"""{_escape(doc)}\n"""', "    "),
                  f"    return _adapter.{fn_name}({params})"]
        last = sum(chunk.count("\n") + 1 for chunk in lines)
        spans.append((first, last, fn_name, target))
        found.append(f"{name}.{fn_name}")
    path = directory / f"{name}.py"
    from riskspec.safeio import write_text
    write_text(path, "\n".join(lines) + "\n", "crosshair wrapper")
    return Wrapper(path, adapter_module, found, spans)


def _escape(doc: str) -> str:
    return doc.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')


def _add_preconditions(doc: str, pres: list[str]) -> str:
    """Insert ``pres`` before the first ``post:`` line of a docstring (or at its end)."""
    lines = doc.splitlines()
    at = next((i for i, ln in enumerate(lines) if ln.strip().startswith("post:")), len(lines))
    return "\n".join(lines[:at] + pres + lines[at:])


def _signature_text(sig: inspect.Signature) -> str:
    parts = []
    for p in sig.parameters.values():
        text = p.name
        if p.annotation is not inspect.Parameter.empty:
            text += f": {p.annotation if isinstance(p.annotation, str) else _ann(p.annotation)}"
        if p.default is not inspect.Parameter.empty:
            text += f" = {p.default!r}"
        parts.append(text)
    ret = sig.return_annotation
    tail = "" if ret is inspect.Signature.empty else \
        f" -> {ret if isinstance(ret, str) else _ann(ret)}"
    return f"({', '.join(parts)}){tail}"


def _ann(annotation: object) -> str:
    return getattr(annotation, "__name__", repr(annotation))


# ---------------------------------------------------------------------- command line

def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m riskspec.conformance.crosshair_check",
        description="Check the rule contracts with CrossHair (symbolic execution): of the "
                    "reference engine, or of your engine's functions through an adapter.",
        epilog="exit status: 0 clean, 1 counterexample, 2 setup error, 3 overall timeout. "
               "See docs/contracts.md.")
    p.add_argument("targets", nargs="*", metavar="TARGET",
                   help="module.function to check (default: every rule function); with "
                        "--adapter, reference functions by name, e.g. compute_losses")
    p.add_argument("--adapter", metavar="MODULE|FILE.py",
                   help="check these functions of your engine under the reference contracts")
    p.add_argument("--per-condition-timeout", type=float, default=DEFAULT_PER_CONDITION,
                   metavar="S", help=f"CPU seconds per contract condition (default "
                                     f"{DEFAULT_PER_CONDITION:g})")
    p.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, metavar="S",
                   help=f"wall-clock bound of the whole run (default {DEFAULT_TIMEOUT:g})")
    p.add_argument("--jobs", "-j", type=int, default=1, metavar="N",
                   help="crosshair processes side by side (default 1)")
    p.add_argument("--thorough", action="store_true",
                   help="also the functions that enumerate every roll (slow)")
    p.add_argument("--list", action="store_true", help="list the targets and exit")
    args = p.parse_args(argv)

    extra_path: list[str] = []
    with tempfile.TemporaryDirectory(prefix="riskspec-crosshair-") as tmp:
        if args.adapter:
            module, directory = load_adapter(args.adapter)
            if directory:
                sys.path.insert(0, directory)
                extra_path.append(directory)
            # targets by reference name or by bare function name (compute_losses)
            by_name = {t.rpartition(".")[2]: t for t in TARGETS + THOROUGH_ONLY}
            chosen = (tuple(by_name.get(t, t) for t in args.targets)
                      or TARGETS + (THOROUGH_ONLY if args.thorough else ()))
            try:
                wrapper = write_wrapper(module, Path(tmp), chosen)
            except ImportError as exc:
                print(f"crosshair_check: cannot import adapter {module!r}: {exc}",
                      file=sys.stderr)
                return 2
            except AdapterError as exc:
                print(f"crosshair_check: {exc}", file=sys.stderr)
                return 2
            extra_path.append(tmp)
            targets = wrapper.targets
            if not targets:
                print(f"crosshair_check: adapter {module!r} defines none of "
                      f"{', '.join(t.rpartition('.')[2] for t in chosen)}", file=sys.stderr)
                return 2
            print(f"checking {len(targets)} function(s) of {module} under the reference "
                  f"contracts", file=sys.stderr)
        else:
            targets = list(args.targets) or list(TARGETS + (THOROUGH_ONLY if args.thorough
                                                            else ()))
        if args.list:
            print("\n".join(targets))
            return 0
        result = run_crosshair(targets, per_condition=args.per_condition_timeout,
                               timeout=args.timeout, jobs=args.jobs, extra_path=extra_path)
        if args.adapter:
            result.output = wrapper.explain(result.output)
    sys.stdout.write(result.output)
    verdict = {0: "no counterexample", 1: f"{len(result.counterexamples)} counterexample(s)",
               2: "setup error", 3: "timed out"}[result.returncode]
    print(f"crosshair: {len(result.targets)} function(s), {verdict}, {result.seconds:.1f} s "
          f"(per condition {args.per_condition_timeout:g} CPU s)", file=sys.stderr)
    return result.returncode


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
