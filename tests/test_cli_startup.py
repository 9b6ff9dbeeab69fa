"""The CLI imports only what the command it runs needs: ``riskspec --version`` loads no
subcommand module (nor jsonschema), ``riskspec odds`` loads the odds module and not the
conformance runner; every command's help is still complete. (The start-up time itself is
``benchmarks/bench_cli.py``'s to print.)"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from riskspec.cli import COMMANDS, build_parser, command_name, main

PROBE = """
import json, sys
from riskspec.cli import main
try:
    main({argv!r})
except SystemExit:
    pass
print(json.dumps(sorted(m for m in sys.modules if m.startswith(("riskspec", "jsonschema")))),
      file=sys.stderr)
"""


def _modules_after(*argv: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", PROBE.format(argv=list(argv))],
                         capture_output=True, text=True, check=True)
    return set(json.loads(out.stderr.strip().splitlines()[-1]))


def test_version_imports_no_subcommand_and_no_schema_library() -> None:
    loaded = _modules_after("--version")
    assert not {m for m in loaded if m.startswith("riskspec.cli.")}, loaded
    assert not {m for m in loaded if m.startswith(("jsonschema", "riskspec.loading"))}, loaded


def test_a_command_imports_its_own_module_only() -> None:
    loaded = _modules_after("odds", "3", "2")
    assert "riskspec.cli.odds" in loaded
    others = {f"riskspec.cli.{n}" for n in COMMANDS if n != "odds"}
    assert not loaded & others, loaded & others
    assert "riskspec.conformance.runner" not in loaded


@pytest.mark.parametrize("module", COMMANDS)
def test_each_module_registers_the_command_named_after_it(module: str) -> None:
    full = build_parser()
    alone = build_parser(command_name(module))
    subs = [a for a in full._actions if a.dest == "command"][0].choices
    assert command_name(module) in subs
    only = [a for a in alone._actions if a.dest == "command"][0].choices
    assert sorted(only) == sorted(subs)  # the others stay known, as bare names
    assert only[command_name(module)].format_help() == subs[command_name(module)].format_help()


def test_unknown_command_still_lists_every_command(capsys) -> None:
    assert main(["chek"]) == 2
    err = capsys.readouterr().err
    assert all(command_name(n) in err for n in COMMANDS)
    assert "did you mean check?" in err
