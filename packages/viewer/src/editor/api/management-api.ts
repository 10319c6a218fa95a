import {
  assetRoutes,
  type ConversionState,
  fileRoutes,
  type InvitationLink,
  type ProjectInvitationRecord,
  projectInvitationRoutes,
  type ManagedAssetRecord,
  type MemberRecord,
  memberRoutes,
  modelRoutes,
  pluginRoutes,
  type ProjectRecord,
  projectRoutes,
  sceneRoutes,
} from '@orbis/contract';
import { type ConvertedUrlLayer, rasterTilesPath, terrainTilesPath, urlLayerQuery, urlRasterTilesPath, urlTerrainTilesPath } from '@orbis/scene/checks';
import { ApiClient, ApiError } from './api-client.js';
import type { PluginPackage } from '../../plugins/start-plugins.js';
import type { Scene } from '@orbis/scene';
import type { Role } from '@orbis/scene/roles';
import { t } from '../../ui/i18n.js';

/** An asset record of the management API. */
export type AssetRecord = ManagedAssetRecord;

/** A project as the management API answers it. */
export type ProjectInfo = ProjectRecord;

export type { MemberRecord };

/**
 * An invitation made for an email with no user yet (or an unproven one): `url` is the link to pass
 * on (shown once), absent when the server e-mailed it to the address instead (docs/teams.md).
 */
export type InvitationRecord = InvitationLink;

/** A plugin in the JSON install form: `manifest` is plugin.json's content, absent when `files` holds a `reearth.yml`. */
export interface PluginSource {
  manifest?: unknown;
  files: Record<string, string>;
}

// The panels take the error type from here (the editor's API facade).
export { ApiError };

/**
 * The management API of one project: with the admin token (the operator's), or without one when
 * the browser holds a session cookie, which same-origin requests carry (with the `Origin` and
 * `Sec-Fetch-Site` headers the server checks on a write).
 */
export class ManagementApi {
  private readonly client: ApiClient;

  constructor(
    readonly project: string,
    readonly token?: string,
  ) {
    this.client = new ApiClient(this.authHeader);
  }

  /** The route parameters that name this project. */
  private get at(): { project: string } {
    return { project: this.project };
  }

  private get base(): string {
    return this.client.url(projectRoutes.get, { params: this.at });
  }

  getProject(): Promise<ProjectInfo> {
    return this.client.call(projectRoutes.get, { params: this.at });
  }

  updateProject(patch: Partial<Pick<ProjectInfo, 'name' | 'visibility' | 'description'>>): Promise<ProjectInfo> {
    return this.client.call(projectRoutes.update, { params: this.at, body: patch });
  }

  async assets(): Promise<AssetRecord[]> {
    return (await this.client.call(assetRoutes.list, { params: this.at })).results;
  }

  setAssetPublic(id: string, isPublic: boolean): Promise<AssetRecord> {
    return this.client.call(assetRoutes.update, { params: { ...this.at, id }, body: { public: isPublic } });
  }

  async deleteAsset(id: string): Promise<void> {
    await this.client.call(assetRoutes.remove, { params: { ...this.at, id } });
  }

  // The server checks a package's manifest by the plugin package rules; the editor's type of it is the runtime's.
  async plugins(): Promise<PluginPackage[]> {
    return (await this.client.call(pluginRoutes.list, { params: this.at })) as PluginPackage[];
  }

  /** Installs (or replaces) a plugin from its zip, or from the JSON form (docs/contract.md §5, §8). */
  async installPlugin(source: PluginSource | File): Promise<PluginPackage> {
    if (!(source instanceof File)) return (await this.client.call(pluginRoutes.install, { params: this.at, body: source })) as PluginPackage;
    const form = new FormData();
    form.append('file', source, source.name);
    return (await this.client.call(pluginRoutes.install, { params: this.at, body: form })) as PluginPackage;
  }

  async removePlugin(id: string): Promise<void> {
    await this.client.call(pluginRoutes.remove, { params: { ...this.at, id } });
  }

  /**
   * The plugins again unless they are still those of `etag` (then undefined): the server answers a
   * 304 to If-None-Match. The first call (no etag) always answers.
   */
  async pluginsIfChanged(etag: string | undefined): Promise<{ etag: string | undefined; plugins: PluginPackage[] } | undefined> {
    // An empty If-None-Match is not sent, but still asks the server rather than the browser's cache.
    const answer = await this.client.send(pluginRoutes.list, { params: this.at, ifNoneMatch: etag ?? '' });
    return answer && { etag: answer.etag, plugins: answer.body as PluginPackage[] };
  }

  scene(): Promise<Scene> {
    return this.client.call(sceneRoutes.get, { params: this.at });
  }

  /** The scene with its version (ETag), for a save that must not overwrite a newer one. */
  async sceneVersion(): Promise<{ scene: Scene; etag: string }> {
    const answer = (await this.client.send(sceneRoutes.get, { params: this.at }))!;
    return { scene: answer.body, etag: answer.etag ?? '*' };
  }

  /**
   * Saves the scene only over version `etag` (If-Match, docs/collaboration.md): an ApiError with
   * the code `precondition_failed` when someone saved a newer one since.
   */
  async saveSceneOver(scene: Scene, etag: string): Promise<{ scene: Scene; etag: string }> {
    const answer = (await this.client.send(sceneRoutes.put, { params: this.at, body: scene, ifMatch: etag }))!;
    return { scene: answer.body, etag: answer.etag ?? '*' };
  }

  saveScene(scene: Scene): Promise<Scene> {
    return this.client.call(sceneRoutes.put, { params: this.at, body: scene });
  }

  /** Publishes; `image` is the sharing image as a PNG data URL (docs/contract.md §9), when the globe could be captured. */
  publish(image?: string): Promise<{ url: string }> {
    return this.client.call(sceneRoutes.publish, { params: this.at, body: image ? { image } : undefined });
  }

  async unpublish(): Promise<void> {
    await this.client.call(sceneRoutes.unpublish, { params: this.at });
  }

  /** The admin-only URL of an asset's bytes: the editor previews private assets too. */
  fileUrl(asset: AssetRecord, path = asset.name): string {
    return this.client.url(fileRoutes.file, { params: { ...this.at, assetId: asset.id, '*': path } });
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

  /** How far a plain GeoTIFF asset's conversion to tiled levels is (docs/rasters.md, "Plain GeoTIFFs"). */
  rasterConversion(assetId: string): Promise<ConversionState> {
    return this.client.call(fileRoutes.rasterConversion, { params: { ...this.at, assetId } });
  }

  /** The admin-only template of the terrain tiles of a DEM GeoTIFF named by URL (docs/rasters.md). */
  urlTerrainTilesUrl(url: string): string {
    return `${this.base}${urlTerrainTilesPath(url)}`;
  }

  /** The first `bytes` bytes of an asset's file as text (a Range request), e.g. a CSV's header. */
  async fileHead(asset: AssetRecord, bytes: number): Promise<string> {
    return String(
      await this.client.call(fileRoutes.file, { params: { ...this.at, assetId: asset.id, '*': asset.name }, headers: { range: `bytes=0-${bytes - 1}` } }),
    );
  }

  /** Where the server answers a GIS file that a layer names by URL, as WGS84 GeoJSON (docs/contract.md §13). */
  urlLayerUrl(layer: ConvertedUrlLayer): string {
    return `${this.client.url(fileRoutes.urlLayer, { params: this.at })}${urlLayerQuery(layer)}`;
  }

  /** A public model's public items as its layer loads them in the editor (with {@link authHeader}): a private project's public API wants an API key. */
  modelExportUrl(model: string, format: 'geojson' | 'csv'): string {
    return this.client.url(format === 'geojson' ? modelRoutes.geojson : modelRoutes.csv, { params: { ...this.at, model } });
  }

  /** The admin token's header; none with a session (the cookie goes by itself). */
  get authHeader(): Record<string, string> {
    return this.token ? { authorization: `Bearer ${this.token}` } : {};
  }

  members(): Promise<MemberRecord[]> {
    return this.client.call(memberRoutes.list, { params: this.at });
  }

  /** Adds a member; an email with no user yet gets an invitation, whose link the answer holds. */
  addMember(email: string, role: Role): Promise<MemberRecord | { invitation: InvitationRecord }> {
    return this.client.call(memberRoutes.add, { params: this.at, body: { email, role } });
  }

  /** The invitations that can still be accepted, oldest first (a maintainer's to see). */
  invitations(): Promise<ProjectInvitationRecord[]> {
    return this.client.call(projectInvitationRoutes.list, { params: this.at });
  }

  /** Revokes an invitation: its link stops working. */
  async revokeInvitation(id: string): Promise<void> {
    await this.client.call(projectInvitationRoutes.revoke, { params: { ...this.at, id } });
  }

  setMemberRole(userId: string, role: Role): Promise<MemberRecord> {
    return this.client.call(memberRoutes.setRole, { params: { ...this.at, userId }, body: { role } });
  }

  async removeMember(userId: string): Promise<void> {
    await this.client.call(memberRoutes.remove, { params: { ...this.at, userId } });
  }

  /** Uploads files with progress. */
  async upload(files: File[], isPublic: boolean, onProgress: (fraction: number) => void): Promise<AssetRecord[]> {
    const form = new FormData();
    form.append('public', String(isPublic));
    for (const file of files) form.append('file', file, file.name);
    const answer = await this.client.upload(assetRoutes.upload, { params: this.at, body: form }, onProgress, t('upload.couldNot'));
    return Array.isArray(answer) ? answer : [answer];
  }
}
