"""Entrypoint of the reference manifest adapter: python3 cli.py <tool> --input <JSON-object>."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from reference_tools import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], HERE))
