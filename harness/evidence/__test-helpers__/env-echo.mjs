// Leaks its environment: prints the secret-looking and the plain test variables
// first (so they land in the report's stdout excerpt), then the whole
// environment, on stdout; the whole environment on stderr too. Exits 0.
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const leak = {
  token: process.env.QUALIFY_TEST_API_TOKEN ?? null,
  plain: process.env.QUALIFY_TEST_PLAIN ?? null,
  env: process.env,
};
process.stderr.write(`environment: ${JSON.stringify(process.env)}\ntoken=${leak.token}\n`);
process.stdout.write(JSON.stringify(leak));
