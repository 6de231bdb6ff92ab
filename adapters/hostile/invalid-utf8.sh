# Prints bytes that are not valid UTF-8 (a lone 0xFF inside JSON-looking text), exits 0.
printf '{"state":"\377\376"}'
