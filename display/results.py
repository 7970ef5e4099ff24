"""One settlement line as pages show it: the live table's results and the replay's last step."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from display.labels import place_label, role_label


@dataclass(frozen=True, slots=True)
class ResultRow:
    seat: int
    name: str
    role: str
    place_label: str
    payout: int
    fee: int
    penalty: int
    net: int
    fled: bool
    title_before: str = ""
    title_after: str = ""
    points_before: int | None = None
    points_after: int | None = None
    reward: int = 0
    is_me: bool = False


class RecordedResult(Protocol):
    """The fields of a stored settlement row (``game.models.SeatResult``) a page shows."""

    seat: int
    role: str
    place: int
    payout: int
    fee: int
    penalty: int
    net: int
    fled: bool
    title_before: str
    title_after: str
    title_points_before: int | None
    title_points_after: int | None
    reward: int


def result_row(result: RecordedResult, *, name: str, me: int | None = None) -> ResultRow:
    """One settlement line, for the live table's results and the replay's last step alike."""
    return ResultRow(
        seat=result.seat,
        name=name,
        role=role_label(result.role),
        place_label=place_label(result.place),
        payout=result.payout,
        fee=result.fee,
        penalty=result.penalty,
        net=result.net,
        fled=result.fled,
        title_before=result.title_before,
        title_after=result.title_after,
        points_before=result.title_points_before,
        points_after=result.title_points_after,
        reward=result.reward,
        is_me=result.seat == me,
    )
