"""Fixture two-json: Every successful call prints its JSON response twice (TRN-ONE-JSON).

The tools are the reference adapter's (../../manifest-reference/reference_tools.py), with the defect "two-json".
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "manifest-reference"))

from reference_tools import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], HERE, defect="two-json"))
