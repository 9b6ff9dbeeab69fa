"""The bounds on every number a user or client can pass where it drives work or memory.

These are limits of the tools, not rules of the game (the rules' numbers live in the spec
YAML): each one is said in the error that refuses a value past it and in the ``--help`` or
tool description that takes the value. Importing this module imports nothing else.
"""

from __future__ import annotations

#: the most armies a side may have in an odds computation (the exact chain holds a × d
#: states of ever longer fractions: 200 × 200 takes seconds, 5,000 × 5,000 gigabytes);
#: ``riskspec odds``, the MCP ``battle_odds`` tool and the docs refuse more, saying so
MAX_ARMIES = 200
#: the largest ``riskspec odds --table N``
MAX_TABLE = 200
#: the most engine processes ``riskspec check --jobs`` runs side by side
MAX_JOBS = 64
#: the most games ``riskspec check --fuzz`` and ``riskspec play --games`` play in one run
MAX_GAMES = 1_000_000
#: the most steps of one fuzzed game (``--fuzz-steps``)
MAX_FUZZ_STEPS = 100_000
#: the most examples of ``riskspec check --hypothesis N`` (each one a game played on the
#: engine and the reference: 100,000 is a day's run)
MAX_HYPOTHESIS_EXAMPLES = 100_000
#: the most steps of one Hypothesis example (``--hypothesis-steps``); Hypothesis shrinks a
#: failure over every step, and past a few thousand its choice buffer ends the example anyway
MAX_HYPOTHESIS_STEPS = 10_000
#: the longest ``search_rules`` query (characters) and the most words of it that count
MAX_QUERY_CHARS = 2_000
MAX_QUERY_WORDS = 64
#: the longest JSON text (characters) an MCP tool takes for a state or an action
MAX_JSON_CHARS = 4 * 1024 * 1024
#: the largest seed any command or tool takes (a seed is hashed, never looped over, but a
#: 10,000-digit integer costs time to convert and print)
MAX_SEED = 2**63 - 1
