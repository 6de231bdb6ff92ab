# Prints a valid-looking outcome, then kills itself with SIGKILL (a signal the host did not send).
printf '%s' '{"contract":"algal.coding-operation.v1","state":"unknown","reason":"missing"}'
kill -KILL $$
