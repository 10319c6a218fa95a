// The element helper lives in ui/ (shared with the published page); panels keep importing it here.
export { h } from '../ui/dom.js';
