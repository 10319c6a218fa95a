import { FolderOpen, Plus, UserPlus } from 'lucide';
import { button, field, textInput } from '../ui/controls.js';
import { h } from '../ui/dom.js';
import { icon } from '../ui/icon.js';
import { takeAdminToken } from './admin-token.js';
import { ApiError } from './management-api.js';
import { acceptInvitation, createProject, type InvitationRecord, invitationOf, type Me, whoAmI } from './session-api.js';
import { accountBar, signInPage } from './sign-in-page.js';
import { accountPanel } from './account-panel.js';
import { projectImportForm } from './project-import-form.js';

const GONE = 'This invitation expired or was used already: ask for a new one.';

/** Who invited whom to which project with which role, in words (undefined: the invitation is gone). */
function invitationText(invitation: InvitationRecord | undefined): string {
  if (!invitation) return GONE;
  const who = invitation.invitedBy ? `${invitation.invitedBy.name} (${invitation.invitedBy.email})` : "This Orbis's administrator";
  const until = new Date(invitation.expiresAt).toLocaleDateString(undefined, { dateStyle: 'long' });
  return `${who} invites ${invitation.email} to the project “${invitation.project.name}” as ${invitation.role === 'owner' ? 'an' : 'a'} ${invitation.role}. The link works once, until ${until}.`;
}

/** `?invitation=…`: what it is to, then join as a new user (name and password), or as the one signed in. */
function invitationPanel(id: string, invitation: InvitationRecord | undefined, me: Me | undefined, done: () => void): HTMLElement {
  const message = h('p', { class: 'hint', role: 'alert', 'data-testid': 'invitation-message' });
  const about = h('p', { 'data-testid': 'invitation-about' }, invitationText(invitation));
  const title = h('h2', {}, invitation ? `Join “${invitation.project.name}”` : 'Invitation');
  const accept = async (newUser?: { name: string; password: string }) => {
    try {
      await acceptInvitation(id, newUser);
      history.replaceState(null, '', '/editor');
      done();
    } catch (err) {
      message.textContent = err instanceof ApiError && err.code === 'not_found' ? GONE : (err as Error).message;
    }
  };
  if (me?.user) {
    return h('div', { class: 'panel', 'data-testid': 'invitation' }, title, about, h('p', {}, `Join it as ${me.user.email}.`), button({ label: 'Accept the invitation', icon: UserPlus, variant: 'primary', testid: 'accept-invitation', onClick: () => void accept() }), message);
  }
  const name = textInput({ label: 'Your name', testid: 'invitation-name' });
  const password = h('input', { class: 'input', type: 'password', autocomplete: 'new-password', minlength: 10, required: true, 'data-testid': 'invitation-password' });
  return h('form', { class: 'panel', 'data-testid': 'invitation', onsubmit: (e) => {
    e.preventDefault();
    void accept({ name: name.value.trim(), password: password.value });
  } },
    title,
    about,
    h('p', {}, 'Choose your name and a password (at least 10 characters) to join. Already have an account? Sign in below first, then open the link again.'),
    field('Name', name), field('Password', password),
    button({ label: 'Join', icon: UserPlus, type: 'submit', variant: 'primary', testid: 'accept-invitation' }),
    message,
  );
}

function newProjectForm(token: string | undefined): HTMLElement {
  const alias = textInput({ placeholder: 'my-map', label: 'Address (a-z, 0-9, -)', testid: 'new-project-alias' });
  const name = textInput({ placeholder: 'My map', label: 'Name', testid: 'new-project-name' });
  const message = h('p', { class: 'hint', role: 'alert' });
  return h('details', { class: 'new-project' },
    h('summary', {}, icon(Plus), ' New project'),
    h('form', { onsubmit: async (e) => {
      e.preventDefault();
      try {
        const created = await createProject({ alias: alias.value.trim(), name: name.value.trim() || alias.value.trim(), visibility: 'private' }, token);
        location.assign(`/editor/${encodeURIComponent(created.alias)}`);
      } catch (err) {
        message.textContent = (err as Error).message;
      }
    } }, field('Address', alias), field('Name', name), button({ label: 'Create', type: 'submit', variant: 'primary' }), message),
  );
}

/** `/editor`: sign-in, an invitation, or the projects the visitor may open (docs/contract.md §12, §14). */
export async function editorHome(root: HTMLElement): Promise<void> {
  const show = () => void editorHome(root);
  const token = takeAdminToken(location, history, localStorage);
  const me = await whoAmI(token);
  const invitation = new URLSearchParams(location.search).get('invitation');
  if (invitation) {
    root.replaceChildren(invitationPanel(invitation, await invitationOf(invitation), me, show), ...(me?.user ? [] : [signInPage('Or sign in first, to join with your account.', show)]));
    return;
  }
  if (!me) {
    root.replaceChildren(signInPage('Sign in to open your projects.', show));
    return;
  }
  const list = me.projects.length
    ? h('ul', { class: 'list', 'data-testid': 'project-list' }, ...me.projects.map((p) => h('li', {}, icon(FolderOpen), h('a', { class: 'name', href: `/editor/${encodeURIComponent(p.alias)}` }, p.alias), h('span', { class: 'role-badge' }, p.role))))
    : h('p', { class: 'hint' }, 'No project yet: create one, or ask a maintainer of one to add you.');
  root.replaceChildren(h('header', {}, h('strong', {}, 'Orbis editor')), accountBar(me), h('div', { class: 'panel' }, h('h2', {}, 'Your projects'), list, newProjectForm(token), projectImportForm(token)), ...(me.user ? [accountPanel(me.user, me.projects)] : []));
}
