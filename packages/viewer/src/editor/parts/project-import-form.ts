import { Upload } from 'lucide';
import { h } from 'preact';
import { useState } from 'preact/hooks';
import { Field } from '../../ui/field.js';
import { t } from '../../ui/i18n.js';
import { Icon } from '../../ui/lucide-icon.js';
import { importProjectZip } from '../api/session-api.js';

/** Where an import stands: in progress, or done with members skipped (a link to the project), or failed. */
type Said = { text: string; href?: string };

/**
 * "Import a project": a zip of `orbis project export` becomes a new project of the visitor's
 * (docs/operations.md, "Import a project"), under the address typed (the exported one when none),
 * which the editor then opens. Members of the zip without an account here are named before it does.
 */
export function ProjectImportForm({ token }: { token: string | undefined }) {
  const [alias, setAlias] = useState('');
  const [said, say] = useState<Said>({ text: '' });
  const choose = (input: HTMLInputElement) => {
    const zip = input.files?.[0];
    if (!zip) return;
    say({ text: t('projects.import.importing', { file: zip.name }) });
    importProjectZip(zip, alias.trim() || undefined, token).then(
      (report) => {
        const skipped = report.members.skipped.map((m) => m.email);
        const href = `/editor/${encodeURIComponent(report.project.alias)}`;
        if (skipped.length === 0) return location.assign(href);
        say({ text: `${t('projects.import.skipped', { alias: report.project.alias, emails: skipped.join(', ') })} `, href });
      },
      (err: unknown) => {
        say({ text: (err as Error).message });
        input.value = '';
      },
    );
  };
  return h(
    'details',
    { class: 'new-project', 'data-testid': 'import-project' },
    h('summary', {}, h(Icon, { node: Upload }), ` ${t('projects.import.summary')}`),
    h(Field, { label: t('projects.alias') }, h('input', { class: 'input', type: 'text', value: alias, placeholder: t('projects.import.aliasPlaceholder'), 'aria-label': t('projects.alias'), 'data-testid': 'import-project-alias', onInput: (e: Event) => setAlias((e.currentTarget as HTMLInputElement).value) })),
    h(Field, { label: t('projects.import.label') }, h('input', { type: 'file', accept: '.zip,application/zip', 'data-testid': 'import-project-file', onChange: (e: Event) => choose(e.currentTarget as HTMLInputElement) })),
    h('p', { class: 'hint', role: 'alert', 'data-testid': 'import-project-message' }, said.text, said.href && h('a', { href: said.href }, t('projects.import.open'))),
  );
}
