import { FAULTS, type FaultSelection } from './faults.js';
import { FaultIcon } from './icons.js';
import { PopoverMenu } from './popover-menu.js';
import { ChevronDown } from './scenario-menu.js';

/** Faults the mock injects into the next request (or every request): HTTP errors, drops, a wrong answer. */
export function FaultMenu({
  value,
  onChange,
}: {
  value: FaultSelection;
  onChange: (next: FaultSelection) => void;
}) {
  const count = value.on.length;
  const toggle = (id: string, on: boolean) =>
    onChange({ ...value, on: on ? [...value.on, id] : value.on.filter((other) => other !== id) });
  return (
    <PopoverMenu
      slot="demo-faults"
      label={count === 0 ? 'Faults: none' : `Faults: ${count} on`}
      className={count > 0 ? 'demo-menu__trigger--armed' : undefined}
      trigger={
        <>
          <FaultIcon />
          <span className="demo-menu__eyebrow">Faults</span>
          <span className="demo-menu__value">{count === 0 ? 'None' : `${count} on`}</span>
          <ChevronDown />
        </>
      }
    >
      {() => (
        <form className="demo-menu__form" onSubmit={(event) => event.preventDefault()}>
          <fieldset className="demo-menu__group">
            <legend>Inject into the request</legend>
            {FAULTS.map((fault) => (
              <label key={fault.id} className="demo-menu__option">
                <input
                  type="checkbox"
                  name={fault.id}
                  checked={value.on.includes(fault.id)}
                  onChange={(event) => toggle(fault.id, event.target.checked)}
                />
                <span className="demo-menu__option-text">
                  <span className="demo-menu__option-title">{fault.label}</span>
                  <span className="demo-menu__option-hint">{fault.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <fieldset className="demo-menu__group demo-menu__group--inline">
            <legend>For</legend>
            <label className="demo-menu__choice">
              <input
                type="radio"
                name="times"
                checked={value.once}
                onChange={() => onChange({ ...value, once: true })}
              />
              the next request
            </label>
            <label className="demo-menu__choice">
              <input
                type="radio"
                name="times"
                checked={!value.once}
                onChange={() => onChange({ ...value, once: false })}
              />
              every request
            </label>
          </fieldset>
        </form>
      )}
    </PopoverMenu>
  );
}
