"""Django's ASGI handler, closing each request's database connections when it ends.

Django's ASGI handler serves every request in a ``ThreadSensitiveContext``: its sync work
(middleware, the view, the session) runs on a thread made for that request, and the
connections that thread opens live in its thread-local storage. With persistent connections
(``CONN_MAX_AGE``, which the sockets' one database thread needs) ``request_finished`` keeps
them open for reuse, but no later request ever runs on that thread again: each connection
stays open until the cyclic collector frees its thread's storage. The launcher runs that
collector every ``GC_SECONDS`` (baohuang_site/serve.py), so measured on PostgreSQL 40 page
loads held 41 connections, and a loaded site reached ``max_connections`` within two minutes
and answered every page with a 500 (docs/DEPLOYMENT.md, "Faults"). Closing them on the
request's own thread, once the response is sent, costs nothing: the next request opens a
fresh one on its own fresh thread either way.
"""

from __future__ import annotations

from typing import Any

import django
from asgiref.sync import ThreadSensitiveContext, sync_to_async
from django.core.handlers.asgi import ASGIHandler
from django.db import connections


class ClosingASGIHandler(ASGIHandler):
    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            raise ValueError(f"Django serves only HTTP here, not {scope['type']}")
        async with ThreadSensitiveContext():
            try:
                await self.handle(scope, receive, send)
            finally:
                # Thread-sensitive inside the request's context: the request's own thread,
                # whose connections these are (never the sockets' shared database thread).
                await sync_to_async(connections.close_all)()


def get_asgi_application() -> ClosingASGIHandler:
    """As ``django.core.asgi.get_asgi_application``, with the closing handler."""
    django.setup(set_prefix=False)
    return ClosingASGIHandler()
