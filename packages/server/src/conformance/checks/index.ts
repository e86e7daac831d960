import type { ConformanceCheck } from '../check.js';
import { corsExposeRunId, corsPreflightDelete, corsPreflightGet, corsPreflightPost } from './cors.js';
import { deleteEndsRun } from './delete-ends-run.js';
import { eventIds } from './event-ids.js';
import { framesValid } from './frames-valid.js';
import { postStartsRun } from './post-starts-run.js';
import { replayAfterId } from './replay-after-id.js';
import { replayFromStart } from './replay-from-start.js';
import { resumeAfterCut } from './resume-after-cut.js';
import { streamEnds } from './stream-ends.js';
import { unknownRunDelete, unknownRunGet } from './unknown-run.js';

/** Every check, in the order of `CHECK_NAMES`. */
export const CHECKS: readonly ConformanceCheck[] = [
  postStartsRun,
  streamEnds,
  eventIds,
  framesValid,
  replayFromStart,
  replayAfterId,
  resumeAfterCut,
  unknownRunGet,
  deleteEndsRun,
  unknownRunDelete,
  corsPreflightPost,
  corsPreflightGet,
  corsPreflightDelete,
  corsExposeRunId,
];
