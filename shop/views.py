"""The shop page (商店): the props with their price, period and what they do; buying one;
using 负分清零."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.models import User
from shop import services
from shop.models import PropKind
from shop.selectors import beans_held, held_by, offers


def _shop_page(request: HttpRequest, *, error: str = "", status: int = 200) -> HttpResponse:
    user = request.user
    assert isinstance(user, User)
    user.refresh_from_db(fields=["beans", "lifetime_stake_units"])
    held = beans_held(user)
    context = {
        "offers": offers(),
        "held": held_by(user, now=timezone.now()),
        "beans": user.beans,
        "beans_held": held,
        "error": error,
    }
    return render(request, "shop/shop.html", context, status=status)


@login_required
def shop(request: HttpRequest) -> HttpResponse:
    return _shop_page(request)


def _price(raw: str) -> int | None:
    return int(raw) if raw.isdigit() and len(raw) < 12 else None


@login_required
@require_POST
def buy(request: HttpRequest) -> HttpResponse:
    user = request.user
    assert isinstance(user, User)
    kind = request.POST.get("kind", "")
    price = _price(request.POST.get("price", ""))
    if price is None:
        return _shop_page(request, error=_("The form did not say the price you saw."), status=400)
    try:
        record = services.buy(user=user, kind=kind, seen_price=price)
    except services.PropRefused as refused:
        return _shop_page(request, error=refused.message, status=400)
    messages.success(
        request,
        _("Bought %(prop)s for %(price)s beans.")
        % {"prop": PropKind(record.kind).label, "price": record.price},
    )
    return redirect("shop")


@login_required
@require_POST
def use(request: HttpRequest) -> HttpResponse:
    user = request.user
    assert isinstance(user, User)
    try:
        services.use(user=user, kind=request.POST.get("kind", ""))
    except services.PropRefused as refused:
        return _shop_page(request, error=refused.message, status=400)
    messages.success(request, _("Your general score is 0 again."))
    return redirect("shop")
