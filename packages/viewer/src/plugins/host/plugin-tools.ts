import type { SketchEventProps, SketchOptions, SketchType, SpatialIdPickSpaceOptions, SpatialIdSpace } from '@orbis/plugin-api';
import type { Engine } from '../../engine/engine.js';
import type { EngineTimeline } from '../../engine/engine-timeline.js';
import type { InteractionController } from '../../interaction/interaction-controller.js';
import type { Sandbox as ExtensionSandbox } from '../sandbox/sandbox.js';
import type { InteractionModeType as InteractionMode } from '@orbis/plugin-api';
import type { SketchState } from '../runtime/state.js';

/** The page's sketch tool, Spatial ID picker and clock, as plugins use them (docs/contract.md §8). */
export interface ToolServices {
  sketch: {
    state(): SketchState;
    /** Picks a tool (the caller has set the interaction mode), or none. */
    setTool(tool: SketchType | undefined): void;
    overrideOptions(options: SketchOptions): void;
    onCreate(listener: (event: SketchEventProps) => void): () => void;
    /** The last drawn shape was edited. */
    onUpdate(listener: (event: SketchEventProps) => void): () => void;
    onToolChange(listener: (tool: SketchType | undefined) => void): () => void;
  };
  spatialId: {
    /** Picking's options (the caller has set the interaction mode to `spatialId`). */
    pickSpace(options: SpatialIdPickSpaceOptions): void;
    onPick(listener: (space: SpatialIdSpace) => void): () => void;
  };
  timeline: EngineTimeline;
  /** Calls `listener` when the page's interaction mode changes, whoever changed it. */
  onModeChange(listener: (mode: InteractionMode) => void): () => void;
}

/** The tools of a page: its interaction controller's sketch tool and picker, its engine's clock. */
export function toolServices(engine: Engine, interaction: InteractionController): ToolServices {
  return {
    sketch: {
      state: () => ({ tool: interaction.sketch.tool ?? null, options: interaction.sketch.options }),
      setTool: (tool) => interaction.setSketchTool(tool),
      overrideOptions: (options) => interaction.overrideSketchOptions(options),
      onCreate: (listener) => interaction.onSketch(listener),
      onUpdate: (listener) => interaction.onSketchUpdate(listener),
      onToolChange: (listener) => interaction.onSketchTool(listener),
    },
    spatialId: { pickSpace: (options) => interaction.setPickOptions(options), onPick: (listener) => interaction.onSpacePick(listener) },
    timeline: engine.timeline,
    onModeChange: (listener) => interaction.onModeChange(listener),
  };
}

/**
 * Connects the page's tools to the running extensions: pushes the sketch state to every one when
 * it changes, the clock to those that use `app.timeline` (on each commit and, while playing, once
 * per frame), and fans out `create`, `toolChange`, `spacePick`, `tick` and `commit` to listeners.
 * State for an extension that is calling the host right now waits for the next task: entering a
 * sandbox inside its own call is never done (its call answers the new state itself).
 */
export class PluginTools {
  private readonly timelineUsers = new Set<ExtensionSandbox>();
  private readonly stops: (() => void)[] = [];

  constructor(
    readonly services: ToolServices,
    private readonly sandboxes: () => readonly ExtensionSandbox[],
    private readonly emit: (event: string, payload: unknown) => void,
    private readonly calling: () => ExtensionSandbox | undefined,
    /** The page's mode changed (the host keeps it and pushes it). */
    modeChanged: (mode: InteractionMode) => void,
  ) {
    const { sketch, spatialId, timeline } = services;
    this.stops.push(
      services.onModeChange(modeChanged),
      sketch.onCreate((event) => this.emit('sketch.create', event)),
      sketch.onUpdate((event) => this.emit('sketch.update', event)),
      sketch.onToolChange((tool) => {
        this.push(this.sandboxes(), 'sketch', sketch.state());
        // An argument list: "no tool" crosses as null and reaches the listener as undefined.
        this.emit('sketch.toolChange', [tool ?? null]);
      }),
      spatialId.onPick((space) => this.emit('spatialId.spacePick', space)),
      timeline.onCommit((committer) => {
        this.pushClock();
        this.emit('timeline.commit', committer);
      }),
      timeline.onTick((current) => {
        if (this.timelineUsers.size === 0) return;
        this.pushClock();
        this.emit('timeline.tick', current);
      }),
    );
  }

  /** An extension uses `app.timeline`: from now on its clock is kept current, and the page shows its timeline bar. */
  useTimeline(sandbox: ExtensionSandbox): void {
    this.timelineUsers.add(sandbox);
    this.services.timeline.want();
  }

  stop(): void {
    for (const stop of this.stops.splice(0)) stop();
    this.timelineUsers.clear();
  }

  private pushClock(): void {
    for (const s of this.timelineUsers) if (s.status !== 'running') this.timelineUsers.delete(s);
    if (this.timelineUsers.size > 0) this.push([...this.timelineUsers], 'timeline', this.services.timeline.snapshot());
  }

  /** Pushes state to every extension. */
  pushAll(kind: string, value: unknown): void {
    this.push(this.sandboxes(), kind, value);
  }

  private push(targets: readonly ExtensionSandbox[], kind: string, value: unknown): void {
    const calling = this.calling();
    for (const sandbox of targets) {
      if (sandbox === calling) setTimeout(() => sandbox.update(kind, value), 0);
      else sandbox.update(kind, value);
    }
  }
}
