import { Copy, Trash2, UserPlus } from 'lucide';
import { ROLES, type Role } from '@orbis/scene/roles';
import { button, field, select, textInput } from '../ui/controls.js';
import { h } from '../ui/dom.js';
import { toast, toastError } from '../ui/toast.js';
import type { ManagementApi, MemberRecord } from './management-api.js';
import type { Permissions } from './permissions.js';

const ROLE_OPTIONS = ROLES.map((r) => [r, r] as const);

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
      const role = select(ROLE_OPTIONS, m.role, (value) => void change(m, value as Role, role), `Role of ${m.email}`, `member-role-${m.email}`);
      for (const option of role.options) option.disabled = !can.mayGrant(option.value as Role);
      const remove = button({ label: `Remove ${m.email}`, icon: Trash2, iconOnly: true, variant: 'ghost', testid: `member-remove-${m.email}`, onClick: () => void removeMember(m) });
      if (!mayChange) {
        const why = m.role === 'owner' && can.may('member.role') ? 'Only an owner changes or removes an owner.' : can.reason('member.role', 'Changing members');
        for (const control of [role, remove]) {
          control.disabled = true;
          control.title = why;
        }
      }
      return h('li', { class: 'member', 'data-testid': 'member' },
        h('span', { class: 'name', title: m.email }, m.name ? `${m.name} · ${m.email}` : m.email, m.userId === myUserId ? ' (you)' : ''),
        h('span', { class: 'member-controls' }, role, remove),
      );
    }));
  };
  const reload = () => api.members().then(draw, (err: unknown) => toastError('Could not read the members', err));

  const change = async (m: MemberRecord, value: Role, control: HTMLSelectElement) => {
    try {
      await api.setMemberRole(m.userId, value);
      toast('success', `${m.email} is now ${value}`);
    } catch (err) {
      control.value = m.role;
      toastError('Could not change the role', err);
    }
    await reload();
  };
  const removeMember = async (m: MemberRecord) => {
    if (!confirm(`Remove ${m.email} from the project?`)) return;
    try {
      await api.removeMember(m.userId);
    } catch (err) {
      toastError('Could not remove the member', err);
    }
    await reload();
  };

  const email = textInput({ type: 'email', placeholder: 'name@example.org', label: 'Email', testid: 'invite-email' });
  let inviteRole: Role = 'writer';
  const roleSelect = select(ROLE_OPTIONS, inviteRole, (value) => (inviteRole = value as Role), 'Role', 'invite-role');
  for (const option of roleSelect.options) option.disabled = !can.mayGrant(option.value as Role);
  const invite = can.guard(button({ label: 'Add member', icon: UserPlus, type: 'submit', variant: 'primary', testid: 'invite' }), 'member.add', 'Adding members');
  can.guard(email, 'member.add', 'Adding members');
  can.guard(roleSelect, 'member.add', 'Adding members');
  const form = h('form', { onsubmit: async (e) => {
    e.preventDefault();
    try {
      const answer = await api.addMember(email.value.trim(), inviteRole);
      if ('invitation' in answer) {
        const link = h('input', { class: 'input', readonly: true, value: answer.invitation.url, 'aria-label': 'Invitation link', 'data-testid': 'invitation-url' });
        invitation.replaceChildren(
          h('p', {}, `${email.value.trim()} has no account yet. Send them this link (it works once, until ${new Date(answer.invitation.expiresAt).toLocaleDateString()}):`),
          h('div', { class: 'row' }, link, button({ label: 'Copy the link', icon: Copy, iconOnly: true, variant: 'ghost', onClick: () => void navigator.clipboard.writeText(link.value).then(() => toast('success', 'Link copied')) })),
        );
        invitation.hidden = false;
        invitation.scrollIntoView({ block: 'nearest' });
      } else {
        invitation.hidden = true;
        toast('success', `${answer.email} added as ${answer.role}`);
      }
      email.value = '';
    } catch (err) {
      toastError('Could not add the member', err);
    }
    await reload();
  } }, field('Email', email), field('Role', roleSelect), invite);

  void reload();
  return h('div', { class: 'panel', 'data-testid': 'members-panel' },
    h('h2', {}, 'Members'),
    list,
    h('h2', {}, 'Add a member'),
    can.may('member.add') ? undefined : h('p', { class: 'read-only-notice', role: 'note', 'data-testid': 'members-read-only' }, `Read-only: ${can.reason('member.add', 'Changing members')}`),
    form,
    invitation,
  );
}
