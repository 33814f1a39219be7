"""The Kings table's strings for its help: refused taps, the hint's reasons and the guided first round."""

from __future__ import annotations

from app import i18n

DE: dict[str, str | dict[str, str]] = {
    "kc.no_place": "{card} passt gerade nirgends hin: Es bräuchte {need} oben auf einem Stapel oder "
                   "einen freien Platz am Rand.",
    "kc.no_place_king": "{card} passt gerade nirgends hin: Ein König braucht eine leere Ecke oder einen "
                        "freien Platz am Rand.",
    "kc.either": "{a} oder {b}",
    # The hint: the move, then why.
    "kc.tip.draw": "Zieh zuerst eine Karte: Jeder Zug beginnt mit einer vom Talon.",
    "kc.tip.end": "Beende deinen Zug: Gerade passt nichts mehr.",
    "kc.tip.end_keep": "Beende deinen Zug und behalte {cards}: Die passen später sicher noch, und bis dahin "
                       "bleiben ihre Plätze für die anderen zu.",
    "kc.tip.move": "Leg den Stapel {src} auf {top} ({dst}): Dann ist {src} frei für eine Karte aus deiner Hand.",
    "kc.tip.move_king_pile": "Schieb den Königsstapel {src} in die Ecke {dst}: Könige gehören in die Ecken, "
                             "und {src} wird frei für eine Karte aus deiner Hand.",
    "kc.tip.build": "Leg {card} auf {top} ({pos}): eine Karte weniger auf der Hand.",
    "kc.tip.build_run": "Leg {card} auf {top} ({pos}): Danach passt {next} aus deiner Hand darauf.",
    "kc.tip.king": "Leg {card} in die leere Ecke {pos}: Nur ein König eröffnet eine Ecke.",
    "kc.tip.king_run": "Leg {card} in die leere Ecke {pos}: Nur ein König eröffnet eine Ecke, und {next} "
                       "aus deiner Hand passt gleich darauf.",
    "kc.tip.fill": "Leg {card} auf den freien Platz {pos}: Ein freier Platz nimmt jede Karte – nutz ihn für "
                   "eine, die sonst schwer passt.",
    "kc.tip.fill_run": "Leg {card} auf den freien Platz {pos}: {next} aus deiner Hand kann darauf folgen.",
    "kc.tip.out": "So wirst du in diesem Zug alle Karten los.",
    "kc.tip.keep": "Behalte {cards} für später: Die passen sicher noch.",
    # The guided first round.
    "kc.guide.cross.title": "Das Kreuz",
    "kc.guide.cross.text": "Um den Talon liegen vier Stapel. Du baust abwärts, eine Stufe tiefer und in der "
                           "anderen Farbe: eine rote 8 auf eine schwarze 9.",
    "kc.guide.corners.title": "Die Ecken",
    "kc.guide.corners.text": "Die vier Ecken bleiben leer, bis ein König kommt: Nur ein König eröffnet eine "
                             "Ecke. Danach wird dort abwärts gebaut wie überall.",
    "kc.guide.draw.title": "Der Talon",
    "kc.guide.draw.text": "Jeder Zug beginnt mit einer Karte vom Talon. Tippe ihn an.",
    "kc.guide.hand.title": "Deine Hand",
    "kc.guide.hand.text": "Hell leuchtende Karten passen gerade irgendwo hin, blasse nicht. Tippe eine "
                          "leuchtende Karte an: Die Stapel, auf die sie passt, leuchten auf.",
    "kc.guide.play.title": "Anlegen",
    "kc.guide.play.text": "Tippe einen leuchtenden Stapel an (oder zieh die Karte hin). Auf einen freien Platz "
                          "am Rand passt jede Karte.",
    "kc.guide.move.title": "Ganze Stapel",
    "kc.guide.move.text": "Auch ganze Stapel ziehen um: Passt die unterste Karte eines Stapels auf einen anderen, "
                          "tippe den Stapel mit dem Pfeilkreuz und dann sein Ziel. Sein Platz wird frei.",
    "kc.guide.end.title": "Zug beenden",
    "kc.guide.end.text": "Leg alles ab, was passt, und tippe dann „Zug beenden“. Danach ist der Computer dran.",
    "kc.guide.hint.title": "Nicht weiter?",
    "kc.guide.hint.text": "Die Glühbirne zeigt, was der stärkste Computer tun würde, und warum. Wer zuerst "
                          "alle Karten los ist, gewinnt – viel Glück!",
}

EN: dict[str, str | dict[str, str]] = {
    "kc.no_place": "{card} does not fit anywhere now: it needs {need} on top of a pile, or a free place "
                   "on an edge.",
    "kc.no_place_king": "{card} does not fit anywhere now: a king needs an empty corner or a free place "
                        "on an edge.",
    "kc.either": "{a} or {b}",
    "kc.tip.draw": "Draw a card first: every turn starts with one from the stock.",
    "kc.tip.end": "End your turn: nothing else fits now.",
    "kc.tip.end_keep": "End your turn and keep {cards}: they will surely still fit later, and until then "
                       "their places stay closed to the others.",
    "kc.tip.move": "Move the pile at {src} onto {top} ({dst}): {src} is then free for a card from your hand.",
    "kc.tip.move_king_pile": "Move the king pile at {src} into the corner {dst}: kings belong in the corners, "
                             "and {src} is free again for a card from your hand.",
    "kc.tip.build": "Put {card} on {top} ({pos}): one card fewer in your hand.",
    "kc.tip.build_run": "Put {card} on {top} ({pos}): your {next} then fits on it.",
    "kc.tip.king": "Put {card} into the empty corner {pos}: only a king opens a corner.",
    "kc.tip.king_run": "Put {card} into the empty corner {pos}: only a king opens a corner, and your {next} "
                       "fits on it next.",
    "kc.tip.fill": "Put {card} on the free place {pos}: a free place takes any card – use it for one that "
                   "hardly fits elsewhere.",
    "kc.tip.fill_run": "Put {card} on the free place {pos}: your {next} can follow on it.",
    "kc.tip.out": "This way your whole hand goes out this turn.",
    "kc.tip.keep": "Keep {cards} for later: they will surely still fit.",
    "kc.guide.cross.title": "The cross",
    "kc.guide.cross.text": "Four piles lie around the stock. You build down, one rank lower and in the other "
                           "colour: a red 8 on a black 9.",
    "kc.guide.corners.title": "The corners",
    "kc.guide.corners.text": "The four corners stay empty until a king comes: only a king opens a corner. "
                             "After that it is built down like every pile.",
    "kc.guide.draw.title": "The stock",
    "kc.guide.draw.text": "Every turn starts with a card from the stock. Tap it.",
    "kc.guide.hand.title": "Your hand",
    "kc.guide.hand.text": "Bright cards fit somewhere now, pale ones do not. Tap a bright card: the piles it "
                          "fits on light up.",
    "kc.guide.play.title": "Play it",
    "kc.guide.play.text": "Tap a lit pile (or drag the card there). A free place on an edge takes any card.",
    "kc.guide.move.title": "Whole piles",
    "kc.guide.move.text": "Whole piles move too: when a pile's bottom card fits on another pile, XX. Its place becomes free.",
    "kc.guide.end.title": "End your turn",
    "kc.guide.end.text": "Play everything that fits, then tap “End turn”. The computer plays next.",
    "kc.guide.hint.title": "Stuck?",
    "kc.guide.hint.text": "The lightbulb shows what the strongest computer would do, and why. Whoever runs "
                          "out of cards first wins – good luck!",
}

if "kc.tip.draw" not in i18n.EN:
    i18n.extend(DE, EN)
