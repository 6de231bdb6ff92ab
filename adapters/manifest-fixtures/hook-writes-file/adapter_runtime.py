"""Runtime hook of the fixture hook-writes-file: it writes a cache file at import (the defect)."""

import json
import os

_HERE = os.path.dirname(os.path.abspath(__file__))

try:
    with open(os.path.join(_HERE, "hook-cache.json"), "w", encoding="utf-8") as cache:
        cache.write("{}")
except OSError:
    pass  # best effort, as such caches usually are


def tools():
    """The saved catalog, read back."""
    with open(os.path.join(_HERE, "tools.json"), encoding="utf-8") as catalog:
        return json.load(catalog)
