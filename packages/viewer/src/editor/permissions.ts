import { h } from '../ui/dom.js';
import { ACTION_ROLES, mayDo, type ProjectAction, type Role, roleToGrant, roleAtLeast } from '@orbis/scene/roles';
import { t } from '../ui/i18n.js';
import { roleName } from './role-name.js';

/**
 * What the editor's user may do on the open project, from their role and the server's own table
 * (`@orbis/scene/roles`): a control the role cannot use is disabled, and its tooltip says which
 * role it needs (docs/contract.md §12).
 */
export class Permissions {
  constructor(readonly role: Role) {}

  may(action: ProjectAction): boolean {
    return mayDo(this.role, action);
  }

  /** Why `what` is not allowed, in words: the role it needs and the one held. */
  reason(action: ProjectAction, what: string): string {
    return t('permissions.needsRole', { what, role: roleName(ACTION_ROLES[action]), mine: roleName(this.role) });
  }

  /** Whether this user may give or take away `role` (only an owner grants or removes owner). */
  mayGrant(role: Role): boolean {
    return this.may('member.role') && roleAtLeast(this.role, roleToGrant(role));
  }

  /**
   * The attributes of a control the role may not use for `action`: disabled, with the reason as
   * its tooltip (none when it may). The component form of {@link guard}: `<input {...can.guardProps(…)} />`.
   */
  guardProps(action: ProjectAction, what: string): { disabled?: true; title?: string; 'data-needs-role'?: string } {
    if (this.may(action)) return {};
    return { disabled: true, title: this.reason(action, what), 'data-needs-role': ACTION_ROLES[action] };
  }

  /** Disables `control` with the reason as its tooltip when the role may not do `action`. */
  guard<T extends HTMLButtonElement | HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | HTMLFieldSetElement>(control: T, action: ProjectAction, what: string): T {
    if (this.may(action)) return control;
    control.disabled = true;
    control.title = this.reason(action, what);
    control.dataset.needsRole = ACTION_ROLES[action];
    return control;
  }

  /**
   * `panel`, read-only when the role may not do `action`: its controls disabled at once (a
   * disabled fieldset), with a notice and a tooltip saying which role it needs.
   */
  readOnly(panel: HTMLElement, action: ProjectAction, what: string): HTMLElement {
    if (this.may(action)) return panel;
    const reason = this.reason(action, what);
    return h('div', { 'data-testid': 'read-only' },
      h('p', { class: 'read-only-notice', role: 'note' }, t('permissions.readOnly', { reason })),
      h('fieldset', { class: 'read-only', disabled: true, title: reason, 'data-needs-role': ACTION_ROLES[action] }, panel),
    );
  }
}
