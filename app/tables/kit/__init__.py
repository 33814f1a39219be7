"""The table kit: what every game's table is assembled from. It knows no rules.

Like lichess' Chessground, the kit is given a view and the legal actions and turns
taps into actions; the game's table decides what goes where. The parts:

- ``table``: ``Table``, the base every table subclasses (session, driver, whose eyes,
  texts, acting with explained refusals, undo, rematch) and ``mount`` for the play screen;
- ``driver``: applies a person's actions and paces the computer's turns off the UI loop;
- ``privacy``: whose view is drawn, and the pass-the-device screen between people;
- ``seats``: avatars, seat badges, the turn pill ("thinking …"), another hand's fan of backs;
- ``hand``: the player's hand sized to the screen, tap to select, playable cards lit,
  and the notice line that explains a refusal;
- ``motion``: the speed setting, slides of rebuilt controls and keyed frame sequences;
- ``morph``: a fresh drawing put on screen by changing the controls already there, so a
  tap sends only what changed (``Table.show``);
- ``end_sheet``: headline, result card and rematch/home buttons;
- ``top_bar``: undo (saying what it takes back, disabled when there is nothing) and rules;
- ``style``: the felt's shades and small shared pieces (caps labels, big buttons, ``signed``);
- ``guide`` and ``coach``: the guided first deal — a game's steps, the coach card over the
  table and the part it points at lit; ``guide_offer``: where the guided deal is offered.

A new game's table::

    class RosenkriegTable(kit.Table):
        def control(self):
            self.show(self.build_content())  # and in redraw: self.show(...); self.push()
            return ft.Container(self.root, expand=True, gradient=theme.TABLE_GRADIENT)

        def build_content(self):
            seat = self.viewer()
            if self.needs_handover(seat):
                return [privacy.pass_screen(self.t, self.name(seat), lambda: self.reveal(seat))]
            ...  # seats.seat_badge(...) per opponent, the trick, hand.hand_row(...), seats.turn_pill(...)

    def build(app_state, session):
        return kit.mount(app_state, RosenkriegTable(app_state, session))
"""

from app.tables.kit.table import Table, mount

__all__ = ["Table", "mount"]
