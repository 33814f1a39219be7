"""The texts of the server's member pages, in German and English. Apart from the pages
(``app.serve.members``) because the settings screen shows some of them, and a phone's app must
not import the server's code."""

from __future__ import annotations

from app import i18n

DE = {
    "member.title": "Hofstaat", "member.welcome": "Die Runde auf diesem Server",
    "member.sign_in_hint": "Melde dich an, um die Spieler, Partien und Schulden deiner Runde zu "
    "sehen und zu spielen.",
    "member.forgot": "Passwort vergessen? Wer diesen Server betreibt, kann dir ein neues geben.",
    "member.login": "Anmeldename", "member.password": "Passwort", "member.name": "Dein Name",
    "member.sign_in": "Anmelden", "member.new_account": "Neues Konto",
    "member.have_account": "Ich habe ein Konto", "member.create": "Konto anlegen",
    "member.circles": "Deine Runden", "member.no_circle": "Du bist noch in keiner Runde: tritt "
    "mit einem Code bei, den dir jemand aus der Runde gibt, oder lege eine neue an.",
    "member.code": "Einladungscode", "member.join": "Mit Code beitreten",
    "member.circle_name": "Name der Runde", "member.make": "Neue Runde",
    "member.circle_title": "Runde", "member.circle_hint": "Alles hier gehört zu dieser Runde auf "
    "dem Server; jedes Mitglied sieht dasselbe.",
    "member.signed_in": "{circle} · angemeldet als {name}",
    "member.switch": "Runde wechseln", "member.sign_out": "Abmelden",
    "member.invite": "Einladen", "member.invite_text": "Gib diesen Code einer Person, die "
    "mitspielen soll (eine Woche gültig, für eine Person).",
    "member.invited_sign_in": "Du bist in eine Runde eingeladen: melde dich an oder lege ein "
    "Konto an, dann trittst du ihr bei.",
    "member.invited": "Du bist eingeladen: der Code steht schon da, tritt der Runde bei.",
    "ctable.heading": "Tische der Runde", "ctable.new": "Neuer Tisch",
    "ctable.none": "Noch kein Tisch: eröffne einen und spiele mit anderen aus „{circle}“, "
    "jede und jeder am eigenen Gerät.",
    "ctable.you": "Du", "ctable.you_named": "Du ({name})", "ctable.your_turn": "Du bist am Zug",
    "ctable.their_turn": "{name} ist am Zug", "ctable.game": "Spiel", "ctable.players": "Spieler",
    "ctable.new_hint": "Wer aus „{circle}“ mitspielt, sieht den Tisch auf der Startseite und "
    "spielt am eigenen Gerät; jede und jeder sieht nur die eigenen Karten.",
    "ctable.open": "Tisch eröffnen",
    "ctable.error.table_unknown": "Diesen Tisch gibt es nicht, oder du hast keinen Platz daran.",
    "ctable.error.table_seats": "Jeder Platz braucht ein anderes Mitglied der Runde oder den "
    "Computer.",
}
EN = {
    "member.title": "Hofstaat", "member.welcome": "Your circle on this server",
    "member.sign_in_hint": "Sign in to see and play your circle's players, games and debts.",
    "member.forgot": "Forgot your password? Whoever runs this server can give you a new one.",
    "member.login": "Login name", "member.password": "Password", "member.name": "Your name",
    "member.sign_in": "Sign in", "member.new_account": "New account",
    "member.have_account": "I have an account", "member.create": "Create account",
    "member.circles": "Your circles", "member.no_circle": "You are in no circle yet: join one "
    "with a code someone in it gives you, or make a new one.",
    "member.code": "Invitation code", "member.join": "Join with a code",
    "member.circle_name": "Circle name", "member.make": "New circle",
    "member.circle_title": "Circle", "member.circle_hint": "Everything here belongs to this "
    "circle on the server; every member sees the same.",
    "member.signed_in": "{circle} · signed in as {name}",
    "member.switch": "Switch circle", "member.sign_out": "Sign out",
    "member.invite": "Invite", "member.invite_text": "Give this code to someone who should play "
    "along (good for a week, for one person).",
    "member.invited_sign_in": "You are invited to a circle: sign in or make an account, then "
    "join it.",
    "member.invited": "You are invited: the code is filled in, join the circle.",
    "ctable.heading": "Your circle's tables", "ctable.new": "New table",
    "ctable.none": "No table yet: open one and play with others from “{circle}”, each on "
    "their own device.",
    "ctable.you": "You", "ctable.you_named": "You ({name})", "ctable.your_turn": "Your turn",
    "ctable.their_turn": "{name} to move", "ctable.game": "Game", "ctable.players": "Players",
    "ctable.new_hint": "Whoever from “{circle}” plays along sees the table on their home "
    "screen and plays on their own device; each sees only their own cards.",
    "ctable.open": "Open the table",
    "ctable.error.table_unknown": "There is no such table, or you have no seat at it.",
    "ctable.error.table_seats": "Each seat needs a different member of the circle, or the "
    "computer.",
}
i18n.extend(DE, EN)
