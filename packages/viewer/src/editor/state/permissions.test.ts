import { describe, expect, it } from 'vitest';
import { Permissions } from './permissions.js';

describe('Permissions: what the editor lets a role do, from the shared table', () => {
  it('lets each role do its own and lesser actions, and names the role it needs otherwise', () => {
    const reader = new Permissions('reader');
    expect(reader.may('project.read')).toBe(true);
    expect(reader.may('scene.put')).toBe(false);
    expect(reader.reason('project.publish', 'Publishing')).toBe('Publishing needs the role maintainer or above; you are reader.');
    expect(new Permissions('writer').may('asset.upload')).toBe(true);
    expect(new Permissions('writer').may('project.publish')).toBe(false);
    expect(new Permissions('maintainer').may('project.publish')).toBe(true);
    expect(new Permissions('maintainer').may('project.update')).toBe(false);
  });

  it('lets only an owner grant or take away owner, a maintainer every other role, and no one below', () => {
    expect(new Permissions('owner').mayGrant('owner')).toBe(true);
    expect(new Permissions('maintainer').mayGrant('owner')).toBe(false);
    expect(new Permissions('maintainer').mayGrant('maintainer')).toBe(true);
    expect(new Permissions('writer').mayGrant('reader')).toBe(false);
  });
});
