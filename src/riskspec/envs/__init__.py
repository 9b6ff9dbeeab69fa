"""Reinforcement-learning and game-theory front ends of the reference engine.

* :func:`env` / :class:`RiskEnv` — a PettingZoo AEC environment of any variant
  (needs the ``riskspec[rl]`` extra: ``pip install "riskspec[rl]"``).
* :func:`vector_env` / :class:`~riskspec.envs.vector.RiskVectorEnv` — copies of it stepped
  together, a Gymnasium vector environment for batched self-play (the same extra).
* :mod:`riskspec.envs.openspiel` — the variants as OpenSpiel Python games
  (needs ``open_spiel``).
* :mod:`riskspec.envs.codec` — the fixed discrete action encoding both use (no extra
  needed), and :mod:`riskspec.envs.observation` — the observation vector (NumPy, which
  both extras install).

See ``docs/envs.md``.
"""

from __future__ import annotations

import importlib
from typing import Any

from riskspec.errors import MissingExtraError

__all__ = ["MissingExtraError", "RiskEnv", "env", "vector_env"]


def _need_rl(module: str = "pettingzoo_env") -> Any:
    try:
        pettingzoo_env = importlib.import_module(f"riskspec.envs.{module}")
    except ImportError as exc:
        raise MissingExtraError(
            f"riskspec.envs needs PettingZoo and Gymnasium ({exc.name or exc} is missing): "
            f"pip install \"riskspec[rl]\"") from None
    return pettingzoo_env


def env(variant: str = "classic", players: Any = 3, **kwargs: Any) -> Any:
    """A PettingZoo AEC environment (:class:`RiskEnv`) of ``variant`` for ``players``."""
    return _need_rl().RiskEnv(variant, players, **kwargs)


def vector_env(num_envs: int, variant: str = "classic", players: Any = 3,
               **kwargs: Any) -> Any:
    """``num_envs`` copies of ``env(variant, players, **kwargs)`` stepped together: a
    Gymnasium vector environment (:class:`riskspec.envs.vector.RiskVectorEnv`)."""
    return _need_rl("vector").vector_env(num_envs, variant, players, **kwargs)


def __getattr__(name: str) -> Any:
    if name == "RiskEnv":
        return _need_rl().RiskEnv
    raise AttributeError(f"module 'riskspec.envs' has no attribute {name!r}")
