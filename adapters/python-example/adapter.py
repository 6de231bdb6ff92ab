#!/usr/bin/env python3
"""A complete algal.coding-operation.v1 adapter in one file (Python 3.11, stdlib only).

    python3 adapter.py [--authority ID] [--ledger DIR] [--terminal-after N] <submit|observe>

It reads one JSON request on stdin, prints one canonical JSON outcome on stdout
and exits 0; it refuses a malformed request with exit code 2 (one line on
stderr, nothing on stdout) and exits 1 when its ledger holds a record it cannot
read. The ledger works like the TypeScript reference adapter's: immutable
records, each published by an exclusive create (os.link), so two racing
submits can never both admit. A fake provider finishes an operation after N
observes.

The protocol digests are over canonical JSON as JavaScript writes it, so this
file carries a small serializer that matches JSON.stringify where Python's
json module differs: number formatting, key order (array-index keys first, in
numeric order, then UTF-16 code units: not RFC 8785) and lone surrogates.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import sys
import uuid
from datetime import datetime, timezone
from decimal import Decimal

MIB = 1_048_576
MAX_DEPTH = 16
MAX_VALUES = 16_384
MAX_ARRAY = 256
MAX_OBJECT = 64
MAX_KEY_BYTES = 256

REQUEST_CONTRACT = "algal.coding-operation-request.v1"
OUTCOME_CONTRACT = "algal.coding-operation.v1"
IDENTITY = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:-]{0,159}")
DIGEST = re.compile(r"sha256:[0-9a-f]{64}")


class Refusal(Exception):
    """The request is refused: exit 2, nothing on stdout."""


class LedgerError(Exception):
    """A ledger record exists but cannot be read: exit 1, never re-admit."""


# --- canonical JSON, byte-compatible with JavaScript ---------------------------

_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def js_string(text: str) -> str:
    """A string as JSON.stringify writes it: lone surrogates escaped as \\udxxx."""
    out = ['"']
    for char in text:
        code = ord(char)
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif code < 0x20 or 0xD800 <= code <= 0xDFFF:
            out.append(f"\\u{code:04x}")
        else:
            out.append(char)
    out.append('"')
    return "".join(out)


def js_number(value: float) -> str:
    """A finite number as JavaScript's Number.prototype.toString writes it."""
    if value == 0:
        return "0"  # -0 too
    sign = "-" if value < 0 else ""
    # repr gives the shortest round-tripping digits, as JavaScript does.
    digits_tuple = Decimal(repr(abs(float(value)))).normalize().as_tuple()
    digits = "".join(map(str, digits_tuple.digits))
    k = len(digits)
    n = digits_tuple.exponent + k  # value = 0.digits × 10^n
    if k <= n <= 21:
        body = digits + "0" * (n - k)
    elif 0 < n <= 21:
        body = digits[:n] + "." + digits[n:]
    elif -6 < n <= 0:
        body = "0." + "0" * (-n) + digits
    else:
        exponent = n - 1
        mantissa = digits if k == 1 else digits[0] + "." + digits[1:]
        body = f"{mantissa}e{'+' if exponent >= 0 else '-'}{abs(exponent)}"
    return sign + body


_MAX_ARRAY_INDEX = 4294967294


def _is_array_index(key: str) -> bool:
    """A canonical array index: "0".."4294967294", ASCII digits, no sign, no leading zero."""
    if key == "0":
        return True
    return (
        0 < len(key) <= 10
        and "1" <= key[0] <= "9"
        and all("0" <= c <= "9" for c in key)
        and int(key) <= _MAX_ARRAY_INDEX
    )


def _canonical_key(key: str) -> tuple:
    # The host's order: JavaScript lists array-index keys first, numerically, then
    # the others in UTF-16 code unit order (big-endian UTF-16 bytes compare alike).
    if _is_array_index(key):
        return (0, int(key), b"")
    return (1, 0, key.encode("utf-16-be", "surrogatepass"))


def canonical(value: object) -> str:
    """Canonical JSON as algal's host writes it: array-index keys first in numeric
    order, then the other keys in UTF-16 order; no whitespace; JavaScript formatting."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, (int, float)):
        if not math.isfinite(value):
            raise ValueError("non-finite number")
        return js_number(value)
    if isinstance(value, str):
        return js_string(value)
    if isinstance(value, list):
        return "[" + ",".join(canonical(item) for item in value) + "]"
    if isinstance(value, dict):
        keys = sorted(value, key=_canonical_key)
        return "{" + ",".join(js_string(key) + ":" + canonical(value[key]) for key in keys) + "}"
    raise TypeError(f"not a JSON value: {type(value).__name__}")


def utf8_length(text: str) -> int:
    """UTF-8 bytes as Node's Buffer.byteLength counts them (a lone surrogate is 3)."""
    return len(text.encode("utf-8", "surrogatepass"))


def digest_text(text: str) -> str:
    return "sha256:" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def digest_canonical(value: object) -> str:
    return digest_text(canonical(value))


# --- request validation -----------------------------------------------------------


def _refuse_constant(name: str) -> float:
    raise Refusal(f"request is not JSON ({name} is not a JSON number)")


def parse_request(data: bytes) -> object:
    """Strict UTF-8, JSON as JavaScript parses it: every number a double."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise Refusal("request is not valid UTF-8") from None
    try:
        return json.loads(text, parse_int=float, parse_constant=_refuse_constant)
    except RecursionError:
        raise Refusal("REQ-BOUND-DEPTH: request nests too deeply") from None
    except ValueError as error:
        raise Refusal(f"request is not JSON ({error})") from None


def check_bounds(payload: object) -> None:
    """Counts as the protocol's reference host does, so that this adapter and the host refuse the same payloads."""
    tally = {"values": 0, "bytes": 0}

    def add_bytes(text: str) -> None:
        tally["bytes"] += utf8_length(text)
        if tally["bytes"] > MIB:
            raise Refusal("REQ-BOUND-BYTES: strings and keys exceed 1 MiB")

    def visit(value: object, depth: int) -> None:
        if depth > MAX_DEPTH:
            raise Refusal("REQ-BOUND-DEPTH: payload nests deeper than 16")
        tally["values"] += 1
        if tally["values"] > MAX_VALUES:
            raise Refusal("REQ-BOUND-VALUES: more than 16,384 values")
        if isinstance(value, float) and not math.isfinite(value):
            raise Refusal("REQ-BOUND-FINITE: non-finite number")
        if isinstance(value, str):
            add_bytes(value)
        elif isinstance(value, list):
            if len(value) > MAX_ARRAY:
                raise Refusal("REQ-BOUND-ARRAY: an array has more than 256 entries")
            for item in value:
                visit(item, depth + 1)
        elif isinstance(value, dict):
            if len(value) > MAX_OBJECT:
                raise Refusal("REQ-BOUND-OBJECT: an object has more than 64 entries")
            for key, item in value.items():
                if utf8_length(key) > MAX_KEY_BYTES:
                    raise Refusal("REQ-BOUND-KEY: a key exceeds 256 bytes")
                add_bytes(key)
                visit(item, depth + 1)

    visit(payload, 0)
    if utf8_length(canonical(payload)) > MIB:
        raise Refusal("REQ-BOUND-BYTES: canonical payload exceeds 1 MiB")


def is_identity(value: object) -> bool:
    return isinstance(value, str) and IDENTITY.fullmatch(value) is not None


def is_digest(value: object) -> bool:
    return isinstance(value, str) and DIGEST.fullmatch(value) is not None


def validate_request(request: object, argv_action: str, authority_id: str | None) -> dict:
    """Returns the binding of a valid request, or raises Refusal."""
    if not isinstance(request, dict):
        raise Refusal("request is not a JSON object")
    unknown = set(request) - {"contract", "action", "binding", "payload"}
    if unknown:
        raise Refusal(f"REQ-CLOSED: unknown field {sorted(unknown)[0]!r}")
    for field in ("contract", "action", "binding"):
        if field not in request:
            raise Refusal(f"REQ-REQUIRED: missing field {field}")
    if request["contract"] != REQUEST_CONTRACT:
        raise Refusal("REQ-CONTRACT: unsupported contract")
    action = request["action"]
    if action not in ("submit", "observe"):
        raise Refusal("REQ-ACTION-VALUE: unknown action")
    if action != argv_action:
        raise Refusal(f"REQ-ACTION-ARGV: argv says {argv_action}, request says {action}")
    binding = request["binding"]
    if not isinstance(binding, dict) or set(binding) != {"operationId", "authorityId", "requestDigest"}:
        raise Refusal("REQ-BINDING-CLOSED: binding must have exactly operationId, authorityId, requestDigest")
    if not is_identity(binding["operationId"]) or not is_identity(binding["authorityId"]):
        raise Refusal("REQ-IDENTITY: operationId or authorityId is not an identity")
    if not is_digest(binding["requestDigest"]):
        raise Refusal("REQ-DIGEST-FORMAT: requestDigest is not a digest")
    if action == "submit" and "payload" not in request:
        raise Refusal("REQ-SUBMIT-PAYLOAD: submit needs a payload")
    if action == "observe" and "payload" in request:
        raise Refusal("REQ-OBSERVE-NO-PAYLOAD: observe carries a payload")
    if action == "submit":
        check_bounds(request["payload"])
    if utf8_length(canonical(request)) > MIB:
        raise Refusal("REQ-BOUND-REQUEST: canonical request exceeds 1 MiB")
    if action == "submit" and digest_canonical(request["payload"]) != binding["requestDigest"]:
        raise Refusal("REQ-PAYLOAD-DIGEST: requestDigest does not match the payload")
    if authority_id is not None and binding["authorityId"] != authority_id:
        raise Refusal(f"REQ-AUTHORITY: this adapter is authority {authority_id}")
    return binding


# --- ledger -----------------------------------------------------------------------


def fsync_directory(path: str) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def publish(directory: str, name: str, record: dict) -> None:
    """Temp file, fsync, then os.link: an exclusive create, so exactly one writer wins.

    This is the ledger's only lock. A reader sees no record or a complete one.
    """
    temp = os.path.join(directory, f".{name}.{uuid.uuid4()}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        os.write(fd, canonical(record).encode("utf-8"))
        os.fsync(fd)
    finally:
        os.close(fd)
    try:
        os.link(temp, os.path.join(directory, name))
    except FileExistsError:
        pass  # another writer won; everyone reads the winner's record
    finally:
        os.unlink(temp)
    fsync_directory(directory)


def read_record(path: str) -> dict | None:
    try:
        with open(path, encoding="utf-8") as file:
            record = json.load(file)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        raise LedgerError(f"cannot read ledger record {path}: {error}") from None
    if not isinstance(record, dict):
        raise LedgerError(f"ledger record has an unexpected shape: {path}")
    return record


class Operation:
    """The immutable records of one operation key (authorityId + operationId)."""

    def __init__(self, root: str, binding: dict) -> None:
        key = hashlib.sha256(f"{binding['authorityId']}\0{binding['operationId']}".encode()).hexdigest()
        self.path = os.path.join(root, "operations", key)

    def admission(self) -> dict | None:
        record = read_record(os.path.join(self.path, "admission.json"))
        if record is not None and not isinstance(record.get("binding"), dict):
            raise LedgerError(f"admission record has an unexpected shape: {self.path}")
        return record

    def terminal(self) -> dict | None:
        return read_record(os.path.join(self.path, "terminal.json"))

    def admit(self, binding: dict) -> dict:
        os.makedirs(self.path, exist_ok=True)
        fsync_directory(os.path.dirname(self.path))
        record = {
            "binding": dict(binding),
            "admissionId": str(uuid.uuid4()),
            "admittedAt": datetime.now(timezone.utc).isoformat(),
        }
        publish(self.path, "admission.json", record)
        admitted = self.admission()
        if admitted is None:
            raise LedgerError(f"admission vanished after publishing: {self.path}")
        return admitted

    def mark_observe(self) -> None:
        marks = os.path.join(self.path, "observes")
        os.makedirs(marks, exist_ok=True)
        os.close(os.open(os.path.join(marks, str(uuid.uuid4())), os.O_WRONLY | os.O_CREAT | os.O_EXCL))

    def observe_count(self) -> int:
        try:
            return len(os.listdir(os.path.join(self.path, "observes")))
        except FileNotFoundError:
            return 0

    def settled(self, admission: dict, terminal_after: int) -> dict | None:
        """The terminal record, publishing it first when the fake provider is done."""
        terminal = self.terminal()
        if terminal is None and self.observe_count() >= terminal_after:
            operation_id = admission["binding"]["operationId"]
            text = f"completed ✓ {operation_id} — {admission['binding']['requestDigest'][7:19]}"
            result = {"text": text, "digest": digest_text(text), "length": utf8_length(text)}
            publish(self.path, "terminal.json", {"revision": 2, "outcome": "completed", "result": result})
            terminal = self.terminal()
        return terminal


def submit(root: str, binding: dict, terminal_after: int) -> tuple[dict | None, dict | None]:
    operation = Operation(root, binding)
    admission = operation.admission() or operation.admit(binding)
    if admission["binding"].get("requestDigest") != binding["requestDigest"]:
        raise Refusal("SEM-REBIND-REFUSED: this operationId is admitted with another requestDigest")
    return admission, operation.settled(admission, terminal_after)


def observe(root: str, binding: dict, terminal_after: int) -> tuple[dict | None, dict | None]:
    operation = Operation(root, binding)
    admission = operation.admission()
    # Unadmitted, or admitted under another digest: write nothing, reveal nothing.
    if admission is None or admission["binding"].get("requestDigest") != binding["requestDigest"]:
        return None, None
    terminal = operation.terminal()
    if terminal is None:
        operation.mark_observe()
        terminal = operation.settled(admission, terminal_after)
    return admission, terminal


def render(binding: dict, admission: dict | None, terminal: dict | None) -> dict:
    outcome = {
        "contract": OUTCOME_CONTRACT,
        "operationId": binding["operationId"],
        "authorityId": binding["authorityId"],
        "requestDigest": binding["requestDigest"],
    }
    if admission is None:
        return {**outcome, "revision": 0, "state": "unknown", "reason": "missing"}
    outcome["acceptanceRef"] = digest_canonical(admission)
    if terminal is None:
        return {**outcome, "revision": 1, "state": "accepted"}
    return {
        **outcome,
        "revision": terminal["revision"],
        "state": "terminal",
        "outcome": terminal["outcome"],
        "settlement": "all-admitted-work-settled",
        "result": terminal["result"],
    }


# --- command line -----------------------------------------------------------------

USAGE = "usage: adapter.py [--authority ID] [--ledger DIR] [--terminal-after N] <submit|observe>"


def default_ledger(env: os._Environ[str] | dict[str, str]) -> str | None:
    """The ledger without --ledger: the suite's scratch directory, else the user's state directory.

    The host sets neither ADAPTER_QUALIFY_SCRATCH nor a working directory, and a ledger must
    outlive every call: $XDG_STATE_HOME/adapter-qualify/python-ledger ($HOME/.local/state when
    XDG_STATE_HOME is unset). Empty and relative values count as unset (the XDG rule).
    """
    scratch = env.get("ADAPTER_QUALIFY_SCRATCH")
    if scratch:
        return os.path.join(scratch, "python-ledger")
    home = env.get("HOME", "")
    state = env.get("XDG_STATE_HOME", "")
    if not os.path.isabs(state):
        state = os.path.join(home, ".local", "state") if os.path.isabs(home) else ""
    return os.path.join(state, "adapter-qualify", "python-ledger") if state else None


def parse_args(argv: list[str]) -> tuple[str, str | None, str, int]:
    options: dict[str, str] = {}
    positional: list[str] = []
    items = iter(argv)
    for arg in items:
        if arg in ("--authority", "--ledger", "--terminal-after"):
            value = next(items, None)
            if value is None:
                raise Refusal(f"{arg} needs a value; {USAGE}")
            options[arg] = value
        elif arg.startswith("--"):
            raise Refusal(f"unknown option {arg}; {USAGE}")
        else:
            positional.append(arg)
    if len(positional) != 1 or positional[0] not in ("submit", "observe"):
        raise Refusal(USAGE)
    authority = options.get("--authority")
    if authority is not None and not is_identity(authority):
        raise Refusal("--authority is not an identity")
    terminal_after = options.get("--terminal-after", "2")
    if not re.fullmatch(r"[0-9]{1,9}", terminal_after):
        raise Refusal("--terminal-after must be a non-negative integer")
    ledger = options.get("--ledger") or default_ledger(os.environ)
    if ledger is None:
        raise Refusal("no ledger: pass --ledger DIR, or set ADAPTER_QUALIFY_SCRATCH, XDG_STATE_HOME or HOME")
    return positional[0], authority, ledger, int(terminal_after)


def main(argv: list[str]) -> int:
    try:
        action, authority, ledger, terminal_after = parse_args(argv)
        data = sys.stdin.buffer.read(MIB + 1)  # never buffer more than one byte past the bound
        if len(data) > MIB:
            raise Refusal("REQ-BOUND-REQUEST: stdin exceeds 1 MiB")
        binding = validate_request(parse_request(data), action, authority)
        step = submit if action == "submit" else observe
        admission, terminal = step(ledger, binding, terminal_after)
        sys.stdout.buffer.write((canonical(render(binding, admission, terminal)) + "\n").encode("utf-8"))
        sys.stdout.flush()
        return 0
    except Refusal as refusal:
        print(str(refusal).replace("\n", " "), file=sys.stderr)
        return 2
    except Exception as error:  # noqa: BLE001 - any other fault is exit 1, never a guess
        print(f"{type(error).__name__}: {error}".replace("\n", " "), file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
