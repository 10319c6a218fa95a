import { cursorScope } from '../../assets/listing.js';
import { parseItemQuery } from '../../models/item-query-parser.js';
import type { ContentModel, Project } from '../../store/store.js';
import type { HotItemQuery, HotTarget, ResolvedQuery } from './hot-targets.js';
import { pageKey } from './listing-reply.js';

/**
 * A `{model}.json` query page's cache key and scope, as the app's `askedItemSource` and
 * `sendListing` make them: the query read against the model's fields (its canonical parameters
 * name the page), kept for that version of the model so that a repeated query is read once per
 * version. Undefined when the query does not read against the model (the app answers its 400).
 */
export function resolveQuery(target: HotTarget, items: HotItemQuery, project: Project, model: ContentModel): ResolvedQuery | undefined {
  const stamp = `${model.id}\n${model.version}`;
  if (items.resolved?.stamp === stamp) return items.resolved;
  let query;
  try {
    query = parseItemQuery(items.search, model.fields);
  } catch {
    return undefined;
  }
  if (!query) return undefined;
  const listing = `${target.listing}?${query.canonical}`;
  items.resolved = {
    stamp,
    listing,
    key: pageKey(listing, target.query),
    scopeKey: cursorScope({ projectId: project.id, modelId: model.id, publicOnly: true, query }),
  };
  return items.resolved;
}
