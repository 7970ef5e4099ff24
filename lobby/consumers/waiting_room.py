"""The waiting room: who sits where between hands, bots, a private table's owner, chat.

Seating writes run on the database thread through ``_seating``, in this page's language:
their refusals (``tables.SeatRefused``) go back to this socket only. Seats change between
hands (docs/DECISIONS.md); leaving a running hand is fleeing (RULES §6.3).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from channels.db import database_sync_to_async
from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext_noop

from accounts.models import User
from game.hands import ActionRefused
from game.models import Table
from lobby import chat, matchmaking, sightings, tables
from lobby.consumers.messages import BadMessage, int_field, text_field
from lobby.consumers.push import Pushes
from lobby.table_state import Viewer


class WaitingRoom(Pushes):
    """The requests of the table between hands, and its chat."""

    async def _do_sit(self, data: dict[str, Any]) -> None:
        seat = int_field(data, "seat", low=0, high=4)
        user = self._signed_in()
        # Sitting by hand keeps second accounts and an admin's pairs apart as quick match
        # does (docs/SECURITY.md, "Second accounts"); the table's lock is taken by ``sit``.
        apart = await database_sync_to_async(_kept_apart_here)(self.scope, user, self.table)
        await self._seating(tables.sit)(table=self.table, seat=seat, user=user, apart=apart)
        self.viewer = Viewer(user_id=user.pk, seat=seat)
        await self._here(seat)

    async def _do_stand(self, data: dict[str, Any]) -> None:
        user = self._signed_in()
        await self._seating(tables.stand)(table=self.table, user=user)
        self.viewer = Viewer(user_id=user.pk, seat=None)
        await self._here(None)

    async def _do_leave(self, data: dict[str, Any]) -> None:
        """Leave a running hand on purpose: that is fleeing (RULES §6.3)."""
        user = self._signed_in()
        await self._seating(tables.leave)(table=self.table, user=user)
        self.viewer = Viewer(user_id=user.pk, seat=None)
        await self._here(None)

    async def _do_ready(self, data: dict[str, Any]) -> None:
        if self.table.is_guest:
            await self._seating(tables.guest_ready)(table=self.table)
            return
        await self._seating(tables.set_ready)(table=self.table, user=self._signed_in())

    async def _do_bot(self, data: dict[str, Any]) -> None:
        seat = int_field(data, "seat", low=0, high=4)
        level = data.get("level", "normal")  # 普通 unless the form says otherwise (DECISIONS.md)
        if not isinstance(level, str):
            raise BadMessage("field 'level' must be text")
        await self._seating(tables.add_bot)(
            table=self.table, seat=seat, by=self._signed_in(), level=level
        )

    # --- filling a waiting table, a private table's owner, chat -------------------------

    async def _do_chat(self, data: dict[str, Any]) -> None:
        """A quick phrase or emote from a seated player; it never moves the hand's version."""
        key = text_field(data, "say")
        if not chat.is_known(key):
            raise BadMessage("unknown chat phrase")
        if self.viewer.seat is None:
            raise ActionRefused(
                gettext_noop("Spectators can read the chat but not write to it."), code="spectator"
            )
        limit_key = f"chat:{self.table.pk}:{self.viewer.seat}"
        if not await database_sync_to_async(cache.add)(limit_key, 1, chat.CHAT_INTERVAL):
            raise ActionRefused(gettext_noop("One chat message every 3 seconds."), code="rate")
        user = self._user()
        name = user.username if user is not None else gettext_noop("Guest")
        await self.channel_layer.group_send(
            self.group, {"type": "table.chat", "sender": name, "say": key}
        )

    async def table_chat(self, event: dict[str, Any]) -> None:
        sender, key = str(event["sender"]), str(event["say"])
        if not chat.is_known(key):
            return
        log = getattr(self, "chat_log", [])
        self.chat_log = [*log[-(chat.CHAT_LOG_SIZE - 1) :], (sender, key)]
        with translation.override(self.language):
            lines = [(translation.gettext(name), chat.text_of(k)) for name, k in self.chat_log]
            html = render_to_string("lobby/_chat.html", {"log": lines, "oob": True})
        await self.send(text_data=html)

    async def _do_fill_bots(self, data: dict[str, Any]) -> None:
        """The waiting room's countdown offer: bots in every empty seat."""
        await self._seating(matchmaking.fill_with_bots)(table=self.table, by=self._signed_in())

    async def _do_remove(self, data: dict[str, Any]) -> None:
        seat = int_field(data, "seat", low=0, high=4)
        await self._seating(matchmaking.remove_player)(
            table=self.table, by=self._signed_in(), seat=seat
        )

    async def _do_bot_vote(self, data: dict[str, Any]) -> None:
        """Answer whether a bot takes the seat of a person who left between hands."""
        seat = int_field(data, "seat", low=0, high=4)
        keep = text_field(data, "keep")
        if keep not in ("0", "1"):
            raise BadMessage("field 'keep' must be '1' or '0'")
        if self.viewer.seat is None:
            raise ActionRefused(
                gettext_noop("Only the people seated at the table are asked."), code="spectator"
            )
        await self._seating(matchmaking.answer_bot_vote)(
            table=self.table, user=self._signed_in(), seat=seat, keep=keep == "1"
        )

    async def _do_close_table(self, data: dict[str, Any]) -> None:
        await self._seating(matchmaking.close_table)(table=self.table, by=self._signed_in())

    def _seating(self, write: Callable[..., object]) -> Callable[..., Awaitable[None]]:
        """A seating write on the database thread, in this page's language: its refusals
        are written there with gettext, and the thread's own language is the site's."""
        language = self.language

        def call(**kwargs: Any) -> None:
            with translation.override(language):
                write(**kwargs)

        done: Callable[..., Awaitable[None]] = database_sync_to_async(call)
        return done

    def _signed_in(self) -> User:
        user = self._user()
        if user is None:
            raise ActionRefused("Sign in to take a seat.", code="anonymous")
        return user

    def _user(self) -> User | None:
        user = self.scope.get("user")
        return user if user is not None and user.is_authenticated else None


def _kept_apart_here(scope: dict[str, Any], user: User, table: Table) -> frozenset[int]:
    """``user`` looks for a seat at ``table`` from this socket's browser and address: he is
    seen there (``lobby.sightings``), and kept from whom quick match would keep him."""
    address = sightings.socket_address(scope)
    sightings.record_seen(user, browser=sightings.socket_browser_id(scope), address=address)
    if table.is_private:
        address = ""
    return sightings.kept_apart(
        user=user, address=sightings.tag("address", address), room=table.room
    )
