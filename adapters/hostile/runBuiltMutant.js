// Shared by the fixtures that are a built mutant of the reference adapter (`npm run build` makes it):
// runs dist/adapters/mutants/main.js <name> --authority hostile <action>.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export async function runBuiltMutant(name) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  process.argv.splice(2, 0, name, '--authority', 'hostile');
  await import(join(root, 'dist', 'adapters', 'mutants', 'main.js'));
}
