import { Fragment, h } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { Button } from '../../ui/button.js';
import { Checkbox } from '../../ui/field.js';
import { t } from '../../ui/i18n.js';
import { toast } from '../../ui/toast.js';
import type { ContentApi, ItemRecord, ModelRecord } from '../api/content-api.js';
import type { EditorState } from '../state/editor-state.js';
import { ApiError, type AssetRecord, type MemberRecord } from '../api/management-api.js';
import { ItemConflict } from './item-conflict.js';
import { draftOf, fieldValues, ItemForm } from './item-form.js';
import { ItemHistory } from './item-history.js';
import type { Permissions } from '../state/permissions.js';
import { ReviewControls } from './review-requests.js';

export interface ItemEditorProps {
  api: ContentApi;
  state: EditorState;
  model: ModelRecord;
  assets: AssetRecord[];
  can: Permissions;
  /** The item's model's public items may have changed (its layers draw them again). */
  itemsChanged: (modelKey: string) => void;
  /** Saved or deleted: the form closes and the list is read again. */
  done: () => void;
  /** The item is opened again as it is now, and the list read again (after a restore, a review asked, "See their change"). */
  again: () => void;
  /** Says what went wrong, in the tab's message line. */
  say: (message: string) => void;
}

interface Opened {
  item: ItemRecord;
  /** The version the form was opened on: a save is made over it, and a newer one is a choice (docs/collaboration.md). */
  etag: string;
  members: MemberRecord[];
}

/**
 * An item (or, with no `id`, a new one) in a form built from its model: saved, deleted, its review
 * asked for and its history shown. The form is read once when opened; what is typed then stays,
 * whatever else the tab draws meanwhile, until it is saved or the item opened again.
 */
export function ItemEditor(props: ItemEditorProps & { id: string | undefined }) {
  const { api, state, model, id } = props;
  const [opened, setOpened] = useState<Opened | undefined>(undefined);
  useEffect(() => {
    if (!id) return;
    // The item as this user sees it: a writer its draft, with its status (docs/content-workflow.md, "Review").
    void Promise.all([api.itemVersion(model.key, id), model.review ? state.api.members().catch(() => []) : []]).then(
      ([{ item, etag }, members]) => setOpened({ item, etag, members }),
      (err: Error) => props.say(err.message),
    );
  }, [api, model.key, id]);
  if (id && !opened) return null;
  return h(OpenItem, { ...props, opened });
}

function OpenItem({ api, model, assets, can, itemsChanged, done, again, say, opened }: ItemEditorProps & { opened: Opened | undefined }) {
  const item = opened?.item;
  const [{ kinds, draft }, setForm] = useState(() => draftOf(model, item));
  // A new item is as public as its model (docs/content-api.md, "Item visibility").
  const [isPublic, setPublic] = useState(item?.public ?? model.public);
  const [conflict, setConflict] = useState(false);
  const etag = useRef(opened?.etag ?? '*');
  const save = async () => {
    try {
      const fields = fieldValues(model, kinds, draft);
      if (item) await api.changeItemOver(model.key, item.id, { fields, public: isPublic }, etag.current);
      else await api.createItem(model.key, fields, isPublic);
      itemsChanged(model.key);
      toast('success', item ? t('content.itemSaved') : t('content.itemCreated'));
      done();
    } catch (err) {
      if (item && err instanceof ApiError && err.code === 'precondition_failed') return setConflict(true);
      say((err as Error).message);
    }
  };
  const overwrite = async () => {
    etag.current = (await api.itemVersion(model.key, item!.id)).etag;
    await save();
  };
  const remove = async () => {
    await api.deleteItem(model.key, item!.id);
    itemsChanged(model.key);
    done();
  };
  return h(
    Fragment,
    {},
    h('h3', {}, item ? t('content.item', { id: item.id.slice(-6) }) : t('content.newItem')),
    h(ItemForm, { model, kinds, draft, assets, change: (key, typed) => setForm((form) => ({ kinds: form.kinds, draft: { ...form.draft, [key]: typed } })) }),
    h(Checkbox, { label: t('content.public'), checked: isPublic, onChange: setPublic, testid: 'item-public' }),
    h(
      'div',
      { class: 'row' },
      h(Button, { label: t('common.save'), variant: 'primary', onClick: () => void save(), testid: 'save-item' }),
      item && h(Button, { label: t('common.delete'), variant: 'danger', onClick: () => void remove(), testid: 'delete-item' }),
    ),
    item && model.review && h(ReviewControls, { api, model, item, members: opened!.members, can, asked: again }),
    item && h(ItemHistory, { api, model, current: item, restored: again, canWrite: can.may('item.restore') }),
    conflict && h(ItemConflict, { see: again, overwrite: () => void overwrite() }),
  );
}
