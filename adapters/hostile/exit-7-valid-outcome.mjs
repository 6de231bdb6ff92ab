// Prints a valid-looking outcome, then exits 7: a nonzero exit is uncertain whatever stdout holds.
process.stdout.write(JSON.stringify({ contract: 'algal.coding-operation.v1', state: 'unknown', reason: 'missing' }));
process.exitCode = 7;
