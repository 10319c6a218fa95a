/**
 * How fast a scene's clock may play, as a multiple of real time either way: the schema's bound
 * (`SceneTimelineSchema`) and the editor's check (`timelineProblem`) both read it.
 */
export const MAX_TIMELINE_SPEED = 1_000_000;
