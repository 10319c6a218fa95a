import DOMPurify from 'dompurify';

/**
 * The page's Trusted Types default policy: every string that reaches an HTML sink of the page (`innerHTML`,
 * `insertAdjacentHTML`, `DOMParser`, …) that no code made trusted passes through DOMPurify first. The pages require
 * Trusted Types (`require-trusted-types-for 'script'` in a `<meta>` of editor.html and published.html, so it holds
 * however the page is served), and CesiumJS's `KmlDataSource` parses each balloon with `innerHTML` on a div of the
 * page, where an `<img onerror>` would run: through this policy it never does. `DOMParser` is a sink too: its
 * document is inert, but its nodes come alive once moved into the page, so HTML given to it is sanitized as well;
 * only an XML document (KML, GPX: CesiumJS parses them with `DOMParser`, and DOMPurify's HTML rules would break
 * them) passes unchanged. Orbis's own data HTML is sanitized to nodes by `safeHtml` (safe-html.ts) and never
 * reaches a sink.
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

/**
 * An XML document, by its start: an XML declaration, or the root of a format CesiumJS reads as XML (KML, GPX), after
 * an optional byte order mark, white space and comments. Such a string is parsed as XML, where DOMPurify's HTML
 * rules do not apply.
 */
const XML_DOCUMENT = /^\uFEFF?(?:\s|<!--[\s\S]*?-->)*<(?:\?xml[\s?]|(?:[\w.-]+:)?(?:kml|gpx)[\s/>])/i;

if (factory && !factory.defaultPolicy) {
  const purifier = DOMPurify(window);
  // DOMPurify's own allow-list keeps CesiumJS's widget markup (SVG, classes, `data-bind`); links may keep their target.
  const sanitized = (input: string, wholeDocument: boolean) => purifier.sanitize(input, { ADD_ATTR: ['target'], WHOLE_DOCUMENT: wholeDocument });
  factory.createPolicy('default', {
    createHTML: (input, _type, sink) => {
      if (!/parseFromString/.test(sink)) return sanitized(input, false);
      return XML_DOCUMENT.test(input) ? input : sanitized(input, true);
    },
    createScript: (input) => input,
    createScriptURL: (input) => input,
  });
}
