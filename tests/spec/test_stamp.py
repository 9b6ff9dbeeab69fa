"""The validated-content stamp: schema checks are skipped only for byte-identical files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from riskspec.loading import _collect, default_root, stamp


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RISKSPEC_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("RISKSPEC_NO_CACHE", raising=False)
    return tmp_path / "cache"


def test_key_changes_with_any_byte(tmp_path: Path, cache: Path) -> None:
    root = tmp_path / "spec"
    shutil.copytree(default_root(), root)
    before = stamp.content_key(root)
    assert before == stamp.content_key(root)
    rules = root / "napoleon" / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert stamp.content_key(root) != before


def test_stamp_round_trip_and_opt_out(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    key = stamp.content_key(default_root())
    assert not stamp.is_stamped(key)
    stamp.write_stamp(key)
    assert stamp.is_stamped(key) and any(cache.iterdir())
    monkeypatch.setenv("RISKSPEC_NO_CACHE", "1")
    assert not stamp.is_stamped(key)


def test_skipping_schemas_builds_the_same_spec(cache: Path) -> None:
    full_ctx, full = _collect(default_root())
    fast_ctx, fast = _collect(default_root(), skip_schemas=True)
    assert full_ctx.problems == fast_ctx.problems == []
    assert full.rules == fast.rules and full.ambiguities == fast.ambiguities
    assert set(full.variants) == set(fast.variants)
    assert all(full.variants[v].board == fast.variants[v].board for v in full.variants)


def test_a_schema_error_is_only_missed_when_told_to_skip(tmp_path: Path) -> None:
    root = tmp_path / "spec"
    shutil.copytree(default_root(), root)
    rules = root / "napoleon" / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text.replace("format: riskspec/rules@1",
                                  "format: riskspec/rules@1\nbogus_key: 1", 1), encoding="utf-8")
    ctx, _ = _collect(root)
    assert any("bogus_key" in str(p) for p in ctx.problems)


def test_unwritable_cache_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("RISKSPEC_CACHE_DIR", str(blocker / "sub"))
    stamp.write_stamp("k")  # must not raise
    assert not stamp.is_stamped("k")
