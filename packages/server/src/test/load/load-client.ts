/** An asset as the management API answers it: what the load test tracks. */
export interface AssetSummary {
  id: string;
  name: string;
  public: boolean;
}

/** A page of the public listing, as JSON. */
export interface ListingBody {
  results: AssetSummary[];
  totalCount: number;
  hasMore?: boolean;
  nextCursor?: string | null;
}

/** A request that did not get the status it should have. */
export class UnexpectedStatusError extends Error {
  constructor(what: string, expected: number, got: number, body: string) {
    super(`${what}: expected HTTP ${expected}, got ${got}: ${body.slice(0, 300)}`);
    this.name = 'UnexpectedStatusError';
  }
}

async function expectStatus(response: Response, expected: number, what: string): Promise<string> {
  const text = await response.text();
  if (response.status !== expected) throw new UnexpectedStatusError(what, expected, response.status, text);
  return text;
}

/** The management and public API calls of the load test, each checked for its one right status. */
export class LoadClient {
  private readonly auth: Record<string, string>;

  constructor(
    readonly url: string,
    adminToken: string,
  ) {
    this.auth = { authorization: `Bearer ${adminToken}` };
  }

  async createProject(alias: string, visibility: 'public' | 'private'): Promise<void> {
    await this.json('POST', '/api/projects', 201, { alias, name: alias, visibility });
  }

  /** Uploads small GeoJSON files in one multipart request; they get one public flag. */
  async upload(alias: string, names: string[], isPublic: boolean): Promise<AssetSummary[]> {
    const form = new FormData();
    form.append('public', String(isPublic));
    for (const name of names) {
      form.append('file', new Blob([`{"type":"FeatureCollection","features":[],"name":${JSON.stringify(name)}}`]), name);
    }
    const response = await fetch(`${this.url}/api/projects/${alias}/assets`, { method: 'POST', headers: this.auth, body: form });
    const created = JSON.parse(await expectStatus(response, 201, `upload of ${names.length} to ${alias}`)) as AssetSummary | AssetSummary[];
    return Array.isArray(created) ? created : [created];
  }

  async setPublic(alias: string, id: string, isPublic: boolean): Promise<void> {
    await this.json('PATCH', `/api/projects/${alias}/assets/${id}`, 200, { public: isPublic });
  }

  async deleteAsset(alias: string, id: string): Promise<void> {
    await expectStatus(await fetch(`${this.url}/api/projects/${alias}/assets/${id}`, { method: 'DELETE', headers: this.auth }), 204, `DELETE asset ${id}`);
  }

  async createKey(alias: string, name: string): Promise<{ id: string; key: string }> {
    return (await this.json('POST', `/api/projects/${alias}/keys`, 201, { name })) as { id: string; key: string };
  }

  async revokeKey(alias: string, id: string): Promise<void> {
    await expectStatus(await fetch(`${this.url}/api/projects/${alias}/keys/${id}`, { method: 'DELETE', headers: this.auth }), 204, `DELETE key ${id}`);
  }

  /** Every asset of the project, public or not, from the streamed management listing. */
  async allAssets(alias: string): Promise<ListingBody> {
    const response = await fetch(`${this.url}/api/projects/${alias}/assets`, { headers: this.auth });
    return JSON.parse(await expectStatus(response, 200, `GET /api/projects/${alias}/assets`)) as ListingBody;
  }

  /** The public listing with `query` (`''` for the whole list) and an API key; its status and body. */
  async publicListing(alias: string, query: string, key: string): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${this.url}/api/p/${alias}/assets.json${query}`, { headers: { authorization: `Bearer ${key}` } });
    return { status: response.status, body: await response.json() };
  }

  private async json(method: string, path: string, expected: number, body: unknown): Promise<unknown> {
    const response = await fetch(this.url + path, {
      method,
      headers: { ...this.auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return JSON.parse(await expectStatus(response, expected, `${method} ${path}`));
  }
}
