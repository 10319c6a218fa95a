import type { TestProject } from 'vitest/node';
import { launchSharedChromium } from './browser.js';

/**
 * The browser project's global setup: one headless Chromium for the whole run, whose files each connect to it
 * (`connectBrowser`) and open their own contexts. A launch per file cost seconds of a loaded two-core machine each.
 */
export default async function setup(project: TestProject) {
  const server = await launchSharedChromium(); // may first install Chromium with apt: minutes on a fresh machine
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
