const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const LONG_HEX = /\b[0-9a-f]{17,}\b/gi;
const WRITES = new Set(['write', 'pwrite64', 'writev', 'pwritev', 'pwritev2']);

/** The last two components of a path, random parts elided: `…/operations/7a52…/admission.json` reads `…/7a52…/admission.json`. */
export function shortPath(path: string): string {
  const parts = path.split('/').filter((part) => part !== '');
  const tail = parts
    .slice(-2)
    .join('/')
    .replace(UUID, '…')
    .replace(LONG_HEX, (hex) => `${hex.slice(0, 8)}…`);
  return parts.length > 2 || path.startsWith('/') ? `…/${tail}` : tail;
}

/**
 * One traced syscall in words: descriptors by their file (`stdout` for 1),
 * paths shortened, data buffers left out (only the byte count of a write).
 * @param name - the syscall
 * @param args - strace's argument text (`-y` decorated)
 */
export function describeSyscall(name: string, args: string): string {
  if (WRITES.has(name)) {
    const fd = /^(\d+)<([^>]*)>/.exec(args);
    const bytes = /,\s*(\d+)(?:,\s*\d+)?$/.exec(args)?.[1];
    const target = fd === null ? '?' : fd[1] === '1' ? 'stdout' : shortPath(fd[2] ?? '');
    return `${name}(${target}${bytes === undefined ? '' : `, ${bytes} bytes`})`;
  }
  const cleaned = args
    .replace(/\bAT_FDCWD(<[^>]*>)?,\s*/g, '')
    .replace(/\b(\d+)<([^>]*)>/g, (_, fd: string, path: string) => (fd === '1' ? 'stdout' : path.startsWith('/') ? shortPath(path) : path))
    .replace(/"((?:[^"\\]|\\.)*)"/g, (_, text: string) => `"${text.includes('/') ? shortPath(text) : text}"`)
    .replace(/,\s*0[0-7]{3,4}$/, ''); // the mode of a mkdir/open says nothing about the step
  return `${name}(${cleaned})`;
}
