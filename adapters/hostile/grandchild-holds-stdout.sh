# Starts a grandchild (same process group) that inherits stdout/stderr and sleeps 30 s,
# writes its pid to the file named by the first argument (unless that is the action),
# prints a valid-looking outcome and exits 0 while the grandchild still holds stdout open.
sleep 30 < /dev/null &
if [ "$1" != submit ] && [ "$1" != observe ]; then printf '%s' "$!" > "$1"; fi
printf '%s' '{"contract":"algal.coding-operation.v1","state":"unknown","reason":"missing"}'
