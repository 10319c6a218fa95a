import type { SketchOptions } from '@orbis/plugin-api';
import type { TimelinePatch } from '../../../engine/engine-timeline.js';
import type { TOOL_OPS } from '../../protocol/host-ops.js';
import type { OpContext, OpHandlers } from './host-op.js';

/** The answer of a sketch call: the new sketch state and the interaction mode it left. */
const sketchAnswer = ({ services }: OpContext, mode: string) => ({ sketch: services.tools.sketch.state(), mode });

/** A time argument (milliseconds, or an ISO string the argument check has accepted) as milliseconds. */
const ms = (t: number | string | null | undefined) => (t === null || t === undefined ? undefined : typeof t === 'number' ? t : Date.parse(t));

/** The clock after a plugin's command, told to every commit listener as the plugin's. */
function commit(context: OpContext, patch: TimelinePatch) {
  const { timeline } = context.services.tools;
  timeline.commit(patch, { source: 'pluginAPI', id: context.sandbox.label });
  return timeline.snapshot();
}

/** `app.sketch`, `app.spatialId` and `app.timeline`'s host operations (docs/contract.md §8). */
export const TOOL_HANDLERS: OpHandlers<typeof TOOL_OPS> = {
  'sketch.setTool': (context, [tool]) => {
    const { sandbox, host, services } = context;
    if (tool) {
      host.setMode(sandbox, 'sketch');
      services.tools.sketch.setTool(tool);
      return sketchAnswer(context, 'sketch');
    }
    services.tools.sketch.setTool(undefined);
    if (host.mode() === 'sketch') host.setMode(sandbox, 'default');
    return sketchAnswer(context, host.mode());
  },
  'sketch.overrideOptions': (context, [options]) => {
    // A field JSON has made `null` reaches the sketch tool as it always has: as given.
    context.services.tools.sketch.overrideOptions((options ?? {}) as SketchOptions);
    return sketchAnswer(context, context.host.mode());
  },
  'spatialId.pickSpace': ({ sandbox, host, services }, [options]) => {
    const o = Object.fromEntries(Object.entries(options ?? {}).filter(([, v]) => v !== null)) as Record<string, unknown>;
    if (o.zoom !== undefined && !(Number.isInteger(o.zoom) && (o.zoom as number) >= 0 && (o.zoom as number) <= 25)) {
      throw new TypeError(`spatialId.pickSpace: options.zoom must be an integer from 0 to 25, not ${String(o.zoom)}`);
    }
    if (typeof o.minHeight === 'number' && typeof o.maxHeight === 'number' && o.minHeight > o.maxHeight) {
      throw new TypeError('spatialId.pickSpace: options.minHeight must not be above options.maxHeight');
    }
    host.setMode(sandbox, 'spatialId');
    services.tools.spatialId.pickSpace(o);
    return 'spatialId';
  },
  'spatialId.exitPickSpace': ({ sandbox, host }) => {
    if (host.mode() === 'spatialId') host.setMode(sandbox, 'default');
    return host.mode();
  },
  'timeline.use': ({ sandbox, host, services }) => {
    host.tools.useTimeline(sandbox);
    return services.tools.timeline.snapshot();
  },
  'timeline.play': (context) => commit(context, { playing: true }),
  'timeline.pause': (context) => commit(context, { playing: false }),
  'timeline.tick': (context) => {
    const { timeline } = context.services.tools;
    timeline.step();
    return timeline.snapshot();
  },
  'timeline.setTime': (context, [time]) => {
    const now = context.services.tools.timeline.snapshot();
    const patch = { start: ms(time.start), stop: ms(time.stop), current: ms(time.current) };
    if ((patch.start ?? now.start) > (patch.stop ?? now.stop)) throw new TypeError('timeline.setTime: start must not be after stop');
    return commit(context, Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)));
  },
  'timeline.setSpeed': (context, [speed]) => commit(context, { speed }),
  'timeline.setStepType': (context, [stepType]) => commit(context, { stepType }),
  'timeline.setRangeType': (context, [rangeType]) => commit(context, { rangeType }),
};
