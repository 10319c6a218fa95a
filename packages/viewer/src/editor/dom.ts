/**
 * Shows `value` in a field a panel redraws on every change of the editor's state, unless the user
 * is in that field: a save that completes while they type must not put back the saved value.
 */
export function showValue(field: HTMLInputElement | HTMLSelectElement, value: string): void {
  if (field.ownerDocument.activeElement === field) return;
  field.value = value;
}
