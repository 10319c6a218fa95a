import { ACTION_ROLES, mayDo, type ProjectAction, type Role, roleToGrant, roleAtLeast } from '@orbis/scene/roles';
import { t } from '../../ui/i18n.js';
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
   * its tooltip (none when it may). Spread into a control's props: `<input {...can.guardProps(…)} />`.
   */
  guardProps(action: ProjectAction, what: string): { disabled?: true; title?: string; 'data-needs-role'?: string } {
    if (this.may(action)) return {};
    return { disabled: true, title: this.reason(action, what), 'data-needs-role': ACTION_ROLES[action] };
  }
}
