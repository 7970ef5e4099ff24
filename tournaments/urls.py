from django.urls import path

from tournaments import views

urlpatterns = [
    path("tournaments/<int:tournament_id>/", views.tournament, name="tournament"),
    path("tournaments/<int:tournament_id>/register/", views.register, name="tournament_register"),
    path("tournaments/<int:tournament_id>/leave/", views.leave, name="tournament_leave"),
    path(
        "tournaments/<int:tournament_id>/deals/<int:deal_number>/",
        views.deal,
        name="tournament_deal",
    ),
]
