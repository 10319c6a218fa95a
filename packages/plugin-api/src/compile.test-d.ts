// Compile-only: `npm run typecheck` fails if what a plugin may do stops compiling, or if what
// must not exist starts compiling.
import type { InteractionModeType, MouseEvent } from './index.js';

const off = app.viewer.on('click', (e: MouseEvent) => e.layerId?.toUpperCase(), { once: true });
off();
app.viewer.on('resize', (e) => e.width + e.height);
app.viewer.on('wheel', (e) => e.delta);
app.viewer.overrideProperty({ terrain: { enabled: true } });
app.viewer.overrideProperty({ sky: null, globe: { baseColor: null } });
const mode: InteractionModeType = app.viewer.interactionMode.mode;
app.viewer.interactionMode.override('sketch');
const png: string | undefined = app.viewer.capture();
const p = app.viewer.tools.cartographicToCartesian(139.7, 35.6, 0);
void app.viewer.tools.getTerrainHeightAsync(138.7, 35.3).then((h) => h?.toFixed(1));
app.ui.show('<p>hi</p>', { width: 100 });
void [mode, png, p];

// @ts-expect-error: not an event
app.viewer.on('hover', () => undefined);
// @ts-expect-error: not a mode
app.viewer.interactionMode.override('fly');
// @ts-expect-error: the property is read-only
app.viewer.property = {};
// @ts-expect-error: plugins get no DOM
document.title;
// @ts-expect-error: plugins get no network
fetch('https://example.org');
// @ts-expect-error: plugins never see the engine
app.viewer.cesium;
// @ts-expect-error: terrain.enabled is a boolean
app.viewer.overrideProperty({ terrain: { enabled: 'yes' } });
