"""Risk: Napoléon Edition on the reference engine's machinery.

The variant family ``napoleon`` adds maritime zones and ships, neutrals that
hold territories, fixed-value card sets with territory bonuses, and (Advanced
Rules) leaders, fortifications, epidemics, missions and victory points.  The
public API stays :mod:`riskspec.reference.engine`: it dispatches a Napoléon
state to :mod:`.game` through a small hook table.

* :mod:`.tables` — the ruleset compiled to index tables (places = territories then zones);
* :mod:`.state` — :class:`NapState` (the shared :class:`State` plus zones and flags) and JSON;
* :mod:`.game` — setup, turn flow, ``process_*`` handlers, legal actions and chance nodes.
"""
