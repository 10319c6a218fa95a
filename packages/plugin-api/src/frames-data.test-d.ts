// Compile-only, like compile.test-d.ts: app.modal, app.popup, app.data, app.extension.list and the
// app.viewer extras (docs/contract.md §8), an example per member, and what must not compile.
import type { ExtensionInfo, FrameSize, JsonValue, MarqueeEvent, PopupOffset, PopupPosition } from './index.js';

// app.modal
app.modal.show('<h1>Welcome</h1>', { width: 320, height: 200, background: '#0008', clickBgToClose: true });
app.modal.update({ height: 400 });
// Re:Earth's sizes: pixels as a number, or a CSS length string.
const half: FrameSize = '50%';
app.modal.update({ width: half, height: '240px' });
app.popup.update({ width: 'auto', height: '10em' });
app.ui.show('<p>hi</p>', { width: '100%', height: '20vh' });
app.ui.resize(undefined, 500);
app.ui.resize('320px', undefined, true);
app.modal.postMessage({ page: 2 });
const stopModal = app.modal.on('message', (m) => m === 'done' && app.modal.close());
stopModal();
app.modal.on('close', () => undefined, { once: true });
app.modal.off('close', () => undefined);
app.modal.close();
// app.popup
const where: PopupPosition = 'left-start';
app.popup.show('<p>Hi</p>', { width: 160, height: 60, position: where, offset: 4 });
app.popup.show('<p>Tokyo</p>', { anchor: { lng: 139.77, lat: 35.68, height: 40 } });
app.popup.update({ anchor: { lng: 135.5, lat: 34.7 } });
// Re:Earth's object offset (floating-ui's axes).
const away: PopupOffset = { mainAxis: 4, crossAxis: -2, alignmentAxis: null };
app.popup.show('<p>Hi</p>', { position: 'right-start', offset: away });
app.popup.update({ offset: { alignmentAxis: 12 } });
app.popup.postMessage('hello');
app.popup.on('message', (m) => m);
app.popup.on('close', () => undefined);
app.popup.off('message', () => undefined);
app.popup.close();
// app.data.clientStorage
const storage = app.data.clientStorage;
void storage.setAsync('bookmarks', [{ name: 'Tokyo', lng: 139.77, lat: 35.68 }]);
void storage.getAsync('bookmarks').then((v: JsonValue | undefined) => v);
void storage.deleteAsync('bookmarks');
void storage.keysAsync().then((keys: string[]) => keys.length);
void storage.dropStoreAsync();
// app.extension.list and app.viewer extras
const running: ExtensionInfo[] = app.extension.list;
const types: string[] = running.map((e) => e.extensionType);
const ground: number | undefined = app.viewer.tools.getGlobeHeightByCamera();
void app.viewer.tools.getGeoidHeight(139.77, 35.68).then((n) => n?.toFixed(2));
const stopMarquee = app.viewer.interactionMode.selectionMode.on('marqueeEnd', (box: MarqueeEvent) => box.width * box.height);
stopMarquee();
app.viewer.interactionMode.selectionMode.on('marqueeStart', (box) => box.x);
app.viewer.interactionMode.selectionMode.off('marqueeMove', () => undefined);
void [types, ground];

// @ts-expect-error: a size is a number or a string
app.modal.show('<p>m</p>', { width: true });
// @ts-expect-error: not a popup position
app.popup.show('<p/>', { position: 'center' });
// @ts-expect-error: an offset's axes are numbers
app.popup.update({ offset: { mainAxis: '4px' } });
// @ts-expect-error: an offset is a number or an object of axes
app.popup.update({ offset: [4, 2] });
// @ts-expect-error: an anchor needs lng and lat
app.popup.show('<p/>', { anchor: { lng: 0 } });
// @ts-expect-error: not a modal event
app.modal.on('open', () => undefined);
// @ts-expect-error: clickBgToClose is a boolean
app.modal.show('<p/>', { clickBgToClose: 'yes' });
// @ts-expect-error: functions are not JSON
void storage.setAsync('f', () => 1);
// @ts-expect-error: keys are strings
void storage.getAsync(1);
// @ts-expect-error: the list is read-only
app.extension.list = [];
// @ts-expect-error: not a selection-mode event
app.viewer.interactionMode.selectionMode.on('marquee', () => undefined);
