# Prints 100,000-deep nested arrays (200,000 bytes), exits 0.
head -c 100000 /dev/zero | tr '\000' '['
head -c 100000 /dev/zero | tr '\000' ']'
