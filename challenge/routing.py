from django.urls import path

from challenge.consumers import ChallengeConsumer

websocket_urlpatterns = [
    path("ws/daily/<int:challenge_id>/", ChallengeConsumer.as_asgi()),
]
