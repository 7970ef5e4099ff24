from django.urls import path

from game import views

urlpatterns = [
    path("hands/<int:hand_id>/", views.replay, name="replay"),
]
