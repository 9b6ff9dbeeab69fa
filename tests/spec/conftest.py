"""Fixtures of the validator's tests."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from riskspec.loading import default_root


@pytest.fixture
def spec(tmp_path: Path) -> Path:
    """A fresh copy of the shipped spec folder to edit (``tmp_path/spec``)."""
    root = tmp_path / "spec"
    shutil.copytree(default_root(), root, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    return root
