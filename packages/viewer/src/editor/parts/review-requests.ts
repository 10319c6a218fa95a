import { Fragment, h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Button } from '../../ui/button.js';
import { Select } from '../../ui/field.js';
import { t } from '../../ui/i18n.js';
import { toast } from '../../ui/toast.js';
import type { ContentApi, ItemRecord, ModelRecord, ReviewRequestRecord } from '../api/content-api.js';
import type { MemberRecord } from '../api/management-api.js';
import type { Permissions } from '../state/permissions.js';

/** An item's first text value, or its id's end: a request's title. */
function shortTitle(model: ModelRecord, item: ItemRecord): string {
  const text = model.fields.find((f) => f.type === 'text' && typeof item[f.key] === 'string');
  return text ? String(item[text.key]).slice(0, 80) : item.id.slice(-6);
}

/** The members who may approve a request: maintainers and owners. */
const mayReview = (members: MemberRecord[]) => members.filter((m) => m.role === 'maintainer' || m.role === 'owner');

/** A reviewer chosen among those members, by name (or email). */
function ReviewerSelect(props: { reviewers: MemberRecord[]; value: string; onChange: (userId: string) => void; testid: string }) {
  const { reviewers, ...chosen } = props;
  return h(Select, { options: reviewers.map((m) => [m.userId, m.name || m.email] as const), label: t('workflow.reviewer'), ...chosen });
}

interface ReviewProps {
  api: ContentApi;
  model: ModelRecord;
  item: ItemRecord;
  members: MemberRecord[];
  can: Permissions;
  asked: () => void;
}

/**
 * An item's state in a model that requires review, and asking for a review of its draft
 * (docs/content-workflow.md, "Review"): a writer names a reviewer among the maintainers and owners.
 */
export function ReviewControls({ api, model, item, members, can, asked }: ReviewProps) {
  const reviewers = mayReview(members);
  const [reviewer, setReviewer] = useState(reviewers[0]?.userId ?? '');
  const status = item.status ?? 'published';
  const badge = h('span', { class: 'badge', 'data-testid': 'item-status', 'data-status': status }, t(`workflow.statuses.${status}`));
  if (!(status === 'draft' || status === 'changed') || reviewers.length === 0) return h('div', { class: 'row' }, t('workflow.status'), badge);
  const ask = () =>
    void api.openRequest({ title: `${model.name}: ${shortTitle(model, item)}`, items: [{ model: model.key, id: item.id }], reviewers: [reviewer] }).then(
      () => {
        toast('success', t('workflow.reviewAsked'));
        asked();
      },
      (err: Error) => toast('error', err.message),
    );
  return h(
    'div',
    { class: 'row' },
    t('workflow.status'),
    badge,
    h(ReviewerSelect, { reviewers, value: reviewer, onChange: setReviewer, testid: 'reviewer' }),
    h(Button, { label: t('workflow.askReview'), testid: 'ask-review', ...can.guardProps('request.create', t('workflow.asking')), onClick: ask }),
  );
}

interface DraftsProps {
  api: ContentApi;
  model: ModelRecord;
  /** The project's members, read when the control is first drawn. */
  members: () => Promise<MemberRecord[]>;
  can: Permissions;
  asked: () => void;
}

/**
 * Asking for a review of every draft of a model in no open request, in one request (`{"model",
 * "drafts":"all"}`, docs/content-workflow.md, "Review"): what an import of thousands of rows needs.
 */
export function DraftsReview({ api, model, members, can, asked }: DraftsProps) {
  const [reviewers, setReviewers] = useState<MemberRecord[]>([]);
  const [reviewer, setReviewer] = useState('');
  useEffect(() => {
    let current = true;
    members().then(
      (list) => {
        if (!current) return;
        const may = mayReview(list);
        setReviewers(may);
        setReviewer((chosen) => chosen || (may[0]?.userId ?? ''));
      },
      () => undefined,
    );
    return () => void (current = false);
  }, [model.key]);
  if (reviewers.length === 0) return null;
  const ask = () =>
    void api
      .openRequest({ title: t('workflow.allDraftsTitle', { model: model.name }), items: [{ model: model.key, drafts: 'all' }], reviewers: [reviewer] })
      .then(
        (request) => {
          toast('success', t('workflow.reviewAskedAll', { count: request.items.length }));
          asked();
        },
        (err: Error) => toast('error', err.message),
      );
  return h(
    Fragment,
    {},
    h(
      'label',
      { class: 'drafts-review' },
      t('workflow.reviewer'),
      h(ReviewerSelect, { reviewers, value: reviewer, onChange: setReviewer, testid: 'drafts-reviewer' }),
    ),
    h(Button, { label: t('workflow.askReviewAll'), testid: 'ask-review-all', ...can.guardProps('request.create', t('workflow.asking')), onClick: ask }),
  );
}

function RequestRow({ api, request, can, closed }: { api: ContentApi; request: ReviewRequestRecord; can: Permissions; closed: () => void }) {
  const [comment, setComment] = useState('');
  const close = (verb: 'approve' | 'decline') => () =>
    void api.closeRequest(request.id, verb, comment.trim()).then(
      () => {
        toast('success', t(verb === 'approve' ? 'workflow.approved' : 'workflow.declined', { title: request.title }));
        closed();
      },
      (err: Error) => toast('error', err.message),
    );
  return h(
    'li',
    { 'data-testid': 'request-row' },
    h('span', {}, t('workflow.requestRow', { title: request.title, by: request.createdBy.email ?? request.createdBy.type })),
    h(
      'div',
      { class: 'row' },
      h('input', {
        class: 'input',
        type: 'text',
        value: comment,
        placeholder: t('workflow.comment'),
        'aria-label': t('workflow.comment'),
        'data-testid': 'request-comment',
        onInput: (e: Event) => setComment((e.currentTarget as HTMLInputElement).value),
      }),
      h(Button, {
        label: t('workflow.approve'),
        variant: 'primary',
        testid: 'approve-request',
        ...can.guardProps('request.approve', t('workflow.approving')),
        onClick: close('approve'),
      }),
      h(Button, {
        label: t('workflow.decline'),
        testid: 'decline-request',
        ...can.guardProps('request.decline', t('workflow.declining')),
        onClick: close('decline'),
      }),
    ),
  );
}

interface WaitingProps {
  api: ContentApi;
  can: Permissions;
  /** Whose requests are waiting (none: the admin token, who sees every open one). */
  myUserId: string | undefined;
  /** Read again when this changes (a request asked or closed). */
  revision: number;
  closed: () => void;
}

/**
 * The open requests waiting for this user (all open ones for the admin token, who has no user),
 * each approved or declined with a comment by a maintainer. `closed` is told after either.
 */
export function RequestsWaiting({ api, can, myUserId, revision, closed }: WaitingProps) {
  const [open, setOpen] = useState<ReviewRequestRecord[]>([]);
  useEffect(() => {
    let current = true;
    api.requests('open').then(
      (list) => current && setOpen(list),
      () => undefined,
    );
    return () => void (current = false);
  }, [api, revision]);
  const mine = open.filter((r) => myUserId === undefined || r.reviewers.includes(myUserId));
  return h(
    'div',
    { class: 'requests-waiting', 'data-testid': 'requests-waiting' },
    mine.length > 0 && h('h3', {}, t('workflow.waiting', { count: mine.length })),
    mine.length > 0 &&
      h(
        'ul',
        { class: 'requests' },
        mine.map((request) => h(RequestRow, { key: request.id, api, request, can, closed })),
      ),
  );
}
