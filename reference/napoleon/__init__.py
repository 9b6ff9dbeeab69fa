"""Risk: Napoléon Edition on the reference engine's machinery.

The variant family ``napoleon`` adds maritime zones and ships, neutrals that
hold territories, fixed-value card sets with territory bonuses, and (Advanced
Rules) leaders, fortifications, epidemics, missions and victory points.  The
public API stays :mod:`riskspec.reference.engine`: it dispatches a Napoléon
state through the family's hooks (:mod:`.family`).

Layers, bottom to top (:data:`LAYERS`).  A module imports only modules of lower layers,
at the top of the module (no function-level imports); modules of one layer do not import
each other:

1. parameters and records — :mod:`.params` (the typed, checked spec parameters),
   :mod:`.ruleids`, :mod:`.actions` (parsed actions and active effects as named records);
2. tables — :mod:`.tables` (the ruleset compiled to index tables: places = territories
   then zones);
3. state — :mod:`.state` (:class:`~.state.NapState` and its JSON);
4. queries and rule steps, one feature each — :mod:`.reach`, :mod:`.naval`,
   :mod:`.leaders`, :mod:`.missions`;
5. the same, built on those — :mod:`.effects` (active card effects), :mod:`.tiebreak`;
6. handlers: turn flow — :mod:`.game` (setup, turn start, reinforcement, trades and
   purchases), :mod:`.epidemics`, :mod:`.maneuvers`;
7. handlers built on the turn flow — :mod:`.combat` (battles, naval and forced),
   :mod:`.setup_readings`, :mod:`.ransom`, :mod:`.turn_end` (end of the turn, draws,
   final scoring);
8. handlers built on the battle — :mod:`.invasion`, :mod:`.plays` (cards played for
   their effect, rerolls);
9. legal — :mod:`.legal` (action shapes, legal actions, chance tables, the handler
   table), :mod:`.consistency` (a state's invariants), :mod:`.policy` (the driver's
   choice);
10. family — :mod:`.family` (the hooks registered with the engine).

:mod:`.inline` (a variant on an inline map) imports only the spec loader.
"""

#: the layers of this package, bottom first (see the module docstring)
LAYERS: tuple[tuple[str, ...], ...] = (
    ("params", "ruleids", "actions", "inline"),
    ("tables",),
    ("state",),
    ("reach", "naval", "leaders", "missions"),
    ("effects", "tiebreak"),
    ("game", "epidemics", "maneuvers"),
    ("combat", "setup_readings", "ransom", "turn_end"),
    ("invasion", "plays"),
    ("legal", "consistency", "policy"),
    ("family",),
)
