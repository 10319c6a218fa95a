import {
  Axis,
  Cartesian2,
  Cartesian3,
  CustomShader,
  CustomShaderTranslucencyMode,
  LightingModel,
  Matrix4,
  Model,
  type PrimitiveCollection,
  type Scene,
  SceneTransforms,
  UniformType,
  VaryingType,
} from 'cesium';
import { showsAt } from '../../vector/feature-times.js';
import type { FeatureBatch } from '../../vector/vector-protocol.js';
import { splitTime, timedPointsGlb } from './timed-points-gltf.js';
import { VectorPick } from './vector-primitives.js';
import type { DrawnTogether } from './drawn-batches.js';
import { nearRay } from './near-ray.js';

/** While a model is built, a frame is asked for this long after each drawn. */
const LOADING_FRAME_MS = 100;
/** A pick within this many px of a dot's edge still finds it. */
const PICK_SLOP_PX = 2;

/**
 * The dot as CesiumJS's point primitives draw it (their size, an outline each side, 3 px for its
 * soft edge), hidden when the clock's time (`u_time`, split as splitTime) is outside its
 * feature's interval: start ≤ time < end, as showsAt. A hidden point is moved behind the camera.
 */
const VERTEX = `
void vertexMain(VertexInput vsInput, inout czm_modelVertexOutput vsOutput) {
  vec2 from = vsInput.attributes.time_start;
  vec2 until = vsInput.attributes.time_end;
  float sinceStart = (u_time.x - from.x) + (u_time.y - from.y);
  float untilEnd = (until.x - u_time.x) + (until.y - u_time.y);
  v_shown = sinceStart >= 0.0 && untilEnd > 0.0 ? 1.0 : 0.0;
  float size = vsInput.attributes.size.x;
  float outline = vsInput.attributes.size.y;
  v_totalSize = (size + 2.0 * outline) * czm_pixelRatio + 3.0;
  v_inner = 1.0 - (2.0 * outline) / max(size + 2.0 * outline, 1.0e-6);
  vsOutput.pointSize = v_totalSize;
  if (v_shown < 0.5) {
    vsOutput.positionMC = (czm_inverseModelView * vec4(0.0, 0.0, 1.0e3, 1.0)).xyz;
    vsOutput.pointSize = 1.0;
  }
}`;

/**
 * Its colours are sRGB bytes, as a point primitive's: made linear here, since CesiumJS's model
 * lighting stage turns the material's colour back to sRGB. The rim is cut at half (opaque dots).
 */
const FRAGMENT = `
void fragmentMain(FragmentInput fsInput, inout czm_modelMaterial material) {
  if (v_shown < 0.5) discard;
  float distanceToCenter = length(gl_PointCoord - vec2(0.5));
  float maxDistance = max(0.0, 0.5 - 2.0 / v_totalSize);
  float wholeAlpha = 1.0 - smoothstep(maxDistance, 0.5, distanceToCenter);
  if (wholeAlpha < 0.5) discard;
  float innerAlpha = 1.0 - smoothstep(maxDistance * v_inner, 0.5 * v_inner, distanceToCenter);
  vec4 color = mix(fsInput.attributes.outline_color, fsInput.attributes.color_0, innerAlpha);
  material.diffuse = czm_srgbToLinear(color.rgb);
  material.alpha = 1.0;
}`;

/** What a model of points drawn together names when picked: its points are found by where the pick was (TimedPoints.featureAt). */
export class TimedPointsPick extends VectorPick {
  constructor(
    owner: object,
    private readonly batches: readonly TimedBatch[],
    private readonly layer: TimedPoints,
  ) {
    super(owner, -1);
  }

  /** The feature whose dot is nearest to a window position (CSS px), among those the clock shows. */
  featureAt(x: number, y: number): number | undefined {
    return this.layer.featureAt(this.batches, x, y);
  }
}

interface TimedBatch extends DrawnTogether {
  ready: boolean;
  batch: FeatureBatch;
}

/**
 * A time-dynamic layer's points drawn on the GPU (docs/viewer.md, "Time on the GPU"): its batches
 * of plain dots (drawsTogether) are drawn, once every batch is added, as ONE CesiumJS Model of one
 * POINTS primitive, and a CustomShader hides the points out of time. A tick sets one uniform: no
 * point is touched, and the page holds no JavaScript object per point (CesiumJS's point
 * primitives hold about 29 each, whose collection at 100,000 points was the slowest ticks'
 * garbage collection, docs/viewer.md). One model, not one a batch: each costs every frame (10
 * doubled the median tick), and each is built over frames that software WebGL draws slowly.
 */
export class TimedPoints {
  private readonly shader = new CustomShader({
    lightingModel: LightingModel.UNLIT,
    // Opaque, with depth: translucent dots would blend every dot under them.
    translucencyMode: CustomShaderTranslucencyMode.OPAQUE,
    // Set by every frame's clock (setTime) before the model is drawn.
    uniforms: { u_time: { type: UniformType.VEC2, value: new Cartesian2() } },
    varyings: { v_shown: VaryingType.FLOAT, v_totalSize: VaryingType.FLOAT, v_inner: VaryingType.FLOAT },
    vertexShaderText: VERTEX,
    fragmentShaderText: FRAGMENT,
  });
  private readonly batches: TimedBatch[] = [];
  /** The batches' model, once built. */
  private model: Model | undefined;
  /** The model drawn before a restyle, kept on the globe until the new one is drawn (or none is). */
  private previous: Model | undefined;
  /** Whether the batches' model is being built (complete). */
  private drawing = false;
  /** The clock's time (ms since 1970); NaN until first read: every point shows. */
  private now = Number.NaN;
  private readonly split = new Float32Array(2);

  constructor(
    private readonly scene: Scene,
    private readonly into: PrimitiveCollection,
    /** The layer's earliest start (ms): times are seconds from it on the GPU. */
    private readonly origin: number,
    /** What a pick names as its owner (VectorPick). */
    private readonly owner: object,
  ) {}

  /** Sets the time the points show at; answers whether it moved while any batch is drawn (a frame is then wanted). */
  setTime(now: number): boolean {
    if (Object.is(now, this.now)) return false;
    this.now = now;
    splitTime(now, this.origin, this.split, 0);
    this.shader.setUniform('u_time', new Cartesian2(this.split[0], this.split[1]));
    return this.batches.length > 0;
  }

  /** Takes a batch's points (FeatureBatch.times set, drawsTogether), drawn with the others once every batch is added (`complete`). */
  add(batch: FeatureBatch): DrawnTogether {
    const times = batch.times!;
    const points = batch.points;
    const shows = (at: number) => {
      const f = points.feature[at]! - batch.start;
      return points.show[at] === 1 && (Number.isNaN(this.now) || showsAt(times[f * 2]!, times[f * 2 + 1]!, this.now));
    };
    const entry: TimedBatch = { batch, ready: false, shows };
    this.batches.push(entry);
    return entry;
  }

  /**
   * Every batch of the load or restyle is added: their points are drawn as one model, built
   * asynchronously (`ready` once it is drawn, or failed: then nothing is drawn of them, and the
   * layer does not wait).
   */
  complete(built: () => void): void {
    if (this.batches.length === 0) this.dropPrevious();
    if (this.batches.length === 0 || this.drawing || this.model) return;
    const batches = [...this.batches];
    this.drawing = true;
    this.draw(batches)
      .then((model) => {
        if (this.current(batches)) this.model = model;
      })
      .catch((err: unknown) => console.error(`[orbis] a time-dynamic layer's points could not be drawn: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => {
        if (!this.current(batches)) return;
        this.dropPrevious();
        this.drawing = false;
        for (const b of batches) b.ready = true;
        built();
      });
  }

  /** Whether these batches are still the layer's (no restyle or clear since). */
  private current(batches: readonly TimedBatch[]): boolean {
    return this.batches.includes(batches[0]!) && !this.into.isDestroyed();
  }

  /**
   * The batches' points as one model, in the layer's collection, once it is built;
   * undefined when none of their points shows or the batches are no longer the layer's.
   */
  private async draw(batches: TimedBatch[]): Promise<Model | undefined> {
    const glb = await timedPointsGlb(
      batches.map(({ batch }) => ({ points: batch.points, times: batch.times!, start: batch.start })),
      this.origin,
    );
    if (!glb || !this.current(batches)) return undefined;
    // CesiumJS reads a model from a URL: the GLB's own, released once it is read.
    const url = URL.createObjectURL(new Blob([glb.glb as Uint8Array<ArrayBuffer>], { type: 'model/gltf-binary' }));
    const model = await Model.fromGltfAsync({
      url,
      upAxis: Axis.Z,
      forwardAxis: Axis.X,
      modelMatrix: Matrix4.fromTranslation(new Cartesian3(...glb.centre)),
      customShader: this.shader,
      // Its buffers made in the next frame drawn, not spread over several: each frame costs much
      // with software WebGL, and a model of points has nothing else to load.
      asynchronous: false,
      // Unlit dots take no light from their surroundings. Left on, CesiumJS renders the sky around
      // the model again (a cube map, its mipmaps and a read back to the CPU) whenever the clock
      // moves an hour: at every tick of a layer played fast (docs/viewer.md, "Time on the GPU").
      environmentMapOptions: { enabled: false },
      id: new TimedPointsPick(this.owner, batches, this),
    }).finally(() => URL.revokeObjectURL(url));
    if (!this.current(batches)) {
      model.destroy();
      return undefined;
    }
    this.into.add(model);
    await new Promise<void>((resolve, reject) => {
      let ready = false;
      model.readyEvent.addEventListener(() => {
        ready = true;
        resolve();
      });
      model.errorEvent.addEventListener((err: Error) => {
        ready = true;
        this.into.remove(model);
        reject(err);
      });
      // A model is built over the frames drawn after it is added (CesiumJS asks for none itself):
      // frames are asked for until it is, a few a second (each costs SwiftShader much).
      const off = this.scene.postRender.addEventListener(() => {
        if (ready || !this.current(batches)) off();
        else setTimeout(() => this.scene.requestRender(), LOADING_FRAME_MS);
      });
      this.scene.requestRender();
    });
    if (!this.current(batches)) {
      this.into.remove(model);
      return undefined;
    }
    this.scene.requestRender();
    return model;
  }

  /** Whether every batch is drawn. */
  get ready(): boolean {
    return this.batches.every((b) => b.ready);
  }

  /** The feature (its layer index) whose dot shows nearest to a window position within the dot, among some batches'. */
  featureAt(batches: readonly TimedBatch[], x: number, y: number): number | undefined {
    const scratch = new Cartesian3();
    // A point on the far side of the globe is drawn nowhere, though it has a place in the window:
    // seen only where the camera is above its horizon (its position as its up, near enough).
    const camera = this.scene.camera.positionWC;
    const toCamera = new Cartesian3();
    // Only the points near the ray through (x, y) are projected (nearRay).
    const near = this.nearRay(batches, x, y);
    let best: number | undefined;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const entry of batches) {
      const p = entry.batch.points;
      for (let at = 0; at < p.feature.length; at++) {
        if (!entry.shows(at)) continue;
        Cartesian3.fromElements(p.positions[at * 3]!, p.positions[at * 3 + 1]!, p.positions[at * 3 + 2]!, scratch);
        if (near && !near(scratch)) continue;
        if (Cartesian3.dot(Cartesian3.subtract(camera, scratch, toCamera), scratch) <= 0) continue;
        const on = SceneTransforms.worldToWindowCoordinates(this.scene, scratch);
        if (!on) continue;
        const distance = Math.hypot(on.x - x, on.y - y);
        if (distance <= p.size[at]! / 2 + p.outlineWidth[at]! + PICK_SLOP_PX && distance < bestDistance) {
          best = p.feature[at];
          bestDistance = distance;
        }
      }
    }
    return best;
  }

  /** nearRay for these batches' widest dot. */
  private nearRay(batches: readonly TimedBatch[], x: number, y: number): ((point: Cartesian3) => boolean) | undefined {
    let widest = 0;
    for (const { batch } of batches) {
      const p = batch.points;
      for (let at = 0; at < p.size.length; at++) widest = Math.max(widest, p.size[at]! / 2 + p.outlineWidth[at]!);
    }
    return nearRay(this.scene.camera, this.scene.canvas.clientHeight, widest + PICK_SLOP_PX, x, y);
  }

  /** Whether a primitive of the layer's collection is a model of these points (kept by the layer's clear). */
  owns(primitive: object): boolean {
    return primitive === this.model || primitive === this.previous;
  }

  /**
   * Forgets the batches (a restyle draws them again). The model drawn stays on the globe, following
   * the clock, until the next one is drawn: building one takes a second or two of frames with
   * software WebGL, and the dots would be gone meanwhile (docs/viewer.md, "Time on the GPU").
   */
  clear(): void {
    if (this.model) {
      this.dropPrevious();
      this.previous = this.model;
    }
    this.model = undefined;
    this.batches.length = 0;
    this.drawing = false;
  }

  private dropPrevious(): void {
    if (this.previous && !this.into.isDestroyed()) this.into.remove(this.previous);
    this.previous = undefined;
    this.scene.requestRender();
  }
}
