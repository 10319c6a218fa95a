import { chromium, type Browser, type BrowserContext, type BrowserServer, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { ensureChromium } from './chromium.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The WebSocket address of the run's one Chromium ({@link launchSharedChromium}). */
    chromiumEndpoint: string;
  }
}

/**
 * Headless flags under which WebGL 2 works without a GPU (SwiftShader through ANGLE) and Chromium
 * makes no calls of its own to Google services.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

/** Hosts a test page may reach; everything else is the network that docs/contract.md §4 forbids. */
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** One console message of a page. */
export interface ConsoleEntry {
  /** `log`, `warning`, `error`, … as Chromium reports it. */
  type: string;
  text: string;
  /** The script or document the message came from (a plugin frame's own, for its messages). */
  url: string;
}

/** Chromium's console lines for what a Content-Security-Policy blocked. */
export const CSP_VIOLATION = /Content Security Policy|Refused to (load|execute|evaluate|connect|frame|apply|create)/;

/** A page in its own browser context, with what it logged, threw and tried to fetch. */
export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Every console message, in order. */
  consoleMessages: ConsoleEntry[];
  /** Every uncaught exception and unhandled rejection of the page. */
  pageErrors: Error[];
  /** URLs of requests to hosts other than 127.0.0.1/localhost; each was aborted. */
  blockedRequests: string[];
  /** Throws, listing them, if the page had errors or tried to reach another host. */
  assertClean(): void;
  /** Closes the page's context. */
  close(): Promise<void>;
}

/** Viewport size in CSS pixels (the device pixel ratio is 1). */
export interface Viewport {
  width: number;
  height: number;
}

/**
 * Launches the headless Chromium that every browser test file of a run shares (installing it first where
 * {@link ensureChromium} can): the browser project's global setup (`browser-setup.ts`) starts it once, instead of
 * one launch per file, and hands its address to the files.
 */
export async function launchSharedChromium(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: ensureChromium(), args: [...CHROMIUM_ARGS] });
}

/**
 * Connects a test file to the run's shared Chromium. Closing the connection closes the contexts the file opened,
 * so each file starts with none.
 */
export async function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('chromiumEndpoint'));
}

function isLocal(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === 'data:' || protocol === 'blob:') return true;
  return LOCAL_HOSTS.has(hostname);
}

/**
 * Opens a page in a fresh context. Requests (and WebSockets) to any host other than
 * 127.0.0.1/localhost are aborted, so the page sees them fail, and recorded in `blockedRequests`.
 * Service workers are blocked so that every request passes through that check.
 */
export async function newPage(browser: Browser, viewport: Viewport, locale?: string): Promise<TestPage> {
  // `locale` is the browser's language (navigator.languages, Accept-Language); Chromium's own otherwise.
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, serviceWorkers: 'block', ...(locale ? { locale } : {}) });
  // Actions wait for their element as long as a loaded two-core machine may need (software WebGL
  // frames hold the main thread); a failing test still fails, later. Playwright's default is 30 s.
  context.setDefaultTimeout(90_000);
  const consoleMessages: ConsoleEntry[] = [];
  const pageErrors: Error[] = [];
  const blockedRequests: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (isLocal(url)) return route.continue();
    blockedRequests.push(url);
    return route.abort('blockedbyclient');
  });
  await context.routeWebSocket(
    (url) => !isLocal(url.href),
    (ws) => {
      blockedRequests.push(ws.url());
      return ws.close({ code: 1008, reason: 'off-host WebSocket blocked by the test' });
    },
  );
  const page = await context.newPage();
  page.on('console', (message) => consoleMessages.push({ type: message.type(), text: message.text(), url: message.location().url }));
  page.on('pageerror', (error) => pageErrors.push(error));
  return {
    page,
    context,
    consoleMessages,
    pageErrors,
    blockedRequests,
    assertClean() {
      const problems = [...pageErrors.map((error) => `page error: ${error.message}`), ...blockedRequests.map((url) => `request to another host: ${url}`)];
      if (problems.length > 0) throw new Error(`The page was not clean:\n${problems.join('\n')}`);
    },
    close: () => context.close(),
  };
}
