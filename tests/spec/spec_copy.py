"""Editing a copy of the spec (the ``spec`` fixture of ``conftest.py``) in the validator's
tests."""

from __future__ import annotations

from pathlib import Path


def edit(path: Path, old: str, new: str) -> int:
    """Replace the first ``old`` by ``new``; return the line ``new`` starts on."""
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))
    return text[:text.index(old)].count("\n") + 1
