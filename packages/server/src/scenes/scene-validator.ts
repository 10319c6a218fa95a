import { type Scene, SceneSchema, sceneProblem } from '@orbis/scene';
import { fail, jsonInput } from '../json-input.js';

const checkSchema = jsonInput<Scene>(SceneSchema);

/**
 * Checks a scene document against the one scene schema of @orbis/scene: every field's type and
 * range, no unknown field, style expressions and colours; then the rules across fields (one source
 * per layer, `data` that fits the type, unique ids). Throws an InputError naming the first bad
 * field's path, as `layers[0].appearance.polygon.fillColor.conditions[1][0]`.
 */
export function validateScene(value: unknown): Scene {
  const scene = checkSchema(value);
  const problem = sceneProblem(scene);
  if (problem) fail(problem.path, problem.message);
  return scene;
}
