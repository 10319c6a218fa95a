import { KeyRound, Trash2 } from 'lucide';
import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ROLES, type Role, type TokenRecord } from '@orbis/scene/roles';
import { Button } from '../../ui/button.js';
import { CopyField } from '../../ui/copy-field.js';
import { errorText } from '../../ui/error-text.js';
import { Checkbox, Field, Select } from '../../ui/field.js';
import { formatDate, isLanguage, language, LANGUAGES, t } from '../../ui/i18n.js';
import { toastError } from '../../ui/toast.js';
import { roleName } from '../state/role-name.js';
import { changeMe, createToken, listTokens, type Me, revokeToken, type UserRecord } from '../api/session-api.js';

const typed = (e: Event) => (e.currentTarget as HTMLInputElement).value;

/** A text input kept by its form (`.input`). */
function Input({ value, set, ...rest }: { value: string; set: (value: string) => void } & Record<string, unknown>) {
  return h('input', { class: 'input', type: 'text', ...rest, value, onInput: (e: Event) => set(typed(e)) });
}

/**
 * Your name and password (docs/contract.md §12 `PATCH /api/auth/me`): the server asks for the current password
 * (a user made by OpenID Connect has none to give).
 */
function PasswordForm({ user }: { user: UserRecord }) {
  const [name, setName] = useState(user.name);
  const [current, setCurrent] = useState('');
  const [fresh, setFresh] = useState('');
  const [message, setMessage] = useState('');
  const save = async (e: Event) => {
    e.preventDefault();
    setMessage('');
    try {
      await changeMe({ name: name.trim(), currentPassword: current, ...(fresh ? { password: fresh } : {}) });
      setMessage(fresh ? t('account.savedPassword') : t('account.saved'));
      setCurrent('');
      setFresh('');
    } catch (err) {
      setMessage(errorText(err));
    }
  };
  return h(
    'form',
    { 'data-testid': 'account-form', onSubmit: (e: Event) => void save(e) },
    h(Field, { label: t('common.name') }, h(Input, { value: name, set: setName, 'aria-label': t('common.name'), 'data-testid': 'account-name' })),
    h(
      Field,
      { label: t('account.currentPassword') },
      h(Input, { value: current, set: setCurrent, type: 'password', autocomplete: 'current-password', 'data-testid': 'account-current-password' }),
    ),
    h(
      Field,
      { label: t('account.newPassword'), hint: t('account.newPasswordHint') },
      h(Input, { value: fresh, set: setFresh, type: 'password', autocomplete: 'new-password', minLength: 10, 'data-testid': 'account-new-password' }),
    ),
    h(Button, { label: t('common.save'), type: 'submit', variant: 'primary', testid: 'account-save' }),
    h('p', { class: 'hint', role: 'status', 'data-testid': 'account-message' }, message),
  );
}

/** The editor's language, saved on the account (docs/contract.md §19): the page is shown again in it. */
function LanguageChoice({ user }: { user: UserRecord }) {
  const choose = (value: string) => {
    if (!isLanguage(value)) return;
    changeMe({ language: value }).then(
      () => location.reload(),
      (err: unknown) => toastError(t('language.couldNotSave'), err),
    );
  };
  const options = LANGUAGES.map((lang) => [lang, t(`language.${lang}`)] as const);
  return h(
    Field,
    { label: t('language.label') },
    h(Select, {
      options,
      value: isLanguage(user.language) ? user.language : language(),
      onChange: choose,
      label: t('language.label'),
      testid: 'account-language',
      lang: true,
    }),
  );
}

/** A token in the list: its name, what it may do (its projects by name, where one is still a member), and revoking it. */
function TokenRow({ token, projects, reload }: { token: TokenRecord; projects: Me['projects']; reload: () => Promise<void> }) {
  const revoke = async () => {
    if (!confirm(t('tokens.revokeConfirm', { name: token.name }))) return;
    await revokeToken(token.id).catch((err: unknown) => toastError(t('tokens.couldNotRevoke'), err));
    await reload();
  };
  const scope = [
    token.role ? roleName(token.role) : t('tokens.yourRole'),
    token.projects ? token.projects.map((alias) => projects.find((p) => p.alias === alias)?.name ?? alias).join(', ') : t('tokens.everyProject'),
    token.expiresAt ? t('tokens.until', { date: formatDate(token.expiresAt, { dateStyle: 'medium', timeZone: 'UTC' }) }) : t('tokens.noExpiry'),
  ];
  return h(
    'li',
    { 'data-testid': 'token' },
    h('span', { class: 'name' }, token.name),
    h('span', { class: 'hint' }, scope.join(' · ')),
    h(Button, {
      label: t('tokens.revoke', { name: token.name }),
      icon: Trash2,
      iconOnly: true,
      variant: 'ghost',
      testid: `token-revoke-${token.name}`,
      onClick: () => void revoke(),
    }),
  );
}

/** A token just made: its secret, shown this once, to copy. */
function NewToken({ name, secret }: { name: string; secret: string }) {
  return h(
    'div',
    { 'data-testid': 'new-token' },
    h('p', {}, t('tokens.copyNow', { name })),
    h(CopyField, { value: secret, label: t('tokens.newToken'), copyLabel: t('tokens.copy'), copied: t('tokens.copied'), testid: 'new-token-value' }),
  );
}

/** One's personal access tokens: listed without secrets, made (the secret shown once), revoked. */
function TokensSection({ projects }: { projects: Me['projects'] }) {
  const [tokens, setTokens] = useState<TokenRecord[] | undefined>(undefined);
  const [made, setMade] = useState<{ name: string; secret: string } | undefined>(undefined);
  const [name, setName] = useState('');
  const [role, setRole] = useState('');
  const [expires, setExpires] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const reload = () => listTokens().then(setTokens, (err: unknown) => void toastError(t('tokens.couldNotRead'), err));
  useEffect(() => void reload(), []);
  const make = async (e: Event) => {
    e.preventDefault();
    try {
      const answer = await createToken({
        name: name.trim(),
        ...(role ? { role: role as Role } : {}),
        ...(chosen.size ? { projects: [...chosen] } : {}),
        ...(expires ? { expiresAt: new Date(`${expires}T23:59:59Z`).toISOString() } : {}),
      });
      setMade({ name: answer.name, secret: answer.token });
      setName('');
    } catch (err) {
      toastError(t('tokens.couldNotMake'), err);
    }
    await reload();
  };
  const toggle = (alias: string) => (on: boolean) => setChosen((was) => new Set(on ? [...was, alias] : [...was].filter((a) => a !== alias)));
  const roles = [['', t('tokens.asMyRole')] as const, ...ROLES.map((r) => [r, t('tokens.atMost', { role: roleName(r) })] as const)];
  return h(
    'div',
    {},
    h('h2', {}, t('tokens.title')),
    h('p', { class: 'hint' }, t('tokens.about')),
    h(
      'ul',
      { class: 'list', 'data-testid': 'token-list' },
      tokens?.length === 0 ? h('li', { class: 'hint' }, t('tokens.none')) : tokens?.map((token) => h(TokenRow, { key: token.id, token, projects, reload })),
    ),
    made ? h(NewToken, made) : h('div', { hidden: true, 'data-testid': 'new-token' }),
    h(
      'form',
      { 'data-testid': 'token-form', onSubmit: (e: Event) => void make(e) },
      h(
        Field,
        { label: t('common.name') },
        h(Input, { value: name, set: setName, placeholder: 'ci', 'aria-label': t('tokens.name'), 'data-testid': 'token-name' }),
      ),
      h(Field, { label: t('common.role') }, h(Select, { options: roles, value: role, onChange: setRole, label: t('tokens.roleLabel'), testid: 'token-role' })),
      h(
        Field,
        { label: t('tokens.expiresOnUtc') },
        h(Input, { value: expires, set: setExpires, type: 'date', 'aria-label': t('tokens.expiresOn'), 'data-testid': 'token-expires' }),
      ),
      h(
        'fieldset',
        { class: 'token-projects' },
        h('legend', {}, t('tokens.projects')),
        // By name, as the project list above names them, with the address beside.
        projects.map((p) =>
          h(Checkbox, {
            key: p.alias,
            label: p.name,
            hint: p.alias,
            checked: chosen.has(p.alias),
            onChange: toggle(p.alias),
            testid: `token-project-${p.alias}`,
          }),
        ),
      ),
      h(Button, { label: t('tokens.make'), icon: KeyRound, type: 'submit', variant: 'primary', testid: 'token-create' }),
    ),
  );
}

/**
 * `/editor`'s account section for a signed-in user (docs/contract.md §12): change name or password, and
 * personal access tokens (the operator's admin token has no account, so no such section).
 */
export function AccountPanel({ user, projects }: { user: UserRecord; projects: Me['projects'] }) {
  return h(
    'details',
    { class: 'panel', 'data-testid': 'account-panel' },
    h('summary', {}, t('account.summary')),
    h('h2', {}, t('account.title')),
    h(LanguageChoice, { user }),
    h(PasswordForm, { user }),
    h(TokensSection, { projects }),
  );
}
