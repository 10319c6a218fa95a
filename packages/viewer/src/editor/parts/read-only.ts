import { type ComponentChildren, Fragment, h } from 'preact';
import { ACTION_ROLES, type ProjectAction } from '@orbis/scene/roles';
import { t } from '../../ui/i18n.js';
import type { Permissions } from '../state/permissions.js';

/**
 * `children`, read-only when the role may not do `action`: its controls disabled at once (a
 * disabled fieldset), with a notice and a tooltip saying which role it needs (the component form
 * of `Permissions.readOnly`, docs/contract.md §12).
 */
export function ReadOnly({ can, action, what, children }: { can: Permissions; action: ProjectAction; what: string; children?: ComponentChildren }) {
  if (can.may(action)) return h(Fragment, {}, children);
  const reason = can.reason(action, what);
  return h(
    'div',
    { 'data-testid': 'read-only' },
    h('p', { class: 'read-only-notice', role: 'note' }, t('permissions.readOnly', { reason })),
    h('fieldset', { class: 'read-only', disabled: true, title: reason, 'data-needs-role': ACTION_ROLES[action] }, children),
  );
}
