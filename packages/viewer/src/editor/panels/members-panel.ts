import { Trash2, UserPlus } from 'lucide';
import { h } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { ROLES, type Role } from '@orbis/scene/roles';
import { Button } from '../../ui/button.js';
import { CopyField } from '../../ui/copy-field.js';
import { Field, Select } from '../../ui/field.js';
import { formatDate, t } from '../../ui/i18n.js';
import { mountView } from '../../ui/island.js';
import { toast, toastError } from '../../ui/toast.js';
import type { InvitationRecord, ManagementApi, MemberRecord } from '../api/management-api.js';
import { PendingInvitations } from '../parts/pending-invitations.js';
import type { Permissions } from '../state/permissions.js';
import { roleName } from '../state/role-name.js';

/** The roles offered, those this user may not grant disabled. */
const roleOptions = (can: Permissions) => ROLES.map((r) => [r, roleName(r), !can.mayGrant(r)] as const);

interface Props {
  api: ManagementApi;
  can: Permissions;
  myUserId: string | undefined;
}

/** The Members tab as an element, for the tab row (main.ts). */
export function membersPanel(api: ManagementApi, can: Permissions, myUserId: string | undefined): HTMLElement {
  return mountView(h(MembersPanel, { api, can, myUserId }));
}

function MemberRow({
  member: m,
  can,
  mine,
  reload,
  api,
}: {
  member: MemberRecord;
  can: Permissions;
  mine: boolean;
  reload: () => Promise<void>;
  api: ManagementApi;
}) {
  const why = can.mayGrant(m.role)
    ? undefined
    : m.role === 'owner' && can.may('member.role')
      ? t('members.onlyOwner')
      : can.reason('member.role', t('permissions.what.members'));
  const locked = why ? { disabled: true, title: why } : {};
  const change = async (value: Role) => {
    try {
      await api.setMemberRole(m.userId, value);
      toast('success', t('members.roleChanged', { email: m.email, role: roleName(value) }));
    } catch (err) {
      toastError(t('members.couldNotChangeRole'), err);
    }
    await reload();
  };
  const remove = async () => {
    if (!confirm(t('members.removeConfirm', { email: m.email }))) return;
    try {
      await api.removeMember(m.userId);
    } catch (err) {
      toastError(t('members.couldNotRemove'), err);
    }
    await reload();
  };
  return h(
    'li',
    { class: 'member', 'data-testid': 'member' },
    h('span', { class: 'name', title: m.email }, m.name ? `${m.name} · ${m.email}` : m.email, mine ? t('members.you') : ''),
    h(
      'span',
      { class: 'member-controls' },
      h(Select, {
        options: roleOptions(can),
        value: m.role,
        onChange: (v) => void change(v as Role),
        label: t('members.roleOf', { email: m.email }),
        testid: `member-role-${m.email}`,
        ...locked,
      }),
      h(Button, {
        label: t('members.remove', { email: m.email }),
        icon: Trash2,
        iconOnly: true,
        variant: 'ghost',
        testid: `member-remove-${m.email}`,
        ...locked,
        onClick: () => void remove(),
      }),
    ),
  );
}

/**
 * What became of an invitation for an email with no user yet: mailed to that address (where mail is
 * set up), or a link to copy and send, with what the link is worth (docs/teams.md, "Invitations").
 */
function Invitation({ email, role, invitation }: { email: string; role: Role; invitation: InvitationRecord }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => ref.current?.scrollIntoView({ block: 'nearest' }), [invitation]);
  const about = { email, until: formatDate(invitation.expiresAt), role: roleName(role) };
  if (invitation.url === undefined)
    return h('div', { 'data-testid': 'invitation-link', ref }, h('p', { 'data-testid': 'invitation-mailed' }, t('members.invitationMailed', about)));
  return h(
    'div',
    { 'data-testid': 'invitation-link', ref },
    h('p', {}, t('members.noAccountYet', about)),
    h(CopyField, {
      value: invitation.url,
      label: t('members.invitationLink'),
      copyLabel: t('members.copyLink'),
      copied: t('members.linkCopied'),
      testid: 'invitation-url',
    }),
    // What the link is worth: whoever holds it joins, and the account it makes proves no address.
    h('p', { class: 'hint', 'data-testid': 'invitation-worth' }, t('members.linkWorth', about)),
  );
}

/**
 * Members tab (docs/contract.md §12): who is on the project's team with which role; a maintainer invites
 * (the server answers an invitation link for an email with no user yet), sees and revokes the
 * invitations not yet accepted, changes roles and removes members; only an owner grants or
 * removes owner.
 */
export function MembersPanel({ api, can, myUserId }: Props) {
  const [members, setMembers] = useState<MemberRecord[]>([]);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('writer');
  const [invited, setInvited] = useState<{ email: string; role: Role; invitation: InvitationRecord } | undefined>(undefined);
  const [invitations, invitationMade] = useState(0);
  const reload = () => api.members().then(setMembers, (err: unknown) => void toastError(t('members.couldNotRead'), err));
  useEffect(() => void reload(), [api]);
  const guard = can.guardProps('member.add', t('permissions.what.addMembers'));
  const invite = async (e: Event) => {
    e.preventDefault();
    const address = email.trim();
    try {
      const answer = await api.addMember(address, role);
      if ('invitation' in answer) {
        setInvited({ email: address, role, invitation: answer.invitation });
        invitationMade((n) => n + 1);
      } else {
        setInvited(undefined);
        toast('success', t('members.added', { email: answer.email, role: roleName(answer.role) }));
      }
      setEmail('');
    } catch (err) {
      toastError(t('members.couldNotAdd'), err);
    }
    await reload();
  };
  return h(
    'div',
    { class: 'panel', 'data-testid': 'members-panel' },
    h('h2', {}, t('tabs.members')),
    h(
      'ul',
      { class: 'list', 'data-testid': 'member-list' },
      members.map((m) => h(MemberRow, { key: m.userId, member: m, can, mine: m.userId === myUserId, reload, api })),
    ),
    h('h2', {}, t('members.addTitle')),
    !can.may('member.add') &&
      h(
        'p',
        { class: 'read-only-notice', role: 'note', 'data-testid': 'members-read-only' },
        t('permissions.readOnly', { reason: can.reason('member.add', t('permissions.what.members')) }),
      ),
    h(
      'form',
      { onSubmit: (e: Event) => void invite(e) },
      h(
        Field,
        { label: t('signIn.email') },
        h('input', {
          class: 'input',
          type: 'email',
          value: email,
          placeholder: 'name@example.org',
          'aria-label': t('signIn.email'),
          'data-testid': 'invite-email',
          ...guard,
          onInput: (e: Event) => setEmail((e.currentTarget as HTMLInputElement).value),
        }),
      ),
      h(
        Field,
        { label: t('common.role') },
        h(Select, { options: roleOptions(can), value: role, onChange: (v) => setRole(v as Role), label: t('common.role'), testid: 'invite-role', ...guard }),
      ),
      h(Button, { label: t('members.add'), icon: UserPlus, type: 'submit', variant: 'primary', testid: 'invite', ...guard }),
    ),
    invited ? h(Invitation, invited) : h('div', { hidden: true, 'data-testid': 'invitation-link' }),
    h(PendingInvitations, { api, can, version: invitations, onRevoked: (id) => invited?.invitation.id === id && setInvited(undefined) }),
  );
}
