"""The Thronfolge table's own strings, added to ``app.i18n`` on import."""

from __future__ import annotations

from app import i18n

DE = {
    "tf.line": "Reihe",
    "tf.line_empty": "Die Reihe ist leer.",
    "tf.in_reach": "In Reichweite", "tf.out_of_reach": "Außer Reichweite",
    "tf.reach_you": "Das kannst du nehmen", "tf.reach_other": "Das kann {name} nehmen",
    "tf.reach_nobody": "Beide haben in dieser Runde genommen",
    "tf.round": "Runde {n}/4", "tf.pile": "Stapel {n}",
    "tf.pile_label": {"one": "{n} Karte im Ziehstapel", "other": "{n} Karten im Ziehstapel"},
    "tf.has_taken": "Genommen", "tf.may_take": "Darf nehmen",
    "tf.has_taken_long": "{name} hat in dieser Runde schon genommen",
    "tf.may_take_long": "{name} darf in dieser Runde noch nehmen",
    "tf.points": "Punkte", "tf.score_label": {"one": "{name}: {n} Punkt", "other": "{name}: {n} Punkte"},
    "tf.hand_of": "{name}: {cards} auf der Hand", "tf.hand_empty": "Keine Karten mehr auf der Hand",
    "tf.you": "Du",
    "tf.take": "Nehmen", "tf.take_n": "Nehmen · {n}", "tf.take_nothing": "Nichts nehmen",
    "tf.play": "Anlegen {card}", "tf.pick_card": "Karte wählen",
    "tf.ghost": "Vorschau: {card} am Ende der Reihe",
    "tf.tap_hint": "Tippe eine Karte an, um sie anzulegen – oder nimm die Reihe.",
    "tf.must_take": "Deine Hand ist leer – du musst jetzt nehmen.",
    "tf.must_take_empty": "Deine Hand und die Reihe sind leer: Du nimmst nichts – das zählt als dein "
                          "Nehmen in dieser Runde.",
    "tf.play_on": "Du hast genommen – leg deine übrigen Karten an.",
    "tf.threat": {"one": "Danach kann {name} diese Karte nehmen ({other}) – für dich {me}.",
                  "other": "Danach kann {name} diese {n} nehmen ({other}) – für dich {me}."},
    "tf.threat_crown": "Vorsicht: Damit bekäme {name} die dritte Krone!",
    "tf.safe": "Sicher: {name} hat in dieser Runde schon genommen.",
    "tf.safe_round": "Danach endet die Runde.",
    "tf.sheet_title": "Reihe nehmen?", "tf.sheet_forced": "Du musst nehmen",
    "tf.you_get": "Du bekommst", "tf.get_nothing": "Nichts – die Reihe ist leer. Das zählt als dein Nehmen.",
    "tf.score_change": "Punkte danach", "tf.after_note": "Danach darfst du in dieser Runde nur noch anlegen.",
    "tf.crowns_win": "Dritte Krone – du gewinnst sofort!",
    "tf.confirm_take": "Nehmen",
    "tf.fam.C": "Kreuz", "tf.fam.D": "Karo", "tf.fam.H": "Herz", "tf.fam.S": "Pik",
    "tf.family_value": "{family} ({n})",
    "tf.sets": "Sätze", "tf.favours": "Gunst", "tf.betrayals": "Verrat", "tf.crowns": "Kronen",
    "tf.crown_one": "Krone",
    "tf.total": "Summe",
    "tf.crown_alert": "2 Kronen!",
    "tf.collection": "Sammlung", "tf.collection_of": "Sammlung: {name}", "tf.collection_empty": "Noch nichts genommen.",
    "tf.supporters_n": {"one": "{n} Anhänger", "other": "{n} Anhänger"},
    "tf.family_token": "{family}: {n} Anhänger{lead}",
    "tf.lead_mine": ", Mehrheit (+{v})", "tf.lead_tie": ", Gleichstand",
    "tf.why.taken": "Du hast in dieser Runde schon genommen – jetzt musst du anlegen.",
    "tf.why.empty_line": "Die Reihe ist leer – du musst eine Karte anlegen.",
    "tf.why.must_take": "Deine Hand ist leer – du musst nehmen.",
    "tf.round_start": "Runde {n} – {name} beginnt", "tf.round_start_you": "Runde {n} – du beginnst",
    "tf.moved_play": "{name} legt {card} an", "tf.moved_take": "{name} nimmt {cards}",
    "tf.moved_take_none": "{name} nimmt nichts (leere Reihe)",
    "tf.moved_play_you": "Du legst {card} an", "tf.moved_take_you": "Du nimmst {cards}",
    "tf.moved_take_none_you": "Du nimmst nichts (leere Reihe)",
    "tf.result_title": "Abrechnung", "tf.removed": "Aussortiert",
    "tf.removed_hint": "Diese drei Karten waren in dieser Partie nicht im Spiel.",
    "tf.tiebreak": "Punktgleich ({score}) – {name} hat mehr {what} ({a}:{b}).",
    "tf.tb.S": "Pik-Anhänger", "tf.tb.H": "Herz-Anhänger", "tf.tb.D": "Karo-Anhänger",
    "tf.tb.C": "Kreuz-Anhänger", "tf.tb.crowns": "Kronen",
    "tf.crowns_won": "{name} hat alle drei Kronen – Sofortsieg, ohne Wertung.",
    "tf.shared": "Punkte und Anhänger völlig gleich: ihr gewinnt beide.",
    "tf.next_starter": "Revanche: {name} beginnt.", "tf.rematch": "Revanche",
    "tf.live_note": "Stand bei Spielende",
    "tf.pass_last": "Zuletzt: {move}",
    # the recap between two rounds (app.tables.thronfolge.recap)
    "tf.recap.title": "Runde {n} von 4 ist vorbei",
    "tf.recap.won": "{name} gewinnt die Runde: {a} zu {b}.",
    "tf.recap.won_you": "Du gewinnst die Runde: {a} zu {b}.",
    "tf.recap.level": "Die Runde geht unentschieden aus: je {a}.",
    "tf.recap.round": "Diese Runde", "tf.recap.total": "Stand",
    "tf.recap.note": "Der Stand zählt, als würde jetzt gewertet; Mehrheiten können noch kippen.",
    "tf.recap.next": "Nächste Runde",
    # the guided first deal (app.tables.thronfolge.guide)
    "tf.guide.reach.title": "Was in Reichweite ist",
    "tf.guide.reach.text": "Die Reihe wächst nur an einem Ende. Ihre letzten fünf Karten liegen in der goldenen "
                           "Klammer: Sie sind in Reichweite – wer nimmt, bekommt genau diese. Darunter steht, wer "
                           "sie nehmen darf.",
    "tf.guide.pick.title": "Anlegen oder nehmen",
    "tf.guide.pick.text": "Am Zug tust du genau eins: eine Karte ans Ende der Reihe anlegen – oder die Reihe "
                          "nehmen. Tippe die 7♥ an: Die Reihe zeigt, wo sie hinkäme.",
    "tf.guide.play.title": "Erst schauen, dann anlegen",
    "tf.guide.play.text": "Unter der Klammer steht jetzt, was der Computer nach deiner Karte nehmen könnte. "
                          "Tippe die Karte noch einmal an – oder auf Anlegen.",
    "tf.guide.take.title": "Was das Nehmen bringt",
    "tf.guide.take.text": "Der Computer hat angelegt. Jetzt nimm: Der Knopf zeigt deine Punkte vorher und "
                          "nachher, das Blatt danach die Karten, die du bekämst. Bestätige mit Nehmen.",
    "tf.guide.once.title": "Einmal pro Runde",
    "tf.guide.once.text": "Jeder nimmt einmal pro Runde. Du hast genommen – bis zum Rundenende legst du nur "
                          "noch an. Die Chips zeigen, wer noch nehmen darf.",
    "tf.guide.families.title": "Familien-Mehrheiten",
    # \u00a0 keeps a suit and its value on one line
    "tf.guide.families.text": "Wer am Ende mehr Anhänger einer Familie hat, bekommt ihren Wert: "
                              "♣\u00a05, ♦\u00a06, ♥\u00a07, ♠\u00a08. Gold heißt: Du führst. Je einer aus "
                              "jeder Familie ist ein Satz: +5.",
    "tf.guide.favours.title": "Gunst, Verrat, Kronen",
    "tf.guide.favours.text": "Buben, rote Damen und der K♥ sind Gunst (+), Neunen, Zehnen und schwarze Damen "
                             "Verrat (−). K♠, K♣ und K♦ sind Kronen: Wer alle drei hat, gewinnt sofort.",
}

EN = {
    "tf.line": "Line",
    "tf.line_empty": "The line is empty.",
    "tf.in_reach": "In reach", "tf.out_of_reach": "Out of reach",
    "tf.reach_you": "You can take these", "tf.reach_other": "{name} can take these",
    "tf.reach_nobody": "Both have taken this round",
    "tf.round": "Round {n}/4", "tf.pile": "Pile {n}",
    "tf.pile_label": {"one": "{n} card in the draw pile", "other": "{n} cards in the draw pile"},
    "tf.has_taken": "Taken", "tf.may_take": "Can take",
    "tf.has_taken_long": "{name} has already taken this round",
    "tf.may_take_long": "{name} may still take this round",
    "tf.points": "Points", "tf.score_label": {"one": "{name}: {n} point", "other": "{name}: {n} points"},
    "tf.hand_of": "{name}: {cards} in hand", "tf.hand_empty": "No cards left in your hand",
    "tf.you": "You",
    "tf.take": "Take", "tf.take_n": "Take · {n}", "tf.take_nothing": "Take nothing",
    "tf.play": "Play {card}", "tf.pick_card": "Pick a card",
    "tf.ghost": "Preview: {card} at the end of the line",
    "tf.tap_hint": "Tap a card to play it – or take the line.",
    "tf.must_take": "Your hand is empty – you must take now.",
    "tf.must_take_empty": "Your hand and the line are empty: you take nothing – that counts as your "
                          "take this round.",
    "tf.play_on": "You have taken – play out your remaining cards.",
    "tf.threat": {"one": "Then {name} could take this card ({other}) – for you {me}.",
                  "other": "Then {name} could take these {n} ({other}) – for you {me}."},
    "tf.threat_crown": "Careful: that would give {name} the third crown!",
    "tf.safe": "Safe: {name} has already taken this round.",
    "tf.safe_round": "That ends the round.",
    "tf.sheet_title": "Take the line?", "tf.sheet_forced": "You must take",
    "tf.you_get": "You get", "tf.get_nothing": "Nothing – the line is empty. This counts as your take.",
    "tf.score_change": "Points afterwards", "tf.after_note": "Afterwards you can only play cards this round.",
    "tf.crowns_win": "Third crown – you win at once!",
    "tf.confirm_take": "Take",
    "tf.fam.C": "Clubs", "tf.fam.D": "Diamonds", "tf.fam.H": "Hearts", "tf.fam.S": "Spades",
    "tf.family_value": "{family} ({n})",
    "tf.sets": "Sets", "tf.favours": "Favours", "tf.betrayals": "Betrayals", "tf.crowns": "Crowns",
    "tf.crown_one": "Crown",
    "tf.total": "Total",
    "tf.crown_alert": "2 crowns!",
    "tf.collection": "Collection", "tf.collection_of": "Collection: {name}",
    "tf.collection_empty": "Nothing taken yet.",
    "tf.supporters_n": {"one": "{n} supporter", "other": "{n} supporters"},
    "tf.family_token": {"one": "{family}: {n} supporter{lead}", "other": "{family}: {n} supporters{lead}"},
    "tf.lead_mine": ", majority (+{v})", "tf.lead_tie": ", tied",
    "tf.why.taken": "You have already taken this round – now you must play a card.",
    "tf.why.empty_line": "The line is empty – you must play a card.",
    "tf.why.must_take": "Your hand is empty – you must take.",
    "tf.round_start": "Round {n} – {name} starts", "tf.round_start_you": "Round {n} – you start",
    "tf.moved_play": "{name} plays {card}", "tf.moved_take": "{name} takes {cards}",
    "tf.moved_take_none": "{name} takes nothing (empty line)",
    "tf.moved_play_you": "You play {card}", "tf.moved_take_you": "You take {cards}",
    "tf.moved_take_none_you": "You take nothing (empty line)",
    "tf.result_title": "Final tally", "tf.removed": "Removed",
    "tf.removed_hint": "These three cards were out of play in this game.",
    "tf.tiebreak": "Level on points ({score}) – {name} has more {what} ({a}:{b}).",
    "tf.tb.S": "spade supporters", "tf.tb.H": "heart supporters", "tf.tb.D": "diamond supporters",
    "tf.tb.C": "club supporters", "tf.tb.crowns": "crowns",
    "tf.crowns_won": "{name} holds all three crowns – an instant win, no scoring.",
    "tf.shared": "Points and supporters dead level: you both win.",
    "tf.next_starter": "Rematch: {name} starts.", "tf.rematch": "Rematch",
    "tf.live_note": "Standing when the game ended",
    "tf.pass_last": "Last move: {move}",
    # the recap between two rounds (app.tables.thronfolge.recap)
    "tf.recap.title": "Round {n} of 4 is over",
    "tf.recap.won": "{name} won the round: {a} to {b}.",
    "tf.recap.won_you": "You won the round: {a} to {b}.",
    "tf.recap.level": "A level round: {a} each.",
    "tf.recap.round": "This round", "tf.recap.total": "Standing",
    "tf.recap.note": "The standing counts as if the game were scored now; majorities can still turn.",
    "tf.recap.next": "Next round",
    # the guided first deal (app.tables.thronfolge.guide)
    "tf.guide.reach.title": "What is in reach",
    "tf.guide.reach.text": "The line grows at one end only. Its last five cards sit in the gold bracket: they "
                           "are in reach, and whoever takes gets exactly those. The caption below says who may "
                           "take them.",
    "tf.guide.pick.title": "Play or take",
    "tf.guide.pick.text": "On your turn you do one thing: play a card to the end of the line, or take the line. "
                          "Tap the 7♥ to pick it – the line shows where it would go.",
    "tf.guide.play.title": "Look, then play",
    "tf.guide.play.text": "The caption under the bracket now says what the computer could take after your "
                          "card. Tap the card again – or Play – to play it.",
    "tf.guide.take.title": "What a take gives",
    "tf.guide.take.text": "The computer has played. Now take: the button shows your points before and after, "
                          "the sheet then the cards you would get. Confirm with Take.",
    "tf.guide.once.title": "Once per round",
    "tf.guide.once.text": "Each of you takes once per round. You have taken, so until the round ends you can "
                          "only play. The chips show who may still take.",
    "tf.guide.families.title": "Family majorities",
    "tf.guide.families.text": "Whoever has more supporters of a family at the end scores its value: "
                              "♣\u00a05, ♦\u00a06, ♥\u00a07, ♠\u00a08. Gold means you lead. One of each family "
                              "makes a set: +5.",
    "tf.guide.favours.title": "Favours, betrayals, crowns",
    "tf.guide.favours.text": "Jacks, red queens and the K♥ are favours (+); 9s, 10s and black queens are "
                             "betrayals (−). K♠, K♣ and K♦ are crowns: whoever holds all three wins at once.",
}

if "tf.line" not in i18n.EN:
    i18n.extend(DE, EN)
