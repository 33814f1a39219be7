"""An invitation's link: the server's web client at ``/join/<code>``, from the address a
phone is linked to or from the address the web client's own page was opened at (Flet names
that page by its websocket: behind HTTPS it is ``wss://``)."""

from __future__ import annotations

import pytest

from app.screens.invitation import join_link, page_base
from app.serve.members import JOIN, invitation_in


@pytest.mark.parametrize("page_url, base", [
    ("wss://hofstaat.example.org", "https://hofstaat.example.org"),
    ("ws://127.0.0.1:8080", "http://127.0.0.1:8080"),
    ("https://hofstaat.example.org", "https://hofstaat.example.org"),
])
def test_the_link_names_the_page_as_a_browser_opens_it(page_url, base):
    assert page_base(page_url) == base
    assert join_link(base + "/", "ABCD2345") == base + "/join/ABCD2345"


def test_the_web_client_reads_the_code_from_the_link_it_was_opened_at():
    assert JOIN.match("/join/ABCD2345").group(1) == "ABCD2345"
    assert JOIN.match("/join/abcd2345/").group(1) == "abcd2345"  # made upper case by the door
    for other in ("/", "/join/", "/join/AB", "/join/ABCD2345/x", "/settings", "/join/AB CD"):
        assert JOIN.match(other) is None
    assert invitation_in("/join/abcd2345?from=mail") == "ABCD2345"
    assert invitation_in(None) is None
