import { ADMIN_TOKEN } from '../../server/src/test/harness.js';
import { buildZip } from '../../server/src/test/zip-builder.js';

/** Uploads a tileset's files as a public zip asset of `project` on the server at `url`; the URL of its tileset.json. */
export async function uploadTileset(url: string, project: string, files: Record<string, string | Buffer>, zipName: string): Promise<string> {
  const form = new FormData();
  form.append('public', 'true');
  form.append('file', new Blob([buildZip(Object.entries(files).map(([name, data]) => ({ name, data: Buffer.from(data) })))]), zipName);
  const res = await fetch(`${url}/api/projects/${project}/assets`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: form });
  const zipped = (await res.json()) as { files: string[] };
  return zipped.files.find((f) => f.endsWith('/tileset.json'))!;
}
