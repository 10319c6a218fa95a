import { Database } from 'lucide';
import { button, checkbox, emptyState, field, select, textInput } from '../ui/controls.js';
import { toast } from '../ui/toast.js';
import { errorText } from '../ui/error-text.js';
import { FIELD_TYPES } from '@orbis/content-model';
import { ContentApi, type Field, type ItemRecord, type ModelRecord } from './content-api.js';
import { h } from '../ui/dom.js';
import type { EditorState } from './editor-state.js';
import { itemForm } from './item-form.js';
import { ApiError, type AssetRecord } from './management-api.js';
import { itemConflict } from './item-conflict.js';
import { itemHistory } from './item-history.js';
import { requestsWaiting, reviewControls } from './review-requests.js';
import { webhookList } from './webhook-list.js';
import { VECTOR_FORMATS } from '@orbis/scene/checks';
import type { Permissions } from './permissions.js';
import { t } from '../ui/i18n.js';

const PAGE_SIZE = 20;

/** The form that defines a new model: its key, name, flag and fields, one row per field. */
function newModelForm(api: ContentApi, onCreated: (model: ModelRecord) => void): HTMLElement {
  const key = textInput({ placeholder: 'shelters', label: t('content.modelKey'), testid: 'model-key' });
  const name = textInput({ placeholder: t('content.modelNamePlaceholder'), label: t('content.modelName'), testid: 'model-name' });
  let isPublic = true;
  let review = false;
  const rows = h('div', { class: 'field-rows', 'data-testid': 'field-rows' });
  const addRow = () => {
    const fieldKey = textInput({ placeholder: t('content.fieldKeyPlaceholder'), label: t('content.fieldKey'), testid: 'field-key' });
    let type: string = 'text';
    let required = false;
    const options = textInput({ placeholder: t('content.optionsPlaceholder'), label: t('content.options'), testid: 'field-options' });
    const row = h('div', { class: 'row field-row' }, fieldKey, select(FIELD_TYPES.map((ft) => [ft, t(`content.fieldTypes.${ft}`)] as const), type, (v) => (type = v), t('content.fieldType'), 'field-type'), checkbox(t('content.required'), false, (v) => (required = v)), options);
    (row as HTMLElement & { read?: () => Field }).read = () => ({
      key: fieldKey.value.trim(),
      type: type as Field['type'],
      ...(required ? { required } : {}),
      ...(type === 'select' || type === 'tag' ? { [type === 'tag' ? 'values' : 'options']: options.value.split(',').map((o) => o.trim()).filter(Boolean) } : {}),
      ...(type === 'reference' ? { model: options.value.trim() } : {}),
    });
    rows.append(row);
  };
  addRow();
  const message = h('p', { class: 'hint', role: 'alert', 'data-testid': 'model-message' });
  const create = async () => {
    const fields = [...rows.children].map((r) => (r as HTMLElement & { read: () => Field }).read()).filter((f) => f.key !== '');
    try {
      const model = await api.createModel({ key: key.value.trim(), name: name.value.trim() || key.value.trim(), public: isPublic, review, fields });
      toast('success', t('content.modelCreated', { key: model.key }));
      onCreated(model);
    } catch (err) {
      message.textContent = (err as Error).message;
    }
  };
  return h('details', { class: 'new-model', 'data-testid': 'new-model' },
    h('summary', {}, t('content.newModel')),
    field(t('content.key'), key, t('content.keyHint')),
    field(t('common.name'), name),
    checkbox(t('content.public'), true, (v) => (isPublic = v)),
    checkbox(t('content.requiresReview'), false, (v) => (review = v), 'model-review'),
    h('h3', {}, t('content.fields')),
    rows,
    h('div', { class: 'row' }, button({ label: t('content.addField'), onClick: addRow }), button({ label: t('content.createModel'), variant: 'primary', onClick: () => void create(), testid: 'create-model' })),
    message,
  );
}

/**
 * Content tab (`?tab=content`): the project's content models, a table of a model's items with
 * paging, an item edited in a form built from its model, publish and unpublish, and a file import
 * with progress. Items are a writer's; defining models and showing one as a layer a maintainer's
 * (docs/contract.md §12).
 */
/**
 * `itemsChanged`: a model's public items may have changed; its layers draw them again (docs/viewer.md).
 * `myUserId`: whose review requests are waiting (none: the admin token, who sees every open one).
 */
export function contentPanel(state: EditorState, can: Permissions, itemsChanged: (modelKey: string) => void = () => undefined, myUserId?: string): HTMLElement {
  const api = new ContentApi(state.api.project, state.api.authHeader);
  const modelForm = (onCreated: (model: ModelRecord) => void) => can.readOnly(newModelForm(api, onCreated), 'model.create', t('permissions.what.models'));
  const root = h('div', { class: 'panel content-panel', 'data-testid': 'content-panel' }, h('h2', {}, t('tabs.content')));
  const body = h('div', {});
  root.append(body);
  let assets: AssetRecord[] = [];
  void state.api.assets().then((list) => (assets = list)).catch(() => undefined);

  /** Shows a model's items (a page of them), and with `openId` that item's form. */
  const showModel = async (model: ModelRecord, page = 1, notice = '', openId?: string): Promise<void> => {
    const models = await api.models();
    const table = h('table', { class: 'items', 'data-testid': 'items-table' });
    const editor = h('div', { 'data-testid': 'item-editor' });
    const progress = h('progress', { max: 1, value: 0, hidden: true, 'data-testid': 'import-progress' });
    const message = h('p', { class: 'hint', role: 'status', 'data-testid': 'content-message' }, notice);
    const columns = model.fields.slice(0, 3);
    const edit = async (listed: ItemRecord | undefined) => {
      // The item as this user sees it: a writer its draft, with its status (docs/content-workflow.md, "Review").
      const fresh = listed && (await api.itemVersion(model.key, listed.id));
      const item = fresh?.item;
      // The version the form was opened on: a save is made over it, and a newer one is a choice (docs/collaboration.md).
      let etag = fresh?.etag ?? '*';
      const form = itemForm(model, item, assets);
      // A new item is as public as its model (docs/content-api.md, "Item visibility").
      let isPublic = item?.public ?? model.public;
      const save = async () => {
        try {
          if (item) await api.changeItemOver(model.key, item.id, { fields: form.values(), public: isPublic }, etag);
          else await api.createItem(model.key, form.values(), isPublic);
          itemsChanged(model.key);
          toast('success', item ? t('content.itemSaved') : t('content.itemCreated'));
          await showModel(model, page);
        } catch (err) {
          if (item && err instanceof ApiError && err.code === 'precondition_failed') {
            editor.querySelector('[data-testid="item-conflict"]')?.remove();
            const overwrite = async () => {
              etag = (await api.itemVersion(model.key, item.id)).etag;
              await save();
            };
            editor.append(itemConflict(() => void showModel(model, page, '', item.id), overwrite));
            return;
          }
          message.textContent = (err as Error).message;
        }
      };
      const remove = async () => {
        await api.deleteItem(model.key, item!.id);
        itemsChanged(model.key);
        await showModel(model, page);
      };
      editor.replaceChildren(
        h('h3', {}, item ? t('content.item', { id: item.id.slice(-6) }) : t('content.newItem')),
        form.element,
        checkbox(t('content.public'), isPublic, (v) => (isPublic = v), 'item-public'),
        h('div', { class: 'row' }, button({ label: t('common.save'), variant: 'primary', onClick: () => void save(), testid: 'save-item' }), item ? button({ label: t('common.delete'), variant: 'danger', onClick: () => void remove(), testid: 'delete-item' }) : undefined),
      );
      if (!item) return;
      const again = () => void showModel(model, page, '', item.id);
      if (model.review) editor.append(reviewControls(api, model, item, await state.api.members().catch(() => []), can, again));
      editor.append(itemHistory(api, model, item, again, can.may('item.restore')));
    };
    const list = await api.items(model.key, page, PAGE_SIZE);
    const pages = Math.max(1, Math.ceil(list.totalCount / PAGE_SIZE));
    table.append(
      h('thead', {}, h('tr', {}, ...columns.map((c) => h('th', {}, c.name ?? c.key)), h('th', {}, t('content.public')), model.review ? h('th', {}, t('workflow.state')) : undefined, h('th', {}, ''))),
      h('tbody', {}, ...list.results.map((item) => {
        const flag = h('input', { type: 'checkbox', checked: item.public, 'aria-label': t('assets.public'), 'data-testid': 'row-public' });
        flag.addEventListener('change', () => void api.changeItem(model.key, item.id, { public: flag.checked }).then(() => itemsChanged(model.key), (err: Error) => (message.textContent = err.message)));
        return h('tr', { 'data-testid': 'item-row' },
          ...columns.map((c) => h('td', {}, cell(item[c.key]))),
          h('td', {}, flag),
          // A model that requires review: each item's status (docs/content-workflow.md, "Review").
          item.status ? h('td', { 'data-testid': 'row-status', 'data-status': item.status }, t(`workflow.statuses.${item.status}`)) : undefined,
          h('td', {}, button({ label: t('content.edit'), variant: 'ghost', onClick: () => void edit(item), testid: 'edit-item' })));
      })),
    );
    const file = h('input', { type: 'file', accept: ['.csv', '.json', '.geojson', ...VECTOR_FORMATS.flatMap((f) => f.extensions.map((e) => `.${e}`))].join(','), 'aria-label': t('content.fileToImport'), 'data-testid': 'import-file' });
    file.addEventListener('change', async () => {
      const chosen = file.files?.[0];
      if (!chosen) return;
      progress.hidden = false;
      try {
        const { created } = await api.importFile(model.key, chosen, true, (f) => (progress.value = f));
        itemsChanged(model.key);
        await showModel(model, page, t('content.imported', { count: created, file: chosen.name }));
      } catch (err) {
        message.textContent = errorText(err);
        progress.hidden = true;
      }
    });
    const hasGeometry = model.fields.some((f) => f.type === 'geometry');
    const shown = state.scene.layers.some((l) => l.model === model.key);
    const addLayer = button({
      label: shown ? t('content.shownAsLayer') : t('content.showAsLayer'),
      disabled: shown || !hasGeometry || !model.public,
      testid: 'add-model-layer',
      onClick: () => {
        state.update((s) => s.layers.push({ id: `model-${model.key}-${Date.now().toString(36)}`, title: model.name, type: 'geojson', model: model.key, visible: true }));
        void showModel(model, page, `"${model.name}" is a layer of the scene: its public items show on the globe.`);
      },
    });
    can.guard(addLayer, 'scene.put', t('permissions.what.modelLayer'));
    const modelPublic = checkbox(t('content.publicModel'), model.public, (v) => void api.changeModel(model.key, { public: v }).then((m) => ((model = m), itemsChanged(m.key))), 'model-public');
    can.guard(modelPublic.querySelector('input')!, 'model.update', t('permissions.what.publishModel'));
    body.replaceChildren(
      can.may('request.approve') ? requestsWaiting(api, can, myUserId, () => (itemsChanged(model.key), void showModel(model, page))) : '',
      field(t('content.model'), select(models.map((m) => [m.key, `${m.name} (${m.key})`] as const), model.key, (key) => void showModel(models.find((m) => m.key === key)!), t('content.model'), 'model-select')),
      h('div', { class: 'row' }, modelPublic, addLayer),
      h('p', { class: 'hint', 'data-testid': 'items-count' }, t('content.itemsCount', { count: list.totalCount, page: list.page, pages })),
      table,
      h('div', { class: 'row' },
        button({ label: t('content.previous'), disabled: page <= 1, onClick: () => void showModel(model, page - 1), testid: 'items-previous' }),
        button({ label: t('content.next'), disabled: !list.hasMore, onClick: () => void showModel(model, page + 1), testid: 'items-next' }),
        button({ label: t('content.newItem'), onClick: () => void edit(undefined), testid: 'new-item' })),
      field(t('content.import'), file),
      progress,
      message,
      editor,
      can.may('webhook.read') ? webhookList(api) : '',
      modelForm((m) => void showModel(m)),
    );
    if (openId) await edit(list.results.find((i) => i.id === openId) ?? ({ id: openId } as ItemRecord));
  };

  void api.models().then((models) => {
    if (models[0]) return showModel(models[0]);
    body.replaceChildren(emptyState(Database, t('content.none'), t('content.noneHint')), modelForm((m) => void showModel(m)));
    return undefined;
  }).catch((err: Error) => body.replaceChildren(h('p', { role: 'alert' }, errorText(err))));
  return root;
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return (value as { type?: string }).type ?? JSON.stringify(value).slice(0, 40);
  return String(value).slice(0, 60);
}
