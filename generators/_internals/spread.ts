/**
 * Splits `total` into `parts` sizes of at most `cap` each, as evenly as
 * possible (the first ones one larger).
 * @throws RangeError when `total` does not fit (a generator bug)
 * @internal
 */
export function spread(total: number, parts: number, cap: number): number[] {
  if (total > parts * cap || total < 0) throw new RangeError(`cannot split ${total} into ${parts} parts of at most ${cap}`);
  const base = Math.floor(total / parts);
  const larger = total % parts;
  return Array.from({ length: parts }, (_, index) => base + (index < larger ? 1 : 0));
}
