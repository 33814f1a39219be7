"""Money between friends: what Rosenkrieg dynasties leave owing, and how to settle it.

Pure functions and frozen values, no Flet and no database; ``core.store`` keeps
the dynasties and the history and calls these. The modules: ``money`` (whole
cents, currencies, stakes, reading and writing amounts per language),
``partien`` (a dynasty's debts as played), ``books`` (open debts, balances and a
debt's history replayed from the append-only entries), ``simplify`` (the fewest
payments that settle the balances), ``tools`` (the settle-up benchmark).
"""

from core.ledger.books import (balances, check_payment, debt_history, open_debts, payable,
                               replay, settle_up)
from core.ledger.errors import LedgerError
from core.ledger.money import (DEFAULT_CURRENCY, Money, cent_digits, check_cents, check_currency,
                               check_stake, currencies, format_money, parse_money,
                               plain_amount,
                               points_to_money)
from core.ledger.partien import (PARTIEN_PER_DYNASTY, Partie, balance_curve, check_partie,
                                 check_players,
                                 dynasty_debts, net_debts, partie_debts, person_curves,
                                 seat_totals)
from core.ledger.simplify import EXACT_LIMIT, settle, zero_sum_groups
from core.ledger.values import (CORRECTION, KINDS, PAYMENT, SETTLED, Balance, Debt, Entry,
                                HistoryLine)

__all__ = [
    "CORRECTION", "DEFAULT_CURRENCY", "EXACT_LIMIT", "KINDS", "PARTIEN_PER_DYNASTY", "PAYMENT",
    "SETTLED", "Balance", "Debt", "Entry", "HistoryLine", "LedgerError", "Money", "Partie",
    "balance_curve", "balances", "cent_digits", "check_cents", "check_currency", "check_partie", "check_payment",
    "check_players", "check_stake", "person_curves", "currencies", "debt_history", "dynasty_debts",
    "format_money", "net_debts", "open_debts", "parse_money", "partie_debts", "payable", "plain_amount",
    "points_to_money", "replay", "seat_totals", "settle", "settle_up", "zero_sum_groups"]
