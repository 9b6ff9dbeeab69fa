"""The built spec kept as a pickle: read back only from exactly the files it was built from."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from riskspec.loading import _collect, default_root, pickled


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RISKSPEC_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("RISKSPEC_NO_CACHE", raising=False)
    return tmp_path / "cache"


@pytest.fixture
def spec_copy(tmp_path: Path) -> Path:
    root = tmp_path / "spec"
    shutil.copytree(default_root(), root)
    return root


def test_the_pickled_spec_equals_the_built_one(cache: Path, spec_copy: Path) -> None:
    ctx, built = _collect(spec_copy)
    assert ctx.problems == []
    assert pickled.read_spec(spec_copy) is None          # nothing kept yet
    pickled.write_spec(spec_copy, built)
    kept = pickled.read_spec(spec_copy)
    assert kept is not None and kept is not built
    assert kept == built
    assert kept.variant("classic").resolve({}).params == built.variant("classic").resolve({}).params


def test_any_changed_added_or_removed_file_is_a_miss(cache: Path, spec_copy: Path) -> None:
    _, built = _collect(spec_copy)
    rules = spec_copy / "napoleon" / "rules.yaml"
    for change in (lambda: rules.write_text(rules.read_text(encoding="utf-8") + "\n",
                                            encoding="utf-8"),
                   lambda: (spec_copy / "extra.yaml").write_text("x: 1\n", encoding="utf-8"),
                   lambda: (spec_copy / "extra.yaml").unlink()):
        pickled.write_spec(spec_copy, built)
        assert pickled.read_spec(spec_copy) is not None
        change()
        assert pickled.read_spec(spec_copy) is None


def test_a_touched_file_of_the_same_size_is_a_miss(cache: Path, spec_copy: Path) -> None:
    _, built = _collect(spec_copy)
    pickled.write_spec(spec_copy, built)
    rules = spec_copy / "classic" / "rules.yaml"
    st = rules.stat()
    os.utime(rules, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))
    assert pickled.read_spec(spec_copy) is None


def test_a_corrupt_cache_is_a_miss_and_the_opt_out_holds(cache: Path, spec_copy: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    _, built = _collect(spec_copy)
    pickled.write_spec(spec_copy, built)
    [kept] = cache.glob("spec-*.pickle")
    kept.write_bytes(kept.read_bytes()[:200])
    assert pickled.read_spec(spec_copy) is None
    pickled.write_spec(spec_copy, built)
    monkeypatch.setenv("RISKSPEC_NO_CACHE", "1")
    assert pickled.read_spec(spec_copy) is None


PROBE = """
import json, sys
from riskspec.cli import main
main({argv!r})
print(json.dumps(sorted(m for m in sys.modules if m.startswith(("yaml", "jsonschema",
      "riskspec.reference.engine")))), file=sys.stderr)
"""


@pytest.mark.parametrize("argv", [["explain", "classic.attack.ties"], ["odds", "3", "2"]])
def test_a_command_reading_rules_from_the_kept_spec_loads_no_yaml_nor_schemas(
        argv: list[str], tmp_path: Path) -> None:
    env = {**os.environ, "RISKSPEC_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("RISKSPEC_NO_CACHE", None)
    code = PROBE.format(argv=argv)
    first = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                           text=True, check=True)       # builds the spec, keeps it
    again = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                           text=True, check=True)
    assert again.stdout == first.stdout
    assert json.loads(first.stderr.strip().splitlines()[-1]) != []
    assert json.loads(again.stderr.strip().splitlines()[-1]) == []
