"""Lobby pages."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from lobby.selectors import open_rooms


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "lobby/home.html", {"rooms": open_rooms()})
