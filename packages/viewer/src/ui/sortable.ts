import { GripVertical } from 'lucide';
import { h } from './dom.js';
import { icon } from './icon.js';
import { t } from './i18n.js';

/** Moves an array's item from one index to another, in place. */
export function moveItem<T>(items: T[], from: number, to: number): void {
  if (from === to || from < 0 || from >= items.length || to < 0 || to >= items.length) return;
  const [item] = items.splice(from, 1);
  items.splice(to, 0, item!);
}

/** What {@link dragHandle} needs: where the item is and how to move it. */
export interface SortableItem {
  /** The list element (`li`, card) that is dragged and dropped on. */
  element: HTMLElement;
  index: number;
  count: number;
  /** A name for screen readers: "Move Tokyo". */
  label: string;
  /** Unique within the list (a page or layer id): keeps keyboard focus on the item as it moves. */
  key: string;
  /** Moves the list's item at `from` to index `to` (the caller changes its data and re-renders). */
  reorder: (from: number, to: number) => void;
  testid?: string;
}

let dragged: { index: number; list: Element | null } | undefined;

/**
 * Makes a list item reorderable by dragging (HTML5 drag and drop, the whole item) and by keyboard
 * (the returned handle: ArrowUp / ArrowDown move the item while the handle has focus). Returns the
 * handle to put in the item. After a keyboard move the caller re-renders; focus follows the item
 * through `data-sort-key` when the new handle has the same one.
 */
export function dragHandle(item: SortableItem): HTMLButtonElement {
  const { element } = item;
  element.draggable = true;
  element.addEventListener('dragstart', (event) => {
    dragged = { index: item.index, list: element.parentElement };
    element.classList.add('dragging');
    event.dataTransfer?.setData('text/plain', String(item.index));
    if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
  });
  element.addEventListener('dragend', () => {
    element.classList.remove('dragging');
    dragged = undefined;
  });
  element.addEventListener('dragover', (event) => {
    if (!dragged || dragged.list !== element.parentElement) return;
    event.preventDefault();
    element.classList.add('drop-before');
  });
  element.addEventListener('dragleave', () => element.classList.remove('drop-before'));
  element.addEventListener('drop', (event) => {
    element.classList.remove('drop-before');
    if (!dragged || dragged.list !== element.parentElement) return;
    event.preventDefault();
    const from = dragged.index;
    dragged = undefined;
    // The dragged item takes the drop target's place.
    if (from !== item.index) item.reorder(from, item.index);
  });

  const handle = h('button', {
    type: 'button',
    class: 'btn btn-ghost btn-icon drag-handle',
    'aria-label': t('sortable.handle', { label: item.label, position: item.index + 1, count: item.count }),
    title: t('sortable.hint'),
    'data-testid': item.testid,
    'data-sort-key': item.key,
  }, icon(GripVertical));
  handle.addEventListener('keydown', (event) => {
    const to = event.key === 'ArrowUp' ? item.index - 1 : event.key === 'ArrowDown' ? item.index + 1 : undefined;
    if (to === undefined || to < 0 || to >= item.count) return;
    event.preventDefault();
    item.reorder(item.index, to);
    // The list was re-rendered: give focus back to this item's new handle.
    queueMicrotask(() => document.querySelector<HTMLElement>(`.drag-handle[data-sort-key="${CSS.escape(item.key)}"]`)?.focus());
  });
  return handle;
}
