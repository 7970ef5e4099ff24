"""The props a player holds, for his profile (templates/shop/_held.html)."""

from __future__ import annotations

from django import template
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe

from accounts.models import User
from shop.selectors import held_by

register = template.Library()


@register.simple_tag(takes_context=True)
def props_held(context: template.Context, player: User) -> SafeString:
    held = held_by(player, now=timezone.now())
    html = render_to_string(
        "shop/_held.html", {"held": held, "with_use": True}, request=context.get("request")
    )
    return mark_safe(html)  # the template engine escaped it
