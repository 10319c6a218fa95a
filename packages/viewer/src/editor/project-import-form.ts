import { Upload } from 'lucide';
import { field, textInput } from '../ui/controls.js';
import { h } from '../ui/dom.js';
import { icon } from '../ui/icon.js';
import { t } from '../ui/i18n.js';
import { importProjectZip } from './session-api.js';

/**
 * "Import a project": a zip of `orbis project export` becomes a new project of the visitor's
 * (docs/operations.md, "Import a project"), under the address typed (the exported one when none),
 * which the editor then opens. Members of the zip without an account here are named before it does.
 */
export function projectImportForm(token: string | undefined): HTMLElement {
  const alias = textInput({ placeholder: t('projects.import.aliasPlaceholder'), label: t('projects.alias'), testid: 'import-project-alias' });
  const message = h('p', { class: 'hint', role: 'alert', 'data-testid': 'import-project-message' });
  const input = h('input', { type: 'file', accept: '.zip,application/zip', 'data-testid': 'import-project-file' });
  input.addEventListener('change', () => {
    const zip = input.files?.[0];
    if (!zip) return;
    message.textContent = t('projects.import.importing', { file: zip.name });
    importProjectZip(zip, alias.value.trim() || undefined, token).then(
      (report) => {
        const skipped = report.members.skipped.map((m) => m.email);
        const href = `/editor/${encodeURIComponent(report.project.alias)}`;
        if (skipped.length === 0) return location.assign(href);
        message.replaceChildren(`${t('projects.import.skipped', { alias: report.project.alias, emails: skipped.join(', ') })} `, h('a', { href }, t('projects.import.open')));
      },
      (err: unknown) => {
        message.textContent = (err as Error).message;
        input.value = '';
      },
    );
  });
  return h('details', { class: 'new-project', 'data-testid': 'import-project' }, h('summary', {}, icon(Upload), ` ${t('projects.import.summary')}`), field(t('projects.alias'), alias), field(t('projects.import.label'), input), message);
}
