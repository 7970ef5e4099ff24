"""The Red Ten table socket (RULES §11): one connection, one viewer, the Red Ten fragment.

The same protocol as the Baohuang table (docs/PROTOCOL.md): htmx ``ws-send`` forms in,
out-of-band fragments out, the table's doorbell (``game.doorbell``) rings on every committed
change. Each connection renders its own viewer's table from ``redten.view_for`` of its seat
and sends it only when it differs from what the page shows: while the 亮牌 step runs another
seat's answer changes nothing on this page, so no frame is sent at all (no content, size or
timing says who answered, or how).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext as _

from game import presence
from game.doorbell import table_group
from game.engine import redten
from game.engine.actions import AutoPlay
from game.games import submit_action
from game.hands import ActionRefused
from game.keeper import ensure_keeper
from game.models import Table
from game.redten_hands import parse_action
from game.senders import Sender
from lobby import tables
from lobby.consumers import (
    CLOSE_FLOOD,
    CLOSE_FORBIDDEN,
    CLOSE_NO_TABLE,
    CLOSE_NOT_SIGNED_IN,
    CLOSE_TOO_MANY,
    MAX_FRAME,
    SOCKETS,
    BadMessage,
    PersonSocket,
    scope_language,
)
from lobby.consumers.liveness import Heartbeat
from lobby.consumers.table import floods
from lobby.redten_table import (
    RedTenSnapshot,
    load_snapshot,
    render_table,
    table_context,
    viewer_in,
)
from lobby.table_state import Viewer


class RedTenTableConsumer(Heartbeat, PersonSocket):
    viewer: Viewer

    async def connect(self) -> None:
        ensure_keeper()
        self.language = scope_language(self.scope)
        self.sent = ""
        self.recent: list[float] = []
        self.slots: list[str] = []
        self.present_seat: int | None = None
        self.snapshot: RedTenSnapshot | None = None
        # The hint (提示) cycles per connection for the position this page shows, and starts
        # over when the table moves on (docs/DECISIONS.md, "The hint answers for the page's
        # position").
        self.hint: redten.Action | None = None
        self.hint_n = 0
        self.hint_version = -1
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        user = self.scope.get("user")
        session = self.scope.get("session")
        self.session_key = session.session_key if session is not None else None
        self.user_id = user.pk if user is not None and user.is_authenticated else None
        snapshot = await database_sync_to_async(load_snapshot)(self.table_id)
        if snapshot is None:
            await self.close(code=CLOSE_NO_TABLE)
            return
        viewer = viewer_in(snapshot, self.user_id, self.session_key)
        if viewer is None:
            signed_in = self.user_id is not None
            await self.close(code=CLOSE_FORBIDDEN if signed_in else CLOSE_NOT_SIGNED_IN)
            return
        self.viewer = viewer
        owner = f"user:{self.user_id}" if self.user_id is not None else f"guest:{self.session_key}"
        if not SOCKETS.take(owner, settings.BAOHUANG_SOCKETS_PER_ACCOUNT):
            await self.accept()
            await self._send_error(
                _("Too many open tables for this account: close some tabs and reload.")
            )
            await self.close(code=CLOSE_TOO_MANY)
            return
        self.slots.append(owner)
        self.group = table_group(self.table_id)
        await self.accept()
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self._here(viewer.seat)
        await self._send_render(snapshot)

    async def disconnect(self, code: int) -> None:
        for key in self.slots:
            SOCKETS.give_back(key)
        self.slots = []
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self._here(None)

    async def _here(self, seat: int | None) -> None:
        if seat == self.present_seat:
            return
        if self.present_seat is not None:
            await database_sync_to_async(presence.disconnected)(
                table_id=self.table_id, seat=self.present_seat, channel_name=self.channel_name
            )
        if seat is not None:
            await database_sync_to_async(presence.connected)(
                table_id=self.table_id, seat=seat, channel_name=self.channel_name
            )
        self.present_seat = seat

    # --- pushes ----------------------------------------------------------------------------

    async def table_changed(self, event: dict[str, Any]) -> None:
        snapshot = await database_sync_to_async(load_snapshot)(self.table_id)
        if snapshot is not None:
            await self._send_render(snapshot)

    async def table_psych(self, event: dict[str, Any]) -> None:
        """Psych-war messages are a Baohuang table feature; nothing to draw here."""

    async def table_presence(self, event: dict[str, Any]) -> None:
        """Seat presence between hands is drawn on Baohuang tables; not here."""

    async def _send_render(self, snapshot: RedTenSnapshot, errors: tuple[str, ...] = ()) -> None:
        self.snapshot = snapshot
        viewer = viewer_in(snapshot, self.user_id, self.session_key)
        if viewer is not None:
            self.viewer = viewer
        state = snapshot.state
        hint = self.hint if state is not None and state.version == self.hint_version else None
        with translation.override(self.language):
            html = render_table(
                table_context(snapshot, self.viewer, errors=errors, hint=hint), oob=True
            )
        if html != self.sent:
            self.sent = html
            await self.send(text_data=html)

    async def _send_error(self, message: str) -> None:
        if self.snapshot is None:
            await self.send(
                text_data=f'<div id="redten-error" role="alert">{escape(message)}</div>'
            )
            return
        await self._send_render(self.snapshot, errors=(message,))

    # --- requests --------------------------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if floods(self.recent):
            await self.close(code=CLOSE_FLOOD)
            return
        with translation.override(self.language):
            try:
                if text_data is None or len(text_data.encode()) > MAX_FRAME:
                    raise BadMessage(_("message too large or not text"))
                try:
                    data = json.loads(text_data)
                except json.JSONDecodeError:
                    raise BadMessage(_("not JSON")) from None
                if not isinstance(data, dict):
                    raise BadMessage(_("a message must be a JSON object"))
                await self._dispatch(data)
            except BadMessage as error:
                await self._send_error(_("Malformed message: %(reason)s.") % {"reason": error})
            except ActionRefused as error:
                await self._send_error(translation.gettext(error.message))
            except tables.SeatRefused as error:
                await self._send_error(error.message)

    async def _dispatch(self, data: dict[str, Any]) -> None:
        action = data.get("action")
        handlers: dict[str, Callable[[dict[str, Any]], Any]] = {
            "show_tens": self._do_show,
            "no_show": self._do_no_show,
            "play": self._do_play,
            "pass": self._do_pass,
            "auto": self._do_auto,
            "ready": self._do_ready,
            "hint": self._do_hint,
            "ping": self._do_ping,  # the page's heartbeat (lobby.consumers.liveness)
        }
        if not isinstance(action, str) or action not in handlers:
            raise BadMessage(_("unknown action %(action)r") % {"action": escape(str(action))[:40]})
        await handlers[action](data)

    def _seat(self) -> int:
        if self.viewer.seat is None:
            raise ActionRefused(_("Spectators cannot act at this table."), code="spectator")
        return self.viewer.seat

    async def _submit(self, action: redten.Action, version: int | None) -> None:
        seat = self._seat()
        snapshot = self.snapshot
        if snapshot is None or snapshot.hand is None:
            raise ActionRefused(_("No hand is running at this table."), code="no_hand")
        # Applied only for the seat this account (or trial session) holds in that hand, read
        # when it is applied: the page's seat may be an earlier seating's (game.senders).
        sender = Sender(user_id=self.user_id, session_key=self.session_key)
        await database_sync_to_async(submit_action)(
            hand_id=snapshot.hand.pk,
            seat=seat,
            action=action,
            expected_version=version,
            sender=sender,
        )

    @staticmethod
    def _version(data: dict[str, Any]) -> int:
        raw = data.get("version")
        if not isinstance(raw, (str, int)) or not str(raw).isdigit() or int(raw) > 10**6:
            raise BadMessage(_("field 'version' must be a whole number"))
        return int(raw)

    # 亮牌 answers carry no version: they do not depend on the position, and the page shows
    # none during the step (see lobby.redten_table).
    async def _do_show(self, data: dict[str, Any]) -> None:
        await self._submit(redten.SHOW, None)

    async def _do_no_show(self, data: dict[str, Any]) -> None:
        await self._submit(redten.NO_SHOW, None)

    async def _do_play(self, data: dict[str, Any]) -> None:
        raw = data.get("cards")
        codes = raw if isinstance(raw, list) else [raw] if isinstance(raw, str) else None
        if codes is None or not all(isinstance(c, str) for c in codes):
            raise BadMessage(_("field 'cards' must be card codes"))
        text = " ".join(c.strip() for c in codes if c.strip())
        if not text:
            raise ActionRefused(_("Select the cards to play first."), code="empty")
        await self._submit(parse_action(f"play {text}"), self._version(data))

    async def _do_pass(self, data: dict[str, Any]) -> None:
        await self._submit(redten.PASS, self._version(data))

    async def _do_hint(self, data: dict[str, Any]) -> None:
        """RULES §8.4's 提示, as the Baohuang table's: the smallest legal set that beats the
        last one (any set when leading), the next one on each press, "pass" when none does;
        drawn as this viewer's raised cards only."""
        seat = self._seat()
        self._version(data)
        snapshot = self.snapshot
        state = snapshot.state if snapshot is not None else None
        if snapshot is None or state is None:
            raise ActionRefused(_("No hand is running at this table."), code="no_hand")
        if state.phase is redten.Phase.FINISHED:
            raise ActionRefused("This hand is over.", code="finished")
        if state.version != self.hint_version:
            self.hint_n, self.hint_version = 0, state.version
        try:
            self.hint = redten.hint(state, seat, self.hint_n)
        except redten.IllegalAction as error:
            raise ActionRefused(str(error), code=type(error).__name__) from None
        self.hint_n += 1
        self.sent = ""  # drawn again even when it raises the same set: the page may differ
        await self._send_render(snapshot)

    async def _do_auto(self, data: dict[str, Any]) -> None:
        on = data.get("on")
        if on not in ("0", "1"):
            raise BadMessage(_("field 'on' must be '1' or '0'"))
        await self._submit(AutoPlay(on=on == "1"), None)

    async def _do_ready(self, data: dict[str, Any]) -> None:
        user = self.scope.get("user")
        language = self.language
        table = await database_sync_to_async(Table.objects.get)(pk=self.table_id)

        def call() -> None:
            with translation.override(language):
                if table.is_guest:
                    tables.guest_ready(table=table)
                elif user is not None and user.is_authenticated:
                    tables.set_ready(table=table, user=user)
                else:
                    raise ActionRefused(_("Sign in to take a seat."), code="anonymous")

        await database_sync_to_async(call)()
