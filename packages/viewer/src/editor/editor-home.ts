import { FolderOpen, Plus, UserPlus } from 'lucide';
import { Fragment, h, render } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { ALIAS_PATTERN, aliasFromName } from '@orbis/scene/checks';
import { Button } from '../ui/button.js';
import { Field } from '../ui/field.js';
import { formatDate, t } from '../ui/i18n.js';
import { Icon } from '../ui/lucide-icon.js';
import { AccountPanel } from './panels/account-panel.js';
import { takeAdminToken } from './api/admin-token.js';
import { ApiError } from './api/management-api.js';
import { ProjectImportForm } from './parts/project-import-form.js';
import { roleName } from './state/role-name.js';
import { acceptInvitation, createProject, type InvitationRecord, invitationOf, type Me, whoAmI } from './api/session-api.js';
import { AccountBar } from './parts/account-bar.js';
import { SignInPage } from './sign-in-page.js';

const gone = () => t('invitation.gone');
const typed = (e: Event) => (e.currentTarget as HTMLInputElement).value;

/** Who invited whom to which project with which role, in words (undefined: the invitation is gone). */
function invitationText(invitation: InvitationRecord | undefined): string {
  if (!invitation) return gone();
  const who = invitation.invitedBy ? `${invitation.invitedBy.name} (${invitation.invitedBy.email})` : t('invitation.administrator');
  const until = formatDate(invitation.expiresAt, { dateStyle: 'long' });
  return t('invitation.about', { who, email: invitation.email, project: invitation.project.name, role: roleName(invitation.role), until });
}

/** `?invitation=…`: what it is to, then join as a new user (name and password), or as the one signed in. */
function InvitationPanel({ id, invitation, me, done }: { id: string; invitation: InvitationRecord | undefined; me: Me | undefined; done: () => void }) {
  const [message, setMessage] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const accept = async (newUser?: { name: string; password: string }) => {
    try {
      await acceptInvitation(id, newUser);
      history.replaceState(null, '', '/editor');
      done();
    } catch (err) {
      setMessage(err instanceof ApiError && err.code === 'not_found' ? gone() : (err as Error).message);
    }
  };
  const title = h('h2', {}, invitation ? t('invitation.join', { project: invitation.project.name }) : t('invitation.title'));
  const about = h('p', { 'data-testid': 'invitation-about' }, invitationText(invitation));
  const said = h('p', { class: 'hint', role: 'alert', 'data-testid': 'invitation-message' }, message);
  if (me?.user) {
    return h(
      'div',
      { class: 'panel', 'data-testid': 'invitation' },
      title,
      about,
      h('p', {}, t('invitation.joinAs', { email: me.user.email })),
      h(Button, { label: t('invitation.accept'), icon: UserPlus, variant: 'primary', testid: 'accept-invitation', onClick: () => void accept() }),
      said,
    );
  }
  const submit = (e: Event) => {
    e.preventDefault();
    void accept({ name: name.trim(), password });
  };
  return h(
    'form',
    { class: 'panel', 'data-testid': 'invitation', onSubmit: submit },
    title,
    about,
    h('p', {}, t('invitation.newAccount')),
    h(
      Field,
      { label: t('common.name') },
      h('input', {
        class: 'input',
        type: 'text',
        value: name,
        'aria-label': t('invitation.yourName'),
        'data-testid': 'invitation-name',
        onInput: (e: Event) => setName(typed(e)),
      }),
    ),
    h(
      Field,
      { label: t('signIn.password') },
      h('input', {
        class: 'input',
        type: 'password',
        autocomplete: 'new-password',
        minLength: 10,
        required: true,
        value: password,
        'data-testid': 'invitation-password',
        onInput: (e: Event) => setPassword(typed(e)),
      }),
    ),
    h(Button, { label: t('invitation.joinButton'), icon: UserPlus, type: 'submit', variant: 'primary', testid: 'accept-invitation' }),
    said,
  );
}

/**
 * A new project: its name first, and its address made from the name as it is typed (until the
 * address is typed by hand); an address that breaks the rule is said in words before it is sent.
 */
function NewProjectForm({ token }: { token: string | undefined }) {
  const [name, setName] = useState('');
  const [alias, setAlias] = useState('');
  const [aliasTyped, setAliasTyped] = useState(false);
  const [message, setMessage] = useState('');
  const aliasInput = useRef<HTMLInputElement>(null);
  const create = async (e: Event) => {
    e.preventDefault();
    const address = alias.trim();
    if (!ALIAS_PATTERN.test(address)) {
      const rule = t('projects.aliasRule');
      setMessage(address ? t('projects.aliasInvalid', { alias: address, rule }) : t('projects.aliasMissing', { rule }));
      aliasInput.current?.focus();
      return;
    }
    try {
      const created = await createProject({ alias: address, name: name.trim() || address, visibility: 'private' }, token);
      location.assign(`/editor/${encodeURIComponent(created.alias)}`);
    } catch (err) {
      setMessage(err instanceof ApiError && err.code === 'conflict' ? t('projects.aliasTaken', { alias: address }) : (err as Error).message);
    }
  };
  const typeName = (value: string) => {
    setName(value);
    if (!aliasTyped) setAlias(aliasFromName(value));
  };
  const typeAlias = (value: string) => {
    setAlias(value);
    setAliasTyped(value !== '');
  };
  return h(
    'details',
    { class: 'new-project' },
    h('summary', {}, h(Icon, { node: Plus }), ' ', t('projects.new')),
    h(
      'form',
      { onSubmit: (e: Event) => void create(e) },
      h(
        Field,
        { label: t('common.name') },
        h('input', {
          class: 'input',
          type: 'text',
          value: name,
          placeholder: t('projects.namePlaceholder'),
          'aria-label': t('common.name'),
          'data-testid': 'new-project-name',
          onInput: (e: Event) => typeName(typed(e)),
        }),
      ),
      h(
        Field,
        { label: t('projects.alias'), hint: t('projects.aliasHint', { rule: t('projects.aliasRule') }) },
        h('input', {
          class: 'input',
          type: 'text',
          value: alias,
          placeholder: 'my-map',
          'aria-label': t('projects.alias'),
          'data-testid': 'new-project-alias',
          ref: aliasInput,
          onInput: (e: Event) => typeAlias(typed(e)),
        }),
      ),
      h(Button, { label: t('projects.create'), type: 'submit', variant: 'primary', testid: 'new-project-create' }),
      h('p', { class: 'hint', role: 'alert', 'data-testid': 'new-project-message' }, message),
    ),
  );
}

/** The projects one may open, by name, each with its address and one's role. */
function ProjectList({ me }: { me: Me }) {
  if (me.projects.length === 0) return h('p', { class: 'hint' }, t('projects.none'));
  return h(
    'ul',
    { class: 'list', 'data-testid': 'project-list' },
    me.projects.map((p) =>
      h(
        'li',
        { key: p.alias },
        h(Icon, { node: FolderOpen }),
        h('a', { class: 'name', href: `/editor/${encodeURIComponent(p.alias)}` }, p.name),
        h('span', { class: 'hint' }, p.alias),
        h('span', { class: 'role-badge' }, roleName(p.role)),
      ),
    ),
  );
}

interface HomeProps {
  me: Me | undefined;
  token: string | undefined;
  invitation: { id: string; record: InvitationRecord | undefined } | undefined;
  /** Reads who is signed in again and draws the page again (after a sign-in, an invitation accepted). */
  show: () => void;
}

/** `/editor`: sign-in, an invitation, or the projects the visitor may open (docs/contract.md §12, §14). */
function EditorHome({ me, token, invitation, show }: HomeProps) {
  if (invitation) {
    return h(
      Fragment,
      {},
      h(InvitationPanel, { id: invitation.id, invitation: invitation.record, me, done: show }),
      !me?.user && h(SignInPage, { reason: t('invitation.signInFirst'), onSignedIn: show }),
    );
  }
  if (!me) return h(SignInPage, { reason: t('signIn.toOpenProjects'), onSignedIn: show });
  return h(
    Fragment,
    {},
    h('header', {}, h('strong', {}, t('editor.title'))),
    h(AccountBar, { me }),
    h('div', { class: 'panel' }, h('h2', {}, t('projects.yours')), h(ProjectList, { me }), h(NewProjectForm, { token }), h(ProjectImportForm, { token })),
    me.user && h(AccountPanel, { user: me.user, projects: me.projects }),
  );
}

/** Draws `/editor` into `root`, once who is signed in is known (until then, the page's "Loading…" stays). */
export async function editorHome(root: HTMLElement): Promise<void> {
  document.title = t('editor.title');
  let drawn = false;
  const show = async (): Promise<void> => {
    const token = takeAdminToken(location, history, localStorage);
    const me = await whoAmI(token);
    const id = new URLSearchParams(location.search).get('invitation');
    const invitation = id ? { id, record: await invitationOf(id) } : undefined;
    if (!drawn) root.replaceChildren();
    drawn = true;
    render(h(EditorHome, { me, token, invitation, show: () => void show() }), root);
  };
  await show();
}
