from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path, re_path
from django.views.generic import RedirectView

from lobby import views as lobby_views

urlpatterns = [
    path("", lobby_views.home, name="home"),
    path("play/", lobby_views.start_game, name="start_game"),
    path("rules/", lobby_views.rules, name="rules"),
    path("rooms/<slug:slug>/", lobby_views.room, name="room"),
    path("rooms/<slug:slug>/new-table/", lobby_views.new_table, name="new_table"),
    path("rooms/<slug:slug>/play-with-bots/", lobby_views.play_with_bots, name="play_with_bots"),
    path("rooms/<slug:slug>/try/", lobby_views.try_as_guest, name="try_as_guest"),
    path("tables/<int:table_id>/", lobby_views.table, name="table"),
    path("tables/<int:table_id>/leave-trial/", lobby_views.leave_trial, name="leave_trial"),
    path("leave-table/", lobby_views.leave_table, name="leave_table"),
    path("rooms/<slug:slug>/quick-match/", lobby_views.quick_match, name="quick_match"),
    path("rooms/<slug:slug>/private-table/", lobby_views.new_private_table, name="private_table"),
    path("join/", lobby_views.join_by_code, name="join_by_code"),
    path("join/<str:token>/", lobby_views.join, name="join"),
    path("", include("game.urls")),
    path("", include("accounts.urls")),
    path("", include("tournaments.urls")),
    path("", include("challenge.urls")),
    path("", include("shop.urls")),
    path("accounts/", include("allauth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    # Rooms and tables belong to the game app: admin addresses under lobby/ (bookmarks from
    # when the lobby app held them) lead to the same page.
    re_path(
        r"^admin/lobby/(?P<rest>(?:room|table|tableseat|serverprocess|connection)/.*)$",
        RedirectView.as_view(url="/admin/game/%(rest)s", permanent=True, query_string=True),
    ),
    path("admin/", admin.site.urls),
    # Pages without a <link rel="icon"> (a JSON answer, a browser's own guess) ask for this.
    path("favicon.ico", RedirectView.as_view(url=static("favicon.svg"), permanent=False)),
]
