"""The games as PettingZoo environments: ``boardgames_lab.pettingzoo.env("saint_petersburg", players=4)``.

Needs the ``adapters`` extra; see ``boardgames_lab.adapters.pettingzoo`` and docs/adapters/pettingzoo.md.
"""
from .adapters.pettingzoo import BoardGameEnv, env, raw_env

__all__ = ["BoardGameEnv", "env", "raw_env"]
