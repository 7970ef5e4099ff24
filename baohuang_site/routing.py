"""Every websocket route of the site, gathered from the apps."""

from challenge.routing import websocket_urlpatterns as challenge_routes
from lobby.routing import websocket_urlpatterns as lobby_routes
from tournaments.routing import websocket_urlpatterns as tournament_routes

websocket_urlpatterns = [*lobby_routes, *tournament_routes, *challenge_routes]
