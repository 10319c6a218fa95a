import type { ProjectInvitationRecord } from '@orbis/contract';
import type { Role } from '@orbis/scene/roles';
import { X } from 'lucide';
import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Button } from '../../ui/button.js';
import { formatDate, t } from '../../ui/i18n.js';
import { toast, toastError } from '../../ui/toast.js';
import type { ManagementApi } from '../api/management-api.js';
import type { Permissions } from '../state/permissions.js';
import { roleName } from '../state/role-name.js';

interface Props {
  api: ManagementApi;
  can: Permissions;
  /** Changes when an invitation was just made: the list is read again. */
  version: number;
  /** Told of an invitation revoked here (the panel stops showing its link). */
  onRevoked: (id: string) => void;
}

/**
 * The project's invitations that can still be accepted (docs/teams.md, "Invitations"): to whom,
 * with which role, who invited, how the link went and until when, each to revoke. A maintainer's
 * to see, as the server answers them; for anyone else the list is not shown.
 */
export function PendingInvitations({ api, can, version, onRevoked }: Props) {
  const [invitations, setInvitations] = useState<ProjectInvitationRecord[]>([]);
  const allowed = can.may('invitation.list');
  const reload = () => api.invitations().then(setInvitations, (err: unknown) => void toastError(t('members.couldNotReadInvitations'), err));
  useEffect(() => void (allowed && reload()), [api, version, allowed]);
  if (!allowed || invitations.length === 0) return null;
  const revoke = async (invitation: ProjectInvitationRecord) => {
    if (!confirm(t('members.revokeConfirm', { email: invitation.email }))) return;
    try {
      await api.revokeInvitation(invitation.id);
      onRevoked(invitation.id);
      toast('success', t('members.revoked', { email: invitation.email }));
    } catch (err) {
      toastError(t('members.couldNotRevoke'), err);
    }
    await reload();
  };
  const guard = can.guardProps('invitation.revoke', t('permissions.what.members'));
  return h(
    'section',
    { 'data-testid': 'pending-invitations' },
    h('h2', {}, t('members.invitationsTitle')),
    h(
      'ul',
      { class: 'list' },
      invitations.map((invitation) =>
        h(
          'li',
          { key: invitation.id, class: 'invitation', 'data-testid': 'pending-invitation' },
          h(
            'span',
            { class: 'name', title: invitation.email },
            invitation.email,
            h(
              'span',
              { class: 'hint' },
              ` · ${t('members.invitationAbout', {
                role: roleName(invitation.role as Role),
                by: invitation.invitedBy ? invitation.invitedBy.name || invitation.invitedBy.email : t('members.theOperator'),
                until: formatDate(invitation.expiresAt),
                how: invitation.mailed ? t('members.byMail') : t('members.byLink'),
              })}`,
            ),
          ),
          h(Button, {
            label: t('members.revoke', { email: invitation.email }),
            icon: X,
            iconOnly: true,
            variant: 'ghost',
            testid: `invitation-revoke-${invitation.email}`,
            ...guard,
            onClick: () => void revoke(invitation),
          }),
        ),
      ),
    ),
  );
}
