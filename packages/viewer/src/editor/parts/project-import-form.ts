import { Upload } from 'lucide';
import { h } from 'preact';
import { useState } from 'preact/hooks';
import type { ImportReport } from '@orbis/contract';
import { CopyField } from '../../ui/copy-field.js';
import { Field } from '../../ui/field.js';
import { t } from '../../ui/i18n.js';
import { Icon } from '../../ui/lucide-icon.js';
import { importProjectZip } from '../api/session-api.js';

/** Where an import stands: in progress, or done with something to tell (a link to the project), or failed. */
type Said = { text: string; href?: string; report?: ImportReport };

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
        // Nothing to tell: the new project opens. New webhook secrets are shown only here, so they stop it.
        if (skipped.length === 0 && report.webhooks.added.length === 0 && report.webhooks.skipped.length === 0) return location.assign(href);
        const text =
          skipped.length > 0
            ? t('projects.import.skipped', { alias: report.project.alias, emails: skipped.join(', ') })
            : t('projects.import.imported', { alias: report.project.alias });
        say({ text: `${text} `, href, report });
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
    h(
      Field,
      { label: t('projects.alias') },
      h('input', {
        class: 'input',
        type: 'text',
        value: alias,
        placeholder: t('projects.import.aliasPlaceholder'),
        'aria-label': t('projects.alias'),
        'data-testid': 'import-project-alias',
        onInput: (e: Event) => setAlias((e.currentTarget as HTMLInputElement).value),
      }),
    ),
    h(
      Field,
      { label: t('projects.import.label') },
      h('input', {
        type: 'file',
        accept: '.zip,application/zip',
        'data-testid': 'import-project-file',
        onChange: (e: Event) => choose(e.currentTarget as HTMLInputElement),
      }),
    ),
    h(
      'p',
      { class: 'hint', role: 'alert', 'data-testid': 'import-project-message' },
      said.text,
      said.href && h('a', { href: said.href }, t('projects.import.open')),
    ),
    said.report && h(ImportedWebhooks, { webhooks: said.report.webhooks }),
  );
}

/**
 * The webhooks an import made, each with its new secret (shown here only; the zip carries none),
 * inactive until a maintainer turns it on, and those this server refused (docs/operations.md,
 * "Import a project").
 */
function ImportedWebhooks({ webhooks }: { webhooks: ImportReport['webhooks'] }) {
  if (webhooks.added.length === 0 && webhooks.skipped.length === 0) return null;
  return h(
    'div',
    { 'data-testid': 'import-project-webhooks' },
    webhooks.added.length > 0 && h('p', { class: 'hint' }, t('projects.import.webhookSecrets')),
    webhooks.added.map((hook) =>
      h(
        Field,
        { key: hook.id, label: hook.url },
        h(CopyField, {
          value: hook.secret,
          label: t('workflow.webhookSecretLabel'),
          copyLabel: t('projects.import.copySecret'),
          copied: t('projects.import.secretCopied'),
          testid: 'import-project-webhook-secret',
        }),
      ),
    ),
    webhooks.skipped.map((hook) =>
      h(
        'p',
        { key: hook.url, class: 'hint', 'data-testid': 'import-project-webhook-skipped' },
        t('projects.import.webhookSkipped', { url: hook.url, reason: hook.reason }),
      ),
    ),
  );
}
