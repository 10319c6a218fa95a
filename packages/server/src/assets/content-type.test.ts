import { describe, expect, it } from 'vitest';
import { detectContentType } from './content-type.js';

const b = (s: string) => Buffer.from(s);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
const WEBP = Buffer.concat([b('RIFF'), Buffer.from([1, 2, 3, 4]), b('WEBPVP8 ')]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14]);
const GLB = Buffer.concat([b('glTF'), Buffer.from([2, 0, 0, 0])]);

describe('detectContentType', () => {
  it.each([
    ['wards.geojson', b('{"type":"FeatureCollection"}'), 'application/geo+json'],
    ['path.czml', b('[{"id":"document"}]'), 'application/vnd.czml+json'],
    ['places.kml', b('<?xml version="1.0"?><kml>'), 'application/vnd.google-earth.kml+xml'],
    ['track.gpx', b('<?xml version="1.0"?><gpx version="1.1">'), 'application/gpx+xml'],
    ['places.kmz', ZIP, 'application/vnd.google-earth.kmz'],
    ['box.gltf', b('{"asset":{"version":"2.0"},"meshes":[]}'), 'model/gltf+json'],
    ['box.glb', GLB, 'model/gltf-binary'],
    ['tileset.json', b('{"asset":{"version":"1.1"},"geometricError":70,"root":{}}'), 'application/json'],
    ['data.zip', ZIP, 'application/zip'],
    ['a.png', PNG, 'image/png'],
    ['a.jpg', JPEG, 'image/jpeg'],
    ['a.JPEG', JPEG, 'image/jpeg'],
    ['a.webp', WEBP, 'image/webp'],
    ['t.csv', b('a,b\n1,2'), 'text/csv'],
    ['t.json', b('{"a":1}'), 'application/json'],
    ['t.txt', b('hello'), 'text/plain'],
    ['streets.pmtiles', Buffer.concat([b('PMTiles'), Buffer.from([3])]), 'application/vnd.pmtiles'],
    ['streets.pmtiles', b('not an archive'), 'application/octet-stream'],
  ])('%s is %s', (name, head, type) => {
    expect(detectContentType(name, head)).toBe(type);
  });

  it('trusts magic bytes over a misleading extension', () => {
    expect(detectContentType('photo.txt', PNG)).toBe('image/png');
    expect(detectContentType('fake.png', b('<script>alert(1)</script>'))).toBe('application/octet-stream');
    expect(detectContentType('fake.zip', b('not a zip'))).toBe('application/octet-stream');
  });

  it('reads GeoJSON and CZML inside .json and nameless files', () => {
    expect(detectContentType('x.json', b(' {"type": "Feature", "geometry": null}'))).toBe('application/geo+json');
    expect(detectContentType('x', b('[{"id": "document", "version": "1.0"}]'))).toBe('application/vnd.czml+json');
    expect(detectContentType('x', b('<kml xmlns="http://www.opengis.net/kml/2.2">'))).toBe('application/vnd.google-earth.kml+xml');
    expect(detectContentType('x', Buffer.from([0, 1, 2]))).toBe('application/octet-stream');
  });
});
