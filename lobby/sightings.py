"""Who is the same person's second account: the browsers and network addresses an account is
seen from (docs/SECURITY.md, "Second accounts").

Each browser carries a long-lived signed cookie with a random id (``BrowserIdMiddleware``).
An account is seen (``record``) when it signs in and whenever it looks for a seat; the
browser id and the address are kept as keyed hashes only (``tag``), so equal ones can be
told and the address itself is never stored, shown or sent. Quick match keeps apart the
accounts of one browser, and by default of one address (``kept_apart``); a private table
shows its seated players which seats share an address (``shared_address_seats``).
"""

from __future__ import annotations

import secrets
from collections import defaultdict
from collections.abc import Awaitable, Callable, Iterable
from datetime import timedelta
from typing import Any, cast

from asgiref.sync import iscoroutinefunction
from django.conf import settings
from django.core import signing
from django.db.models import Q
from django.http import HttpRequest, HttpResponseBase
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.decorators import sync_and_async_middleware

from accounts.models import User
from accounts.selectors import kept_apart_from
from game.models import Room, Sighting
from lobby.addresses import counted_address

BROWSER_COOKIE = "bh_browser"
_COOKIE_SALT = "lobby.sightings.browser"
_COOKIE_AGE = 10 * 365 * 24 * 3600  # a browser is the same browser for years
BROWSER_ID = "browser_id"  # the request attribute the middleware sets


def client_address(request: HttpRequest) -> str:
    """The address the site counts a request by: daphne's client (it reads X-Forwarded-For
    only when started with ``--proxy-headers``, docs/DEPLOYMENT.md), an IPv6 one by its /64
    (``lobby.addresses``)."""
    return counted_address(str(request.META.get("REMOTE_ADDR", "")))


def browser_id(request: HttpRequest) -> str:
    return str(getattr(request, BROWSER_ID, ""))


def tag(kind: str, value: str) -> str:
    """A keyed hash of ``value``: equal values give equal tags, and the value cannot be read
    back without the site's secret key. Nothing known gives nothing ("")."""
    if not value:
        return ""
    return salted_hmac(f"lobby.sightings.{kind}", value, algorithm="sha256").hexdigest()[:32]


def address_tag(request: HttpRequest) -> str:
    return tag("address", client_address(request))


def _read_cookie(request: HttpRequest) -> str:
    known = request.get_signed_cookie(BROWSER_COOKIE, default="", salt=_COOKIE_SALT)
    setattr(request, BROWSER_ID, known or secrets.token_urlsafe(16))
    return str(known)


def _set_cookie(request: HttpRequest, response: HttpResponseBase, known: str) -> None:
    if not known:
        response.set_signed_cookie(
            BROWSER_COOKIE,
            browser_id(request),
            salt=_COOKIE_SALT,
            max_age=_COOKIE_AGE,
            httponly=True,
            samesite="Lax",
            secure=settings.SESSION_COOKIE_SECURE,
        )


Handler = Callable[[HttpRequest], HttpResponseBase]
AsyncHandler = Callable[[HttpRequest], Awaitable[HttpResponseBase]]


@sync_and_async_middleware
def BrowserIdMiddleware(get_response: Handler | AsyncHandler) -> Handler | AsyncHandler:
    """Give every browser a random id in a signed cookie, once, and read it on each request
    (``browser_id``). Sync and async: it adds no thread hop to the ASGI handler."""
    if iscoroutinefunction(get_response):
        respond_async = cast(AsyncHandler, get_response)

        async def middleware_async(request: HttpRequest) -> HttpResponseBase:
            known = _read_cookie(request)
            response = await respond_async(request)
            _set_cookie(request, response, known)
            return response

        return middleware_async

    respond = cast(Handler, get_response)

    def middleware(request: HttpRequest) -> HttpResponseBase:
        known = _read_cookie(request)
        response = respond(request)
        _set_cookie(request, response, known)
        return response

    return middleware


def record(request: HttpRequest, user: User) -> None:
    """``user`` is here now, in this browser, from this address."""
    record_seen(user, browser=browser_id(request), address=client_address(request))


def socket_browser_id(scope: dict[str, Any]) -> str:
    """The browser id of a websocket's browser (its signed cookie), or ""."""
    value = scope.get("cookies", {}).get(BROWSER_COOKIE, "")
    try:
        return str(signing.get_cookie_signer(salt=BROWSER_COOKIE + _COOKIE_SALT).unsign(value))
    except signing.BadSignature:
        return ""


def socket_address(scope: dict[str, Any]) -> str:
    """A websocket's client address, as ``client_address`` is for a request."""
    client = scope.get("client") or ("",)
    return counted_address(str(client[0] or ""))


def record_seen(user: User, *, browser: str, address: str) -> None:
    """``user`` is here now, in ``browser`` (its id), from ``address``."""
    browser, address = tag("browser", browser), tag("address", address)
    if browser or address:
        Sighting.objects.update_or_create(
            user=user, browser=browser, address=address, defaults={"last_seen": timezone.now()}
        )


def kept_apart(*, user: User, address: str, room: Room) -> frozenset[int]:
    """The accounts never seated at ``user``'s table in ``room``, by quick match or by hand:
    those ever seen in one of ``user``'s browsers, and, unless the room allows it, those
    seen at ``address`` (a tag; "" at a private table, whose seats see who shares an address
    instead) lately; and those an admin keeps apart from him (docs/FAIRPLAY.md). Keeping
    apart is free (another table will do), so "lately" is wide."""
    mine = Sighting.objects.filter(user=user).exclude(browser="").values("browser")
    match = Q(browser__in=mine)
    if address and not room.allow_shared_address:
        since = timezone.now() - timedelta(hours=settings.BAOHUANG_SHARED_ADDRESS_HOURS)
        match |= Q(address=address, last_seen__gte=since)
    found = Sighting.objects.filter(match).exclude(user=user).values_list("user_id", flat=True)
    return frozenset(found.distinct()) | kept_apart_from(user.pk)


def shared_address_seats(seated: Iterable[tuple[int, int]]) -> tuple[tuple[int, ...], ...]:
    """Of ``seated`` (seat, user id) pairs, the groups of seats whose players were last seen
    at one address, each in seat order; seats alone at their address are in none."""
    seated = tuple(seated)
    if len(seated) < 2:
        return ()
    latest: dict[int, str] = {}
    rows = (
        Sighting.objects.filter(user_id__in=[user for _, user in seated])
        .exclude(address="")
        .order_by("user_id", "-last_seen")
        .values_list("user_id", "address")
    )
    for user_id, address in rows:
        latest.setdefault(user_id, address)
    groups: dict[str, list[int]] = defaultdict(list)
    for seat, user_id in seated:
        if user_id in latest:
            groups[latest[user_id]].append(seat)
    return tuple(sorted(tuple(sorted(g)) for g in groups.values() if len(g) > 1))
