import { GripVertical } from 'lucide';
import { type ComponentChild, h, type HTMLAttributes } from 'preact';
import { useState } from 'preact/hooks';
import { t } from './i18n.js';
import { Icon } from './lucide-icon.js';

/** Where a row is in its list and how to move it (the caller changes its data; the list draws again). */
export interface SortableRow {
  index: number;
  count: number;
  /** A name for screen readers: "Move Tokyo". */
  label: string;
  /** Unique within the list (a page or layer id). */
  key: string;
  /** Moves the list's item at `from` to index `to`. */
  reorder: (from: number, to: number) => void;
  testid?: string;
}

let dragged: { index: number; list: Element | null } | undefined;

/**
 * A row of a list reorderable by dragging the whole row (HTML5 drag and drop) and by keyboard
 * (ArrowUp / ArrowDown on its handle). Returns the props for the row's element and its handle.
 * The list is keyed by `key`, so the handle is the same element after a move; when moving it made
 * the browser drop its focus, the handle takes it back.
 */
export function useSortableRow(item: SortableRow): { rowProps: HTMLAttributes<HTMLLIElement>; handle: ComponentChild } {
  const [dropBefore, setDropBefore] = useState(false);
  const [dragging, setDragging] = useState(false);
  const rowProps: HTMLAttributes<HTMLLIElement> = {
    draggable: true,
    class: [dragging && 'dragging', dropBefore && 'drop-before'].filter(Boolean).join(' ') || undefined,
    onDragStart: (event) => {
      dragged = { index: item.index, list: event.currentTarget.parentElement };
      setDragging(true);
      event.dataTransfer?.setData('text/plain', String(item.index));
      if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
    },
    onDragEnd: () => {
      setDragging(false);
      dragged = undefined;
    },
    onDragOver: (event) => {
      if (!dragged || dragged.list !== event.currentTarget.parentElement) return;
      event.preventDefault();
      setDropBefore(true);
    },
    onDragLeave: () => setDropBefore(false),
    onDrop: (event) => {
      setDropBefore(false);
      if (!dragged || dragged.list !== event.currentTarget.parentElement) return;
      event.preventDefault();
      const from = dragged.index;
      dragged = undefined;
      // The dragged row takes the drop target's place.
      if (from !== item.index) item.reorder(from, item.index);
    },
  };
  const handle = h(
    'button',
    {
      type: 'button',
      class: 'btn btn-ghost btn-icon drag-handle',
      'aria-label': t('sortable.handle', { label: item.label, position: item.index + 1, count: item.count }),
      title: t('sortable.hint'),
      'data-testid': item.testid,
      'data-sort-key': item.key,
      onKeyDown: (event: KeyboardEvent) => {
        const to = event.key === 'ArrowUp' ? item.index - 1 : event.key === 'ArrowDown' ? item.index + 1 : undefined;
        if (to === undefined || to < 0 || to >= item.count) return;
        event.preventDefault();
        const button = event.currentTarget as HTMLButtonElement;
        item.reorder(item.index, to);
        // Moving a focused element in the page can blur it: the same handle keeps the keyboard.
        requestAnimationFrame(() => button.isConnected && document.activeElement !== button && button.focus());
      },
    },
    h(Icon, { node: GripVertical }),
  );
  return { rowProps, handle };
}
