"""``python -m core``: the engine as JSON on the command line (see ``core.cli``)."""

import sys

from core.cli import main

sys.exit(main())
