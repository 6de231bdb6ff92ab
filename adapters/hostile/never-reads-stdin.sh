# Prints a valid-looking outcome and exits 0 without ever reading stdin.
printf '%s' '{"contract":"algal.coding-operation.v1","state":"unknown","reason":"missing"}'
