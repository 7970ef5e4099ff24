"""A table of five people plus a spectator over the real ASGI app, and the oracles that
say what each of them may see (RULES §3.4, §8). The sockets and ``Player`` are in
baohuang_site.devtools.table_players."""

from __future__ import annotations

import re
from collections import Counter

from asgiref.sync import sync_to_async

from accounts.models import User
from baohuang_site.devtools.table_players import Player, connect, hand_state, seat_five
from display.labels import RANK_LABELS, SUIT_SYMBOLS
from game import engine
from game.engine.cards import CARDS, cards_of, format_card
from game.models import HandEvent, Table
from tests.conftest import PASSWORD

# A card face: one element whose rank and suit are attributes (templates/lobby/_card.html).
FACE = re.compile(r'class="card[^"]*"[^>]*? data-r="([^"]*)"(?: data-s="([^"]*)")?')
SEAT_BLOCK = re.compile(
    r'<div id="seat-\d" class="seat seat--([^"]*)" data-seat="(\d)"(?: hx-swap-oob="true")?>'
)
MARK = re.compile(r'<summary class="mark mark-(\w+)"')


# A part of a seat pushed alone (its stats, clock, last play, tools...): it belongs to its
# own seat, whatever precedes it in the frame.
SEAT_PART_ALONE = re.compile(
    r'<(?:div|span)(?: class="[^"]*")? id="seat-[a-z]+-(\d)" hx-swap-oob="true"'
)


def seat_blocks(parts: dict[str, str]) -> list[tuple[str, int, str]]:
    """(classes, seat index, inner html) of each seat a frame carries: inside the whole
    "seats" fragment of a first render, as the single "seat-N" fragments of a push, or as
    parts of a seat pushed alone (classes "" for those)."""
    alone: list[tuple[str, int, str]] = []
    whole = []
    for name, rest in parts.items():
        pieces = SEAT_PART_ALONE.split(rest)
        alone.extend(
            ("", int(index), body) for index, body in zip(pieces[1::2], pieces[2::2], strict=True)
        )
        if name[:5] == "seat-":
            whole.append(f'<div id="{name}"{pieces[0]}')
    pieces = SEAT_BLOCK.split("".join(whole))[1:]
    return [
        (cls, int(index), body)
        for cls, index, body in zip(pieces[::3], pieces[1::3], pieces[2::3], strict=True)
    ] + alone


def fragments(frame: str) -> dict[str, str]:
    """Split one frame into its top-level fragments by root id."""
    out: dict[str, str] = {}
    for part in frame.split('<div id="')[1:]:
        name, _, rest = part.partition('"')
        out[name] = rest
    return out


def face(card: engine.Card) -> tuple[str, str]:
    suit = card.suit.value if card.suit is not None else ""
    return RANK_LABELS[int(card.rank)], SUIT_SYMBOLS.get(suit, "")


def hand_codes(cards: tuple[int, ...]) -> Counter[str]:
    return Counter(format_card(c) for c in cards_of(cards))


async def table_of_five(
    slug: str = "standard", *, prefix: str = "p", language: str = "en"
) -> tuple[Table, list[Player], Player]:
    names = [f"{prefix}{i}" for i in range(5)]
    table, users = await sync_to_async(seat_five)(slug, names)
    watcher = await sync_to_async(User.objects.create_user)(f"{prefix}w", None, PASSWORD)
    players = [
        Player(u.username, u, i, await connect(u, table, language=language))
        for i, u in enumerate(users)
    ]
    spectator = Player(watcher.username, watcher, None, await connect(watcher, table))
    for p in [*players, spectator]:
        await p.until_version(0)
    return table, players, spectator


def snapshot(table: Table) -> tuple[int, int]:
    """The hand's version and its number of events: what a refused message must not move."""
    hand, _ = hand_state(table)
    return hand.version, HandEvent.objects.filter(hand=hand).count()


def all_codes() -> set[str]:
    return {format_card(c) for c in CARDS}
