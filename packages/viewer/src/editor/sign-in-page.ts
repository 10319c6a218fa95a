import { KeyRound, LogIn } from 'lucide';
import { button, field } from '../ui/controls.js';
import { h } from '../ui/dom.js';
import { icon } from '../ui/icon.js';
import { rememberAdminToken } from './admin-token.js';
import { ApiError } from './management-api.js';
import { signIn, signInProviders } from './session-api.js';
import { t } from '../ui/i18n.js';

/**
 * The sign-in page (docs/contract.md §12): email and password, the OpenID Connect provider's button when the
 * server has one, and, folded away, the operator's admin token. `onSignedIn` runs after a sign-in.
 */
export function signInPage(reason: string, onSignedIn: () => void): HTMLElement {
  const email = h('input', { class: 'input', type: 'email', autocomplete: 'username', required: true, 'data-testid': 'sign-in-email' });
  const password = h('input', { class: 'input', type: 'password', autocomplete: 'current-password', required: true, 'data-testid': 'sign-in-password' });
  const message = h('p', { class: 'hint', role: 'alert', 'data-testid': 'sign-in-message' });
  const submit = button({ label: t('signIn.submit'), icon: LogIn, type: 'submit', variant: 'primary', testid: 'sign-in' });
  const providers = h('div', { class: 'row', 'data-testid': 'sign-in-providers' });
  void signInProviders().then(({ oidc }) => {
    if (oidc) providers.append(h('a', { class: 'btn', href: oidc.url, 'data-testid': 'sign-in-oidc' }, icon(KeyRound), h('span', {}, t('signIn.withProvider', { provider: oidc.name }))));
  }).catch(() => undefined);
  const token = h('input', { class: 'input', type: 'password', placeholder: t('signIn.tokenPlaceholder'), autocomplete: 'off', 'data-testid': 'token-input' });
  return h('div', { class: 'panel sign-in', 'data-testid': 'sign-in-page' },
    h('h1', { class: 'sign-in-title' }, t('editor.title')),
    h('p', {}, reason),
    h('form', { onsubmit: async (e) => {
      e.preventDefault();
      submit.disabled = true;
      message.textContent = '';
      try {
        await signIn(email.value.trim(), password.value);
        onSignedIn();
      } catch (err) {
        message.textContent = err instanceof ApiError && err.code === 'invalid_credentials' ? t('signIn.wrongCredentials') : (err as Error).message;
      } finally {
        submit.disabled = false;
      }
    } }, field(t('signIn.email'), email), field(t('signIn.password'), password), submit, message),
    providers,
    h('details', { class: 'operator' },
      h('summary', {}, t('signIn.operator')),
      h('form', { onsubmit: (e) => {
        e.preventDefault();
        rememberAdminToken(localStorage, token.value.trim());
        onSignedIn();
      } }, field(t('signIn.adminToken'), token, t('signIn.adminTokenHint')), button({ label: t('signIn.open'), type: 'submit', testid: 'token-open' })),
    ),
  );
}
