import { Copy, ExternalLink, Send, Trash2 } from 'lucide';
import type { Engine } from '../engine/engine.js';
import { button, field, select } from '../ui/controls.js';
import { h } from '../ui/dom.js';
import { icon } from '../ui/icon.js';
import { toast, toastError } from '../ui/toast.js';
import { SCENE_LANGUAGES, type SceneLanguage } from '@orbis/scene/languages';
import type { EditorState } from './editor-state.js';
import { ApiError } from './management-api.js';
import type { Permissions } from './permissions.js';
import { captureShareImage } from './share-capture.js';
import { showValue } from './dom.js';
import { t } from '../ui/i18n.js';

/** The HTML that embeds a published page in another site (which ORBIS_FRAME_ANCESTORS must list). */
/** Closes the notice of the last refused publish: a successful publish ends it, whichever tab showed it (the panel is rebuilt per tab). */
let closeRefusal: (() => void) | undefined;

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

/** Publish tab: the page as it will be published (the globe beside), its description, publish, the link and the embed code. */
export function publishPanel(state: EditorState, engine: Engine, can: Permissions): HTMLElement {
  const pageUrl = `${location.origin}/p/${encodeURIComponent(state.api.project)}`;
  const progress = h('progress', { hidden: true, 'aria-label': t('publish.publishing'), 'data-testid': 'publish-progress' });
  const message = h('p', { class: 'hint', role: 'status', 'data-testid': 'publish-message' });
  const link = h('a', { target: '_blank', rel: 'noopener', 'data-testid': 'published-link' });
  const snippet = h('textarea', { class: 'textarea', readonly: true, rows: 3, 'data-testid': 'embed-snippet' });
  const shared = h('div', { class: 'share', hidden: true, 'data-testid': 'share' },
    h('h2', {}, t('publish.share')),
    h('div', { class: 'row' }, icon(ExternalLink), link, button({ label: t('publish.copyLink'), icon: Copy, iconOnly: true, variant: 'ghost', onClick: () => void copy(link.href, 'link') })),
    field(t('publish.embed'), snippet, t('publish.embedHint')),
    button({ label: t('publish.copyEmbed'), icon: Copy, onClick: () => void copy(snippet.value, 'embed') }),
  );
  const description = h('textarea', { class: 'textarea', rows: 3, maxlength: 1000, 'data-testid': 'project-description' });
  description.addEventListener('change', async () => {
    try {
      await state.api.updateProject({ description: description.value });
      toast('success', t('publish.descriptionSaved'), t('publish.descriptionSavedHint'));
    } catch (err) {
      toastError(t('publish.descriptionFailed'), err);
    }
  });
  // Who may open the published page: a private project cannot be published (docs/contract.md §12).
  const visibility = h('select', { class: 'ui-select', 'data-testid': 'project-visibility' },
    h('option', { value: 'public' }, t('publish.visibility.public')),
    h('option', { value: 'private' }, t('publish.visibility.private')),
  );
  visibility.addEventListener('change', async () => {
    const wanted = visibility.value as 'public' | 'private';
    try {
      await state.api.updateProject({ visibility: wanted });
      toast('success', wanted === 'public' ? t('publish.nowPublic') : t('publish.nowPrivate'), wanted === 'public' ? t('publish.nowPublicHint') : t('publish.nowPrivateHint'));
    } catch (err) {
      visibility.value = wanted === 'public' ? 'private' : 'public';
      toastError(t('publish.visibilityFailed'), err);
    }
  });
  let projectName = state.api.project;
  const projectLoaded = state.api.getProject().then((p) => {
    projectName = p.name;
    description.value = p.description ?? '';
    visibility.value = p.visibility;
  }).catch((err: unknown) => toastError(t('publish.readFailed'), err));
  const showPublished = (url: string) => {
    link.href = url;
    link.textContent = url;
    snippet.value = embedSnippet(url, projectName);
    shared.hidden = false;
  };
  // Already published? The page answers.
  void Promise.all([fetch(pageUrl, { method: 'HEAD' }), projectLoaded]).then(([res]) => res.ok && showPublished(pageUrl)).catch(() => undefined);

  const sceneLanguage = (): SceneLanguage => state.scene.property.language ?? 'auto';
  // The published page's language (docs/contract.md §19): fixed, or the visitor's, with a switch between them.
  const pageLanguage = select(SCENE_LANGUAGES.map((lang) => [lang, t(`publish.languages.${lang}`)] as const), sceneLanguage(), (value) => state.update((s) => {
    if (value === 'auto') delete s.property.language;
    else s.property.language = value as SceneLanguage;
  }), t('publish.language'), 'page-language');
  state.onChange(() => showValue(pageLanguage, sceneLanguage()));

  const publish = button({
    label: t('publish.publish'),
    icon: Send,
    variant: 'primary',
    testid: 'publish',
    onClick: async () => {
      publish.disabled = true;
      progress.hidden = false;
      try {
        message.textContent = t('publish.saving');
        await state.save();
        message.textContent = t('publish.capturing');
        const image = await captureShareImage(engine, state.scene.camera).catch(() => undefined);
        message.textContent = t('publish.publishingNow');
        const { url } = await state.api.publish(image);
        showPublished(url);
        message.textContent = t('publish.published');
        closeRefusal?.();
        closeRefusal = undefined;
        toast('success', t('publish.publishedToast'), url);
      } catch (err) {
        message.textContent = '';
        // The map maker's words, not the API's: what to switch, and where.
        closeRefusal?.();
        if (err instanceof ApiError && err.code === 'conflict') closeRefusal = toast('error', t('publish.privateRefusal'), t('publish.privateRefusalHint'));
        else closeRefusal = toastError(t('publish.failed'), err, err instanceof ApiError && err.code === 'invalid_body' ? t('publish.invalidHint') : undefined);
      } finally {
        publish.disabled = !can.may('project.publish');
        progress.hidden = true;
      }
    },
  });
  const unpublish = button({
    label: t('publish.unpublish'),
    icon: Trash2,
    variant: 'danger',
    testid: 'unpublish',
    // Asks first: the page and its link stop working for everyone who has it.
    onClick: () => {
      confirmRow.hidden = false;
      confirmUnpublish.focus();
    },
  });
  const confirmUnpublish = button({
    label: t('publish.confirmUnpublish'),
    icon: Trash2,
    variant: 'danger',
    testid: 'unpublish-confirm',
    onClick: async () => {
      confirmRow.hidden = true;
      try {
        await state.api.unpublish();
        shared.hidden = true;
        message.textContent = t('publish.unpublished');
      } catch (err) {
        toastError(t('publish.unpublishFailed'), err);
      }
    },
  });
  const confirmRow = h('div', { class: 'row confirm', role: 'group', 'aria-label': t('publish.unpublishQuestion'), hidden: true, 'data-testid': 'unpublish-question' },
    h('span', {}, t('publish.unpublishAsk')),
    confirmUnpublish,
    button({ label: t('publish.keep'), variant: 'ghost', onClick: () => {
      confirmRow.hidden = true;
      unpublish.focus();
    } }),
  );
  can.guard(publish, 'project.publish', t('permissions.what.publish'));
  can.guard(unpublish, 'project.unpublish', t('permissions.what.unpublish'));
  can.guard(description, 'project.update', t('permissions.what.description'));
  can.guard(visibility, 'project.update', t('permissions.what.visibility'));
  can.guard(pageLanguage, 'scene.put', t('permissions.what.pageLanguage'));
  return h('div', { class: 'panel', 'data-testid': 'publish-panel' },
    h('h2', {}, t('tabs.publish')),
    h('p', {}, t('publish.about', { path: `/p/${state.api.project}` })),
    field(t('publish.whoSees'), visibility),
    field(t('publish.description'), description),
    field(t('publish.language'), pageLanguage, t('publish.languageHint')),
    h('div', { class: 'row' }, publish, unpublish, progress),
    confirmRow,
    message,
    shared,
  );
}
