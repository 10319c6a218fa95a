import { Copy, KeyRound, Trash2 } from 'lucide';
import { ROLES, type Role, type TokenRecord } from '@orbis/scene/roles';
import { button, checkbox, field, select, textInput } from '../ui/controls.js';
import { h } from '../ui/dom.js';
import { toast, toastError } from '../ui/toast.js';
import { changeMe, createToken, listTokens, type Me, revokeToken, type UserRecord } from './session-api.js';
import { errorText } from '../ui/error-text.js';
import { formatDate, isLanguage, language, LANGUAGES } from '../ui/i18n.js';
import { roleName } from './role-name.js';
import { t } from '../ui/i18n.js';

const passwordInput = (testid: string, autocomplete: string) =>
  h('input', { class: 'input', type: 'password', autocomplete, 'data-testid': testid });

/**
 * Your name and password (docs/contract.md §12 `PATCH /api/auth/me`): the server asks for the current password
 * (a user made by OpenID Connect has none to give).
 */
function passwordForm(user: UserRecord): HTMLElement {
  const name = textInput({ value: user.name, label: t('common.name'), testid: 'account-name' });
  const current = passwordInput('account-current-password', 'current-password');
  const fresh = passwordInput('account-new-password', 'new-password');
  fresh.minLength = 10;
  const message = h('p', { class: 'hint', role: 'status', 'data-testid': 'account-message' });
  return h('form', { 'data-testid': 'account-form', onsubmit: async (e) => {
    e.preventDefault();
    message.textContent = '';
    try {
      await changeMe({ name: name.value.trim(), currentPassword: current.value, ...(fresh.value ? { password: fresh.value } : {}) });
      message.textContent = fresh.value ? t('account.savedPassword') : t('account.saved');
      current.value = '';
      fresh.value = '';
    } catch (err) {
      message.textContent = errorText(err);
    }
  } },
    field(t('common.name'), name),
    field(t('account.currentPassword'), current),
    field(t('account.newPassword'), fresh, t('account.newPasswordHint')),
    button({ label: t('common.save'), type: 'submit', variant: 'primary', testid: 'account-save' }),
    message,
  );
}

/** The editor's language, saved on the account (docs/contract.md §19): the page is shown again in it. */
function languageChoice(user: UserRecord): HTMLElement {
  const options = LANGUAGES.map((lang) => [lang, t(`language.${lang}`)] as const);
  const choice = select(options, isLanguage(user.language) ? user.language : language(), (value) => {
    if (!isLanguage(value)) return;
    changeMe({ language: value }).then(() => location.reload(), (err: unknown) => toastError(t('language.couldNotSave'), err));
  }, t('language.label'), 'account-language');
  // Each language is named in itself, and says so to screen readers.
  for (const option of choice.options) option.lang = option.value;
  return field(t('language.label'), choice);
}

/** One's personal access tokens: listed without secrets, made (the secret shown once), revoked. */
function tokensSection(mine: Me['projects']): HTMLElement {
  const list = h('ul', { class: 'list', 'data-testid': 'token-list' });
  const shown = h('div', { hidden: true, 'data-testid': 'new-token' });
  const reload = () => listTokens().then(draw, (err: unknown) => toastError(t('tokens.couldNotRead'), err));
  const draw = (tokens: TokenRecord[]) => {
    list.replaceChildren(...tokens.map((token) => h('li', { 'data-testid': 'token' },
      h('span', { class: 'name' }, token.name),
      h('span', { class: 'hint' }, [token.role ? roleName(token.role) : t('tokens.yourRole'), token.projects ? token.projects.join(', ') : t('tokens.everyProject'), token.expiresAt ? t('tokens.until', { date: formatDate(token.expiresAt, { dateStyle: 'medium', timeZone: 'UTC' }) }) : t('tokens.noExpiry')].join(' · ')),
      button({ label: t('tokens.revoke', { name: token.name }), icon: Trash2, iconOnly: true, variant: 'ghost', testid: `token-revoke-${token.name}`, onClick: async () => {
        if (!confirm(t('tokens.revokeConfirm', { name: token.name }))) return;
        await revokeToken(token.id).catch((err: unknown) => toastError(t('tokens.couldNotRevoke'), err));
        await reload();
      } }),
    )));
    if (tokens.length === 0) list.replaceChildren(h('li', { class: 'hint' }, t('tokens.none')));
  };

  const name = textInput({ placeholder: 'ci', label: t('tokens.name'), testid: 'token-name' });
  let role = '';
  const roleSelect = select([['', t('tokens.asMyRole')], ...ROLES.map((r) => [r, t('tokens.atMost', { role: roleName(r) })] as const)], role, (v) => (role = v), t('tokens.roleLabel'), 'token-role');
  const expires = h('input', { class: 'input', type: 'date', 'aria-label': t('tokens.expiresOn'), 'data-testid': 'token-expires' });
  const chosen = new Set<string>();
  const projects = h('fieldset', { class: 'token-projects' }, h('legend', {}, t('tokens.projects')),
    ...mine.map((p) => checkbox(p.alias, false, (on) => void (on ? chosen.add(p.alias) : chosen.delete(p.alias)), `token-project-${p.alias}`)));
  const form = h('form', { 'data-testid': 'token-form', onsubmit: async (e) => {
    e.preventDefault();
    try {
      const made = await createToken({
        name: name.value.trim(),
        ...(role ? { role: role as Role } : {}),
        ...(chosen.size ? { projects: [...chosen] } : {}),
        ...(expires.value ? { expiresAt: new Date(`${expires.value}T23:59:59Z`).toISOString() } : {}),
      });
      const secret = h('input', { class: 'input', readonly: true, value: made.token, 'aria-label': t('tokens.newToken'), 'data-testid': 'new-token-value' });
      shown.replaceChildren(
        h('p', {}, t('tokens.copyNow', { name: made.name })),
        h('div', { class: 'row' }, secret, button({ label: t('tokens.copy'), icon: Copy, iconOnly: true, variant: 'ghost', onClick: () => void navigator.clipboard.writeText(secret.value).then(() => toast('success', t('tokens.copied'))) })),
      );
      shown.hidden = false;
      name.value = '';
    } catch (err) {
      toastError(t('tokens.couldNotMake'), err);
    }
    await reload();
  } },
    field(t('common.name'), name), field(t('common.role'), roleSelect), field(t('tokens.expiresOnUtc'), expires), projects,
    button({ label: t('tokens.make'), icon: KeyRound, type: 'submit', variant: 'primary', testid: 'token-create' }),
  );
  void reload();
  return h('div', {}, h('h2', {}, t('tokens.title')), h('p', { class: 'hint' }, t('tokens.about')), list, shown, form);
}

/**
 * `/editor`'s account section for a signed-in user (docs/contract.md §12): change name or password, and
 * personal access tokens (the operator's admin token has no account, so no such section).
 */
export function accountPanel(user: UserRecord, projects: Me['projects']): HTMLElement {
  return h('details', { class: 'panel', 'data-testid': 'account-panel' },
    h('summary', {}, t('account.summary')),
    h('h2', {}, t('account.title')),
    languageChoice(user),
    passwordForm(user),
    tokensSection(projects),
  );
}
