import DOMPurify from 'dompurify';

/**
 * The page's Trusted Types default policy: every string that reaches an HTML sink of the page (`innerHTML`,
 * `insertAdjacentHTML`, `DOMParser`, …) that no code made trusted passes through DOMPurify first. The pages require
 * Trusted Types (`require-trusted-types-for 'script'` in a `<meta>` of editor.html and published.html, so it holds
 * however the page is served), and CesiumJS's `KmlDataSource` parses each balloon with `innerHTML` on a div of the
 * page, where an `<img onerror>` would run: through this policy it never does. Orbis's own data HTML is sanitized
 * to nodes by `safeHtml` (safe-html.ts) and never reaches a sink.
 *
 * Script and script URL sinks pass unchanged (CesiumJS's Knockout runs `eval`, its task workers start from URLs):
 * they stay under the page's `script-src`, as before.
 *
 * Importing this module installs the policy; the pages' entry modules import it first, before CesiumJS's module
 * runs, since a sink without a policy throws once Trusted Types are required.
 */
interface DefaultPolicyRules {
  createHTML(input: string, type: string, sink: string): string;
  createScript(input: string): string;
  createScriptURL(input: string): string;
}
const factory = (globalThis as { trustedTypes?: { defaultPolicy: unknown; createPolicy(name: 'default', rules: DefaultPolicyRules): unknown } }).trustedTypes;

if (factory && !factory.defaultPolicy) {
  const purifier = DOMPurify(window);
  factory.createPolicy('default', {
    // A document that `DOMParser` makes is inert (no script, no loads, no handlers), and the string may be XML (KML,
    // GPX): it passes. Elsewhere DOMPurify's own allow-list keeps CesiumJS's widget markup (SVG, classes,
    // `data-bind`); links may keep their target.
    createHTML: (input, _type, sink) => (/parseFromString/.test(sink) ? input : purifier.sanitize(input, { ADD_ATTR: ['target'] })),
    createScript: (input) => input,
    createScriptURL: (input) => input,
  });
}
