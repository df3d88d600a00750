"""The chat's rules without a server: the text, who may write, the rate limit with the time passed in."""

from __future__ import annotations

import pytest

from wuerfel.server.core.chat import CHAT_MAX, ChatLimiter, chat_text, check_writer, may_chat
from wuerfel.server.core.refusals import TableError


def refusal(fn: object, *args: object) -> str:
    with pytest.raises(TableError) as info:
        fn(*args)  # type: ignore[operator]
    return info.value.code


def test_the_text_is_trimmed_and_checked() -> None:
    assert chat_text({"type": "chat", "text": "  Hallo  "}) == "Hallo"
    assert chat_text({"type": "chat", "text": "x" * CHAT_MAX}) == "x" * CHAT_MAX
    assert refusal(chat_text, {"type": "chat", "text": "x" * (CHAT_MAX + 1)}) == "chat_too_long"
    assert refusal(chat_text, {"type": "chat", "text": " \n "}) == "chat_empty"
    assert refusal(chat_text, {"type": "chat", "text": "a\u202eb"}) == "chat_control"
    assert refusal(chat_text, {"type": "chat", "text": 5}) == "bad_message"
    assert refusal(chat_text, {"type": "chat", "text": "x", "seat": 0}) == "bad_message"


def test_the_refusal_names_the_limit_in_the_readers_language() -> None:
    with pytest.raises(TableError) as info:
        chat_text({"type": "chat", "text": "x" * (CHAT_MAX + 1)})
    assert info.value.message("de") == f"Eine Nachricht hat höchstens {CHAT_MAX} Zeichen."


@pytest.mark.parametrize(
    ("seated", "named", "muted", "spectators", "code"),
    [
        (True, True, False, False, None),
        (True, True, True, False, None),  # a muted player who sits here still writes
        (False, True, False, True, None),
        (False, True, False, False, "chat_not_allowed"),
        (False, True, True, True, "chat_muted"),
        (False, False, False, True, "chat_not_allowed"),
        (False, False, False, False, "chat_not_allowed"),
    ],
)
def test_who_may_write(seated: bool, named: bool, muted: bool, spectators: bool, code: str | None) -> None:
    assert may_chat(seated, named, muted, spectators) is (code is None)
    if code is None:
        check_writer(seated, named, muted, spectators)
    else:
        assert refusal(check_writer, seated, named, muted, spectators) == code


def test_a_nameless_spectator_is_told_to_take_a_name() -> None:
    with pytest.raises(TableError) as info:
        check_writer(False, False, False, True)
    assert info.value.msgid == "Give yourself a name to write here."


def test_the_rate_limit_counts_accepted_messages_in_a_sliding_window() -> None:
    limit = ChatLimiter(3, 10.0)
    for t in (0.0, 1.0, 2.0):
        limit.check("anna", t)
        limit.accepted("anna", t)
    assert refusal(limit.check, "anna", 9.9) == "chat_too_fast"
    limit.check("bert", 9.9)  # every writer has his own window
    limit.check("anna", 10.0)  # the first message left the window
    limit.accepted("anna", 10.0)
    assert refusal(limit.check, "anna", 10.5) == "chat_too_fast"


def test_a_refused_store_does_not_count() -> None:
    limit = ChatLimiter(1, 10.0)
    limit.check("anna", 0.0)  # checked, but the store refused it: never accepted
    limit.check("anna", 0.1)
    limit.accepted("anna", 0.1)
    assert refusal(limit.check, "anna", 0.2) == "chat_too_fast"
