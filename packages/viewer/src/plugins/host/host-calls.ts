import { checkArgs } from '../protocol/check-args.js';
import { HOST_OPS, type HostOpName, hostOp } from '../protocol/host-ops.js';
import { CAMERA_HANDLERS } from './ops/camera-ops.js';
import { FRAME_HANDLERS } from './ops/frame-ops.js';
import type { OpContext, OpHandlers } from './ops/host-op.js';
import { LAYERS_HANDLERS } from './ops/layers-ops.js';
import { STORAGE_HANDLERS } from './ops/storage-ops.js';
import { TOOL_HANDLERS } from './ops/tool-ops.js';
import { UI_HANDLERS } from './ops/ui-ops.js';
import { VIEWER_HANDLERS } from './ops/viewer-ops.js';

/** What each host operation (protocol/host-ops.ts) does on the page: one handler per declared operation. */
const HANDLERS: OpHandlers<typeof HOST_OPS> = {
  ...VIEWER_HANDLERS,
  ...UI_HANDLERS,
  ...CAMERA_HANDLERS,
  ...LAYERS_HANDLERS,
  ...TOOL_HANDLERS,
  ...FRAME_HANDLERS,
  ...STORAGE_HANDLERS,
};

/** Runs an operation whose arguments have been checked against its declaration (the one untyped step: a name that came from the sandbox). */
export const runOp = (name: HostOpName, context: OpContext, args: unknown[]): unknown =>
  (HANDLERS[name] as (context: OpContext, args: unknown[]) => unknown)(context, args);

/** The operations whose answers are pushed to worker sandboxes (transport `state`). */
export const MIRRORED_OPS = (Object.keys(HOST_OPS) as HostOpName[]).filter((name) => HOST_OPS[name].transport === 'state');

/**
 * One call from a sandbox: a console line is written, an async operation is started (its answer
 * goes back through `sandbox.resolve`), and any other operation is looked up, its arguments
 * checked, then run by `runSync` (which gets the checked name), answering its value.
 */
export function answerCall(context: OpContext, op: string, args: unknown[], runSync: (name: HostOpName) => unknown): unknown {
  const { sandbox, services } = context;
  if (op === 'console') {
    // docs/contract.md §5's prefix, `pluginId/extensionId`, for blocks too.
    services.log(`${sandbox.pluginId}/${sandbox.extensionId}`, String(args[0]), String(args[1]));
    return undefined;
  }
  if (op === 'async') {
    const [id, name, params] = args as [number, string, unknown[]];
    const decl = hostOp(String(name));
    if (decl?.transport !== 'async' || !Array.isArray(params)) throw new TypeError(`unknown async operation "${String(name)}"`);
    checkArgs(name, decl.args, params);
    (runOp(name as HostOpName, context, params) as Promise<unknown>).then(
      (value) => sandbox.resolve(id, true, value),
      (err: unknown) => sandbox.resolve(id, false, String((err as Error)?.message ?? err)),
    );
    return undefined;
  }
  const decl = hostOp(op);
  if (!decl || decl.transport === 'async') throw new TypeError(`unknown host operation "${op}"`);
  checkArgs(op, decl.args, args);
  return runSync(op as HostOpName);
}
