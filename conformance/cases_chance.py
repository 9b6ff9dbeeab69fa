"""Scenarios: (being written) cases for the surviving mutants of the reference engine's rule modules."""

from __future__ import annotations
