import { LogOut } from 'lucide';
import { h } from 'preact';
import type { Role } from '@orbis/scene/roles';
import { Button } from '../../ui/button.js';
import { forgetAdminToken } from '../api/admin-token.js';
import { roleName } from '../state/role-name.js';
import { type Me, signOut } from '../api/session-api.js';
import { t } from '../../ui/i18n.js';

/** Who is signed in, with sign-out; for the admin token, "Operator" and a way to forget it. */
export function AccountBar({ me, role }: { me: Me; role?: Role }) {
  const who = me.user ? (me.user.name ? `${me.user.name} (${me.user.email})` : me.user.email) : t('account.operator');
  const out = async () => {
    if (me.user) await signOut().catch(() => undefined);
    else forgetAdminToken(localStorage);
    location.assign('/editor');
  };
  return h(
    'div',
    { class: 'account', 'data-testid': 'account' },
    h('span', { class: 'name', 'data-testid': 'signed-in-as' }, who),
    role && h('span', { class: 'role-badge', 'data-testid': 'my-role' }, roleName(role)),
    h(Button, {
      label: me.user ? t('account.signOut') : t('account.forgetToken'),
      icon: LogOut,
      variant: 'ghost',
      testid: 'sign-out',
      onClick: () => void out(),
    }),
  );
}
