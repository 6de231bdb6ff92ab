# argv: [bytes] <action>. Writes that many bytes of 'x' (default 1 GiB) to stdout, respecting backpressure, then exits 0
# (a reader that goes away ends it with SIGPIPE).
bytes=1073741824
if [ $# -gt 1 ]; then bytes=$1; fi
head -c "$bytes" /dev/zero | tr '\000' x
