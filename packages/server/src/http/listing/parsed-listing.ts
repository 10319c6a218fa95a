import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { PageQuery } from '../../assets/page-query.js';
import { nextPageQuery } from '../../assets/listing.js';
import type { ItemJson } from '../../models/item-export.js';
import type { AppContext } from '../app-context.js';
import { itemBatches, itemPage } from './item-listing.js';
import type { ListingSource } from './listing-reply.js';

/**
 * Sends a model's item listing (whole, or a page with docs/contract.md §2's envelope and `Link`)
 * whose items are changed as objects first: references expanded, review statuses added. Never
 * from the page cache or the hot path, which keep plain pages. `asked` are the parameters that
 * made the answer (they lead each `Link`), as `a=b&c=d` or ''.
 */
export async function sendParsedListing(
  ctx: AppContext,
  reply: FastifyReply,
  source: ListingSource,
  query: PageQuery,
  asked: string,
  change: (items: ItemJson[]) => Promise<void>,
): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8');
  if (query.mode === 'all') {
    async function* body() {
      yield '{"results":[';
      let count = 0;
      for await (const batch of itemBatches(ctx, source)) {
        await change(batch);
        yield (count === 0 ? '' : ',') + batch.map((i) => JSON.stringify(i)).join(',');
        count += batch.length;
      }
      yield `],"totalCount":${count}}`;
    }
    return reply.send(Readable.from(body()));
  }
  const { items, envelope, page } = await itemPage(ctx, source, query);
  await change(items);
  const following = nextPageQuery(query, page);
  if (following) reply.header('Link', `<${source.url}?${asked === '' ? '' : `${asked}&`}${following.toString()}>; rel="next"`);
  return reply.send(`{"results":[${items.map((i) => JSON.stringify(i)).join(',')}]${envelope}}`);
}
