import { type ConvertedUrlLayer, rasterTilesPath, terrainTilesPath, urlLayerQuery, urlRasterTilesPath } from '@orbis/scene/checks';
import type { PluginPackage } from '../plugins/start-plugins.js';
import type { Scene } from '@orbis/scene';
import type { Role } from '@orbis/scene/roles';
import { t } from '../ui/i18n.js';

/** An asset record of the management API. */
export interface AssetRecord {
  id: string;
  name: string;
  url: string;
  contentType: string;
  size: number;
  public: boolean;
  files?: string[];
}

/** A project as the management API answers it (the fields the editor uses). */
export interface ProjectInfo {
  alias: string;
  name: string;
  visibility: 'public' | 'private';
  description: string;
}

/** A member of a project (docs/contract.md §12). */
export interface MemberRecord {
  userId: string;
  email: string;
  name: string;
  role: Role;
}

/**
 * An invitation made for an email with no user yet (or an unproven one): `url` is the link to pass
 * on (shown once), absent when the server e-mailed it to the address instead (docs/teams.md).
 */
export interface InvitationRecord {
  id: string;
  url?: string;
  expiresAt: string;
}

/** A plugin in the JSON install form: `manifest` is plugin.json's content, absent when `files` holds a `reearth.yml`. */
export interface PluginSource {
  manifest?: unknown;
  files: Record<string, string>;
}

/** An error answer of the API, with its code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The management API of one project: with the admin token (the operator's), or without one when
 * the browser holds a session cookie, which same-origin requests carry (with the `Origin` and
 * `Sec-Fetch-Site` headers the server checks on a write).
 */
export class ManagementApi {
  constructor(
    readonly project: string,
    readonly token?: string,
  ) {}

  private get base(): string {
    return `/api/projects/${encodeURIComponent(this.project)}`;
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(this.base + path, {
      method,
      headers: { ...this.authHeader, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status === 204) return undefined as T;
    const json = await res.json().catch(() => ({}));
    if (!res.ok) throw new ApiError(res.status, json?.error?.code ?? 'unknown', json?.error?.message ?? res.statusText);
    return json as T;
  }

  getProject(): Promise<ProjectInfo> {
    return this.call('GET', '');
  }

  updateProject(patch: Partial<Pick<ProjectInfo, 'name' | 'visibility' | 'description'>>): Promise<ProjectInfo> {
    return this.call('PATCH', '', patch);
  }

  async assets(): Promise<AssetRecord[]> {
    return (await this.call<{ results: AssetRecord[] }>('GET', '/assets')).results;
  }

  setAssetPublic(id: string, isPublic: boolean): Promise<AssetRecord> {
    return this.call('PATCH', `/assets/${id}`, { public: isPublic });
  }

  deleteAsset(id: string): Promise<void> {
    return this.call('DELETE', `/assets/${id}`);
  }

  plugins(): Promise<PluginPackage[]> {
    return this.call('GET', '/plugins');
  }

  /** Installs (or replaces) a plugin from its zip, or from the JSON form (docs/contract.md §5, §8). */
  async installPlugin(source: PluginSource | File): Promise<PluginPackage> {
    if (!(source instanceof File)) return this.call('POST', '/plugins', source);
    const form = new FormData();
    form.append('file', source, source.name);
    const res = await fetch(`${this.base}/plugins`, { method: 'POST', headers: this.authHeader, body: form });
    const json = await res.json().catch(() => ({}));
    if (!res.ok) throw new ApiError(res.status, json?.error?.code ?? 'unknown', json?.error?.message ?? res.statusText);
    return json as PluginPackage;
  }

  removePlugin(id: string): Promise<void> {
    return this.call('DELETE', `/plugins/${encodeURIComponent(id)}`);
  }

  /**
   * The plugins again unless they are still those of `etag` (then undefined): the server answers a
   * 304 to If-None-Match. The first call (no etag) always answers.
   */
  async pluginsIfChanged(etag: string | undefined): Promise<{ etag: string | undefined; plugins: PluginPackage[] } | undefined> {
    const res = await fetch(`${this.base}/plugins`, { headers: { ...this.authHeader, ...(etag ? { 'if-none-match': etag } : {}) }, cache: 'no-store' });
    if (res.status === 304) return undefined;
    if (!res.ok) throw new ApiError(res.status, 'unknown', res.statusText);
    return { etag: res.headers.get('etag') ?? undefined, plugins: (await res.json()) as PluginPackage[] };
  }

  scene(): Promise<Scene> {
    return this.call('GET', '/scene');
  }

  /** The scene with its version (ETag), for a save that must not overwrite a newer one. */
  async sceneVersion(): Promise<{ scene: Scene; etag: string }> {
    const res = await fetch(`${this.base}/scene`, { headers: this.authHeader });
    if (!res.ok) throw new ApiError(res.status, 'unknown', res.statusText);
    return { scene: (await res.json()) as Scene, etag: res.headers.get('etag') ?? '*' };
  }

  /**
   * Saves the scene only over version `etag` (If-Match, docs/collaboration.md): an ApiError with
   * the code `precondition_failed` when someone saved a newer one since.
   */
  async saveSceneOver(scene: Scene, etag: string): Promise<{ scene: Scene; etag: string }> {
    const res = await fetch(`${this.base}/scene`, { method: 'PUT', headers: { ...this.authHeader, 'content-type': 'application/json', 'if-match': etag }, body: JSON.stringify(scene) });
    const json = await res.json().catch(() => ({}));
    if (!res.ok) throw new ApiError(res.status, json?.error?.code ?? 'unknown', json?.error?.message ?? res.statusText);
    return { scene: json as Scene, etag: res.headers.get('etag') ?? '*' };
  }

  saveScene(scene: Scene): Promise<Scene> {
    return this.call('PUT', '/scene', scene);
  }

  /** Publishes; `image` is the sharing image as a PNG data URL (docs/contract.md §9), when the globe could be captured. */
  publish(image?: string): Promise<{ url: string }> {
    return this.call('POST', '/publish', image ? { image } : undefined);
  }

  unpublish(): Promise<void> {
    return this.call('DELETE', '/publish');
  }

  /** The admin-only URL of an asset's bytes: the editor previews private assets too. */
  fileUrl(asset: AssetRecord, path = asset.name): string {
    return `${this.base}/files/${asset.id}/${path.split('/').map(encodeURIComponent).join('/')}`;
  }

  /** The admin-only template of a GeoTIFF asset's tiles (docs/contract.md §17): the editor shows private ones too. */
  rasterTilesUrl(assetId: string): string {
    return `${this.base}${rasterTilesPath(assetId)}`;
  }

  /** The admin-only template of a GeoTIFF by URL's tiles (the server reads it by ranges, docs/rasters.md). */
  urlRasterTilesUrl(url: string): string {
    return `${this.base}${urlRasterTilesPath(url)}`;
  }

  /** The admin-only template of a DEM GeoTIFF's terrain tiles (docs/contract.md §17 terrain "dem"). */
  terrainTilesUrl(assetId: string): string {
    return `${this.base}${terrainTilesPath(assetId)}`;
  }

  /** The first `bytes` bytes of an asset's file as text (a Range request), e.g. a CSV's header. */
  async fileHead(asset: AssetRecord, bytes: number): Promise<string> {
    const res = await fetch(this.fileUrl(asset), { headers: { ...this.authHeader, range: `bytes=0-${bytes - 1}` } });
    if (!res.ok) throw new ApiError(res.status, 'unknown', `could not read "${asset.name}"`);
    return res.text();
  }

  /** A public model's public items as its layer loads them in the editor (with {@link authHeader}): a private project's public API wants an API key. */
  /** Where the server answers a GIS file that a layer names by URL, as WGS84 GeoJSON (docs/contract.md §13). */
  urlLayerUrl(layer: ConvertedUrlLayer): string {
    return `${this.base}/url-layer${urlLayerQuery(layer)}`;
  }

  modelExportUrl(model: string, format: 'geojson' | 'csv'): string {
    return `${this.base}/models/${encodeURIComponent(model)}/items.${format}`;
  }

  /** The admin token's header; none with a session (the cookie goes by itself). */
  get authHeader(): Record<string, string> {
    return this.token ? { authorization: `Bearer ${this.token}` } : {};
  }

  members(): Promise<MemberRecord[]> {
    return this.call('GET', '/members');
  }

  /** Adds a member; an email with no user yet gets an invitation, whose link the answer holds. */
  addMember(email: string, role: Role): Promise<MemberRecord | { invitation: InvitationRecord }> {
    return this.call('POST', '/members', { email, role });
  }

  setMemberRole(userId: string, role: Role): Promise<MemberRecord> {
    return this.call('PATCH', `/members/${encodeURIComponent(userId)}`, { role });
  }

  removeMember(userId: string): Promise<void> {
    return this.call('DELETE', `/members/${encodeURIComponent(userId)}`);
  }

  /** Uploads files with progress (XHR: fetch has no upload progress). */
  upload(files: File[], isPublic: boolean, onProgress: (fraction: number) => void): Promise<AssetRecord[]> {
    return new Promise((resolve, reject) => {
      const form = new FormData();
      form.append('public', String(isPublic));
      for (const file of files) form.append('file', file, file.name);
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `${this.base}/assets`);
      if (this.token) xhr.setRequestHeader('authorization', `Bearer ${this.token}`);
      xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
      xhr.onload = () => {
        const json = JSON.parse(xhr.responseText || '{}');
        if (xhr.status >= 200 && xhr.status < 300) resolve(Array.isArray(json) ? json : [json]);
        else reject(new ApiError(xhr.status, json?.error?.code ?? 'unknown', json?.error?.message ?? t('upload.couldNot')));
      };
      xhr.onerror = () => reject(new ApiError(0, 'network', t('errors.network')));
      xhr.send(form);
    });
  }
}
