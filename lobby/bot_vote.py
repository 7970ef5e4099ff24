"""A person who leaves between hands is replaced by a bot only if the others want
to keep playing. The open questions live on the table row (``Table.bot_votes``), one per
seat: the leaver's name, the people asked (those seated when they left) and who said yes.

Pure functions over that dict: the writes in ``lobby.tables`` and ``lobby.matchmaking``
call them under the table's row lock and save the result. A seat gets its bot once everyone
asked and still seated said yes; one "wait for a person" drops the question and the seat
stays empty; somebody who does not answer holds it open (silence is not a yes).
"""

from __future__ import annotations

from typing import Any

Votes = dict[str, dict[str, Any]]


def opened(votes: Votes, *, seat: int, name: str, asked: list[int]) -> Votes:
    """``votes`` with a new question about ``seat`` put to ``asked`` (none: no question)."""
    out = {k: v for k, v in votes.items() if k != str(seat)}
    if asked:
        out[str(seat)] = {"name": name, "asked": sorted(asked), "yes": []}
    return out


def without_seat(votes: Votes, seat: int) -> Votes:
    """The question about ``seat`` is over (a person sat down there, or somebody said no)."""
    return {k: v for k, v in votes.items() if k != str(seat)}


def without_person(votes: Votes, user_id: int) -> Votes:
    """``user_id`` left the table: they are asked no more, and their answers go with them."""
    return {
        k: {
            **v,
            "asked": [u for u in v["asked"] if u != user_id],
            "yes": [u for u in v["yes"] if u != user_id],
        }
        for k, v in votes.items()
    }


def with_yes(votes: Votes, *, seat: int, user_id: int) -> Votes:
    vote = votes[str(seat)]
    return {**votes, str(seat): {**vote, "yes": sorted({*vote["yes"], user_id})}}


def settled(votes: Votes) -> tuple[Votes, list[int]]:
    """The questions still open, and the seats everyone asked agreed to give a bot. A
    question nobody is left to answer is dropped: its seat stays empty."""
    still: Votes = {}
    agreed = []
    for key, vote in votes.items():
        if not vote["asked"]:
            continue
        if set(vote["asked"]) <= set(vote["yes"]):
            agreed.append(int(key))
        else:
            still[key] = vote
    return still, sorted(agreed)


def asked_about(votes: Votes, user_id: int) -> list[tuple[int, str, bool]]:
    """The questions put to ``user_id``: (seat, leaver's name, whether they said yes)."""
    return sorted(
        (int(k), str(v["name"]), user_id in v["yes"])
        for k, v in votes.items()
        if user_id in v["asked"]
    )
