import { KeyRound, LogIn, LogOut } from 'lucide';
import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Role } from '@orbis/scene/roles';
import { Button } from '../ui/button.js';
import { Field } from '../ui/field.js';
import { t } from '../ui/i18n.js';
import { mountView } from '../ui/island.js';
import { Icon } from '../ui/lucide-icon.js';
import { forgetAdminToken, rememberAdminToken } from './admin-token.js';
import { ApiError } from './management-api.js';
import { roleName } from './role-name.js';
import { type Me, signIn, signInProviders, signOut } from './session-api.js';

const typed = (e: Event) => (e.currentTarget as HTMLInputElement).value;

/** The sign-in page as an element (main.ts). */
export function signInPage(reason: string, onSignedIn: () => void): HTMLElement {
  return mountView(h(SignInPage, { reason, onSignedIn }));
}

/** The OpenID Connect provider's button, when the server has one. */
function Providers() {
  const [oidc, setOidc] = useState<{ name: string; url: string } | undefined>(undefined);
  useEffect(() => void signInProviders().then((answer) => setOidc(answer.oidc ?? undefined), () => undefined), []);
  return h(
    'div',
    { class: 'row', 'data-testid': 'sign-in-providers' },
    oidc && h('a', { class: 'btn', href: oidc.url, 'data-testid': 'sign-in-oidc' }, h(Icon, { node: KeyRound }), h('span', {}, t('signIn.withProvider', { provider: oidc.name }))),
  );
}

/**
 * The sign-in page (docs/contract.md §12): email and password, the OpenID Connect provider's button when the
 * server has one, and, folded away, the operator's admin token. `onSignedIn` runs after a sign-in.
 */
export function SignInPage({ reason, onSignedIn }: { reason: string; onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setMessage('');
    try {
      await signIn(email.trim(), password);
      onSignedIn();
    } catch (err) {
      setMessage(err instanceof ApiError && err.code === 'invalid_credentials' ? t('signIn.wrongCredentials') : (err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const open = (e: Event) => {
    e.preventDefault();
    rememberAdminToken(localStorage, token.trim());
    onSignedIn();
  };
  return h(
    'div',
    { class: 'panel sign-in', 'data-testid': 'sign-in-page' },
    h('h1', { class: 'sign-in-title' }, t('editor.title')),
    h('p', {}, reason),
    h(
      'form',
      { onSubmit: (e: Event) => void submit(e) },
      h(Field, { label: t('signIn.email') }, h('input', { class: 'input', type: 'email', autocomplete: 'username', required: true, value: email, 'data-testid': 'sign-in-email', onInput: (e: Event) => setEmail(typed(e)) })),
      h(Field, { label: t('signIn.password') }, h('input', { class: 'input', type: 'password', autocomplete: 'current-password', required: true, value: password, 'data-testid': 'sign-in-password', onInput: (e: Event) => setPassword(typed(e)) })),
      h(Button, { label: t('signIn.submit'), icon: LogIn, type: 'submit', variant: 'primary', testid: 'sign-in', disabled: busy }),
      h('p', { class: 'hint', role: 'alert', 'data-testid': 'sign-in-message' }, message),
    ),
    h(Providers, {}),
    h(
      'details',
      { class: 'operator' },
      h('summary', {}, t('signIn.operator')),
      h(
        'form',
        { onSubmit: open },
        h(Field, { label: t('signIn.adminToken'), hint: t('signIn.adminTokenHint') }, h('input', { class: 'input', type: 'password', placeholder: t('signIn.tokenPlaceholder'), autocomplete: 'off', value: token, 'data-testid': 'token-input', onInput: (e: Event) => setToken(typed(e)) })),
        h(Button, { label: t('signIn.open'), type: 'submit', testid: 'token-open' }),
      ),
    ),
  );
}

/** Who is signed in, with sign-out, as an element (main.ts). */
export function accountBar(me: Me, role?: Role): HTMLElement {
  return mountView(h(AccountBar, { me, role }));
}

/** Who is signed in, with sign-out; for the admin token, "Operator" and a way to forget it. */
export function AccountBar({ me, role }: { me: Me; role?: Role | undefined }) {
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
    h(Button, { label: me.user ? t('account.signOut') : t('account.forgetToken'), icon: LogOut, variant: 'ghost', testid: 'sign-out', onClick: () => void out() }),
  );
}
