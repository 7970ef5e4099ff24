from django.urls import path

from game import views

urlpatterns = [
    path("hands/mine/", views.my_hands, name="my_hands"),
    path("hands/<int:hand_id>/", views.replay, name="replay"),
    path("hands/<int:hand_id>/steps/<int:step>/", views.replay_step, name="replay_step"),
    path("hands/<int:hand_id>/advice/", views.ask_advice, name="hand_advice"),
    path("hands/<int:hand_id>/export.json", views.export_json, name="hand_export_json"),
    path("hands/<int:hand_id>/export.txt", views.export_text, name="hand_export_text"),
    path("rooms/<slug:slug>/hands/", views.room_hands_page, name="room_hands"),
]
