import sys

from riskspec.cli import main

sys.exit(main())
