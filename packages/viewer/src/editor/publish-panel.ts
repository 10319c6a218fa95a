import { Copy, ExternalLink, Send, Trash2 } from 'lucide';
import type { Engine } from '../engine/engine.js';
import { button, field } from '../ui/controls.js';
import { h } from '../ui/dom.js';
import { icon } from '../ui/icon.js';
import { toast, toastError } from '../ui/toast.js';
import type { EditorState } from './editor-state.js';
import { ApiError } from './management-api.js';
import type { Permissions } from './permissions.js';
import { captureShareImage } from './share-capture.js';

/** The HTML that embeds a published page in another site (which ORBIS_FRAME_ANCESTORS must list). */
/** Closes the notice of the last refused publish: a successful publish ends it, whichever tab showed it (the panel is rebuilt per tab). */
let closeRefusal: (() => void) | undefined;

export function embedSnippet(url: string, title: string): string {
  const safeTitle = title.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<iframe src="${url}" title="${safeTitle}" width="100%" height="480" style="border:0" loading="lazy" allowfullscreen></iframe>`;
}

async function copy(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast('success', `${what} copied`);
  } catch (err) {
    toastError(`Could not copy the ${what.toLowerCase()}`, err, 'Select the text and copy it with the keyboard instead.');
  }
}

/** Publish tab: the page as it will be published (the globe beside), its description, publish, the link and the embed code. */
export function publishPanel(state: EditorState, engine: Engine, can: Permissions): HTMLElement {
  const pageUrl = `${location.origin}/p/${encodeURIComponent(state.api.project)}`;
  const progress = h('progress', { hidden: true, 'aria-label': 'Publishing', 'data-testid': 'publish-progress' });
  const message = h('p', { class: 'hint', role: 'status', 'data-testid': 'publish-message' });
  const link = h('a', { target: '_blank', rel: 'noopener', 'data-testid': 'published-link' });
  const snippet = h('textarea', { class: 'textarea', readonly: true, rows: 3, 'data-testid': 'embed-snippet' });
  const shared = h('div', { class: 'share', hidden: true, 'data-testid': 'share' },
    h('h2', {}, 'Share'),
    h('div', { class: 'row' }, icon(ExternalLink), link, button({ label: 'Copy link', icon: Copy, iconOnly: true, variant: 'ghost', onClick: () => void copy(link.href, 'Link') })),
    field('Embed on a website', snippet, 'The site must be listed in ORBIS_FRAME_ANCESTORS on the server.'),
    button({ label: 'Copy embed code', icon: Copy, onClick: () => void copy(snippet.value, 'Embed code') }),
  );
  const description = h('textarea', { class: 'textarea', rows: 3, maxlength: 1000, 'data-testid': 'project-description' });
  description.addEventListener('change', async () => {
    try {
      await state.api.updateProject({ description: description.value });
      toast('success', 'Description saved', 'Link previews show it after the next publish.');
    } catch (err) {
      toastError('Could not save the description', err);
    }
  });
  // Who may open the published page: a private project cannot be published (docs/contract.md §12).
  const visibility = h('select', { class: 'ui-select', 'data-testid': 'project-visibility' },
    h('option', { value: 'public' }, 'Public: anyone with the link sees the published page'),
    h('option', { value: 'private' }, 'Private: members only; the page cannot be published'),
  );
  visibility.addEventListener('change', async () => {
    const wanted = visibility.value as 'public' | 'private';
    try {
      await state.api.updateProject({ visibility: wanted });
      toast('success', wanted === 'public' ? 'The project is public' : 'The project is private', wanted === 'public' ? 'Publish to put the page online.' : 'A page published before is no longer shown.');
    } catch (err) {
      visibility.value = wanted === 'public' ? 'private' : 'public';
      toastError('Could not change who sees the project', err);
    }
  });
  let projectName = state.api.project;
  const projectLoaded = state.api.getProject().then((p) => {
    projectName = p.name;
    description.value = p.description ?? '';
    visibility.value = p.visibility;
  }).catch((err: unknown) => toastError('Could not read the project', err));
  const showPublished = (url: string) => {
    link.href = url;
    link.textContent = url;
    snippet.value = embedSnippet(url, projectName);
    shared.hidden = false;
  };
  // Already published? The page answers.
  void Promise.all([fetch(pageUrl, { method: 'HEAD' }), projectLoaded]).then(([res]) => res.ok && showPublished(pageUrl)).catch(() => undefined);

  const publish = button({
    label: 'Publish',
    icon: Send,
    variant: 'primary',
    testid: 'publish',
    onClick: async () => {
      publish.disabled = true;
      progress.hidden = false;
      try {
        message.textContent = 'Saving the scene…';
        await state.save();
        message.textContent = 'Capturing the globe for link previews…';
        const image = await captureShareImage(engine, state.scene.camera).catch(() => undefined);
        message.textContent = 'Publishing…';
        const { url } = await state.api.publish(image);
        showPublished(url);
        message.textContent = 'Published.';
        closeRefusal?.();
        closeRefusal = undefined;
        toast('success', 'Published', url);
      } catch (err) {
        message.textContent = '';
        // The map maker's words, not the API's: what to switch, and where.
        closeRefusal?.();
        if (err instanceof ApiError && err.code === 'conflict') closeRefusal = toast('error', 'Could not publish: the project is private', 'Switch "Who sees it" above to Public, then publish again.');
        else closeRefusal = toastError('Could not publish', err, err instanceof ApiError && err.code === 'invalid_body' ? 'Fix what the message names (Map tab), then publish again.' : undefined);
      } finally {
        publish.disabled = !can.may('project.publish');
        progress.hidden = true;
      }
    },
  });
  const unpublish = button({
    label: 'Unpublish',
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
    label: 'Yes, take the page down',
    icon: Trash2,
    variant: 'danger',
    testid: 'unpublish-confirm',
    onClick: async () => {
      confirmRow.hidden = true;
      try {
        await state.api.unpublish();
        shared.hidden = true;
        message.textContent = 'Unpublished: the page is gone. Publish to put it back.';
      } catch (err) {
        toastError('Could not unpublish', err);
      }
    },
  });
  const confirmRow = h('div', { class: 'row confirm', role: 'group', 'aria-label': 'Unpublish?', hidden: true, 'data-testid': 'unpublish-question' },
    h('span', {}, 'Take the published page down? Its link stops working.'),
    confirmUnpublish,
    button({ label: 'Keep it', variant: 'ghost', onClick: () => {
      confirmRow.hidden = true;
      unpublish.focus();
    } }),
  );
  can.guard(publish, 'project.publish', 'Publishing');
  can.guard(unpublish, 'project.unpublish', 'Unpublishing');
  can.guard(description, 'project.update', 'Changing the description');
  can.guard(visibility, 'project.update', 'Changing who sees the project');
  return h('div', { class: 'panel', 'data-testid': 'publish-panel' },
    h('h2', {}, 'Publish'),
    h('p', {}, 'The globe shows the page as it will be published. Publishing saves a snapshot at /p/', state.api.project, '.'),
    field('Who sees it', visibility),
    field('Description (shown in link previews)', description),
    h('div', { class: 'row' }, publish, unpublish, progress),
    confirmRow,
    message,
    shared,
  );
}
