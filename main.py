"""Entry script for ``flet build`` / ``flet run``: the app lives in ``app/``.

For day-to-day use run ``hofstaat`` or ``python -m app`` (command line options).
"""

from app.main import run_packaged

if __name__ == "__main__":
    run_packaged()
