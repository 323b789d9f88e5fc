"""The games inside other frameworks: PettingZoo (``pettingzoo.py``) and OpenSpiel (``openspiel.py``).

Optional: they need the ``adapters`` extra. The engine never imports this package.
"""
