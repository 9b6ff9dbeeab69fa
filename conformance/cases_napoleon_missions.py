"""Scenarios: Risk Napoléon — missions (on small purpose-built maps; see cases_napoleon)."""

from __future__ import annotations
