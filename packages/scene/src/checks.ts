/**
 * The checks a page needs without the schema (`@orbis/scene/checks`): layer types, CSS colours
 * and style expressions. Importing them from here keeps TypeBox and the scene's JSON Schema out of
 * the browser bundles that only check.
 */
export { LAYER_TYPES, type LayerType } from './layer-types.js';
export { checkStyleExpression, StyleExpressionError, styleExpressionError } from './style-expression.js';
export { CSS_COLOR_NAMES, isCssColor } from './css-color.js';
export { timelineProblem, type SceneProblem } from './scene-rules.js';
export { MAX_TIMELINE_SPEED } from './timeline-limits.js';
