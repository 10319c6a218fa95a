import { ADMIN_TOKEN, type Harness } from '../../server/src/test/harness.js';
import { LIGHT_PROPERTY } from './fixture.js';

/** A GeoJSON square filled opaque with one colour (simplestyle), centred on a place. */
export function square(color: string, lng: number, lat: number, half: number): string {
  const [w, s, e, n] = [lng - half, lat - half, lng + half, lat + half];
  return JSON.stringify({
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { fill: color, 'fill-opacity': 1, stroke: color },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [w, s],
              [e, s],
              [e, n],
              [w, n],
              [w, s],
            ],
          ],
        },
      },
    ],
  });
}

/** Uploads public files and returns their asset ids, in order. */
export async function uploadPublic(h: Harness, alias: string, files: { name: string; content: string }[]): Promise<string[]> {
  const form = new FormData();
  form.append('public', 'true');
  for (const f of files) form.append('file', new Blob([f.content], { type: 'application/geo+json' }), f.name);
  const res = await fetch(`${h.url}/api/projects/${alias}/assets`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: form });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { id: string } | { id: string }[];
  return (Array.isArray(body) ? body : [body]).map((a) => a.id);
}

/** A straight-down camera over a place. */
export const above = (lng: number, lat: number, height = 3_000_000) => ({ lng, lat, height, heading: 0, pitch: -90, roll: 0 });

/** The red square's place and the blue one's, far apart so that a camera sees only one. */
export const RED_AT = [140, 35] as const;
export const BLUE_AT = [-60, -15] as const;

/**
 * A hostile story text: raw HTML, event handlers and `javascript:` links that must never run, and
 * ordinary Markdown that must render. `window.__pwned` is what any of them would set.
 */
export function hostileText(imageUrl: string): string {
  return [
    '## A heading',
    '',
    'Some *emphasis*, **strong**, and [a link](https://example.org/page).',
    '',
    '- one',
    '- two',
    '',
    `![a picture](${imageUrl})`,
    '',
    '<script>window.__pwned = "script"</script>',
    '<img src="x" onerror="window.__pwned = \'onerror\'">',
    '[bad link](javascript:window.__pwned="link")',
    '[bad link 2](JaVaScRiPt:window.__pwned="link2")',
    '<a href="javascript:window.__pwned=\'html-link\'">raw link</a>',
    '![bad image](javascript:window.__pwned="img")',
  ].join('\n');
}

/**
 * Publishes project `alias` with a red and a blue square and three story pages:
 * 1 over red showing only red (with the hostile text), 2 over blue showing only blue,
 * 3 over red showing only blue (so red is hidden where the camera looks).
 */
export async function publishStoryProject(h: Harness, alias: string): Promise<void> {
  await h.project(alias);
  const [red, blue] = await uploadPublic(h, alias, [
    { name: 'red.geojson', content: square('#ff0000', RED_AT[0], RED_AT[1], 6) },
    { name: 'blue.geojson', content: square('#0000ff', BLUE_AT[0], BLUE_AT[1], 6) },
  ]);
  const scene = {
    property: LIGHT_PROPERTY,
    camera: above(RED_AT[0], RED_AT[1]),
    layers: [
      { id: 'red', title: 'Red', type: 'geojson', assetId: red, visible: true },
      { id: 'blue', title: 'Blue', type: 'geojson', assetId: blue, visible: true },
    ],
    widgets: [],
    story: {
      pages: [
        {
          id: 'p1',
          title: 'Red square',
          text: hostileText(`${h.url}/cesium/Assets/Images/ion-credit.png`),
          camera: above(RED_AT[0], RED_AT[1]),
          layers: ['red'],
        },
        { id: 'p2', title: 'Blue square', text: 'The **blue** one.', camera: above(BLUE_AT[0], BLUE_AT[1]), layers: ['blue'] },
        { id: 'p3', title: 'Red hidden', text: 'Red is hidden here.', camera: above(RED_AT[0], RED_AT[1]), layers: ['blue'] },
      ],
    },
  };
  const put = await h.admin('PUT', `/api/projects/${alias}/scene`, scene);
  if (put.status !== 200) throw new Error(`scene: ${put.status} ${await put.text()}`);
  const pub = await h.admin('POST', `/api/projects/${alias}/publish`);
  if (pub.status !== 200) throw new Error(`publish: ${pub.status} ${await pub.text()}`);
}
