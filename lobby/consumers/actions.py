"""The hand's actions from a seat: play, pass, the role decisions, and the table features.

Each action goes through ``_submit`` to ``game.hands.submit_action`` on the database thread,
against the version the page shows (a stale one is refused); its ring comes back with the
result, for this loop to send. Marks, hints, peeks and psych-war messages move no version:
they reach their author alone (RULES §8.1, §8.2, §4.9), or the table as text (§8.3).

The seat this page shows is only what the player meant: every action names its sender
(``game.senders``) and is refused unless that is the seat the sender holds in the hand,
read when it is applied (docs/SECURITY.md, the seat switch).
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.html import escape

from accounts.sockets import user_group
from game import engine
from game.doorbell import RingBox, collect_rings
from game.hands import ActionRefused, parse_action, refuse_unless_held, set_mark, submit_action
from game.models import Hand, HandStatus, Table, TableSeat
from game.senders import Sender
from lobby.consumers.messages import BadMessage, int_field, text_field
from lobby.consumers.push import Pushes
from lobby.presenters import PSYCH_MESSAGES

PSYCH_INTERVAL = 3.0  # RULES §8.3: one psych-war message per player every 3 s
GUESSES = {g.value for g in engine.Guess}
ROLE_DECISIONS = frozenset(a.kind for a in engine.ROLE_CHOICES)


class TableActions(Pushes):
    """A seat's requests while its hand runs."""

    def _seat(self) -> int:
        if self.viewer.seat is None:
            raise ActionRefused("Spectators cannot act at this table.", code="spectator")
        return self.viewer.seat

    def _sender(self) -> Sender:
        if self.user_id is not None:
            return Sender(user_id=self.user_id)
        return Sender(user_id=None, session_key=self.session_key)

    async def _refuse_unless_held(self, hand_id: int | None) -> int:
        """The seat this page shows, if its sender holds it in hand ``hand_id`` (None: the
        table's running hand, or between hands the table's seat); else ``ActionRefused``.
        For the requests that write nothing to the hand (hints, peeks, psych war): what
        they show or say is that seat's."""
        seat = self._seat()
        await database_sync_to_async(_refuse_unless_held_at)(
            self.table_id, hand_id, self._sender(), seat
        )
        return seat

    async def _submit(
        self, data: dict[str, Any], action: engine.Action, *, versioned: bool
    ) -> None:
        seat = self._seat()
        version = int_field(data, "version", low=0, high=10**6) if versioned else None
        shown = self._shown_hand()
        if shown is not None:
            # The hand this page shows: if a newer one has started meanwhile, the service
            # refuses the action as finished or stale, and the page is about to catch up.
            hand_id: int | None = shown.pk
        else:
            hand_id = await database_sync_to_async(_current_hand_id)(self.table.pk)
        if hand_id is None:
            raise ActionRefused("No hand is running at this table.", code="no_hand")
        # The action's ring comes back with the result, for this loop to send: one hop per
        # action, not two (game.doorbell.RingBox).
        rings = RingBox()
        try:
            await _submit_ringing_async(
                rings,
                hand_id=hand_id,
                seat=seat,
                action=action,
                expected_version=version,
                sender=self._sender(),
            )
        finally:
            rings.deliver()

    async def _do_play(self, data: dict[str, Any]) -> None:
        cards = text_field(data, "cards").strip()
        if not cards:
            raise ActionRefused("Select the cards to play first.", code="empty")
        await self._submit(data, parse_action(f"play {cards}"), versioned=True)

    async def _do_pass(self, data: dict[str, Any]) -> None:
        await self._submit(data, engine.Pass(), versioned=True)

    async def _do_decide(self, data: dict[str, Any]) -> None:
        choice = text_field(data, "choice")
        if choice not in ROLE_DECISIONS:
            raise BadMessage(f"unknown choice {escape(choice)[:40]!r}")
        await self._submit(data, parse_action(choice), versioned=True)

    # --- RULES §10 decisions: each its own handler, through ``_submit`` -----------------

    async def _do_call(self, data: dict[str, Any]) -> None:
        """§10.1: take the throne calling a card identity, e.g. ``{"card": "8S"}``."""
        card = text_field(data, "card").strip()
        if not card or len(card) > 4:
            raise BadMessage("field 'card' must name a card identity such as 8S")
        await self._submit(data, parse_action(f"call {card}"), versioned=True)

    async def _do_grab(self, data: dict[str, Any]) -> None:
        """§10.7: grab solo, or let the emperor keep the throne."""
        choice = text_field(data, "choice")
        if choice not in ("grab_solo", "no_grab"):
            raise BadMessage("field 'choice' must be grab_solo or no_grab")
        action = engine.GrabSolo() if choice == "grab_solo" else engine.NoGrab()
        await self._submit(data, action, versioned=True)

    async def _do_request(self, data: dict[str, Any]) -> None:
        """§10.10: pass on the set a player went out with, asking to lead."""
        await self._submit(data, engine.RequestLead(), versioned=True)

    async def _do_auto(self, data: dict[str, Any]) -> None:
        on = text_field(data, "on")
        if on not in ("0", "1"):
            raise BadMessage("field 'on' must be '1' or '0'")
        await self._submit(data, engine.AutoPlay(on=on == "1"), versioned=False)

    async def _do_mark(self, data: dict[str, Any]) -> None:
        target = int_field(data, "target", low=0, high=4)
        guess = text_field(data, "guess")
        if guess not in GUESSES:
            raise BadMessage("field 'guess' must be emperor, guard, rebel or unknown")
        seat = self._seat()
        await self._shown_state()  # refuses when this page shows no running hand
        hand = self._shown_hand()
        assert hand is not None
        # RULES §8.2: a private note. Stored beside the hand, not in its log: no version
        # moves and no doorbell rings, so nobody else learns that a mark was made (F3).
        await database_sync_to_async(set_mark)(
            hand_id=hand.pk,
            seat=seat,
            target=target,
            guess=engine.Guess(guess),
            sender=self._sender(),
        )
        if self.user_id is None:  # a guest: one socket, no account group
            self.marks_key = None
            await self._push()
            return
        await self.channel_layer.group_send(
            user_group(self.user_id), {"type": "account.marks", "hand": hand.pk}
        )

    def _shown_hand(self) -> Hand | None:
        """The running hand of the last snapshot this connection rendered, if any."""
        snapshot = self.snapshot
        if snapshot is None or snapshot.hand is None or snapshot.state is None:
            return None
        return snapshot.hand if snapshot.hand.status == HandStatus.RUNNING else None

    async def _shown_state(self) -> engine.State:
        """The running hand's state as this page shows it; read afresh when it shows none."""
        if self._shown_hand() is None:
            self.snapshot = await self._snapshot()
        if self.snapshot is None or self.snapshot.state is None or self._shown_hand() is None:
            raise ActionRefused("No hand is running at this table.", code="no_hand")
        return self.snapshot.state

    async def _do_hint(self, data: dict[str, Any]) -> None:
        # RULES §4.9, for the position on this player's screen: a hint for a newer one
        # would not match the cards they see (and a play from an old one is refused).
        state = await self._shown_state()
        hand = self._shown_hand()
        seat = await self._refuse_unless_held(hand.pk if hand is not None else None)
        if state.version != self.hint_version:
            self.hint_n, self.hint_version = 0, state.version
        try:
            suggestion = engine.hint(state, seat, self.hint_n)
        except engine.IllegalAction as error:
            raise ActionRefused(str(error), code=type(error).__name__) from None
        self.hint_n += 1
        # An empty suggestion means pass: nothing in the hand beats the table (§4.9).
        cards = engine.format_cards(suggestion.cards) if isinstance(suggestion, engine.Play) else ""
        await self.send(
            text_data=f'<div id="hint" data-cards="{escape(cards)}" hx-swap-oob="true"></div>'
        )

    async def _do_peek(self, data: dict[str, Any]) -> None:
        raw = text_field(data, "target", required=False)
        if raw == "":
            self.peek = None
        else:
            target = int_field(data, "target", low=0, high=4)
            state = await self._shown_state()
            hand = self._shown_hand()
            seat = await self._refuse_unless_held(hand.pk if hand is not None else None)
            if target not in engine.view_for(state, seat).peek_targets:
                raise ActionRefused("You may not look at that player's cards.", code="peek")
            self.peek = target
        await self._push()

    async def _do_psych(self, data: dict[str, Any]) -> None:
        target = int_field(data, "target", low=0, high=4)
        key = text_field(data, "message")
        if key not in PSYCH_MESSAGES:
            raise BadMessage("unknown psych-war message")
        # The message goes out in a seat's name: the seat its sender holds now.
        seat = await self._refuse_unless_held(None)
        limit_key = f"psych:{self.table.pk}:{seat}"
        if not await database_sync_to_async(cache.add)(limit_key, 1, PSYCH_INTERVAL):
            raise ActionRefused("One message every 3 seconds.", code="rate")
        await self.channel_layer.group_send(
            self.group,
            {
                "type": "table.psych",
                "sender": str(seat),
                "target": str(target),
                "text": PSYCH_MESSAGES[key],
            },
        )

    async def table_psych(self, event: dict[str, Any]) -> None:
        """A psych-war message reached the table (RULES §8.3): the last six, on every page."""
        self.psych_log = [*self.psych_log[-5:], (event["sender"], event["target"], event["text"])]
        with translation.override(self.language):
            html = render_to_string("lobby/_psych.html", {"log": self.psych_log, "oob": True})
        await self.send(text_data=html)


def _submit_ringing(
    rings: RingBox,
    *,
    hand_id: int,
    seat: int,
    action: engine.Action,
    expected_version: int | None,
    sender: Sender | None = None,
) -> None:
    """``submit_action`` on the database thread, its ring kept in ``rings``."""
    with collect_rings(rings):
        submit_action(
            hand_id=hand_id,
            seat=seat,
            action=action,
            expected_version=expected_version,
            sender=sender,
        )


# Built once: making the wrapper (asgiref inspects the function each time) cost as much as
# handing the call to the database thread, on every action (docs/PERFORMANCE.md).
_submit_ringing_async = database_sync_to_async(_submit_ringing)


def _current_hand_id(table_id: int) -> int | None:
    return Table.objects.filter(pk=table_id).values_list("current_hand_id", flat=True).first()


def _refuse_unless_held_at(table_id: int, hand_id: int | None, sender: Sender, seat: int) -> None:
    """``refuse_unless_held`` for hand ``hand_id``, else for the table's running hand;
    between hands, the seat at the table."""
    if hand_id is None:
        hand_id = (
            Table.objects.filter(pk=table_id, current_hand__status=HandStatus.RUNNING)
            .values_list("current_hand_id", flat=True)
            .first()
        )
    if hand_id is not None:
        refuse_unless_held(hand_id, sender, seat)
        return
    seated = TableSeat.objects.filter(table_id=table_id, index=seat)
    if sender.user_id is not None:
        seated = seated.filter(user_id=sender.user_id)
    else:
        seated = seated.filter(is_guest=True, table__guest_session=sender.session_key or "-")
    if not seated.exists():
        raise ActionRefused(
            "Your seat changed before this arrived: nothing was done. Look again and retry.",
            code="seat_moved",
        )
