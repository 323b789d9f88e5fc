"""The Kuhn poker definition: the core binds it all from the house's modules (core/definition.py)."""
from ...core.definition import GameDefinition
from .state import KuhnState


class KuhnPoker(GameDefinition[KuhnState]):
    house = __package__
