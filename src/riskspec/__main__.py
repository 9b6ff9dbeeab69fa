"""``python -m riskspec``: the same command line as ``riskspec``."""

import sys

from riskspec.cli import main

sys.exit(main())
