import { ScenarioIcon } from './icons.js';
import { humanizeScenario, scenarioGroups } from './mock-backend.js';
import { PopoverMenu } from './popover-menu.js';

/** The scenario the mock plays for the next message: a menu that shows each one's description. */
export function ScenarioMenu({ value, onChange }: { value: string; onChange: (name: string) => void }) {
  return (
    <PopoverMenu
      slot="demo-scenario"
      label={`Scenario: ${humanizeScenario(value)}`}
      trigger={
        <>
          <ScenarioIcon />
          <span className="demo-menu__eyebrow">Scenario</span>
          <span className="demo-menu__value">{humanizeScenario(value)}</span>
          <ChevronDown />
        </>
      }
    >
      {(close) => (
        <form
          className="demo-menu__form demo-menu__form--scenarios"
          onSubmit={(event) => {
            event.preventDefault();
            close();
          }}
        >
          {scenarioGroups.map((group) => (
            <fieldset key={group.title} className="demo-menu__group">
              <legend>{group.title}</legend>
              {group.scenarios.map((scenario) => (
                <label key={scenario.name} className="demo-menu__option">
                  <input
                    type="radio"
                    name="scenario"
                    value={scenario.name}
                    checked={scenario.name === value}
                    onChange={() => onChange(scenario.name)}
                    onClick={(event) => {
                      // A pointer choice closes the menu; arrow keys only move the choice.
                      if (event.detail > 0) close();
                    }}
                  />
                  <span className="demo-menu__option-text">
                    <span className="demo-menu__option-title">{humanizeScenario(scenario.name)}</span>
                    <span className="demo-menu__option-hint">{scenario.description}</span>
                  </span>
                </label>
              ))}
            </fieldset>
          ))}
        </form>
      )}
    </PopoverMenu>
  );
}

export function ChevronDown() {
  return (
    <svg
      viewBox="0 0 16 16"
      width="14"
      height="14"
      aria-hidden="true"
      className="demo-menu__chevron"
      data-slot="icon"
    >
      <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}
