"""ASGI entry point: HTTP through Django (static files by whitenoise), websockets through
Channels behind the session/auth middleware and the Origin check."""

from __future__ import annotations

import os
from typing import Any

from baohuang_site.http_handler import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baohuang_site.settings")
# Django must be set up before anything imports models (the consumers do).
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from baohuang_site.routing import websocket_urlpatterns  # noqa: E402
from game.keeper import ensure_keeper  # noqa: E402

router = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """The site. Daphne has no start-up hook (no ASGI lifespan), so the first request or
    socket of a process starts its deadline keeper on the server's event loop; deadlines
    that expired while the server was down fire then."""
    ensure_keeper()
    await router(scope, receive, send)
