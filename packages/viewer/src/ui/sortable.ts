/** Moves an array's item from one index to another, in place. */
export function moveItem<T>(items: T[], from: number, to: number): void {
  if (from === to || from < 0 || from >= items.length || to < 0 || to >= items.length) return;
  const [item] = items.splice(from, 1);
  items.splice(to, 0, item!);
}
