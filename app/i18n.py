"""Every UI string in German and English; screens call ``t(key, lang, **values)``.

Keys are dotted names. Both languages must have the same keys (a unit test checks
this). A missing key falls back to English, then to ``_default`` if given, else
to the key itself, so a gap shows up in the UI instead of crashing it.

A text that shows a count is a dict of CLDR plural forms, ``{"one": "{n} Zug",
"other": "{n} Züge"}``; ``t("continue.moves", lang, n=3)`` picks the form for
``n`` by the language's plural rule (Babel). Numbers given as values are written
with the language's separators ("1.234" / "1,234").
"""

from __future__ import annotations

from typing import Any, Union

from app import fmt

Text = Union[str, dict[str, str]]  # a plain text, or plural forms by CLDR category

DE: dict[str, Text] = {
    # common
    "ok": "OK", "cancel": "Abbrechen", "save": "Speichern", "close": "Schließen",
    "computer": "Computer",
    "level.random": "Zufall", "level.easy": "Leicht", "level.normal": "Normal", "level.hard": "Schwer",
    "players.exact": {"one": "{n} Spieler", "other": "{n} Spieler"}, "players.solo": "1 Spieler · Solo", "players.range": "{lo}–{hi} Spieler",
    "error.screen": "Diese Seite konnte nicht angezeigt werden.",
    "notice.title": "Gespeicherte Daten",
    "notice.db_moved_aside": "Die gespeicherten Daten waren beschädigt und konnten nicht gelesen werden. "
                             "Sie wurden unverändert beiseitegelegt ({path}); Hofstaat beginnt mit einem "
                             "leeren Datenbestand.",
    # navigation
    "nav.games": "Spiele", "nav.players": "Spieler", "nav.rules": "Regeln", "nav.settings": "Optionen",
    "nav.about": "Info",
    # home
    "home.subtitle": "Kartenspiele voller Intrigen bei Hofe",
    "home.games": "Spiele", "home.continue": "Weiterspielen", "home.soon": "Demnächst",
    "continue.resume": "Fortsetzen", "continue.solo": "{name} · Solo",
    "continue.moves": {"one": "{n} Zug", "other": "{n} Züge"}, "continue.fresh": "Noch kein Zug",
    "continue.spy": "#{number} · Spion\u00a0{n}\u00a0von\u00a0{total}",  # no-break spaces: one piece on a card
    "time.now": "gerade eben", "time.yesterday": "gestern",
    # counts that tables and screens combine into longer lines
    "count.cards": {"one": "{n} Karte", "other": "{n} Karten"},
    "count.face_cards": {"one": "{n} Bildkarte", "other": "{n} Bildkarten"},
    "count.points": {"one": "{n} Punkt", "other": "{n} Punkte"},
    "count.moves": {"one": "{n} Zug", "other": "{n} Züge"},
    # games
    "game.thronfolge.title": "Thronfolge",
    "game.thronfolge.tagline": "Ein Duell um die Krone: Nimm die Reihe im richtigen Moment.",
    "game.deck-of-spies.title": "Deck of Spies",
    "game.deck-of-spies.tagline": "Solo gegen ein Heer von Spionen: abwehren, anwerben, unterwandern.",
    "game.rosenkrieg.title": "Rosenkrieg",
    "game.rosenkrieg.tagline": "Ein Potentat gegen den ganzen Hof – Stiche, Trümpfe und Ehrenschulden.",
    "game.kings-corner.title": "Kings in the Corner",
    "game.kings-corner.tagline": "Könige in die Ecken, Karten im Wechsel – wer zuerst leer ist, gewinnt.",
    # players
    "players.title": "Spieler", "players.intro": "Wer bei dir am Tisch sitzt. Ergebnisse bleiben erhalten.",
    "players.new": "Neuer Spieler", "players.create": "Anlegen", "players.name": "Name",
    "players.created": "{name} ist dabei.", "players.rename": "Umbenennen",
    "players.rename_title": "{name} umbenennen", "players.archive": "Archivieren",
    "players.archive_title": "{name} archivieren?",
    "players.archive_text": "Archivierte Spieler erscheinen nicht mehr in der Auswahl. Ihre Ergebnisse "
                            "bleiben gespeichert, und du kannst sie jederzeit zurückholen.",
    "players.archived_done": "{name} wurde archiviert.", "players.restore": "Zurückholen",
    "players.restored": "{name} ist wieder da.", "players.archived": "Archiviert ({n})",
    "players.archived_hint": "Antippen zum Anzeigen und Zurückholen",
    "players.empty": "Noch keine Spieler. Lege dich selbst und deine Mitspieler an.",
    "players.no_games": "Noch keine Partie",
    "versions.title": "Fassungen dieser Partie",
    "versions.text": "Diese Partie wurde auf zwei Geräten unterschiedlich weitergespielt. Beide "
                     "Fassungen bleiben erhalten; genau eine zählt in Statistik und Schulden.",
    "versions.counts": "Diese Fassung zählt", "versions.other": "Andere Fassung",
    "versions.choose": "Diese zählen lassen", "versions.running": "läuft noch",
    "versions.over": "beendet", "versions.won": "Sieg: {names}",
    "versions.moves": {"one": "{n} Zug", "other": "{n} Züge"},
    "versions.badge": {"one": "{n} Fassung", "other": "{n} Fassungen"},
    "versions.chosen": "Jetzt zählt die gewählte Fassung – auch auf den anderen Geräten, sobald "
                       "sie die Daten bekommen.",
    "continue.versions": "Fassungen ansehen",
    "continue.more": {"one": "{n} weitere Partie", "other": "{n} weitere Partien"},
    "players.since": "seit {day}", "players.twin": "{name} ({since})", "players.merge": "Zusammenführen",
    "players.merge_title": "Ist {name} dieselbe Person wie {other}?",
    "players.merge_text": "Zwei Profile mit einem Namen entstehen, wenn jemand auf zwei Geräten "
                          "angelegt wurde. Zusammengeführt zählen ihre Partien, Statistiken und "
                          "Schulden als die einer Person, auf jedem Gerät, das die Daten bekommt. "
                          "Das lässt sich nicht rückgängig machen.",
    "players.merged": "{name} ist jetzt ein Profil.",
    "players.games": {"one": "{n} Partie", "other": "{n} Partien"},
    "players.wins": {"one": "{n} Sieg", "other": "{n} Siege"},
    # store errors (StoreError.key)
    "store.name_empty": "Bitte gib einen Namen ein.",
    "store.name_too_long": "Ein Name darf höchstens {limit} Zeichen haben.",
    "store.name_invalid": "Der Name darf keine Zeilenumbrüche oder Steuerzeichen enthalten.",
    "store.name_taken": "Den Namen „{name}“ gibt es schon.",
    "store.profile_missing": "Diesen Spieler gibt es nicht mehr.",
    "store.game_missing": "Diese Partie gibt es nicht mehr.",
    "store.db_failed": "Die Daten konnten nicht gespeichert werden.",
    # settings
    "settings.title": "Optionen", "settings.language": "Sprache",
    "settings.language_device": "Folgt der Sprache deines Geräts, bis du eine wählst.",
    "settings.language_hint": "Von dir gewählt.",
    "settings.theme": "Erscheinungsbild", "settings.theme_hint": "Hell, dunkel oder wie dein Gerät.",
    "theme.system": "System", "theme.light": "Hell", "theme.dark": "Dunkel",
    "settings.speed": "Animationstempo", "settings.speed_hint": "Wie schnell der Computer seine Karten spielt.",
    "speed.slow": "Langsam", "speed.normal": "Normal", "speed.fast": "Schnell", "speed.off": "Aus",
    "settings.card_back": "Kartenrücken", "settings.card_back_hint": "So sehen verdeckte Karten aus.",
    "back.royal": "Königsgrün", "back.crimson": "Purpur", "back.midnight": "Mitternacht",
    "settings.suits": "Farben im Rosenkrieg",
    "settings.suits_hint": "Löwen, Türme, Bäume und Rosen – oder die Zeichen eines Skatblatts, wenn ihr mit "
                           "einem echten Blatt mitspielt (Löwen ♠, Türme ♦, Bäume ♣, Rosen ♥).",
    "suits.own": "Löwen & Rosen", "suits.french": "♠ ♦ ♣ ♥",
    "settings.feedback": "Töne", "settings.feedback_phone": "Töne und Vibration",
    "settings.feedback_hint": "Kurze Klänge beim Geben, Ausspielen und Nehmen von Karten, bei Sieg und "
                              "Niederlage.",
    "settings.feedback_mute": "Der Lautlos-Schalter deines Geräts stellt sie nicht stumm; "
                              "die Medienlautstärke gilt.",
    "settings.sound": "Töne abspielen", "settings.vibration": "Vibrieren",
    # rules
    "rules.title": "Regeln", "rules.intro": "Alle Regeln in Ruhe nachlesen – auch mitten im Spiel.",
    "rules.of": "Regeln: {game}", "rules.missing": "Für dieses Spiel gibt es noch keine Regeln.",
    "rules.summary.thronfolge": "Anlegen oder nehmen – Familien, Sätze, Gunst und Verrat.",
    "rules.summary.deck-of-spies": "Abwehren, anwerben, ausschalten, in Rente schicken.",
    "rules.summary.rosenkrieg": "Stiche für den Potentaten, Rosen als Trumpf, der König der Löwen.",
    "rules.summary.kings-corner": "Absteigend im Farbwechsel bauen, Könige in die Ecken.",
    # about
    "about.version": "Version {version}", "about.credits": "Die Spiele",
    "about.credit_thronfolge": "Thronfolge ist unsere Umsetzung für ein normales Blatt, inspiriert von "
                               "District Noir (Nobutake Dogen, Nao Shimamura).",
    "about.credit_spies": "Deck of Spies wurde von James Newman erfunden.",
    "about.credit_rosenkrieg": "Rosenkrieg ist angelehnt an das Kartenspiel Herzblatt.",
    "about.credit_kings": "Kings in the Corner ist ein klassisches amerikanisches Familienspiel.",
    "about.fonts": "Schriften", "about.font_dejavu": "DejaVu Sans und DejaVu Serif (Bitstream-Vera-Lizenz; "
                                                    "DejaVu-Änderungen gemeinfrei). Der Lizenztext liegt "
                                                    "der App bei.",
    "about.art": "Gestaltung", "about.art_text": "Illustrationen, Farbsymbole und Kartenrücken wurden für "
                                                 "Hofstaat gezeichnet.",
    "about.data": "Deine Daten", "about.data_text": "Spieler, Partien und Einstellungen bleiben auf "
                                                    "diesem Gerät.",
    "about.details": "Speicherort anzeigen", "about.hide_details": "Speicherort ausblenden",
    # new game
    "new_game.title": "Neues Spiel: {game}", "new_game.players": "Wer spielt?",
    "new_game.players_hint": "Wähle für jeden Platz einen Spieler oder den Computer mit seiner Stärke.",
    "new_game.count": "Anzahl der Spieler", "new_game.seat": "Platz {n}",
    "new_game.new_person": "Neuer Spieler …", "new_game.options": "Optionen",
    "new_game.seed": "Startwert (optional)",
    "new_game.seed_hint": "Gleicher Startwert, gleiche Kartenverteilung.",
    "new_game.bad_seed": "Der Startwert muss eine ganze Zahl sein.",
    "new_game.start": "Spiel starten", "new_game.twice": "Jeder Spieler kann nur einen Platz einnehmen.",
    "new_game.name_needed": "{seat}: Bitte gib einen Namen ein.",
    "new_game.player": "Spieler", "new_game.player_solo": "Wer spielt?",
    "new_game.players_hint_solo": "Du allein gegen die Spione. Wähle, wer spielt – oder lass den Computer "
                                  "spielen und schau zu.",
    "new_game.taken": "{name} sitzt schon auf {seat}. Jeder Spieler kann nur einen Platz einnehmen.",
    "new_game.sits_at": "{name} · sitzt auf {seat}",
    "new_game.unknown_level": "Diese Spielstärke gibt es nicht.",
    "new_game.unavailable": "Dieses Spiel ist noch nicht fertig. Bald geht's los!",
    "choice.scoring.win": "Sieg zählt", "choice.scoring.points": "Punkte zählen",
    "choice.klanglos.points": "Ohne Zähler", "choice.klanglos.tricks": "Ohne Stich",
    "help.rosenkrieg.partien": "Eine Dynastie hat gewöhnlich 8 Partien; danach wird abgerechnet.",
    "help.rosenkrieg.trumpfzwang": "Wer die ausgespielte Farbe nicht hat, muss dann Trumpf spielen "
                                   "(sonst darf er jede Karte spielen).",
    "help.rosenkrieg.klanglos": "Wann eine Partei sang- und klanglos verliert: mit 0 Zählern "
                                "(wie im Regeltext) oder erst ganz ohne Stich.",
    "help.deck-of-spies.scoring": "Mit 7 der 12 Bildkarten gewinnst du. „Punkte zählen“ notiert außerdem, "
                                  "wie viele Bildkarten du am Ende hast (0–12).",
    # Kings in the Corner's options (the engine's values as people say them)
    "choice.hand.0": "Üblich", "choice.target.0": "1 Runde",
    "choice.draw_at.start": "Zu Beginn", "choice.draw_at.end": "Am Zugende",
    "choice.scoring.penalty": "König 10", "choice.scoring.face": "Nennwert",
    "help.kings-corner.hand": "„Üblich“: 7 Karten (ohne Ziehen 13, bei 4 Personen 12, bei 5 Personen 9). "
                              "10 Karten gehen bis 4 Personen, 13 bis 3.",
    "help.kings-corner.draw_at": "Wann die Pflichtkarte vom Talon kommt: vor deinen Zügen oder mit dem Zugende.",
    "help.kings-corner.scoring": "Strafpunkte für Karten, die am Rundenende übrig sind: König 10, jede andere 1 – "
                                 "oder Nennwert (Ass 1, 2–10 wie gedruckt, Bube, Dame, König 10).",
    "help.kings-corner.target": "„1 Runde“: ein Wettlauf ohne Punkte. 25 oder 50: Runden, bis jemand so viele "
                                "Strafpunkte hat; der niedrigste Stand gewinnt.",
    # play
    "play.title": "Partie", "play.your_turn": "Du bist am Zug", "play.turn_of": "{name} ist am Zug",
    "play.bot_turn": "{name} überlegt …", "play.over": "Partie beendet", "play.move": "Zug {n}",
    "play.your_hand": "Deine Hand", "play.actions": "Deine Möglichkeiten", "play.cards": {"one": "{n} Karte", "other": "{n} Karten"},
    "play.tap_hint": "Tippe Karten an, um nur passende Züge zu sehen.",
    "play.clear_selection": "Auswahl aufheben", "play.more_actions": "… und {n} weitere. Wähle zuerst eine Karte.",
    "play.winner": "{name} gewinnt!", "play.winners": "{names} gewinnen gemeinsam!",
    "play.nobody_won": "Niemand gewinnt", "play.again": "Noch einmal", "play.home": "Zur Übersicht",
    "play.pass_to": "Gib das Gerät an {name}", "play.pass_hint": "Die anderen schauen bitte weg.",
    "play.i_am": "Ich bin {name}", "play.undo": "Zug zurücknehmen", "play.rules": "Regeln",
    "play.nothing_to_undo": "Es gibt nichts zurückzunehmen.",
    "play.cannot_open": "Diese Partie lässt sich nicht öffnen: {error}",
    "play.save_failed": "Der Zug konnte nicht gespeichert werden: {error}",
    "play.moved_on": "Diese Partie wurde in einem anderen Fenster weitergespielt – hier ist der "
                     "aktuelle Stand.",
    "play.bot_failed": "Der Computer kam nicht weiter.",
    # field names of game views (generic table)
    "field.line": "Reihe", "field.hands": "Hand", "field.hand": "Hand", "field.deck": "Ziehstapel",
    "field.collections": "Sammlung", "field.removed": "Aussortiert", "field.taken": "Genommen",
    "field.round": "Runde", "field.starter": "Beginnt", "field.spy": "Spion", "field.spies": "Spionstapel",
    "field.spies_left": "Spione übrig", "field.spies_below": "Kommende Spione", "field.draw": "Ziehstapel",
    "field.draw_count": "Im Ziehstapel", "field.discard": "Ablage", "field.spy_discard": "Spion-Ablage",
    "field.draw_cards": "Karten im Ziehstapel", "field.phase": "Phase", "field.shuffles": "Gemischt",
    # action verbs (first words of action notations)
    "verb.play": "anlegen", "verb.take": "nehmen", "verb.counter": "abwehren", "verb.recruit": "anwerben",
    "verb.assassinate": "ausschalten", "verb.retire": "in Rente", "verb.done": "fertig",
    "verb.pass": "passen", "verb.draw": "ziehen", "verb.end": "Zug beenden", "verb.from": "aus",
    # results
    "reason.thronfolge.score": "Nach Punkten.", "reason.thronfolge.tiebreak": "Punktgleich – entschieden "
                                                                             "durch die Anhänger.",
    "reason.thronfolge.shared": "Völlig gleichauf: ein gemeinsamer Sieg.",
    "reason.thronfolge.crowns": "Alle drei Kronen gesammelt!",
    # continue list: resigning and archiving a running game
    "continue.menu": "Mehr zu dieser Partie: {game}", "continue.resign": "Aufgeben",
    "continue.archive": "Archivieren",
    "resign.title": "Partie aufgeben?", "resign.who": "Wer gibt auf?", "resign.confirm": "Aufgeben",
    "resign.text": "Die Partie endet sofort: eine Niederlage für {loser}, ein Sieg für {winners}.",
    "resign.text_solo": "Die Partie endet sofort und zählt als verloren.",
    "resign.text_pick": "Die Partie endet sofort: Wer aufgibt, verliert, alle anderen gewinnen.",
    "resign.final": "Sie kann danach nicht mehr fortgesetzt werden.",
    "resign.done": "{name} hat aufgegeben. Die Partie zählt jetzt in der Statistik.",
    "list.and": "und",
    "archive.title": "Partie archivieren?", "archive.confirm": "Archivieren",
    "archive.text": "Die Partie verschwindet aus „Weiterspielen“ und bleibt genau so gespeichert. "
                    "Unter „Archivierte Partien“ findest du sie wieder und kannst sie jederzeit "
                    "weiterspielen.",
    "archive.done": "Partie archiviert.", "archive.undo": "Rückgängig",
    "archived.title": "Archivierte Partien ({n})",
    "archived.hint": "Antippen zum Anzeigen, Weiterspielen oder Zurückholen",
    "archived.restore": "Zurückholen", "archived.open": "Weiterspielen",
    "archived.restored": "Die Partie ist wieder unter „Weiterspielen“.",
    "resigned.title": "Partie aufgegeben",
    "resigned.text": "{name} hat diese Partie aufgegeben. Sie ist beendet und kann nicht "
                     "fortgesetzt werden.",
    "stats.row.resigned": "Aufgegeben",
    "store.game_resigned": "Diese Partie wurde aufgegeben und kann nicht fortgesetzt werden.",
    "store.game_over": "Diese Partie ist schon beendet.",
    "store.game_finished": "Diese Partie ist beendet und kann nicht wieder aufgenommen werden.",
    "store.merge_bot": "Nur Menschen lassen sich zusammenführen.",
    "store.merge_done": "Die beiden sind schon ein Profil.",
    "store.same_profile": "Das ist dasselbe Profil.",
    "store.version_missing": "Diese Fassung der Partie gibt es hier nicht mehr.",
    "store.version_running": "Eine laufende Fassung kann nicht statt einer beendeten zählen.",
    "store.game_stale": "Diese Partie wurde inzwischen anderswo weitergespielt.",
    "store.bad_seat": "Aufgeben kann nur ein Mensch, der mitspielt.",
}

EN: dict[str, Text] = {
    "ok": "OK", "cancel": "Cancel", "save": "Save", "close": "Close",
    "computer": "Computer",
    "level.random": "Random", "level.easy": "Easy", "level.normal": "Normal", "level.hard": "Hard",
    "players.exact": {"one": "{n} player", "other": "{n} players"}, "players.solo": "1 player · solo", "players.range": "{lo}–{hi} players",
    "error.screen": "This page could not be shown.",
    "notice.title": "Saved data",
    "notice.db_moved_aside": "The saved data was damaged and could not be read. It was kept unchanged "
                             "({path}); Hofstaat starts with fresh data.",
    "nav.games": "Games", "nav.players": "Players", "nav.rules": "Rules", "nav.settings": "Settings",
    "nav.about": "About",
    "home.subtitle": "Card games of intrigue at court",
    "home.games": "Games", "home.continue": "Continue", "home.soon": "Coming soon",
    "continue.resume": "Resume", "continue.solo": "{name} · solo",
    "continue.moves": {"one": "{n} move", "other": "{n} moves"}, "continue.fresh": "No move yet",
    "continue.spy": "#{number} · spy\u00a0{n}\u00a0of\u00a0{total}",
    "time.now": "just now", "time.yesterday": "yesterday",
    "count.cards": {"one": "{n} card", "other": "{n} cards"},
    "count.face_cards": {"one": "{n} face card", "other": "{n} face cards"},
    "count.points": {"one": "{n} point", "other": "{n} points"},
    "count.moves": {"one": "{n} move", "other": "{n} moves"},
    "game.thronfolge.title": "Thronfolge",
    "game.thronfolge.tagline": "A duel for the crown: take the line at just the right moment.",
    "game.deck-of-spies.title": "Deck of Spies",
    "game.deck-of-spies.tagline": "Solo against a network of spies: counter, recruit, infiltrate.",
    "game.rosenkrieg.title": "Rosenkrieg",
    "game.rosenkrieg.tagline": "One Potentate against the whole court – tricks, trumps and debts of honour.",
    "game.kings-corner.title": "Kings in the Corner",
    "game.kings-corner.tagline": "Kings to the corners, colours in turn – first to empty their hand wins.",
    "players.title": "Players", "players.intro": "Who sits at your table. Results are kept.",
    "players.new": "New player", "players.create": "Create", "players.name": "Name",
    "players.created": "{name} has joined.", "players.rename": "Rename",
    "players.rename_title": "Rename {name}", "players.archive": "Archive",
    "players.archive_title": "Archive {name}?",
    "players.archive_text": "Archived players no longer appear when you pick seats. Their results stay "
                            "saved, and you can bring them back at any time.",
    "players.archived_done": "{name} was archived.", "players.restore": "Restore",
    "players.restored": "{name} is back.", "players.archived": "Archived ({n})",
    "players.archived_hint": "Tap to show and restore",
    "players.empty": "No players yet. Add yourself and the people you play with.",
    "players.no_games": "No games yet",
    "versions.title": "Versions of this game",
    "versions.text": "This game was played on differently on two devices. Both versions are "
                     "kept; exactly one counts in the statistics and the ledger.",
    "versions.counts": "This version counts", "versions.other": "Other version",
    "versions.choose": "Let this one count", "versions.running": "still running",
    "versions.over": "finished", "versions.won": "won: {names}",
    "versions.moves": {"one": "{n} move", "other": "{n} moves"},
    "versions.badge": {"one": "{n} version", "other": "{n} versions"},
    "versions.chosen": "The chosen version counts now – on the other devices too, once the "
                       "records reach them.",
    "continue.versions": "See the versions",
    "continue.more": {"one": "{n} more game", "other": "{n} more games"},
    "players.since": "since {day}", "players.twin": "{name} ({since})", "players.merge": "Merge",
    "players.merge_title": "Is {name} the same person as {other}?",
    "players.merge_text": "Two profiles share a name when someone was added on two devices. "
                          "Merged, their games, statistics and debts count as one person's, on "
                          "every device the records reach. This cannot be undone.",
    "players.merged": "{name} is one profile now.",
    "players.games": {"one": "{n} game", "other": "{n} games"},
    "players.wins": {"one": "{n} win", "other": "{n} wins"},
    "store.name_empty": "Please enter a name.",
    "store.name_too_long": "A name may have at most {limit} characters.",
    "store.name_invalid": "A name cannot contain line breaks or control characters.",
    "store.name_taken": "The name “{name}” is already taken.",
    "store.profile_missing": "This player no longer exists.",
    "store.game_missing": "This game no longer exists.",
    "store.db_failed": "The data could not be saved.",
    "settings.title": "Settings", "settings.language": "Language",
    "settings.language_device": "Follows your device's language until you choose one.",
    "settings.language_hint": "Chosen by you.",
    "settings.theme": "Appearance", "settings.theme_hint": "Light, dark, or like your device.",
    "theme.system": "System", "theme.light": "Light", "theme.dark": "Dark",
    "settings.speed": "Animation speed", "settings.speed_hint": "How quickly the computer plays its cards.",
    "speed.slow": "Slow", "speed.normal": "Normal", "speed.fast": "Fast", "speed.off": "Off",
    "settings.card_back": "Card back", "settings.card_back_hint": "How face-down cards look.",
    "back.royal": "Royal green", "back.crimson": "Crimson", "back.midnight": "Midnight",
    "settings.suits": "Rosenkrieg suits",
    "settings.suits_hint": "Lions, towers, trees and roses – or the signs of a Skat deck when you play along "
                           "with real cards (lions ♠, towers ♦, trees ♣, roses ♥).",
    "suits.own": "Lions & roses", "suits.french": "♠ ♦ ♣ ♥",
    "settings.feedback": "Sound", "settings.feedback_phone": "Sound and vibration",
    "settings.feedback_hint": "Short sounds when cards are dealt, played and taken, and for a win or a loss.",
    "settings.feedback_mute": "Your device's silent switch does not mute them; the media volume applies.",
    "settings.sound": "Play sounds", "settings.vibration": "Vibrate",
    "rules.title": "Rules", "rules.intro": "Read every rule at leisure – even in the middle of a game.",
    "rules.of": "Rules: {game}", "rules.missing": "There are no rules for this game yet.",
    "rules.summary.thronfolge": "Play or take – families, sets, favours and betrayals.",
    "rules.summary.deck-of-spies": "Counter, recruit, assassinate, retire.",
    "rules.summary.rosenkrieg": "Tricks for the Potentate, roses as trumps, the King of Lions.",
    "rules.summary.kings-corner": "Build down in alternating colours, kings to the corners.",
    "about.version": "Version {version}", "about.credits": "The games",
    "about.credit_thronfolge": "Thronfolge is our adaptation for an ordinary deck, inspired by "
                               "District Noir (Nobutake Dogen, Nao Shimamura).",
    "about.credit_spies": "Deck of Spies was designed by James Newman.",
    "about.credit_rosenkrieg": "Rosenkrieg is based on the card game Herzblatt.",
    "about.credit_kings": "Kings in the Corner is a classic American family card game.",
    "about.fonts": "Fonts", "about.font_dejavu": "DejaVu Sans and DejaVu Serif (Bitstream Vera licence; "
                                                "DejaVu changes in the public domain). The licence text "
                                                "ships with the app.",
    "about.art": "Artwork", "about.art_text": "Illustrations, suit symbols and card backs were drawn for "
                                              "Hofstaat.",
    "about.data": "Your data", "about.data_text": "Players, games and settings stay on this device.",
    "about.details": "Show storage location", "about.hide_details": "Hide storage location",
    "new_game.title": "New game: {game}", "new_game.players": "Who is playing?",
    "new_game.players_hint": "Pick a player for each seat, or the computer and how strong it plays.",
    "new_game.count": "Number of players", "new_game.seat": "Seat {n}",
    "new_game.new_person": "New player …", "new_game.options": "Options",
    "new_game.seed": "Seed (optional)", "new_game.seed_hint": "Same seed, same deal.",
    "new_game.bad_seed": "The seed must be a whole number.",
    "new_game.start": "Start game", "new_game.twice": "Each player can take only one seat.",
    "new_game.name_needed": "{seat}: please enter a name.",
    "new_game.player": "Player", "new_game.player_solo": "Who is playing?",
    "new_game.players_hint_solo": "You alone against the spies. Choose who plays – or let the computer "
                                  "play and watch.",
    "new_game.taken": "{name} already sits on {seat}. Each player can take only one seat.",
    "new_game.sits_at": "{name} · on {seat}",
    "new_game.unknown_level": "There is no such playing strength.",
    "new_game.unavailable": "This game is not finished yet. Coming soon!",
    "choice.scoring.win": "Win or lose", "choice.scoring.points": "Count points",
    "choice.klanglos.points": "No card points", "choice.klanglos.tricks": "No trick",
    "help.rosenkrieg.partien": "A dynasty usually has 8 games; the balances are settled after the last.",
    "help.rosenkrieg.trumpfzwang": "A player who cannot follow suit must then play a trump "
                                   "(otherwise any card may be played).",
    "help.rosenkrieg.klanglos": "When the losing side is whitewashed (×4): with 0 card points "
                                "(as the rules say) or only with no trick at all.",
    "help.deck-of-spies.scoring": "Win with 7 of the 12 face cards. “Count points” also records how many "
                                  "face cards you own at the end (0–12).",
    # Kings in the Corner's options (the engine's values as people say them)
    "choice.hand.0": "Standard", "choice.target.0": "1 round",
    "choice.draw_at.start": "At the start", "choice.draw_at.end": "At the end",
    "choice.scoring.penalty": "King 10", "choice.scoring.face": "Face value",
    "help.kings-corner.hand": "“Standard”: 7 cards (without drawing 13, 12 with 4 players, 9 with 5). "
                              "10 cards work for up to 4 players, 13 for up to 3.",
    "help.kings-corner.draw_at": "When the card you must draw comes from the stock: before your moves or as you "
                                 "end your turn.",
    "help.kings-corner.scoring": "Penalty points for cards left at the end of a round: king 10, any other 1 – "
                                 "or face value (ace 1, 2–10 as printed, jack, queen, king 10).",
    "help.kings-corner.target": "“1 round”: a race without points. 25 or 50: rounds until someone has that many "
                                "penalty points; the lowest total wins.",
    "play.title": "Game", "play.your_turn": "Your turn", "play.turn_of": "{name} to move",
    "play.bot_turn": "{name} is thinking …", "play.over": "Game over", "play.move": "Move {n}",
    "play.your_hand": "Your hand", "play.actions": "Your options", "play.cards": {"one": "{n} card", "other": "{n} cards"},
    "play.tap_hint": "Tap cards to see only the moves that use them.",
    "play.clear_selection": "Clear selection", "play.more_actions": "… and {n} more. Pick a card first.",
    "play.winner": "{name} wins!", "play.winners": "{names} share the win!",
    "play.nobody_won": "Nobody wins", "play.again": "Play again", "play.home": "Back to games",
    "play.pass_to": "Pass the device to {name}", "play.pass_hint": "Everyone else, please look away.",
    "play.i_am": "I am {name}", "play.undo": "Undo", "play.rules": "Rules",
    "play.nothing_to_undo": "There is nothing to undo.",
    "play.cannot_open": "This game cannot be opened: {error}",
    "play.save_failed": "The move could not be saved: {error}",
    "play.moved_on": "This game was played on in another window – here is where it stands now.",
    "play.bot_failed": "The computer got stuck.",
    "field.line": "Line", "field.hands": "Hand", "field.hand": "Hand", "field.deck": "Draw pile",
    "field.collections": "Collection", "field.removed": "Removed", "field.taken": "Taken",
    "field.round": "Round", "field.starter": "Starts", "field.spy": "Spy", "field.spies": "Spy deck",
    "field.spies_left": "Spies left", "field.spies_below": "Spies to come", "field.draw": "Draw pile",
    "field.draw_count": "In draw pile", "field.discard": "Discard", "field.spy_discard": "Spy discard",
    "field.draw_cards": "Cards in draw pile", "field.phase": "Phase", "field.shuffles": "Shuffles",
    "verb.play": "play", "verb.take": "take", "verb.counter": "counter", "verb.recruit": "recruit",
    "verb.assassinate": "assassinate", "verb.retire": "retire", "verb.done": "done",
    "verb.pass": "pass", "verb.draw": "draw", "verb.end": "end turn", "verb.from": "from",
    "reason.thronfolge.score": "On points.", "reason.thronfolge.tiebreak": "Level on points – decided by "
                                                                          "the supporters.",
    "reason.thronfolge.shared": "Dead level: a shared win.",
    "reason.thronfolge.crowns": "All three crowns collected!",
    "continue.menu": "More for this game: {game}", "continue.resign": "Resign",
    "continue.archive": "Archive",
    "resign.title": "Resign this game?", "resign.who": "Who resigns?", "resign.confirm": "Resign",
    "resign.text": "The game ends at once: a loss for {loser}, a win for {winners}.",
    "resign.text_solo": "The game ends at once and counts as a loss.",
    "resign.text_pick": "The game ends at once: whoever resigns loses, everyone else wins.",
    "resign.final": "It cannot be continued afterwards.",
    "resign.done": "{name} resigned. The game now counts in the statistics.",
    "list.and": "and",
    "archive.title": "Archive this game?", "archive.confirm": "Archive",
    "archive.text": "The game leaves “Continue” and stays saved exactly as it is. You will find it "
                    "under “Archived games” and can continue it at any time.",
    "archive.done": "Game archived.", "archive.undo": "Undo",
    "archived.title": "Archived games ({n})",
    "archived.hint": "Tap to show, continue or restore",
    "archived.restore": "Restore", "archived.open": "Continue playing",
    "archived.restored": "The game is back under “Continue”.",
    "resigned.title": "Game resigned",
    "resigned.text": "{name} resigned this game. It is over and cannot be continued.",
    "stats.row.resigned": "Resigned",
    "store.game_resigned": "This game was resigned and cannot be continued.",
    "store.game_over": "This game is already over.",
    "store.game_finished": "This game is over and cannot be taken up again.",
    "store.merge_bot": "Only people can be merged.",
    "store.merge_done": "These two are one profile already.",
    "store.same_profile": "That is the same profile.",
    "store.version_missing": "This version of the game is not here any more.",
    "store.version_running": "A running version cannot count instead of a finished one.",
    "store.game_stale": "This game has been played on elsewhere meanwhile.",
    "store.bad_seat": "Only a person playing in this game can resign.",
}

STRINGS: dict[str, dict[str, Text]] = {"de": DE, "en": EN}
_MISSING = object()


def t(key: str, lang: str = "en", _default: Any = _MISSING, **values: Any) -> str:
    """The text for ``key`` in ``lang`` with ``{placeholders}`` filled from ``values``.

    Plural entries take the form for ``values["n"]``; int and float values are
    formatted as numbers of ``lang``.
    """
    if lang not in STRINGS:
        lang = "en"
    entry = STRINGS[lang].get(key)
    if entry is None:
        entry, lang = EN.get(key), "en"
    if entry is None:
        return key if _default is _MISSING else _default
    text = plural(entry, lang, values.get("n")) if isinstance(entry, dict) else entry
    if not values:
        return text
    shown = {k: fmt.number(v, lang) if fmt.as_number(v) is not None and not isinstance(v, str) else v
             for k, v in values.items()}
    try:
        return text.format(**shown)
    except (KeyError, IndexError, ValueError):  # a placeholder was not given: show the raw text
        return text


def plural(forms: dict[str, str], lang: str, n: Any) -> str:
    """The form of a plural entry for the count ``n`` (``other`` when ``n`` is missing)."""
    category = fmt.plural_category(lang, n) if n is not None else "other"
    return forms.get(category) or forms["other"]


def forms_of(entry: Text) -> list[str]:
    """Every text of an entry: the one text, or each plural form."""
    return list(entry.values()) if isinstance(entry, dict) else [entry]


def extend(de: dict[str, Text], en: dict[str, Text]) -> None:
    """Add a module's own strings (e.g. one game's table), refusing keys that differ by language.

    :raises ValueError: when the two dicts do not have the same keys or a key is taken.
    """
    if de.keys() != en.keys():
        raise ValueError(f"German and English keys differ: {sorted(de.keys() ^ en.keys())}")
    taken = [k for k in de if k in DE and DE[k] != de[k]]
    if taken:
        raise ValueError(f"keys already defined: {taken}")
    DE.update(de)
    EN.update(en)
