import { FolderOpen, Plus, UserPlus } from 'lucide';
import { button, field, textInput } from '../ui/controls.js';
import { h } from '../ui/dom.js';
import { icon } from '../ui/icon.js';
import { takeAdminToken } from './admin-token.js';
import { ApiError } from './management-api.js';
import { ALIAS_PATTERN, aliasFromName } from '@orbis/scene/checks';
import { acceptInvitation, createProject, type InvitationRecord, invitationOf, type Me, whoAmI } from './session-api.js';
import { signInPage } from './sign-in-page.js';
import { AccountBar } from './account-bar.js';
import { createElement } from 'preact';
import { mountView } from '../ui/island.js';
import { accountPanel } from './account-panel.js';
import { projectImportForm } from './project-import-form.js';
import { roleName } from './role-name.js';
import { formatDate } from '../ui/i18n.js';
import { t } from '../ui/i18n.js';

const gone = () => t('invitation.gone');

/** Who invited whom to which project with which role, in words (undefined: the invitation is gone). */
function invitationText(invitation: InvitationRecord | undefined): string {
  if (!invitation) return gone();
  const who = invitation.invitedBy ? `${invitation.invitedBy.name} (${invitation.invitedBy.email})` : t('invitation.administrator');
  const until = formatDate(invitation.expiresAt, { dateStyle: 'long' });
  return t('invitation.about', { who, email: invitation.email, project: invitation.project.name, role: roleName(invitation.role), until });
}

/** `?invitation=…`: what it is to, then join as a new user (name and password), or as the one signed in. */
function invitationPanel(id: string, invitation: InvitationRecord | undefined, me: Me | undefined, done: () => void): HTMLElement {
  const message = h('p', { class: 'hint', role: 'alert', 'data-testid': 'invitation-message' });
  const about = h('p', { 'data-testid': 'invitation-about' }, invitationText(invitation));
  const title = h('h2', {}, invitation ? t('invitation.join', { project: invitation.project.name }) : t('invitation.title'));
  const accept = async (newUser?: { name: string; password: string }) => {
    try {
      await acceptInvitation(id, newUser);
      history.replaceState(null, '', '/editor');
      done();
    } catch (err) {
      message.textContent = err instanceof ApiError && err.code === 'not_found' ? gone() : (err as Error).message;
    }
  };
  if (me?.user) {
    return h('div', { class: 'panel', 'data-testid': 'invitation' }, title, about, h('p', {}, t('invitation.joinAs', { email: me.user.email })), button({ label: t('invitation.accept'), icon: UserPlus, variant: 'primary', testid: 'accept-invitation', onClick: () => void accept() }), message);
  }
  const name = textInput({ label: t('invitation.yourName'), testid: 'invitation-name' });
  const password = h('input', { class: 'input', type: 'password', autocomplete: 'new-password', minlength: 10, required: true, 'data-testid': 'invitation-password' });
  return h('form', { class: 'panel', 'data-testid': 'invitation', onsubmit: (e) => {
    e.preventDefault();
    void accept({ name: name.value.trim(), password: password.value });
  } },
    title,
    about,
    h('p', {}, t('invitation.newAccount')),
    field(t('common.name'), name), field(t('signIn.password'), password),
    button({ label: t('invitation.joinButton'), icon: UserPlus, type: 'submit', variant: 'primary', testid: 'accept-invitation' }),
    message,
  );
}

/**
 * A new project: its name first, and its address made from the name as it is typed (until the
 * address is typed by hand); an address that breaks the rule is said in words before it is sent.
 */
function newProjectForm(token: string | undefined): HTMLElement {
  const name = textInput({ placeholder: t('projects.namePlaceholder'), label: t('common.name'), testid: 'new-project-name' });
  const alias = textInput({ placeholder: 'my-map', label: t('projects.alias'), testid: 'new-project-alias' });
  const message = h('p', { class: 'hint', role: 'alert', 'data-testid': 'new-project-message' });
  let aliasTyped = false;
  name.addEventListener('input', () => {
    if (!aliasTyped) alias.value = aliasFromName(name.value);
  });
  alias.addEventListener('input', () => (aliasTyped = alias.value !== ''));
  return h('details', { class: 'new-project' },
    h('summary', {}, icon(Plus), ' ', t('projects.new')),
    h('form', { onsubmit: async (e) => {
      e.preventDefault();
      const address = alias.value.trim();
      if (!ALIAS_PATTERN.test(address)) {
        const rule = t('projects.aliasRule');
        message.textContent = address ? t('projects.aliasInvalid', { alias: address, rule }) : t('projects.aliasMissing', { rule });
        alias.focus();
        return;
      }
      try {
        const created = await createProject({ alias: address, name: name.value.trim() || address, visibility: 'private' }, token);
        location.assign(`/editor/${encodeURIComponent(created.alias)}`);
      } catch (err) {
        message.textContent = err instanceof ApiError && err.code === 'conflict' ? t('projects.aliasTaken', { alias: address }) : (err as Error).message;
      }
    } }, field(t('common.name'), name), field(t('projects.alias'), alias, t('projects.aliasHint', { rule: t('projects.aliasRule') })), button({ label: t('projects.create'), type: 'submit', variant: 'primary', testid: 'new-project-create' }), message),
  );
}

/** `/editor`: sign-in, an invitation, or the projects the visitor may open (docs/contract.md §12, §14). */
export async function editorHome(root: HTMLElement): Promise<void> {
  const show = () => void editorHome(root);
  document.title = t('editor.title');
  const token = takeAdminToken(location, history, localStorage);
  const me = await whoAmI(token);
  const invitation = new URLSearchParams(location.search).get('invitation');
  if (invitation) {
    root.replaceChildren(invitationPanel(invitation, await invitationOf(invitation), me, show), ...(me?.user ? [] : [signInPage(t('invitation.signInFirst'), show)]));
    return;
  }
  if (!me) {
    root.replaceChildren(signInPage(t('signIn.toOpenProjects'), show));
    return;
  }
  const list = me.projects.length
    ? h('ul', { class: 'list', 'data-testid': 'project-list' }, ...me.projects.map((p) => h('li', {}, icon(FolderOpen), h('a', { class: 'name', href: `/editor/${encodeURIComponent(p.alias)}` }, p.name), h('span', { class: 'hint' }, p.alias), h('span', { class: 'role-badge' }, roleName(p.role)))))
    : h('p', { class: 'hint' }, t('projects.none'));
  root.replaceChildren(h('header', {}, h('strong', {}, t('editor.title'))), mountView(createElement(AccountBar, { me }), 'div', 'island'), h('div', { class: 'panel' }, h('h2', {}, t('projects.yours')), list, newProjectForm(token), projectImportForm(token)), ...(me.user ? [accountPanel(me.user, me.projects)] : []));
}
