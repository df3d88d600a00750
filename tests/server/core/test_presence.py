"""Presence without sockets: who is connected is passed in, the table's presence and spectator list come out."""

from __future__ import annotations

import dataclasses

from wuerfel.server.core import presence, timing


@dataclasses.dataclass(frozen=True)
class Seat:
    seat: int
    player_id: int | None = None
    bot: str | None = None

    @property
    def kind(self) -> str:
        return "bot" if self.bot else "human" if self.player_id is not None else "empty"


SEATS = [Seat(0, 1), Seat(1, None, "random"), Seat(2, 1), Seat(3, 2), Seat(4)]


def test_online_lists_every_seat_of_a_connected_person_never_a_bot() -> None:
    assert presence.online(SEATS, {1}) == [0, 2]
    assert presence.online(SEATS, {1, 2, 99}) == [0, 2, 3]
    assert presence.online(SEATS, set()) == []


def test_spectators_one_entry_per_named_person_then_the_nameless() -> None:
    visitors = [(7, "zora"), None, (5, "Bert"), (7, "zora"), (1, "Host"), None]
    assert presence.spectators(SEATS, visitors, {7}) == [
        {"player_id": 5, "name": "Bert", "muted": False},
        {"player_id": 7, "name": "zora", "muted": True},
        {"player_id": None, "name": None, "muted": False},
        {"player_id": None, "name": None, "muted": False},
    ]


@dataclasses.dataclass
class Node:
    acting: tuple[int, ...] = ()
    chance: bool = False

    def is_chance(self) -> bool:
        return self.chance

    def actors(self) -> tuple[int, ...]:
        return self.acting

    def deadline(self) -> None:
        return None


def test_whom_the_game_waits_on() -> None:
    assert timing.waits_on(Node(acting=(0, 2)), False, False, [2], None)
    assert not timing.waits_on(Node(acting=(0,)), False, False, [2], None)
    assert timing.waits_on(Node(chance=True), False, False, [2], 2)
    assert not timing.waits_on(Node(chance=True), False, False, [2], 0)
    assert timing.waits_on(Node(chance=True), False, True, [2], None)  # a scorekeeper enters the dice
    assert not timing.waits_on(Node(acting=(2,)), True, False, [2], None)
    assert not timing.waits_on(Node(acting=(2,)), False, False, [], None)
    assert not timing.waits_on(None, False, False, [2], None)
