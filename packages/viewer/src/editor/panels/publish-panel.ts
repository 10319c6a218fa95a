import { Copy, ExternalLink, Send, Trash2 } from 'lucide';
import { h } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Engine } from '../../engine/engine.js';
import { Button } from '../../ui/button.js';
import { Field, Select } from '../../ui/field.js';
import { Icon } from '../../ui/lucide-icon.js';
import { TextArea } from '../../ui/text-field.js';
import { toast, toastError } from '../../ui/toast.js';
import { SCENE_LANGUAGES, type SceneLanguage } from '@orbis/scene/languages';
import type { EditorState } from '../state/editor-state.js';
import { ApiError, type ProjectInfo } from '../api/management-api.js';
import type { Permissions } from '../state/permissions.js';
import { captureShareImage } from './share-capture.js';
import { useEditorState } from '../state/use-editor-state.js';
import { t } from '../../ui/i18n.js';

/** Closes the notice of the last refused publish: a successful publish ends it, whichever tab showed it. */
let closeRefusal: (() => void) | undefined;

/** The HTML that embeds a published page in another site (which ORBIS_FRAME_ANCESTORS must list). */
export function embedSnippet(url: string, title: string): string {
  const safeTitle = title.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<iframe src="${url}" title="${safeTitle}" width="100%" height="480" style="border:0" loading="lazy" allowfullscreen></iframe>`;
}

async function copy(text: string, what: 'link' | 'embed'): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast('success', t(`publish.copied.${what}`));
  } catch (err) {
    toastError(t(`publish.copyFailed.${what}`), err, t('publish.copyHint'));
  }
}

interface Props {
  state: EditorState;
  engine: Engine;
  can: Permissions;
}

/** Publish tab: the page as it will be published (the globe beside), its description, publish, the link and the embed code. */
export function PublishPanel({ state, engine, can }: Props) {
  useEditorState(state);
  const [project, setProject] = useState<ProjectInfo | undefined>(undefined);
  const [published, setPublished] = useState<string | undefined>(undefined);
  const [message, setMessage] = useState('');
  useEffect(() => {
    const pageUrl = `${location.origin}/p/${encodeURIComponent(state.api.project)}`;
    const loaded = state.api.getProject().then(setProject, (err: unknown) => toastError(t('publish.readFailed'), err));
    // Already published? The page answers.
    void Promise.all([fetch(pageUrl, { method: 'HEAD' }), loaded])
      .then(([res]) => res.ok && setPublished(pageUrl))
      .catch(() => undefined);
  }, [state]);
  const updateProject = async (change: Partial<Pick<ProjectInfo, 'description' | 'visibility'>>) => {
    setProject(await state.api.updateProject(change));
  };
  const saveDescription = async (description: string) => {
    try {
      await updateProject({ description });
      toast('success', t('publish.descriptionSaved'), t('publish.descriptionSavedHint'));
    } catch (err) {
      toastError(t('publish.descriptionFailed'), err);
    }
  };
  // Who may open the published page: a private project cannot be published (docs/contract.md §12).
  const setVisibility = async (wanted: 'public' | 'private') => {
    try {
      await updateProject({ visibility: wanted });
      toast(
        'success',
        wanted === 'public' ? t('publish.nowPublic') : t('publish.nowPrivate'),
        wanted === 'public' ? t('publish.nowPublicHint') : t('publish.nowPrivateHint'),
      );
    } catch (err) {
      // The select shows the visibility kept.
      setProject((was) => was && { ...was });
      toastError(t('publish.visibilityFailed'), err);
    }
  };
  // The published page's language (docs/contract.md §19): fixed, or the visitor's, with a switch between them.
  const setLanguage = (value: string) =>
    state.update((s) => {
      if (value === 'auto') delete s.property.language;
      else s.property.language = value as SceneLanguage;
    });
  return h(
    'div',
    { class: 'panel', 'data-testid': 'publish-panel' },
    h('h2', {}, t('tabs.publish')),
    h('p', {}, t('publish.about', { path: `/p/${state.api.project}` })),
    h(
      Field,
      { label: t('publish.whoSees') },
      h(Select, {
        options: [
          ['public', t('publish.visibility.public')],
          ['private', t('publish.visibility.private')],
        ],
        value: project?.visibility ?? 'public',
        testid: 'project-visibility',
        ...can.guardProps('project.update', t('permissions.what.visibility')),
        onChange: (v) => void setVisibility(v as 'public' | 'private'),
      }),
    ),
    h(
      Field,
      { label: t('publish.description') },
      h(TextArea, {
        class: 'textarea',
        rows: 3,
        maxLength: 1000,
        'data-testid': 'project-description',
        ...can.guardProps('project.update', t('permissions.what.description')),
        value: project?.description ?? '',
        onCommit: (d) => void saveDescription(d),
      }),
    ),
    h(
      Field,
      { label: t('publish.language'), hint: t('publish.languageHint') },
      h(Select, {
        options: SCENE_LANGUAGES.map((lang) => [lang, t(`publish.languages.${lang}`)] as const),
        value: state.scene.property.language ?? 'auto',
        label: t('publish.language'),
        testid: 'page-language',
        ...can.guardProps('scene.put', t('permissions.what.pageLanguage')),
        onChange: setLanguage,
      }),
    ),
    h(PublishActions, { state, engine, can, published, setPublished, setMessage, projectName: project?.name ?? state.api.project }),
    h('p', { class: 'hint', role: 'status', 'data-testid': 'publish-message' }, message),
    h(Share, { url: published, projectName: project?.name ?? state.api.project }),
  );
}

interface ActionProps extends Props {
  published: string | undefined;
  setPublished: (url: string | undefined) => void;
  setMessage: (text: string) => void;
  projectName: string;
}

/** Publish (save, capture the sharing image, publish) and unpublish, which asks first. */
function PublishActions({ state, engine, can, setPublished, setMessage }: ActionProps) {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<'ask' | 'kept' | undefined>(undefined);
  const confirm = useRef<HTMLDivElement>(null);
  const unpublishRow = useRef<HTMLDivElement>(null);
  // The question takes the keyboard when it opens, and gives it back to *Unpublish* when kept.
  useEffect(() => {
    if (asking === 'ask') confirm.current?.querySelector<HTMLButtonElement>('[data-testid="unpublish-confirm"]')?.focus();
    if (asking === 'kept') unpublishRow.current?.querySelector<HTMLButtonElement>('[data-testid="unpublish"]')?.focus();
  }, [asking]);
  const publish = async () => {
    setBusy(true);
    try {
      setMessage(t('publish.saving'));
      await state.save();
      setMessage(t('publish.capturing'));
      const image = await captureShareImage(engine, state.scene.camera).catch(() => undefined);
      setMessage(t('publish.publishingNow'));
      const { url } = await state.api.publish(image);
      setPublished(url);
      setMessage(t('publish.published'));
      closeRefusal?.();
      closeRefusal = undefined;
      toast('success', t('publish.publishedToast'), url);
    } catch (err) {
      setMessage('');
      // The map maker's words, not the API's: what to switch, and where.
      closeRefusal?.();
      if (err instanceof ApiError && err.code === 'conflict') closeRefusal = toast('error', t('publish.privateRefusal'), t('publish.privateRefusalHint'));
      else closeRefusal = toastError(t('publish.failed'), err, err instanceof ApiError && err.code === 'invalid_body' ? t('publish.invalidHint') : undefined);
    } finally {
      setBusy(false);
    }
  };
  const unpublish = async () => {
    setAsking(undefined);
    try {
      await state.api.unpublish();
      setPublished(undefined);
      setMessage(t('publish.unpublished'));
    } catch (err) {
      toastError(t('publish.unpublishFailed'), err);
    }
  };
  const guardPublish = can.guardProps('project.publish', t('permissions.what.publish'));
  return [
    h(
      'div',
      { class: 'row', ref: unpublishRow },
      h(Button, {
        label: t('publish.publish'),
        icon: Send,
        variant: 'primary',
        testid: 'publish',
        ...guardPublish,
        disabled: busy || guardPublish.disabled,
        onClick: () => void publish(),
      }),
      h(Button, {
        label: t('publish.unpublish'),
        icon: Trash2,
        variant: 'danger',
        testid: 'unpublish',
        ...can.guardProps('project.unpublish', t('permissions.what.unpublish')),
        onClick: () => setAsking('ask'),
      }),
      h('progress', { hidden: !busy, 'aria-label': t('publish.publishing'), 'data-testid': 'publish-progress' }),
    ),
    h(
      'div',
      {
        class: 'row confirm',
        role: 'group',
        'aria-label': t('publish.unpublishQuestion'),
        hidden: asking !== 'ask',
        'data-testid': 'unpublish-question',
        ref: confirm,
      },
      h('span', {}, t('publish.unpublishAsk')),
      h(Button, { label: t('publish.confirmUnpublish'), icon: Trash2, variant: 'danger', testid: 'unpublish-confirm', onClick: () => void unpublish() }),
      h(Button, { label: t('publish.keep'), variant: 'ghost', onClick: () => setAsking('kept') }),
    ),
  ];
}

/** The published page's link and the code that embeds it, once it is published. */
function Share({ url, projectName }: { url: string | undefined; projectName: string }) {
  const snippet = url ? embedSnippet(url, projectName) : '';
  return h(
    'div',
    { class: 'share', hidden: !url, 'data-testid': 'share' },
    h('h2', {}, t('publish.share')),
    h(
      'div',
      { class: 'row' },
      h(Icon, { node: ExternalLink }),
      h('a', { target: '_blank', rel: 'noopener', 'data-testid': 'published-link', href: url }, url),
      h(Button, { label: t('publish.copyLink'), icon: Copy, iconOnly: true, variant: 'ghost', onClick: () => void copy(url ?? '', 'link') }),
    ),
    h(
      Field,
      { label: t('publish.embed'), hint: t('publish.embedHint') },
      h('textarea', { class: 'textarea', readonly: true, rows: 3, 'data-testid': 'embed-snippet', value: snippet }),
    ),
    h(Button, { label: t('publish.copyEmbed'), icon: Copy, onClick: () => void copy(snippet, 'embed') }),
  );
}
