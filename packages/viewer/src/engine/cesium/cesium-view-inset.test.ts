import { Cartesian3, Ellipsoid, Math as CesiumMath, Matrix4, Transforms } from 'cesium';
import { describe, expect, it } from 'vitest';
import { orientationAt } from './cesium-view-inset.js';

/** A view's world direction and up at `position` for a heading and pitch (roll 0), in radians. */
function vectors(position: Cartesian3, heading: number, pitch: number): [Cartesian3, Cartesian3] {
  const enu = Transforms.eastNorthUpToFixedFrame(position, Ellipsoid.WGS84);
  const [sh, ch, sp, cp] = [Math.sin(heading), Math.cos(heading), Math.sin(pitch), Math.cos(pitch)];
  const world = (x: number, y: number, z: number) => Matrix4.multiplyByPointAsVector(enu, new Cartesian3(x, y, z), new Cartesian3());
  return [world(sh * cp, ch * cp, sp), world(-sh * sp, -ch * sp, cp)];
}

describe('orientationAt', () => {
  const place = Cartesian3.fromDegrees(139.7, 35.6, 3_000_000);
  it.each([
    ['a moved straight-down view (within CesiumJS’s 2.5° cut-off)', 30, -88.4],
    ['a tilted view', 200, -35],
    ['exactly straight down', 75, -90],
  ])('gives back the heading, pitch and roll of %s', (_, headingDeg, pitchDeg) => {
    const [direction, up] = vectors(place, CesiumMath.toRadians(headingDeg), CesiumMath.toRadians(pitchDeg));
    const hpr = orientationAt(place, direction, up, Ellipsoid.WGS84);
    expect(CesiumMath.toDegrees(hpr.heading)).toBeCloseTo(headingDeg, 6);
    expect(CesiumMath.toDegrees(hpr.pitch)).toBeCloseTo(pitchDeg, 6);
    expect(CesiumMath.toDegrees(CesiumMath.negativePiToPi(hpr.roll))).toBeCloseTo(0, 6);
  });
});
