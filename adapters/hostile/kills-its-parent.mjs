// Sends SIGKILL to its parent process first (a buggy signal handler), then answers
// as the reference adapter does.
try {
  process.kill(process.ppid, 'SIGKILL');
} catch {
  // no parent to kill (already gone): answer anyway
}
const { runReference } = await import('./_reference.mjs');
await runReference((text) => text);
