from django.urls import path

from lobby.consumers import LobbyConsumer, TableConsumer
from lobby.redten_consumer import RedTenTableConsumer

websocket_urlpatterns = [
    path("ws/lobby/", LobbyConsumer.as_asgi()),
    path("ws/table/<int:table_id>/", TableConsumer.as_asgi()),
    path("ws/redten/<int:table_id>/", RedTenTableConsumer.as_asgi()),
]
