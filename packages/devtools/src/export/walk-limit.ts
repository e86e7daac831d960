/**
 * How deep a redaction path's `**` searches a frame's JSON. Deeper than that (only hostile frames
 * nest so: the core keeps 64 levels at most) the search stops and hides what it could not search.
 */
export const MAX_DEPTH_TO_WALK = 80;
