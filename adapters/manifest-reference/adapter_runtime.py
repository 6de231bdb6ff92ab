"""Runtime hook of the reference manifest adapter. Importing it only defines functions."""

import json
import os

_HERE = os.path.dirname(os.path.abspath(__file__))


def tools():
    """The generated catalog: here, the saved one read back (read-only)."""
    with open(os.path.join(_HERE, "tools.json"), encoding="utf-8") as catalog:
        return json.load(catalog)


def child_env():
    """No target-specific environment."""
    return {}


def successful(tool, response, exit_code):
    """The default convention: ok: true with exit code 0."""
    return exit_code == 0 and isinstance(response, dict) and response.get("ok") is True
