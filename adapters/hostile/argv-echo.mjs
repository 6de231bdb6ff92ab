// Reads all of stdin and prints {argv, stdin, call, marker, cwd} as JSON, exits 0.
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
process.stdout.write(JSON.stringify({
  argv: process.argv.slice(2),
  stdin: Buffer.concat(chunks).toString('utf8'),
  call: process.env.ADAPTER_QUALIFY_CALL ?? null,
  marker: process.env.HOSTILE_ENV_MARKER ?? null,
  cwd: process.cwd(),
}));
