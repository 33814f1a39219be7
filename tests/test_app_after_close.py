"""A dialog's choice runs only once the client reports the dialog gone, and only once."""

from __future__ import annotations

from app.widgets.after_close import AfterClose


class Page:
    def __init__(self):
        self.popped = 0

    def pop_dialog(self):
        self.popped += 1


def test_the_chosen_action_waits_for_the_dismissal_and_runs_once():
    page, ran = Page(), []
    after = AfterClose(page)
    after.close_then(lambda: ran.append("take"))
    assert page.popped == 1 and ran == []
    after.dismissed()
    assert ran == ["take"]
    after.dismissed()  # a second report of the same closing
    assert ran == ["take"]


def test_a_dialog_dismissed_without_a_choice_runs_nothing():
    page, ran = Page(), []
    after = AfterClose(page)
    after.dismissed()
    assert ran == [] and page.popped == 0
