"""Classroom tables: students play each other from their own devices; the teacher watches every table.

Needs the ``classroom`` extra (``pip install boardgames-lab[classroom]``). ``Room`` is the session
(tables, seats, tokens, the database), ``create_app`` the Starlette app serving it, ``Classroom``
the teacher's notebook view. The WebSocket protocol is documented in ``classroom.protocol``.
"""
from __future__ import annotations

from typing import Any

__all__ = ["Classroom", "Room", "create_app"]


def __getattr__(name: str) -> Any:  # imported when used: the command line lists `classroom` without the extra
    if name == "Room":
        from .room import Room
        return Room
    if name == "create_app":
        from .server import create_app
        return create_app
    if name == "Classroom":
        from .notebook import Classroom
        return Classroom
    raise AttributeError(name)
