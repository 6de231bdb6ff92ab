// Echoes its whole environment into the outcome's result text, into an unknown
// answer, and into stderr, as a careless adapter that logs its context would.
import { runReference } from './_reference.mjs';

const environment = Object.entries(process.env).map(([name, value]) => `${name}=${value}`).join('\n');
process.stderr.write(`${environment}\n`);
await runReference((text) => {
  const outcome = JSON.parse(text);
  if (outcome.state === 'unknown') outcome.reason = `${outcome.reason} ${environment}`;
  if (outcome.state === 'terminal') outcome.result = { ...outcome.result, text: environment };
  return `${JSON.stringify(outcome)}\n`;
});
