"""The ledger screen's own texts and the stake on the new-game form, registered with ``app.i18n``."""

from __future__ import annotations

from app import i18n

DE: dict[str, i18n.Text] = {
    "nav.ledger": "Schulden",
    "ledger.title": "Schulden",
    "ledger.intro": "Was aus Rosenkrieg-Dynastien um Geld offen ist – bis es bezahlt ist.",
    "ledger.view.played": "Wie gespielt", "ledger.view.simple": "Vereinfacht",
    "ledger.view.played_hint": "Jeder Herausforderer rechnet mit dem Potentaten jeder Partie ab.",
    "ledger.view.simple_hint": {"one": "Die wenigsten Zahlungen, die alle Salden ausgleichen: {n} Zahlung.",
                                "other": "Die wenigsten Zahlungen, die alle Salden ausgleichen: {n} Zahlungen."},
    "ledger.empty": "Keine offenen Schulden. Starte eine Rosenkrieg-Dynastie mit einem Einsatz pro Punkt, "
                    "dann steht hier, wer wem was schuldet.",
    "ledger.debts": "Wer wem schuldet", "ledger.people": "Salden", "ledger.total": "Offen insgesamt",
    "ledger.owes": "schuldet", "ledger.pays": "zahlt",
    "ledger.even": "ausgeglichen",
    "ledger.mark_paid": "Bezahlt", "ledger.history": "Verlauf",
    "ledger.pay_title": "{debtor} zahlt {creditor}",
    "ledger.pay_text": "Offen: {amount}. Ein Teilbetrag ist möglich.",
    "ledger.amount": "Betrag ({currency})", "ledger.note": "Notiz (freiwillig)",
    "ledger.pay_ok": "Eintragen",
    "ledger.paid_done": "{amount} von {debtor} an {creditor} eingetragen.",
    "ledger.bad_amount": "Bitte einen Betrag wie {example} eingeben.",
    "ledger.zero_amount": "Der Betrag muss größer als 0 sein.",
    "ledger.too_much": "Höchstens {most} – mehr ist zwischen den beiden nicht offen.",
    "ledger.changed": "Diese Schuld wurde in einem anderen Fenster geändert – hier ist der "
                      "aktuelle Stand.",
    "ledger.history_title": "{a} und {b}",
    "ledger.history_empty": "Noch keine Einträge.",
    "ledger.open_after": "danach offen: {amount}",
    "ledger.kind.settled": "Dynastie abgerechnet", "ledger.kind.payment": "Zahlung",
    "ledger.kind.correction": "Korrektur",
    "ledger.chart": "Verlauf einer Dynastie", "ledger.chart_hint": "Saldo jedes Spielers nach jeder Partie",
    "ledger.dynasty": "{day} · {players} · {stake} pro Punkt",
    "ledger.dynasty_running": "läuft", "ledger.partie": "Partie",
    "ledger.no_partien": "In dieser Dynastie ist noch keine Partie gespielt.",
    "store.payment_too_large": "Das ist mehr, als zwischen den beiden offen ist.",
    "store.amount_invalid": "Der Betrag muss ganze Cent größer als 0 sein.",
    "store.currency_unknown": "Diese Währung kennt Hofstaat nicht.",
    "store.stake_invalid": "Der Einsatz muss ganze Cent sein, 0 oder mehr.",
    "store.amount_too_large": "Ein Betrag darf höchstens 1.000.000 betragen.",
    "store.stake_too_large": "Der Einsatz darf höchstens 1.000 pro Punkt betragen.",
    "store.stake_needs_people": "Um Geld braucht jeder Platz ein Profil, und mindestens ein "
                                "Mensch spielt mit.",
    # the new-game form
    "stake.title": "Einsatz", "stake.per_point": "Einsatz pro Punkt ({currency})",
    "stake.hint": "0 = um die Ehre. Am Ende der Dynastie werden die Punkte zu Schulden.",
    "stake.bots": "0 = um die Ehre. Alle Computer einer Stufe teilen sich ein Konto: Was du ihnen "
                  "schuldest oder sie dir, steht am Ende der Dynastie unter Schulden.",
    "stake.bad": "Bitte einen Einsatz wie {example} eingeben (0 = um die Ehre).",
    "stake.no_phones": "Um Geld spielen nur Spieler, die am Start feststehen: Wähl bei jedem Handy, "
                       "wer darauf spielt – oder setz den Einsatz auf 0.",
    "stake.currency": "Währung",
    "stake.summary_honour": "Um die Ehre – kein Einsatz",
    "stake.summary_money": "Um Geld: {amount} pro Punkt",
    "stake.summary_unread": "Einsatz unlesbar – bitte oben korrigieren",
}

EN: dict[str, i18n.Text] = {
    "nav.ledger": "Ledger",
    "ledger.title": "Ledger",
    "ledger.intro": "What Rosenkrieg dynasties played for money leave owing – until it is paid.",
    "ledger.view.played": "As played", "ledger.view.simple": "Simplified",
    "ledger.view.played_hint": "Each challenger settles with the Potentate of each game.",
    "ledger.view.simple_hint": {"one": "The fewest payments that settle every balance: {n} payment.",
                                "other": "The fewest payments that settle every balance: {n} payments."},
    "ledger.empty": "No open debts. Start a Rosenkrieg dynasty with a stake per point and this is "
                    "where you see who owes whom.",
    "ledger.debts": "Who owes whom", "ledger.people": "Balances", "ledger.total": "Open in total",
    "ledger.owes": "owes", "ledger.pays": "pays",
    "ledger.even": "even",
    "ledger.mark_paid": "Paid", "ledger.history": "History",
    "ledger.pay_title": "{debtor} pays {creditor}",
    "ledger.pay_text": "Open: {amount}. You can enter part of it.",
    "ledger.amount": "Amount ({currency})", "ledger.note": "Note (optional)",
    "ledger.pay_ok": "Record",
    "ledger.paid_done": "Recorded {amount} from {debtor} to {creditor}.",
    "ledger.bad_amount": "Please enter an amount such as {example}.",
    "ledger.zero_amount": "The amount must be more than 0.",
    "ledger.too_much": "At most {most} – no more is open between the two.",
    "ledger.changed": "This debt was changed in another window – here is where it stands now.",
    "ledger.history_title": "{a} and {b}",
    "ledger.history_empty": "No entries yet.",
    "ledger.open_after": "open after: {amount}",
    "ledger.kind.settled": "Dynasty settled", "ledger.kind.payment": "Payment",
    "ledger.kind.correction": "Correction",
    "ledger.chart": "A dynasty game by game", "ledger.chart_hint": "Each player's balance after each game",
    "ledger.dynasty": "{day} · {players} · {stake} per point",
    "ledger.dynasty_running": "running", "ledger.partie": "Game",
    "ledger.no_partien": "No game of this dynasty has been played yet.",
    "store.payment_too_large": "That is more than is open between the two.",
    "store.amount_invalid": "The amount must be whole cents, more than 0.",
    "store.currency_unknown": "Hofstaat does not know this currency.",
    "store.stake_invalid": "The stake must be whole cents, 0 or more.",
    "store.amount_too_large": "An amount may be at most 1,000,000.",
    "store.stake_too_large": "The stake may be at most 1,000 per point.",
    "store.stake_needs_people": "Playing for money needs a profile on every seat and at least "
                                "one person at the table.",
    "stake.title": "Stake", "stake.per_point": "Stake per point ({currency})",
    "stake.hint": "0 = for honour. When the dynasty ends, its points become debts.",
    "stake.bots": "0 = for honour. All computers of one level share one account: what you owe "
                  "them, or they you, is in the Ledger when the dynasty ends.",
    "stake.bad": "Please enter a stake such as {example} (0 = for honour).",
    "stake.no_phones": "Only players known at the start can play for money: choose who plays on "
                       "each phone – or set the stake to 0.",
    "stake.currency": "Currency",
    "stake.summary_honour": "For honour – no stake",
    "stake.summary_money": "For money: {amount} a point",
    "stake.summary_unread": "Stake unreadable – please correct it above",
}

i18n.extend(DE, EN)
