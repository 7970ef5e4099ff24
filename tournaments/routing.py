from django.urls import path

from tournaments.consumers import NoticeConsumer, TournamentConsumer

websocket_urlpatterns = [
    path("ws/tournament/<int:tournament_id>/", TournamentConsumer.as_asgi()),
    path("ws/notices/", NoticeConsumer.as_asgi()),
]
