import { KeyRound, LogIn } from 'lucide';
import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Button } from '../ui/button.js';
import { Field } from '../ui/field.js';
import { t } from '../ui/i18n.js';
import { mountView } from '../ui/island.js';
import { Icon } from '../ui/lucide-icon.js';
import { rememberAdminToken } from './api/admin-token.js';
import { ApiError } from './api/management-api.js';
import { signIn, signInProviders } from './api/session-api.js';

const typed = (e: Event) => (e.currentTarget as HTMLInputElement).value;

/** The sign-in page as an element (main.ts). */
export function signInPage(reason: string, onSignedIn: () => void): HTMLElement {
  return mountView(h(SignInPage, { reason, onSignedIn }));
}

/** The OpenID Connect provider's button, when the server has one. */
function Providers() {
  const [oidc, setOidc] = useState<{ name: string; url: string } | undefined>(undefined);
  useEffect(
    () =>
      void signInProviders().then(
        (answer) => setOidc(answer.oidc ?? undefined),
        () => undefined,
      ),
    [],
  );
  return h(
    'div',
    { class: 'row', 'data-testid': 'sign-in-providers' },
    oidc &&
      h(
        'a',
        { class: 'btn', href: oidc.url, 'data-testid': 'sign-in-oidc' },
        h(Icon, { node: KeyRound }),
        h('span', {}, t('signIn.withProvider', { provider: oidc.name })),
      ),
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
      h(
        Field,
        { label: t('signIn.email') },
        h('input', {
          class: 'input',
          type: 'email',
          autocomplete: 'username',
          required: true,
          value: email,
          'data-testid': 'sign-in-email',
          onInput: (e: Event) => setEmail(typed(e)),
        }),
      ),
      h(
        Field,
        { label: t('signIn.password') },
        h('input', {
          class: 'input',
          type: 'password',
          autocomplete: 'current-password',
          required: true,
          value: password,
          'data-testid': 'sign-in-password',
          onInput: (e: Event) => setPassword(typed(e)),
        }),
      ),
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
        h(
          Field,
          { label: t('signIn.adminToken'), hint: t('signIn.adminTokenHint') },
          h('input', {
            class: 'input',
            type: 'password',
            placeholder: t('signIn.tokenPlaceholder'),
            autocomplete: 'off',
            value: token,
            'data-testid': 'token-input',
            onInput: (e: Event) => setToken(typed(e)),
          }),
        ),
        h(Button, { label: t('signIn.open'), type: 'submit', testid: 'token-open' }),
      ),
    ),
  );
}
