"""Scenarios: Risk Napoléon — leaders (on small purpose-built maps; see cases_napoleon)."""

from __future__ import annotations
