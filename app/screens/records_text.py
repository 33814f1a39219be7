"""Texts of the statistics, player, head-to-head and ratings screens, registered with ``app.i18n``.

The basic statistics texts (``stats.*``) came with Deck of Spies and are registered
by its strings module, imported here so every screen has them.
"""

from __future__ import annotations

from app import i18n
from app.tables.deck_of_spies import strings  # noqa: F401  (registers the stats.* texts)

DE: dict[str, i18n.Text] = {
    "rec.section": "Statistik",
    "rec.explain_title": "Was die Wertung bedeutet",
    "rec.explain": "Jeder beginnt bei 1 000. Die Zahl ist eine vorsichtige Schätzung der "
                   "Spielstärke: Siege heben sie, Niederlagen senken sie, und ein Sieg gegen "
                   "Stärkere zählt mehr als einer gegen Schwächere. Solange nach wenigen Partien "
                   "wenig bekannt ist, bleibt sie vorsichtig niedrig und springt stärker. Alle "
                   "Computer einer Stufe teilen sich eine Wertung: Sitzen sie an mehreren Plätzen, "
                   "zählt die Partie für sie einmal, als Mittel ihrer Plätze.",
    "rec.changes": "Die letzten Änderungen",
    "rec.change_won": "gewonnen", "rec.change_lost": "nicht gewonnen",
    "rec.change_a11y": "{day}, {verdict}: {change}, danach {shown}",
    "rec.section_hint": "Bilanzen je Spiel, Wertungen und wer gegen wen gewinnt.",
    "rec.game_card": {"one": "{n} Partie gespielt", "other": "{n} Partien gespielt"},
    "rec.game_card_none": "Noch keine Partie",
    "rec.ratings": "Wertungen", "rec.ratings_hint": "Ranglisten aller vier Spiele",
    "rec.versus": "Direktvergleich", "rec.versus_hint": "Zwei Spieler im Vergleich",
    "rec.people": "Personen", "rec.computers": "Computer",
    "rec.computers_hint": "Jede Stufe führt eine eigene Bilanz.",
    "rec.rating": "Wertung",
    "rec.rating_games": {"one": "nach {n} Partie", "other": "nach {n} Partien"},
    "rec.unrated": "Noch ohne Wertung",
    "rec.chart": "Wertung im Verlauf",
    "rec.chart_a11y": {"one": "Wertung im Verlauf: von {first} auf {last} in {n} Partie",
                       "other": "Wertung im Verlauf: von {first} auf {last} in {n} Partien"},
    "rec.chart_empty": "Nach der ersten Partie zeigt sich hier der Verlauf.",
    "rec.leaderboard": "Rangliste",
    "rec.leaderboard_empty": "Noch niemand hat eine Partie beendet.",
    "rec.average_score": "Ø Punkte", "rec.best_low_hint": "wenigste Strafpunkte",
    "rec.three_crowns": "Drei Kronen", "rec.three_crowns_hint": "Siege mit allen dreien",
    "rec.crowns": "Kronen", "rec.sets": "Sätze", "rec.collected": "gesammelt",
    "rec.favours": "Gunst", "rec.favours_hint": "Punkte aus Gunstkarten",
    "rec.potentat": "Als Potentat", "rec.potentat_hint": {"one": "von {n} Partie", "other": "von {n} Partien"},
    "rec.potentat_won": "Potentat-Siege",
    "rec.fenstersturz": "Fensterstürze", "rec.fenstersturz_hint": "mit genau 67 Zählern",
    "rec.points": "Punktebilanz", "rec.money": "Geldbilanz",
    "rec.money_hint": "{won} gewonnen · {lost} verloren",
    "rec.penalty": "Strafpunkte", "rec.penalty_hint": "Ø {avg} je Partie",
    "rec.rounds": "Runden", "rec.rounds_won": "Runden gewonnen", "rec.rounds_won_hint": "von {n}",
    "rec.cards_left": "Karten übrig", "rec.cards_left_hint": "am Rundenende",
    "rec.vs": "gegen {names}", "rec.score": {"one": "{n} Punkt", "other": "{n} Punkte"},
    "rec.player_title": "{name}",
    "rec.player_summary": "{games} Partien · {wins} Siege · {rate}",
    "rec.open_stats": "Statistik {game}",
    "rec.against_computer": "Gegen den Computer",
    "rec.against_people": "Gegen andere",
    "rec.record_line": "{wins} S · {losses} N",
    "rec.record_line_shared": "{wins} S · {shared} geteilt · {losses} N",
    "rec.record_a11y": "{name}: {wins} Siege, {losses} Niederlagen, {shared} geteilt in {games} Partien",
    "rec.no_games_against": "Noch keine gemeinsame Partie.",
    "rec.no_record": "Noch keine beendete Partie. Die Bilanz beginnt mit der ersten.",
    "rec.recent_all": "Letzte Partien",
    "rec.pick_a": "Spieler", "rec.pick_b": "Gegner",
    "rec.versus_total": {"one": "{n} gemeinsame Partie", "other": "{n} gemeinsame Partien"},
    "rec.versus_none": "Diese beiden haben noch keine Partie gegeneinander beendet.",
    "rec.versus_need_two": "Für einen Vergleich braucht es zwei Spieler.",
    "rec.wins_of": "Siege {name}", "rec.shared": "Geteilt",
    "rec.row.shared": "Geteilt",
    "rec.you": "Du",
}

EN: dict[str, i18n.Text] = {
    "rec.section": "Statistics",
    "rec.explain_title": "What the rating means",
    "rec.explain": "Everybody starts at 1,000. The number is a careful estimate of strength: "
                   "wins raise it, losses lower it, and a win against stronger players counts "
                   "for more than one against weaker players. While little is known after a few "
                   "games it stays cautiously low and moves in bigger steps. All computers of one "
                   "level share one rating: when they sit several seats, the game counts for them "
                   "once, as the mean of their seats.",
    "rec.changes": "Latest changes",
    "rec.change_won": "won", "rec.change_lost": "not won",
    "rec.change_a11y": "{day}, {verdict}: {change}, then {shown}",
    "rec.section_hint": "Records per game, ratings and who beats whom.",
    "rec.game_card": {"one": "{n} game played", "other": "{n} games played"},
    "rec.game_card_none": "No games yet",
    "rec.ratings": "Ratings", "rec.ratings_hint": "Leaderboards of all four games",
    "rec.versus": "Head-to-head", "rec.versus_hint": "Two players side by side",
    "rec.people": "People", "rec.computers": "Computer",
    "rec.computers_hint": "Each level keeps a record of its own.",
    "rec.rating": "Rating",
    "rec.rating_games": {"one": "after {n} game", "other": "after {n} games"},
    "rec.unrated": "Not rated yet",
    "rec.chart": "Rating over time",
    "rec.chart_a11y": {"one": "Rating over time: from {first} to {last} in {n} game",
                       "other": "Rating over time: from {first} to {last} in {n} games"},
    "rec.chart_empty": "After the first game, the rating's course shows here.",
    "rec.leaderboard": "Leaderboard",
    "rec.leaderboard_empty": "Nobody has finished a game yet.",
    "rec.average_score": "Average score", "rec.best_low_hint": "fewest penalty points",
    "rec.three_crowns": "Three crowns", "rec.three_crowns_hint": "wins with all three",
    "rec.crowns": "Crowns", "rec.sets": "Sets", "rec.collected": "collected",
    "rec.favours": "Favours", "rec.favours_hint": "points from favour cards",
    "rec.potentat": "As Potentate", "rec.potentat_hint": {"one": "of {n} game", "other": "of {n} games"},
    "rec.potentat_won": "Won as Potentate",
    "rec.fenstersturz": "Defenestrations", "rec.fenstersturz_hint": "won with exactly 67",
    "rec.points": "Points balance", "rec.money": "Money balance",
    "rec.money_hint": "{won} won · {lost} lost",
    "rec.penalty": "Penalty points", "rec.penalty_hint": "{avg} a game on average",
    "rec.rounds": "Rounds", "rec.rounds_won": "Rounds won", "rec.rounds_won_hint": "of {n}",
    "rec.cards_left": "Cards left", "rec.cards_left_hint": "at the ends of rounds",
    "rec.vs": "vs {names}", "rec.score": {"one": "{n} point", "other": "{n} points"},
    "rec.player_title": "{name}",
    "rec.player_summary": "{games} games · {wins} wins · {rate}",
    "rec.open_stats": "{game} statistics",
    "rec.against_computer": "Against the computer",
    "rec.against_people": "Against others",
    "rec.record_line": "{wins} W · {losses} L",
    "rec.record_line_shared": "{wins} W · {shared} shared · {losses} L",
    "rec.record_a11y": "{name}: {wins} wins, {losses} losses, {shared} shared in {games} games",
    "rec.no_games_against": "No game together yet.",
    "rec.no_record": "No finished game yet. The record starts with the first one.",
    "rec.recent_all": "Recent games",
    "rec.pick_a": "Player", "rec.pick_b": "Opponent",
    "rec.versus_total": {"one": "{n} game together", "other": "{n} games together"},
    "rec.versus_none": "These two have not finished a game against each other yet.",
    "rec.versus_need_two": "A comparison needs two players.",
    "rec.wins_of": "{name}'s wins", "rec.shared": "Shared",
    "rec.row.shared": "Shared",
    "rec.you": "You",
}

i18n.extend(DE, EN)
