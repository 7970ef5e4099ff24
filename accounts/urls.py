from django.urls import URLPattern, path

from accounts import views

urlpatterns: list[URLPattern] = [
    # "me" before <username>: the literal route wins; sign-up refuses the name "me"
    # (accounts.adapters.RESERVED_USERNAMES).
    path("players/me/", views.my_profile, name="my_profile"),
    path("players/<str:username>/", views.profile, name="profile"),
    path("leaderboards/", views.leaderboards, name="leaderboards"),
]
