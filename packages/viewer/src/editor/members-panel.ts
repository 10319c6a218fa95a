import { Copy, Trash2, UserPlus } from 'lucide';
import { ROLES, type Role } from '@orbis/scene/roles';
import { button, field, select, textInput } from '../ui/controls.js';
import { h } from '../ui/dom.js';
import { toast, toastError } from '../ui/toast.js';
import type { ManagementApi, MemberRecord } from './management-api.js';
import type { Permissions } from './permissions.js';
import { formatDate } from '../ui/i18n.js';
import { roleName } from './role-name.js';
import { t } from '../ui/i18n.js';

const roleOptions = () => ROLES.map((r) => [r, roleName(r)] as const);

/**
 * Members tab (docs/contract.md §12): who is on the project's team with which role; a maintainer invites
 * (the server answers an invitation link for an email with no user yet), changes roles and
 * removes members; only an owner grants or removes owner.
 */
export function membersPanel(api: ManagementApi, can: Permissions, myUserId: string | undefined): HTMLElement {
  const list = h('ul', { class: 'list', 'data-testid': 'member-list' });
  const invitation = h('div', { hidden: true, 'data-testid': 'invitation-link' });

  const draw = (members: MemberRecord[]) => {
    list.replaceChildren(...members.map((m) => {
      const mayChange = can.mayGrant(m.role);
      const role = select(roleOptions(), m.role, (value) => void change(m, value as Role, role), t('members.roleOf', { email: m.email }), `member-role-${m.email}`);
      for (const option of role.options) option.disabled = !can.mayGrant(option.value as Role);
      const remove = button({ label: t('members.remove', { email: m.email }), icon: Trash2, iconOnly: true, variant: 'ghost', testid: `member-remove-${m.email}`, onClick: () => void removeMember(m) });
      if (!mayChange) {
        const why = m.role === 'owner' && can.may('member.role') ? t('members.onlyOwner') : can.reason('member.role', t('permissions.what.members'));
        for (const control of [role, remove]) {
          control.disabled = true;
          control.title = why;
        }
      }
      return h('li', { class: 'member', 'data-testid': 'member' },
        h('span', { class: 'name', title: m.email }, m.name ? `${m.name} · ${m.email}` : m.email, m.userId === myUserId ? t('members.you') : ''),
        h('span', { class: 'member-controls' }, role, remove),
      );
    }));
  };
  const reload = () => api.members().then(draw, (err: unknown) => toastError(t('members.couldNotRead'), err));

  const change = async (m: MemberRecord, value: Role, control: HTMLSelectElement) => {
    try {
      await api.setMemberRole(m.userId, value);
      toast('success', t('members.roleChanged', { email: m.email, role: roleName(value) }));
    } catch (err) {
      control.value = m.role;
      toastError(t('members.couldNotChangeRole'), err);
    }
    await reload();
  };
  const removeMember = async (m: MemberRecord) => {
    if (!confirm(t('members.removeConfirm', { email: m.email }))) return;
    try {
      await api.removeMember(m.userId);
    } catch (err) {
      toastError(t('members.couldNotRemove'), err);
    }
    await reload();
  };

  const email = textInput({ type: 'email', placeholder: 'name@example.org', label: t('signIn.email'), testid: 'invite-email' });
  let inviteRole: Role = 'writer';
  const roleSelect = select(roleOptions(), inviteRole, (value) => (inviteRole = value as Role), t('common.role'), 'invite-role');
  for (const option of roleSelect.options) option.disabled = !can.mayGrant(option.value as Role);
  const invite = can.guard(button({ label: t('members.add'), icon: UserPlus, type: 'submit', variant: 'primary', testid: 'invite' }), 'member.add', t('permissions.what.addMembers'));
  can.guard(email, 'member.add', t('permissions.what.addMembers'));
  can.guard(roleSelect, 'member.add', t('permissions.what.addMembers'));
  const form = h('form', { onsubmit: async (e) => {
    e.preventDefault();
    try {
      const answer = await api.addMember(email.value.trim(), inviteRole);
      if ('invitation' in answer) {
        const about = { email: email.value.trim(), until: formatDate(answer.invitation.expiresAt), role: roleName(inviteRole) };
        const url = answer.invitation.url;
        if (url === undefined) {
          invitation.replaceChildren(h('p', { 'data-testid': 'invitation-mailed' }, t('members.invitationMailed', about)));
        } else {
          const link = h('input', { class: 'input', readonly: true, value: url, 'aria-label': t('members.invitationLink'), 'data-testid': 'invitation-url' });
          invitation.replaceChildren(
            h('p', {}, t('members.noAccountYet', about)),
            h('div', { class: 'row' }, link, button({ label: t('members.copyLink'), icon: Copy, iconOnly: true, variant: 'ghost', onClick: () => void navigator.clipboard.writeText(link.value).then(() => toast('success', t('members.linkCopied'))) })),
            // What the link is worth: whoever holds it joins, and the account it makes proves no address.
            h('p', { class: 'hint', 'data-testid': 'invitation-worth' }, t('members.linkWorth', about)),
          );
        }
        invitation.hidden = false;
        invitation.scrollIntoView({ block: 'nearest' });
      } else {
        invitation.hidden = true;
        toast('success', t('members.added', { email: answer.email, role: roleName(answer.role) }));
      }
      email.value = '';
    } catch (err) {
      toastError(t('members.couldNotAdd'), err);
    }
    await reload();
  } }, field(t('signIn.email'), email), field(t('common.role'), roleSelect), invite);

  void reload();
  return h('div', { class: 'panel', 'data-testid': 'members-panel' },
    h('h2', {}, t('tabs.members')),
    list,
    h('h2', {}, t('members.addTitle')),
    can.may('member.add') ? undefined : h('p', { class: 'read-only-notice', role: 'note', 'data-testid': 'members-read-only' }, t('permissions.readOnly', { reason: can.reason('member.add', t('permissions.what.members')) })),
    form,
    invitation,
  );
}
