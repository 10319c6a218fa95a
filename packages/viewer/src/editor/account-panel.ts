import { Copy, KeyRound, Trash2 } from 'lucide';
import { ROLES, type Role, type TokenRecord } from '@orbis/scene/roles';
import { button, checkbox, field, select, textInput } from '../ui/controls.js';
import { h } from '../ui/dom.js';
import { toast, toastError } from '../ui/toast.js';
import { changeMe, createToken, listTokens, type Me, revokeToken, type UserRecord } from './session-api.js';

const passwordInput = (testid: string, autocomplete: string) =>
  h('input', { class: 'input', type: 'password', autocomplete, 'data-testid': testid });

/**
 * Your name and password (docs/contract.md §12 `PATCH /api/auth/me`): the server asks for the current password
 * (a user made by OpenID Connect has none to give).
 */
function passwordForm(user: UserRecord): HTMLElement {
  const name = textInput({ value: user.name, label: 'Name', testid: 'account-name' });
  const current = passwordInput('account-current-password', 'current-password');
  const fresh = passwordInput('account-new-password', 'new-password');
  fresh.minLength = 10;
  const message = h('p', { class: 'hint', role: 'status', 'data-testid': 'account-message' });
  return h('form', { 'data-testid': 'account-form', onsubmit: async (e) => {
    e.preventDefault();
    message.textContent = '';
    try {
      await changeMe({ name: name.value.trim(), currentPassword: current.value, ...(fresh.value ? { password: fresh.value } : {}) });
      message.textContent = fresh.value ? 'Saved. Your password is changed: your other sessions are signed out.' : 'Saved.';
      current.value = '';
      fresh.value = '';
    } catch (err) {
      message.textContent = (err as Error).message;
    }
  } },
    field('Name', name),
    field('Current password', current),
    field('New password', fresh, 'at least 10 characters; leave empty to keep yours'),
    button({ label: 'Save', type: 'submit', variant: 'primary', testid: 'account-save' }),
    message,
  );
}

/** One's personal access tokens: listed without secrets, made (the secret shown once), revoked. */
function tokensSection(mine: Me['projects']): HTMLElement {
  const list = h('ul', { class: 'list', 'data-testid': 'token-list' });
  const shown = h('div', { hidden: true, 'data-testid': 'new-token' });
  const reload = () => listTokens().then(draw, (err: unknown) => toastError('Could not read your tokens', err));
  const draw = (tokens: TokenRecord[]) => {
    list.replaceChildren(...tokens.map((t) => h('li', { 'data-testid': 'token' },
      h('span', { class: 'name' }, t.name),
      h('span', { class: 'hint' }, [t.role ?? 'your role', t.projects ? t.projects.join(', ') : 'every project', t.expiresAt ? `until ${t.expiresAt.slice(0, 10)}` : 'no expiry'].join(' · ')),
      button({ label: `Revoke ${t.name}`, icon: Trash2, iconOnly: true, variant: 'ghost', testid: `token-revoke-${t.name}`, onClick: async () => {
        if (!confirm(`Revoke the token "${t.name}"? Scripts that use it stop at once.`)) return;
        await revokeToken(t.id).catch((err: unknown) => toastError('Could not revoke the token', err));
        await reload();
      } }),
    )));
    if (tokens.length === 0) list.replaceChildren(h('li', { class: 'hint' }, 'No tokens yet.'));
  };

  const name = textInput({ placeholder: 'ci', label: 'Token name', testid: 'token-name' });
  let role = '';
  const roleSelect = select([['', 'as my role'], ...ROLES.map((r) => [r, `at most ${r}`] as const)], role, (v) => (role = v), 'Most the token may do', 'token-role');
  const expires = h('input', { class: 'input', type: 'date', 'aria-label': 'Expires on', 'data-testid': 'token-expires' });
  const chosen = new Set<string>();
  const projects = h('fieldset', { class: 'token-projects' }, h('legend', {}, 'Projects (none ticked: all of yours)'),
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
      const secret = h('input', { class: 'input', readonly: true, value: made.token, 'aria-label': 'The new token', 'data-testid': 'new-token-value' });
      shown.replaceChildren(
        h('p', {}, `Copy the token "${made.name}" now: it is not shown again. Send it as Authorization: Bearer …`),
        h('div', { class: 'row' }, secret, button({ label: 'Copy the token', icon: Copy, iconOnly: true, variant: 'ghost', onClick: () => void navigator.clipboard.writeText(secret.value).then(() => toast('success', 'Token copied')) })),
      );
      shown.hidden = false;
      name.value = '';
    } catch (err) {
      toastError('Could not make the token', err);
    }
    await reload();
  } },
    field('Name', name), field('Role', roleSelect), field('Expires on (UTC, end of day)', expires), projects,
    button({ label: 'Make a token', icon: KeyRound, type: 'submit', variant: 'primary', testid: 'token-create' }),
  );
  void reload();
  return h('div', {}, h('h2', {}, 'Personal access tokens'), h('p', { class: 'hint' }, 'For scripts and CI: a token acts as you, with at most its role, on at most its projects.'), list, shown, form);
}

/**
 * `/editor`'s account section for a signed-in user (docs/contract.md §12): change name or password, and
 * personal access tokens (the operator's admin token has no account, so no such section).
 */
export function accountPanel(user: UserRecord, projects: Me['projects']): HTMLElement {
  return h('details', { class: 'panel', 'data-testid': 'account-panel' },
    h('summary', {}, 'Your account and tokens'),
    h('h2', {}, 'Your account'),
    passwordForm(user),
    tokensSection(projects),
  );
}
