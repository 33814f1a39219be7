"""The Deck of Spies table's own texts (German and English), registered with ``app.i18n``.

Imported by every module of the table, the new-game deal chooser and the
statistics screen; registering twice is harmless (same values).
"""

from __future__ import annotations

from app import i18n

DE: dict[str, i18n.Text] = {
    # head-up display
    "spies.hud.spy": "Spion {n} von {total}",
    "spies.hud.game": "Partie #{number}",
    "spies.hud.daily": "Tagesspiel",
    "spies.tally": "{need} nötig · du {mine} · Spione {spies}",
    "spies.tally.title": "Bildkarten",
    "spies.tally.a11y": "Bildkarten: {need} nötig, du hast {mine}, die Spione haben {spies}, "
                        "{open} noch im Spionstapel",
    # the spy
    "spies.current": "Aktueller Spion", "spies.next_spy": "Nächster Spion",
    "spies.value": "Wert {v}",
    "spies.groups": "Noch im Spionstapel",
    "spies.group.5-7": "5–7", "spies.group.8-10": "8–10", "spies.group.J-K": "B–K",
    "spies.group.a11y": "{group}: noch {n}",
    "spies.last_spy": "Letzter Spion!",
    # piles
    "spies.draw": "Ziehstapel", "spies.discard": "Ablage", "spies.spy_discard": "Spion-Ablage",
    "spies.removed": "Geopfert",
    "spies.deck_line": {"one": "Dein Deck: {n} Karte · Bildkarten: {faces}",
                          "other": "Dein Deck: {n} Karten · Bildkarten: {faces}"},
    "spies.pile.a11y": {"one": "{pile}: {n} Karte", "other": "{pile}: {n} Karten"},
    "spies.pile.open": {"one": "{pile} ansehen, {n} Karte", "other": "{pile} ansehen, {n} Karten"},
    "spies.sheet.discard": "Deine Ablage",
    "spies.sheet.discard_hint": "Offen, in Ablegereihenfolge (oben zuerst). Diese Karten kommen beim "
                                "nächsten Mischen zurück in deinen Ziehstapel.",
    "spies.sheet.spy_discard": "Spion-Ablage",
    "spies.sheet.spy_discard_hint": "Erledigte Spione und Karten in Rente – für immer aus deinem Stapel. "
                                    "Bildkarten hier zählen am Ende für die Spione.",
    "spies.sheet.removed": "Geopferte Doppelagenten",
    "spies.sheet.count": {"one": "{n} Karte · Bildkarten: {faces}", "other": "{n} Karten · Bildkarten: {faces}"},
    "spies.sheet.empty": "Noch keine Karten.",
    # selection and actions
    "spies.sum": "Auswahl",
    "spies.sum.a11y": "Auswahl {total} von {need}",
    "spies.counter": "Abwehren", "spies.recruit": "Anwerben", "spies.assassinate": "Ausschalten",
    "spies.retire": "In Rente", "spies.done": "Fertig", "spies.hint": "Tipp", "spies.undo": "Rückgängig",
    "spies.clear": "Auswahl aufheben",
    "spies.why.pick": "Tippe Karten an, die zusammen mindestens {need} ergeben.",
    "spies.why.replay": "Der Spion braucht mindestens {need} – der nächste Zug zeigt, was gespielt wurde.",
    "spies.why.short": "Summe {total} – der Spion braucht {need}.",
    "spies.why.extra": "{card} wird nicht gebraucht: {rest} reicht schon für {need}.",
    "spies.why.suit": "Anwerben nur mit {suit}-Karten oder dem {ace} als Doppelagent.",
    "spies.why.both": "Abwehren oder anwerben – du hast die Wahl.",
    "spies.why.no_recruit": "Abwehren geht. Anwerben nicht: {reason}",
    "spies.why.no_counter": "Anwerben geht (der {ace} macht alle zu {suit}).",
    "spies.must_assassinate": "Deine Hand ergibt nur {total} – zu wenig gegen {need}. Du musst den Spion "
                              "ausschalten und dafür ein Ass opfern.",
    "spies.assassinate.title": "Welches Ass opferst du?",
    "spies.assassinate.text": "Das Ass verlässt das Spiel. Kommt es aus dem Ziehstapel, wird der Ziehstapel "
                              "gemischt. Danach gehen alle Handkarten auf deine Ablage.",
    "spies.place.hand": "Von der Hand", "spies.place.draw": "Aus dem Ziehstapel",
    "spies.place.discard": "Von der Ablage",
    "spies.place_in.hand": "von der Hand", "spies.place_in.draw": "aus dem Ziehstapel",
    "spies.place_in.discard": "von der Ablage",
    "spies.retire.prompt": "Spion erledigt! Schick 2 oder mehr gleiche Karten in Rente – oder tippe auf "
                           "Fertig.",
    "spies.retire.single": "Eine einzelne Karte geht nicht – wähle mindestens zwei gleiche.",
    "spies.retire.mixed": "In Rente gehen nur Karten mit demselben Wert.",
    "spies.retire.ok": "{cards} verlassen deinen Stapel für immer.",
    "spies.retire.faces": "Vorsicht: Bildkarten in Rente zählen am Ende für die Spione.",
    "spies.retire.aces_title": "Asse in Rente schicken?",
    "spies.retire.aces_text": "Asse sind deine Doppelagenten: Ohne sie kannst du keine Farben mehr "
                              "umwandeln und keinen Spion mehr ausschalten. Wirklich in Rente schicken?",
    "spies.retire.aces_yes": "Ja, in Rente",
    "spies.hint.thinking": "Einen Moment …",
    "spies.hint.title": "Tipp",
    "spies.hint.recruit": "Wirb {spy} mit {cards} an: {why}.",
    "spies.hint.why_face": "jede Bildkarte zählt am Ende",
    "spies.hint.why_deck": "die Karte verstärkt deinen Stapel",
    "spies.hint.ace": "; {ace} macht die anderen zu {suit}",
    "spies.hint.counter": "Wehre {spy} mit {cards} ab{keep} – Anwerben geht hier nicht oder lohnt sich "
                          "nicht.",
    "spies.hint.keep": " und behalte {cards}",
    "spies.hint.assassinate": "Schalte {spy} aus und opfere {ace} ({place}): deine Hand ({total}) reicht "
                              "nicht gegen {need}.",
    "spies.hint.retire": "Schick {cards} in Rente: Ein schlanker Stapel bringt starke Karten schneller "
                         "zurück.",
    "spies.hint.done": "Behalte deine Paare: Hier lohnt sich keine Rente.",
    "spies.hint.failed": "Gerade fällt mir kein Tipp ein.",
    "spies.undo.none": "Es gibt nichts zurückzunehmen.",
    # the end
    "spies.end.won": "Gewonnen!", "spies.end.lost": "Verloren", "spies.end.perfect": "Perfektes Spiel!",
    "spies.reason.won": "Du hast {mine} von 12 Bildkarten – die Spionagenetze sind unterwandert.",
    "spies.reason.face_cards": "Verloren: nur {mine} von 12 Bildkarten, {need} wären nötig gewesen.",
    "spies.reason.no_double_agent": "Verloren: kein Doppelagent mehr – für das Ausschalten fehlte ein Ass.",
    "spies.end.points": "Punkte: {points} von 12",
    "spies.end.assisted": "Mit Hilfe gespielt – Tipps: {hints}, Rücknahmen: {undos}",
    "spies.end.clean": "Ohne Tipps und Rücknahmen",
    "spies.end.replay": "Gleiche Partie", "spies.end.new": "Neue Partie", "spies.end.stats": "Statistik",
    "spies.end.home": "Übersicht", "spies.end.table": "Tisch ansehen", "spies.end.result": "Ergebnis",
    # new game: the deal
    "spies.deal.title": "Kartenverteilung",
    "spies.deal.random": "Zufällig", "spies.deal.number": "Nummer", "spies.deal.daily": "Tagesspiel",
    "spies.deal.winnable": "Nur gewinnbare Partien",
    "spies.deal.winnable_hint": "Der Computer löst die Verteilung vorher und gibt nur eine, die sich "
                                "gewinnen lässt.",
    "spies.deal.number_label": "Spielnummer",
    "spies.deal.number_hint": "Gleiche Nummer, gleiche Kartenverteilung.",
    "spies.deal.bad_number": "Eine Spielnummer hat bis zu sechs Ziffern, z. B. 042137.",
    "spies.deal.number_empty": "Noch keine Nummer eingegeben.",
    "spies.deal.daily_text": "Die Partie des Tages ({date}): #{number} – heute für alle gleich.",
    "spies.deal.searching": "Suche eine gewinnbare Partie …",
    "spies.deal.checking": "Prüfe Partie #{number} (Versuch {n})",
    "spies.deal.none": "Keine nachweislich gewinnbare Partie gefunden – du spielst eine zufällige.",
    "spies.deal.stats": "Deine Statistik",
    # statistics
    "stats.title": "Statistik: {game}", "stats.games": "Partien", "stats.wins": "Siege",
    "stats.win_rate": "Siegquote", "stats.perfect": "Perfekte Spiele", "stats.perfect_hint": "alle 12",
    "stats.best_score": "Bester Wert", "stats.best_score_hint": "Bildkarten",
    "stats.current_streak": "Aktuelle Serie", "stats.best_streak": "Beste Serie",
    "stats.hints": "Tipps genutzt", "stats.undos": "Rücknahmen", "stats.assisted": "Siege mit Hilfe",
    "stats.summary": "{games} gespielt · {wins} gewonnen",
    "stats.player": "Spieler", "stats.recent": "Letzte Partien", "stats.empty": "Noch keine beendete "
                                                                             "Partie. Viel Glück!",
    "stats.row.won": "Gewonnen", "stats.row.lost": "Verloren", "stats.row.faces": "{n}/12 Bildkarten",
    "stats.row.no_agent": "kein Doppelagent", "stats.row.assisted": "mit Hilfe",
    "stats.nobody": "Ohne Profil", "stats.play": "Spielen",
    # the guided first deal (app.tables.deck_of_spies.guide)
    "spies.guide.spy.title": "Der Spion",
    "spies.guide.spy.text": "Die Spione kommen einzeln – erst die 5 bis 7, zuletzt Buben bis Könige. Jeder muss "
                            "erledigt werden. Sein Wert steht an seiner Ecke: Dieser ist 5 wert.",
    "spies.guide.counter.title": "Abwehren",
    "spies.guide.counter.text": "Tippe Handkarten an, die zusammen mindestens den Wert des Spions ergeben – und "
                                "keine unnötige: Gegen eine 5 geht 2 + 3, nicht 2 + 3 + 4. Hier steht deine Summe.",
    "spies.guide.recruit.title": "Anwerben",
    "spies.guide.recruit.text": "Besser als abwehren: Wirb mit Karten in der Farbe des Spions an, etwa 3♦ + 4♦. "
                                "Der Spion kommt in dein Deck – angeworbene Bildkarten zählen am Ende für dich.",
    "spies.guide.retire.title": "Paare in Rente",
    "spies.guide.retire.text": "Nach einem Spion darfst du zwei oder mehr gleiche Karten in Rente schicken: Sie "
                               "verlassen dein Deck, deine starken Karten kommen schneller wieder. Tippe ein Paar "
                               "an, dann In Rente – oder Fertig.",
    "spies.guide.aces.title": "Asse sind Doppelagenten",
    "spies.guide.aces.text": "Wirbst du mit dem Ass in der Farbe des Spions an, zählen deine anderen Karten als "
                             "diese Farbe. Reicht deine ganze Hand nicht, musst du den Spion ausschalten und ein "
                             "Ass opfern – ohne Ass verlierst du.",
    "spies.guide.tally.title": "Sieben von zwölf",
    "spies.guide.tally.text": "Du gewinnst mit mindestens 7 der 12 Bildkarten in deinem Deck am Ende: goldene "
                              "Punkte sind deine, rote die der Spione. Unsicher? Tipp schlägt einen Zug vor.",
}

EN: dict[str, i18n.Text] = {
    "spies.hud.spy": "Spy {n} of {total}",
    "spies.hud.game": "Game #{number}",
    "spies.hud.daily": "Daily deal",
    "spies.tally": "{need} needed · you {mine} · spies {spies}",
    "spies.tally.title": "Face cards",
    "spies.tally.a11y": "Face cards: {need} needed, you have {mine}, the spies have {spies}, "
                        "{open} still in the spy deck",
    "spies.current": "Current spy", "spies.next_spy": "Next spy",
    "spies.value": "Value {v}",
    "spies.groups": "Still in the spy deck",
    "spies.group.5-7": "5–7", "spies.group.8-10": "8–10", "spies.group.J-K": "J–K",
    "spies.group.a11y": "{group}: {n} left",
    "spies.last_spy": "Last spy!",
    "spies.draw": "Draw pile", "spies.discard": "Discard", "spies.spy_discard": "Spy discard",
    "spies.removed": "Sacrificed",
    "spies.deck_line": {"one": "Your deck: {n} card · face cards: {faces}",
                          "other": "Your deck: {n} cards · face cards: {faces}"},
    "spies.pile.a11y": {"one": "{pile}: {n} card", "other": "{pile}: {n} cards"},
    "spies.pile.open": {"one": "Show {pile}, {n} card", "other": "Show {pile}, {n} cards"},
    "spies.sheet.discard": "Your discard pile",
    "spies.sheet.discard_hint": "Face up, in the order discarded (top first). These cards return to your "
                                "draw pile at the next reshuffle.",
    "spies.sheet.spy_discard": "Spy discard pile",
    "spies.sheet.spy_discard_hint": "Dealt-with spies and retired cards – gone from your deck for good. "
                                    "Face cards here count for the spies at the end.",
    "spies.sheet.removed": "Sacrificed double agents",
    "spies.sheet.count": {"one": "{n} card · face cards: {faces}", "other": "{n} cards · face cards: {faces}"},
    "spies.sheet.empty": "No cards yet.",
    "spies.sum": "Selected",
    "spies.sum.a11y": "Selected {total} of {need}",
    "spies.counter": "Counter", "spies.recruit": "Recruit", "spies.assassinate": "Assassinate",
    "spies.retire": "Retire", "spies.done": "Done", "spies.hint": "Hint", "spies.undo": "Undo",
    "spies.clear": "Clear selection",
    "spies.why.pick": "Tap cards that add up to at least {need}.",
    "spies.why.replay": "The spy needs at least {need} – the next move shows what was played.",
    "spies.why.short": "These add up to {total}; the spy needs {need}.",
    "spies.why.extra": "{card} isn't needed: {rest} already reaches {need}.",
    "spies.why.suit": "Recruiting takes {suit} cards, or the {ace} as double agent.",
    "spies.why.both": "Counter or recruit – your choice.",
    "spies.why.no_recruit": "You can counter. Not recruit: {reason}",
    "spies.why.no_counter": "You can recruit (the {ace} turns them all {suit}).",
    "spies.must_assassinate": "Your hand only adds up to {total} – not enough against {need}. You must "
                              "assassinate the spy and sacrifice an ace.",
    "spies.assassinate.title": "Which ace do you sacrifice?",
    "spies.assassinate.text": "The ace leaves the game. If it comes from the draw pile, the draw pile is "
                              "shuffled. Then your whole hand goes to your discard pile.",
    "spies.place.hand": "From your hand", "spies.place.draw": "From your draw pile",
    "spies.place.discard": "From your discard pile",
    "spies.place_in.hand": "from your hand", "spies.place_in.draw": "from your draw pile",
    "spies.place_in.discard": "from your discard pile",
    "spies.retire.prompt": "Spy dealt with! Retire 2 or more cards of one rank – or tap Done.",
    "spies.retire.single": "A single card can't be retired – pick at least two of a rank.",
    "spies.retire.mixed": "Only cards of the same rank can retire together.",
    "spies.retire.ok": "{cards} leave your deck for good.",
    "spies.retire.faces": "Careful: retired face cards count for the spies at the end.",
    "spies.retire.aces_title": "Retire aces?",
    "spies.retire.aces_text": "Aces are your double agents: without them you can't convert suits or "
                              "assassinate a spy. Retire them anyway?",
    "spies.retire.aces_yes": "Yes, retire",
    "spies.hint.thinking": "One moment …",
    "spies.hint.title": "Hint",
    "spies.hint.recruit": "Recruit the {spy} with {cards}: {why}.",
    "spies.hint.why_face": "every face card counts at the end",
    "spies.hint.why_deck": "it strengthens your deck",
    "spies.hint.ace": "; the {ace} turns the others {suit}",
    "spies.hint.counter": "Counter the {spy} with {cards}{keep} – recruiting isn't possible or worth it "
                          "here.",
    "spies.hint.keep": ", keeping {cards}",
    "spies.hint.assassinate": "Assassinate the {spy}, sacrificing the {ace} ({place}): your hand ({total}) "
                              "can't reach {need}.",
    "spies.hint.retire": "Retire {cards}: a thinner deck brings your strong cards back sooner.",
    "spies.hint.done": "Keep your pairs: nothing here is worth retiring.",
    "spies.hint.failed": "No hint right now.",
    "spies.undo.none": "There is nothing to undo.",
    "spies.end.won": "You win!", "spies.end.lost": "You lose", "spies.end.perfect": "A perfect game!",
    "spies.reason.won": "You hold {mine} of the 12 face cards – the spy networks are infiltrated.",
    "spies.reason.face_cards": "Lost: only {mine} of the 12 face cards; {need} were needed.",
    "spies.reason.no_double_agent": "Lost: no double agent left – an assassination needed an ace.",
    "spies.end.points": "Points: {points} of 12",
    "spies.end.assisted": "Assisted – hints: {hints}, undos: {undos}",
    "spies.end.clean": "No hints, no undos",
    "spies.end.replay": "Replay deal", "spies.end.new": "New deal", "spies.end.stats": "Statistics",
    "spies.end.home": "Home", "spies.end.table": "See the table", "spies.end.result": "Result",
    "spies.deal.title": "The deal",
    "spies.deal.random": "Random", "spies.deal.number": "Number", "spies.deal.daily": "Daily",
    "spies.deal.winnable": "Winnable deals only",
    "spies.deal.winnable_hint": "The computer solves the deal first and only deals one that can be won.",
    "spies.deal.number_label": "Game number",
    "spies.deal.number_hint": "Same number, same deal.",
    "spies.deal.bad_number": "A game number has up to six digits, e.g. 042137.",
    "spies.deal.number_empty": "No number entered yet.",
    "spies.deal.daily_text": "The deal of the day ({date}): #{number} – the same for everybody today.",
    "spies.deal.searching": "Looking for a winnable deal …",
    "spies.deal.checking": "Checking game #{number} (try {n})",
    "spies.deal.none": "No deal could be proven winnable – you are playing a random one.",
    "spies.deal.stats": "Your statistics",
    "stats.title": "Statistics: {game}", "stats.games": "Games", "stats.wins": "Wins",
    "stats.win_rate": "Win rate", "stats.perfect": "Perfect games", "stats.perfect_hint": "all 12",
    "stats.best_score": "Best score", "stats.best_score_hint": "face cards",
    "stats.current_streak": "Current streak", "stats.best_streak": "Best streak",
    "stats.hints": "Hints used", "stats.undos": "Undos", "stats.assisted": "Assisted wins",
    "stats.summary": "{games} played · {wins} won",
    "stats.player": "Player", "stats.recent": "Recent games", "stats.empty": "No finished game yet. "
                                                                            "Good luck!",
    "stats.row.won": "Won", "stats.row.lost": "Lost", "stats.row.faces": "{n}/12 face cards",
    "stats.row.no_agent": "no double agent", "stats.row.assisted": "assisted",
    "stats.nobody": "No profile", "stats.play": "Play",
    # the guided first deal (app.tables.deck_of_spies.guide)
    "spies.guide.spy.title": "The spy",
    "spies.guide.spy.text": "Spies come one at a time – the 5s to 7s first, jacks to kings last. Each one must "
                            "be dealt with. Its value is on its corner: this one is worth 5.",
    "spies.guide.counter.title": "Counter",
    "spies.guide.counter.text": "Tap hand cards that add up to at least the spy's value – and none you don't "
                                "need: against a 5, 2 + 3 works, 2 + 3 + 4 does not. Your sum shows here.",
    "spies.guide.recruit.title": "Recruit",
    "spies.guide.recruit.text": "Better than countering: recruit with cards of the spy's suit only, such as "
                                "3♦ + 4♦. The spy joins your deck – recruited face cards count for you at the "
                                "end.",
    "spies.guide.retire.title": "Retire pairs",
    "spies.guide.retire.text": "After a spy you may retire two or more cards of one rank: they leave your deck "
                               "for good, so your strong cards come round sooner. Tap a pair, then Retire – or "
                               "Done.",
    "spies.guide.aces.title": "Aces are double agents",
    "spies.guide.aces.text": "Recruit with the ace of the spy's suit and your other cards count as that suit. "
                             "If your whole hand is worth less than the spy, you must assassinate it and give up "
                             "an ace – with none left, you lose.",
    "spies.guide.tally.title": "Seven of twelve",
    "spies.guide.tally.text": "You win with at least 7 of the 12 face cards in your deck at the end: gold pips "
                              "are yours, red ones the spies'. Stuck? Hint suggests a move.",
}

i18n.extend(DE, EN)
