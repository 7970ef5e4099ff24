from django.urls import path

from challenge import views

urlpatterns = [
    path("daily/", views.challenges, name="daily"),
    path("daily/<int:challenge_id>/", views.challenge, name="daily_challenge"),
    path("daily/<int:challenge_id>/enter/", views.enter, name="daily_enter"),
    path("daily/<int:challenge_id>/deals/<int:deal_number>/play/", views.play, name="daily_play"),
    path("daily/<int:challenge_id>/deals/<int:deal_number>/", views.deal, name="daily_deal"),
    path("daily/<int:challenge_id>/players/<int:user_id>/", views.player, name="daily_player"),
    path("daily/boards/<str:period>/", views.boards, name="daily_board"),
    path("ratings/", views.ratings, name="ratings"),
]
