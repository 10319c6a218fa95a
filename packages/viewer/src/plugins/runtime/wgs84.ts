/**
 * The ellipsoid math of the coordinate tools, inside the sandbox: a conversion costs no crossing.
 * The host's tests check it against @orbis/geo to the micrometre; it is its own copy because
 * @orbis/geo validates every argument by throwing, and the tools answer `undefined` instead.
 */
export type Radii = [number, number, number];

export const WGS84_RADII: Radii = [6378137, 6378137, 6356752.314245179];
const WGS84_E2 = 1 - (WGS84_RADII[2] * WGS84_RADII[2]) / (WGS84_RADII[0] * WGS84_RADII[0]);
const DEG = Math.PI / 180;

export function toCartesian(lng: number, lat: number, h: number, r: Radii): [number, number, number] {
  const a = r[0];
  const b = r[2];
  const e2 = r === WGS84_RADII ? WGS84_E2 : 1 - (b * b) / (a * a);
  const phi = lat * DEG;
  const lambda = lng * DEG;
  const s = Math.sin(phi);
  const c = Math.cos(phi);
  const n = a / Math.sqrt(1 - e2 * s * s);
  return [(n + h) * c * Math.cos(lambda), (n + h) * c * Math.sin(lambda), (n * (1 - e2) + h) * s];
}

export function toCartographic(x: number, y: number, z: number, r: Radii): [number, number, number] | undefined {
  const a = r[0];
  const b = r[2];
  const e2 = 1 - (b * b) / (a * a);
  const p = Math.sqrt(x * x + y * y);
  if (p === 0 && z === 0) return undefined;
  const lng = Math.atan2(y, x);
  let lat = Math.atan2(z, p * (1 - e2));
  let h = 0;
  for (let i = 0; i < 8; i++) {
    const s = Math.sin(lat);
    const n = a / Math.sqrt(1 - e2 * s * s);
    h = Math.abs(Math.cos(lat)) > 1e-12 ? p / Math.cos(lat) - n : Math.abs(z) - b;
    lat = Math.atan2(z, p * (1 - (e2 * n) / (n + h)));
  }
  return [lng / DEG, lat / DEG, h];
}
