import { reduceStreamContender } from './core.js';

/**
 * (e) toolstream `reduceStream` with a tap attached: (d) plus a listener that is handed every
 * record (chunks, frames with their events, actions) and keeps nothing — the cost of the tap
 * itself, beside (d) where none is attached. Checked as (d).
 */
export const coreTapContender = reduceStreamContender('core+tap', '(e) reduceStream, tap attached', () => {
  let records = 0;
  return {
    tap: (record) => {
      records += record.type === 'frame' ? record.events.length : 1;
    },
  };
});
