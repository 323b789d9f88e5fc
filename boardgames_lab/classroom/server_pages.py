"""The classroom server's HTTP pages: the student page, the teacher page, their scripts and the decisions as CSV.
The pages hold no data; they speak the protocol over the WebSocket (``server_messages.py``)."""
from __future__ import annotations

import asyncio
from importlib import resources

from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response

from .server_core import ServerCore

PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'unsafe-inline' 'self'; "
                               "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; "
                               "frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",  # the token is in the page's address: never send it elsewhere
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}


def _static(name: str) -> str:
    return resources.files("boardgames_lab.classroom").joinpath("static", name).read_text(encoding="utf-8")


class Pages(ServerCore):
    """The routes other than the WebSocket."""

    async def index(self, request: Request) -> Response:
        return HTMLResponse("<!doctype html><title>boardgames_lab classroom</title>"
                            "<p>Open the join link your teacher gave you.</p>", headers=PAGE_HEADERS)

    async def play(self, request: Request) -> Response:
        return HTMLResponse(_static("student.html"), headers=PAGE_HEADERS)

    async def script(self, request: Request) -> Response:
        return Response(_static("student.js"), media_type="text/javascript", headers=PAGE_HEADERS)

    async def teacher_page(self, request: Request) -> Response:
        """The teacher's page: it holds no data; it asks for the teacher token and speaks the protocol."""
        return HTMLResponse(_static("teacher.html"), headers=PAGE_HEADERS)

    async def teacher_script(self, request: Request) -> Response:
        return Response(_static("teacher.js"), media_type="text/javascript", headers=PAGE_HEADERS)

    async def decisions_csv(self, request: Request) -> Response:
        """Every decision of the session as CSV, for the teacher token (``Authorization: Bearer <token>``)."""
        given = request.headers.get("authorization", "")
        if not given.startswith("Bearer ") or not self.room.is_teacher(given[len("Bearer "):]):
            return PlainTextResponse("the teacher token is needed (Authorization: Bearer <token>)", status_code=403,
                                     headers=PAGE_HEADERS)
        text = await asyncio.get_running_loop().run_in_executor(None, self.room.decisions_csv)
        headers = {**PAGE_HEADERS, "Content-Disposition": 'attachment; filename="decisions.csv"'}
        return Response(text, media_type="text/csv; charset=utf-8", headers=headers)


__all__ = ["PAGE_HEADERS", "Pages"]
