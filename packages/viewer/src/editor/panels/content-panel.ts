import { Database } from 'lucide';
import { type ComponentChild, h } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { VECTOR_FORMATS } from '@orbis/scene/checks';
import { Button } from '../../ui/button.js';
import { EmptyState } from '../../ui/empty-state.js';
import { errorText } from '../../ui/error-text.js';
import { Checkbox, Field, Select } from '../../ui/field.js';
import { t } from '../../ui/i18n.js';
import { mountView } from '../../ui/island.js';
import { ContentApi, type ItemPage, type ModelRecord } from '../api/content-api.js';
import type { EditorState } from '../state/editor-state.js';
import { ItemEditor } from '../parts/item-editor.js';
import { ItemsTable } from '../parts/items-table.js';
import type { AssetRecord } from '../api/management-api.js';
import { NewModelForm } from '../parts/new-model-form.js';
import type { Permissions } from '../state/permissions.js';
import { ReadOnly } from '../parts/read-only.js';
import { DraftsReview, RequestsWaiting } from '../parts/review-requests.js';
import { useEditorState } from '../state/use-editor-state.js';
import { WebhookList } from '../parts/webhook-list.js';

const PAGE_SIZE = 20;
const IMPORTABLE = ['.csv', '.json', '.geojson', ...VECTOR_FORMATS.flatMap((f) => f.extensions.map((e) => `.${e}`))].join(',');

interface Props {
  state: EditorState;
  can: Permissions;
  /** A model's public items may have changed; its layers draw them again (docs/viewer.md). */
  itemsChanged: (modelKey: string) => void;
  /** Whose review requests are waiting (none: the admin token, who sees every open one). */
  myUserId: string | undefined;
}

/** The Content tab as an element, for the tab row (main.ts). */
export function contentPanel(state: EditorState, can: Permissions, itemsChanged: (modelKey: string) => void = () => undefined, myUserId?: string): HTMLElement {
  // Read-only below the role that creates items (docs/contract.md §12).
  return mountView(h(ReadOnly, { can, action: 'item.create', what: t('permissions.what.content') }, h(ContentPanel, { state, can, itemsChanged, myUserId })));
}

/**
 * Content tab (`?tab=content`): the project's content models, a table of a model's items with
 * paging, an item edited in a form built from its model, publish and unpublish, and a file import
 * with progress. Items are a writer's; defining models and showing one as a layer a maintainer's
 * (docs/contract.md §12).
 */
export function ContentPanel(props: Props) {
  const { state, can } = props;
  const api = useMemo(() => new ContentApi(state.api.project, state.api.authHeader), [state]);
  const [models, setModels] = useState<ModelRecord[] | undefined>(undefined);
  const [failure, setFailure] = useState<unknown>(undefined);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [assets, setAssets] = useState<AssetRecord[]>([]);
  useEffect(() => {
    state.api.assets().then(setAssets, () => undefined);
    api.models().then(setModels, setFailure);
  }, [api]);
  const created = (model: ModelRecord) =>
    void api.models().then((list) => {
      setModels(list);
      setChosen(model.key);
    }, setFailure);
  const changed = (model: ModelRecord) => setModels((list) => list?.map((m) => (m.key === model.key ? model : m)));
  const modelForm = h(ReadOnly, { can, action: 'model.create', what: t('permissions.what.models') }, h(NewModelForm, { api, created }));
  const model = models?.find((m) => m.key === chosen) ?? models?.[0];
  return h(
    'div',
    { class: 'panel content-panel', 'data-testid': 'content-panel' },
    h('h2', {}, t('tabs.content')),
    h(
      'div',
      {},
      failure !== undefined
        ? h('p', { role: 'alert' }, errorText(failure))
        : models?.length === 0
          ? [h(EmptyState, { icon: Database, title: t('content.none'), hint: t('content.noneHint') }), modelForm]
          : models && model && h(ModelView, { ...props, key: model.key, api, model, models, assets, choose: setChosen, changed, modelForm }),
    ),
  );
}

interface ModelProps extends Props {
  api: ContentApi;
  model: ModelRecord;
  models: ModelRecord[];
  assets: AssetRecord[];
  choose: (key: string) => void;
  changed: (model: ModelRecord) => void;
  modelForm: ComponentChild;
}

/** One model: its items a page at a time, the item being edited, an import, and the model's own switches. */
function ModelView({ state, can, itemsChanged, myUserId, api, model, models, assets, choose, changed, modelForm }: ModelProps) {
  useEditorState(state);
  const [page, setPage] = useState(1);
  const [list, setList] = useState<ItemPage | undefined>(undefined);
  // Moves each time the items are to be read again (a save, an import, a request closed).
  const [revision, setRevision] = useState(0);
  const [message, say] = useState('');
  const [progress, setProgress] = useState<number | undefined>(undefined);
  // The item being edited (no id: a new one); `opened` counts openings, so opening again reads it again.
  const [editing, setEditing] = useState<{ id: string | undefined; opened: number } | undefined>(undefined);
  const openings = useRef(0);
  const reload = () => setRevision((r) => r + 1);
  const edit = (id: string | undefined) => setEditing({ id, opened: ++openings.current });
  useEffect(() => {
    let current = true;
    api.items(model.key, page, PAGE_SIZE).then(
      (answer) => current && setList(answer),
      (err: Error) => say(err.message),
    );
    return () => void (current = false);
  }, [api, model.key, page, revision]);
  if (!list) return null;

  // The box shows the new flag at once; the page read again afterwards holds what the server kept (a refusal puts it back).
  const setPublic = (id: string, on: boolean) => {
    setList((l) => l && { ...l, results: l.results.map((item) => (item.id === id ? { ...item, public: on } : item)) });
    void api.changeItem(model.key, id, { public: on }).then(
      () => (itemsChanged(model.key), reload()),
      (err: Error) => (say(err.message), reload()),
    );
  };
  const importFile = async (input: HTMLInputElement) => {
    const chosen = input.files?.[0];
    if (!chosen) return;
    setProgress(0);
    try {
      const { created } = await api.importFile(model.key, chosen, true, setProgress);
      itemsChanged(model.key);
      // In a model that requires review the items are drafts, hidden until approved (docs/content-workflow.md, "Review").
      say(t(model.review ? 'content.importedDrafts' : 'content.imported', { count: created, file: chosen.name }));
      reload();
    } catch (err) {
      say(errorText(err));
    } finally {
      setProgress(undefined);
      input.value = '';
    }
  };
  const hasGeometry = model.fields.some((f) => f.type === 'geometry');
  const shown = state.scene.layers.some((l) => l.model === model.key);
  const addLayer = () => {
    state.update((s) =>
      s.layers.push({ id: `model-${model.key}-${Date.now().toString(36)}`, title: model.name, type: 'geojson', model: model.key, visible: true }),
    );
    say(t('content.isLayer', { name: model.name }));
  };
  const layerGuard = can.guardProps('scene.put', t('permissions.what.modelLayer'));
  const pages = Math.max(1, Math.ceil(list.totalCount / PAGE_SIZE));
  const done = () => (setEditing(undefined), say(''), reload());
  const again = () => (reload(), edit(editing?.id));
  return h(
    'div',
    {},
    can.may('request.approve') && h(RequestsWaiting, { api, can, myUserId, revision, closed: () => (itemsChanged(model.key), reload()) }),
    h(
      Field,
      { label: t('content.model') },
      h(Select, {
        options: models.map((m) => [m.key, `${m.name} (${m.key})`] as const),
        value: model.key,
        onChange: choose,
        label: t('content.model'),
        testid: 'model-select',
      }),
    ),
    h(
      'div',
      { class: 'row' },
      h(Checkbox, {
        label: t('content.publicModel'),
        checked: model.public,
        testid: 'model-public',
        ...can.guardProps('model.update', t('permissions.what.publishModel')),
        onChange: (on) =>
          void api.changeModel(model.key, { public: on }).then(
            (m) => (changed(m), itemsChanged(m.key)),
            (err: Error) => say(err.message),
          ),
      }),
      h(Button, {
        label: shown ? t('content.shownAsLayer') : t('content.showAsLayer'),
        testid: 'add-model-layer',
        ...layerGuard,
        disabled: layerGuard.disabled || shown || !hasGeometry || !model.public,
        onClick: addLayer,
      }),
    ),
    h('p', { class: 'hint', 'data-testid': 'items-count' }, t('content.itemsCount', { count: list.totalCount, page: list.page, pages })),
    h(ItemsTable, { model, list, setPublic, edit }),
    h(
      'div',
      { class: 'row' },
      h(Button, { label: t('content.previous'), disabled: page <= 1, onClick: () => setPage(page - 1), testid: 'items-previous' }),
      h(Button, { label: t('content.next'), disabled: !list.hasMore, onClick: () => setPage(page + 1), testid: 'items-next' }),
      h(Button, { label: t('content.newItem'), onClick: () => edit(undefined), testid: 'new-item' }),
      model.review && h(DraftsReview, { api, model, members: () => state.api.members(), can, asked: reload }),
    ),
    h(
      Field,
      { label: t(model.review ? 'content.importDrafts' : 'content.import') },
      h('input', {
        type: 'file',
        accept: IMPORTABLE,
        'aria-label': t('content.fileToImport'),
        'data-testid': 'import-file',
        onChange: (e: Event) => void importFile(e.currentTarget as HTMLInputElement),
      }),
    ),
    h('progress', { max: 1, value: progress ?? 0, hidden: progress === undefined, 'data-testid': 'import-progress' }),
    h('p', { class: 'hint', role: 'status', 'data-testid': 'content-message' }, message),
    h(
      'div',
      { 'data-testid': 'item-editor' },
      editing && h(ItemEditor, { key: editing.opened, id: editing.id, api, state, model, assets, can, itemsChanged, done, again, say }),
    ),
    can.may('webhook.read') && h(WebhookList, { api, can }),
    modelForm,
  );
}
