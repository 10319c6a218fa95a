import type { SketchType } from '@orbis/plugin-api';
import type { TimelinePatch } from '../../engine/engine-timeline.js';
import type { HostOps, OpContext } from './host-op.js';

/** The answer of a sketch call: the new sketch state and the interaction mode it left. */
const sketchAnswer = ({ services }: OpContext, mode: string) => ({ sketch: services.tools.sketch.state(), mode });

/** A time argument (milliseconds, or an ISO string the kind check has accepted) as milliseconds. */
const ms = (t: number | string | null | undefined) => (t === null || t === undefined ? undefined : typeof t === 'number' ? t : Date.parse(t));

/** The clock after a plugin's command, told to every commit listener as the plugin's. */
function commit(context: OpContext, patch: TimelinePatch) {
  const { timeline } = context.services.tools;
  timeline.commit(patch, { source: 'pluginAPI', id: context.sandbox.label });
  return timeline.snapshot();
}

const PICK_OPTIONS = {
  zoom: 'number?',
  maxHeight: 'number?',
  minHeight: 'number?',
  color: 'cssColor?',
  outlineColor: 'cssColor?',
  dataOnly: 'boolean?',
  rightClickToExit: 'boolean?',
} as const;

/** `app.sketch`, `app.spatialId` and `app.timeline`'s host operations (SPEC §8). */
export const TOOL_OPS: HostOps = {
  'sketch.setTool': {
    args: [['type', 'sketchTool?']],
    run: (context, [type]) => {
      const { sandbox, host, services } = context;
      const tool = (type ?? undefined) as SketchType | undefined;
      if (tool) {
        host.setMode(sandbox, 'sketch');
        services.tools.sketch.setTool(tool);
        return sketchAnswer(context, 'sketch');
      }
      services.tools.sketch.setTool(undefined);
      if (host.mode() === 'sketch') host.setMode(sandbox, 'default');
      return sketchAnswer(context, host.mode());
    },
  },
  'sketch.overrideOptions': {
    args: [['options', ['object?', { color: 'cssColor?', dataOnly: 'boolean?', rightClickToAbort: 'boolean?' }]]],
    run: (context, [options]) => {
      context.services.tools.sketch.overrideOptions(options ?? {});
      return sketchAnswer(context, context.host.mode());
    },
  },
  'spatialId.pickSpace': {
    args: [['options', ['object?', PICK_OPTIONS]]],
    run: ({ sandbox, host, services }, [options]) => {
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
  },
  'spatialId.exitPickSpace': {
    args: [],
    run: ({ sandbox, host }) => {
      if (host.mode() === 'spatialId') host.setMode(sandbox, 'default');
      return host.mode();
    },
  },
  'timeline.use': {
    args: [],
    run: ({ sandbox, host, services }) => {
      host.tools.useTimeline(sandbox);
      return services.tools.timeline.snapshot();
    },
  },
  'timeline.play': { args: [], run: (context) => commit(context, { playing: true }) },
  'timeline.pause': { args: [], run: (context) => commit(context, { playing: false }) },
  'timeline.tick': {
    args: [],
    run: (context) => {
      const { timeline } = context.services.tools;
      timeline.step();
      return timeline.snapshot();
    },
  },
  'timeline.setTime': {
    args: [['time', { start: 'time?', stop: 'time?', current: 'time?' }]],
    run: (context, [time]) => {
      const now = context.services.tools.timeline.snapshot();
      const patch = { start: ms(time.start), stop: ms(time.stop), current: ms(time.current) };
      if ((patch.start ?? now.start) > (patch.stop ?? now.stop)) throw new TypeError('timeline.setTime: start must not be after stop');
      return commit(context, Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)));
    },
  },
  'timeline.setSpeed': { args: [['speed', 'number']], run: (context, [speed]) => commit(context, { speed }) },
  'timeline.setStepType': { args: [['stepType', 'stepType']], run: (context, [stepType]) => commit(context, { stepType }) },
  'timeline.setRangeType': { args: [['rangeType', 'rangeType']], run: (context, [rangeType]) => commit(context, { rangeType }) },
};
