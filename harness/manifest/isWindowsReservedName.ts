const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;

/**
 * Whether `name` is a Windows reserved device name (`con`, `prn`, `aux`, `nul`,
 * `com1`–`com9`, `lpt1`–`lpt9`), in any letter case and also with an extension
 * (`COM1.txt`), as Windows treats them (MAN-ID).
 * @param name - an adapter id or a path segment
 * @public
 */
export function isWindowsReservedName(name: string): boolean {
  return RESERVED.test(name);
}
