/**
 * `list` with item `index` moved by `delta` places, clamped to the list (the first cannot move
 * up); `null` when nothing moves, so that an editor can keep its state object as it is.
 */
export function moved<T>(list: readonly T[], index: number, delta: number): T[] | null {
  const to = Math.min(list.length - 1, Math.max(0, index + delta));
  const item = list[index];
  if (item === undefined || to === index) return null;
  const out = list.filter((_, i) => i !== index);
  out.splice(to, 0, item);
  return out;
}
