/** The scene document as the viewer reads it (the server validates it; SPEC §4). */

export interface Camera {
  lng: number;
  lat: number;
  height: number;
  heading: number;
  pitch: number;
  roll: number;
}

export type LayerType = 'geojson' | 'czml' | 'kml' | '3dtiles' | 'gltf' | 'imagery';

export interface Layer {
  id: string;
  title: string;
  type: LayerType;
  url?: string;
  assetId?: string;
  visible: boolean;
}

export interface StoryPage {
  id: string;
  title: string;
  text: string;
  camera: Camera;
}

/** The seed's ViewerProperty: only what was explicitly set. */
export type ViewerProperty = Record<string, unknown>;

export interface Scene {
  property: ViewerProperty;
  camera: Camera;
  layers: Layer[];
  widgets: { pluginId: string; extensionId: string; enabled: boolean; area?: string }[];
  story: { pages: StoryPage[] };
}

/** What the published page gets inline: every layer with a URL to load. */
export interface PublishedSnapshot {
  project: { alias: string; name: string };
  scene: Omit<Scene, 'layers'> & { layers: (Layer & { url: string })[] };
  publishedAt: string;
}
