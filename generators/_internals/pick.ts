/**
 * A random integer in [min, max] from `random`.
 * @internal
 */
export function pick(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}
