// Prints a valid-looking outcome and exits 0 without ever reading stdin.
process.stdout.write(JSON.stringify({ contract: 'algal.coding-operation.v1', state: 'unknown', reason: 'missing' }));
process.stdin.destroy();
