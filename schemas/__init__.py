"""Data package: the JSON Schemas (draft 2020-12) of every riskspec file format.

:func:`load_schema` is the one reader of these files: the validator
(:mod:`riskspec.validation`) and the engine's parameter reader
(:mod:`riskspec.reference.params`) both use it, so each schema is read once per process
and nothing here loads a YAML or JSON Schema library.
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any


@functools.cache
def load_schema(name: str) -> dict[str, Any]:
    """The shipped schema file ``name`` (e.g. ``"state.schema.json"``), parsed."""
    text = resources.files(__name__).joinpath(name).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema
