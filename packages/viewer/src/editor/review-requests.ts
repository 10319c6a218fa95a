import { button, select, textInput } from '../ui/controls.js';
import { h } from '../ui/dom.js';
import { t } from '../ui/i18n.js';
import { toast } from '../ui/toast.js';
import type { ContentApi, ItemRecord, ModelRecord, ReviewRequestRecord } from './content-api.js';
import type { MemberRecord } from './management-api.js';
import type { Permissions } from './permissions.js';

/**
 * An item's state in a model that requires review, and asking for a review of its draft
 * (docs/content-workflow.md, "Review"): a writer names a reviewer among the maintainers and owners.
 */
export function reviewControls(api: ContentApi, model: ModelRecord, item: ItemRecord, members: MemberRecord[], can: Permissions, asked: () => void): HTMLElement {
  const status = h('span', { class: 'badge', 'data-testid': 'item-status', 'data-status': item.status ?? 'published' }, t(`workflow.statuses.${item.status ?? 'published'}`));
  const reviewers = members.filter((m) => m.role === 'maintainer' || m.role === 'owner');
  if (!(item.status === 'draft' || item.status === 'changed') || reviewers.length === 0) return h('div', { class: 'row' }, t('workflow.status'), status);
  let reviewer = reviewers[0]!.userId;
  const ask = button({
    label: t('workflow.askReview'),
    testid: 'ask-review',
    onClick: () =>
      void api.openRequest({ title: `${model.name}: ${shortTitle(model, item)}`, items: [{ model: model.key, id: item.id }], reviewers: [reviewer] }).then(() => {
        toast('success', t('workflow.reviewAsked'));
        asked();
      }, (err: Error) => toast('error', err.message)),
  });
  can.guard(ask, 'request.create', t('workflow.asking'));
  return h('div', { class: 'row' }, t('workflow.status'), status, select(reviewers.map((m) => [m.userId, m.name || m.email] as const), reviewer, (v) => (reviewer = v), t('workflow.reviewer'), 'reviewer'), ask);
}

/** An item's first text value, or its id's end: a request's title. */
function shortTitle(model: ModelRecord, item: ItemRecord): string {
  const text = model.fields.find((f) => f.type === 'text' && typeof item[f.key] === 'string');
  return text ? String(item[text.key]).slice(0, 80) : item.id.slice(-6);
}

/**
 * The open requests waiting for this user (all open ones for the admin token, who has no user),
 * each approved or declined with a comment by a maintainer. `closed` is told after either.
 */
export function requestsWaiting(api: ContentApi, can: Permissions, myUserId: string | undefined, closed: () => void): HTMLElement {
  const root = h('div', { class: 'requests-waiting', 'data-testid': 'requests-waiting' });
  const row = (r: ReviewRequestRecord) => {
    const comment = textInput({ placeholder: t('workflow.comment'), label: t('workflow.comment'), testid: 'request-comment' });
    const close = (verb: 'approve' | 'decline') => () =>
      void api.closeRequest(r.id, verb, comment.value.trim()).then(() => {
        toast('success', t(verb === 'approve' ? 'workflow.approved' : 'workflow.declined', { title: r.title }));
        closed();
      }, (err: Error) => toast('error', err.message));
    const approve = can.guard(button({ label: t('workflow.approve'), variant: 'primary', testid: 'approve-request', onClick: close('approve') }), 'request.approve', t('workflow.approving'));
    const decline = can.guard(button({ label: t('workflow.decline'), testid: 'decline-request', onClick: close('decline') }), 'request.decline', t('workflow.declining'));
    return h('li', { 'data-testid': 'request-row' }, h('span', {}, t('workflow.requestRow', { title: r.title, by: r.createdBy.email ?? r.createdBy.type })), h('div', { class: 'row' }, comment, approve, decline));
  };
  void api.requests('open').then((open) => {
    const mine = open.filter((r) => myUserId === undefined || r.reviewers.includes(myUserId));
    root.replaceChildren(...(mine.length === 0 ? [] : [h('h3', {}, t('workflow.waiting', { count: mine.length })), h('ul', { class: 'requests' }, ...mine.map(row))]));
  }, () => undefined);
  return root;
}
