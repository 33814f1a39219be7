"""The words of the Rosenkrieg table's help: the hint and its reasons, a refused card, the guided first Partie.

Added to ``app.i18n`` on import, like the table's other strings (``strings``).
"""

from __future__ import annotations

from app import i18n

DE: dict[str, str | dict[str, str]] = {
    "rk.hint.will": {"one": "Sag „Ich will“: Mit {n} Trumpf und {points} Zählern ist deine Hand stark genug, "
                            "allein gegen alle zu spielen.",
                     "other": "Sag „Ich will“: Mit {n} Trümpfen und {points} Zählern ist deine Hand stark genug, "
                              "allein gegen alle zu spielen."},
    "rk.hint.pass": {"one": "Passe: {n} Trumpf und {points} Zähler reichen kaum, um allein über 66 zu kommen.",
                     "other": "Passe: {n} Trümpfe und {points} Zähler reichen kaum, um allein über 66 zu kommen."},
    "rk.hint.lay": "Lege {a} und {b} ab: Ihre {points} Zähler liegen sicher im Erbe und zählen für dich.",
    "rk.hint.lay_void": "Lege {a} und {b} ab: {points} Zähler sicher im Erbe – und ohne {suits} auf der Hand "
                        "kannst du sie trumpfen.",
    "rk.hint.or": " oder ",
    "rk.hint.only": "Spiel {card}: Es ist die einzige Karte, die du spielen darfst.",
    "rk.hint.lead_trump": "Spiel {card} aus: Als Potentat ziehst du zuerst die Trümpfe der Herausforderer – "
                          "dann stechen deine hohen Karten später.",
    "rk.hint.lead_high": "Spiel {card} aus: Keine höhere Karte dieser Farbe ist mehr draußen – "
                         "der Stich sollte dir gehören.",
    "rk.hint.lead_low": "Spiel {card} aus: Sie kostet wenig ({points} Zähler) und zeigt dir, wer was hat.",
    "rk.hint.win": "Spiel {card}: Damit liegst du in diesem Stich vorn ({trick} Zähler bisher).",
    "rk.hint.win_last": "Spiel {card}: Du spielst als Letzter und gewinnst den Stich – {trick} Zähler für dich.",
    "rk.hint.feed": "Spiel {card}: {who} gewinnt diesen Stich für eure Seite – gib {points} Zähler dazu.",
    "rk.hint.keep": "Spiel {card}: {who} gewinnt diesen Stich für eure Seite – heb deine starken Karten auf.",
    "rk.hint.discard": "Spiel {card}: Du kannst nicht bedienen, und der Stich geht an die andere Seite – "
                       "wirf ab, was wenig kostet.",
    "rk.hint.cheap": "Spiel {card}: Die andere Seite liegt in diesem Stich vorn – eine billige Karte hier spart "
                     "deine starken für später.",
    "rk.refused": "{card} geht jetzt nicht: {why}",
    "rk.why.declare_first": "Erst wird angesagt – willst du Potentat sein? Gespielt wird danach.",
    "rk.why.lay_first": "Wähle zuerst die zwei Karten fürs Erbe.",
    # the guided first Partie (app.tables.rosenkrieg.guide)
    "rk.guide.goal.title": "Einer gegen alle",
    "rk.guide.goal.text": "Wer Potentat wird, spielt allein gegen die anderen – mit dem Erbe, den zwei Karten "
                          "in der Mitte. Er braucht mehr als 66 der 120 Zähler.",
    "rk.guide.declare.title": "Willst du Potentat sein?",
    "rk.guide.declare.text": "Zähl deine Trümpfe (Rosen und den König der Löwen) und Asse. Unsicher? Die "
                             "Glühbirne sagt, was der stärkste Computer täte – und warum.",
    "rk.guide.lay.title": "Das Erbe gehört dir",
    "rk.guide.lay.text": "Die zwei Karten mit ★ kamen aus dem Erbe. Lege zwei Karten ab: Ihre Zähler zählen für "
                         "dich. Gut sind hohe Karten, die du verlieren könntest, oder die letzte einer Farbe.",
    "rk.guide.points.title": "Zähler",
    "rk.guide.points.text": "Ass 11, Zehn 10, König 4, Dame 3, Bube 2. Der Balken zeigt die Zähler des "
                            "Potentaten (gold) gegen die des Hofs (blau).",
    "rk.guide.follow.title": "Bedienen",
    "rk.guide.follow.text": "Spiel die ausgespielte Farbe, wenn du sie hast; sonst jede Karte – Trumpf sticht. "
                            "Blasse Karten gehen gerade nicht: Tipp eine an, der Tisch sagt warum. Zweimal tippen "
                            "spielt eine Karte.",
    "rk.guide.dynasty.title": "Die Dynastie",
    "rk.guide.dynasty.text": "Sonst bilden bis zu acht Partien eine Dynastie: Der Potentat bekommt oder zahlt den "
                             "Spielwert von jedem Herausforderer. Hier steht der Stand – diese geführte hat nur "
                             "eine Partie.",
}
EN: dict[str, str | dict[str, str]] = {
    "rk.hint.will": {"one": "Say “I want it”: with {n} trump and {points} card points your hand is strong enough "
                            "to play alone against everyone.",
                     "other": "Say “I want it”: with {n} trumps and {points} card points your hand is strong "
                              "enough to play alone against everyone."},
    "rk.hint.pass": {"one": "Pass: {n} trump and {points} card points will hardly get you over 66 alone.",
                     "other": "Pass: {n} trumps and {points} card points will hardly get you over 66 alone."},
    "rk.hint.lay": "Lay away {a} and {b}: their {points} card points are safe in the legacy and count for you.",
    "rk.hint.lay_void": "Lay away {a} and {b}: {points} card points safe in the legacy – and with no {suits} "
                        "left in your hand you can trump them.",
    "rk.hint.or": " or ",
    "rk.hint.only": "Play {card}: it is the only card you may play.",
    "rk.hint.lead_trump": "Lead {card}: as Potentate, draw the challengers' trumps first – then your high cards "
                          "win later.",
    "rk.hint.lead_high": "Lead {card}: no higher card of its suit is still out, so the trick should be yours.",
    "rk.hint.lead_low": "Lead {card}: it risks little ({points} card points) and shows you who holds what.",
    "rk.hint.win": "Play {card}: it puts you ahead in this trick ({trick} card points so far).",
    "rk.hint.win_last": "Play {card}: you play last and it wins the trick – {trick} card points for you.",
    "rk.hint.feed": "Play {card}: {who} is winning this trick for your side – add {points} card points to it.",
    "rk.hint.keep": "Play {card}: {who} is winning this trick for your side – keep your strong cards for later.",
    "rk.hint.discard": "Play {card}: you cannot follow suit and the trick goes to the other side – throw away "
                       "what costs little.",
    "rk.hint.cheap": "Play {card}: the other side is ahead in this trick – a cheap card here saves your strong "
                     "ones for later.",
    "rk.refused": "{card} cannot be played now: {why}",
    "rk.why.declare_first": "First everyone declares – do you want to be Potentate? The cards are played after.",
    "rk.why.lay_first": "First choose the two cards for the legacy.",
    # the guided first Partie (app.tables.rosenkrieg.guide)
    "rk.guide.goal.title": "One against all",
    "rk.guide.goal.text": "Whoever becomes Potentate plays alone against the others – with the legacy, the two "
                          "cards in the middle. The Potentate needs more than 66 of the 120 card points.",
    "rk.guide.declare.title": "Do you want to be Potentate?",
    "rk.guide.declare.text": "Count your trumps (the roses and the King of Lions) and your aces. Not sure? The "
                             "bulb says what the strongest computer would do – and why.",
    "rk.guide.lay.title": "The legacy is yours",
    "rk.guide.lay.text": "The two cards marked ★ came from the legacy. Lay two cards away: their points count for "
                         "you. Good ones are high cards you might lose, or the last card of a suit.",
    "rk.guide.points.title": "Card points",
    "rk.guide.points.text": "Ace 11, ten 10, king 4, queen 3, jack 2. The bar shows the Potentate's card points "
                            "(gold) against the court's (blue).",
    "rk.guide.follow.title": "Follow suit",
    "rk.guide.follow.text": "Play the suit that was led if you have it; otherwise any card – a trump wins. Faded "
                            "cards cannot be played now: tap one and the table says why. Tap a card twice to "
                            "play it.",
    "rk.guide.dynasty.title": "The dynasty",
    "rk.guide.dynasty.text": "Usually up to eight games make a dynasty: the Potentate gets or pays the game value "
                             "from each challenger. The standings are here – this guided one has just one game.",
}

if "rk.hint.only" not in i18n.EN:
    i18n.extend(DE, EN)
