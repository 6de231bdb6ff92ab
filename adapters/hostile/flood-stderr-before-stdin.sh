# Writes 8 MiB to stderr before touching stdin (a host that does not drain stderr
# deadlocks here), then reads all of stdin and prints how much it read.
head -c 8388608 /dev/zero | tr '\000' e >&2
printf 'END-OF-STDERR\n' >&2
read_bytes=$(wc -c)
printf '{"contract":"algal.coding-operation.v1","state":"unknown","stdinBytes":%d}' "$((read_bytes + 0))"
