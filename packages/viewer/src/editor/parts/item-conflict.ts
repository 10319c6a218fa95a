import { h } from 'preact';
import { Button } from '../../ui/button.js';
import { t } from '../../ui/i18n.js';

/**
 * The choice after an item's save met a newer version of it (412, docs/collaboration.md, "No lost
 * update"): see the other change (the form shows the item as it is now), or save over it on purpose.
 * Nothing is overwritten without this choice.
 */
export function ItemConflict({ see, overwrite }: { see: () => void; overwrite: () => void }) {
  return h(
    'div',
    { class: 'item-conflict', role: 'alert', 'data-testid': 'item-conflict' },
    h('p', {}, t('content.conflict')),
    h(
      'div',
      { class: 'row' },
      h(Button, { label: t('content.conflictSee'), onClick: see, testid: 'item-conflict-see' }),
      h(Button, { label: t('content.conflictOverwrite'), variant: 'danger', onClick: overwrite, testid: 'item-conflict-overwrite' }),
    ),
  );
}
