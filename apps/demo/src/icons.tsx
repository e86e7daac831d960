/** The demo's menu icons (decorative: each menu's name is its button's accessible name). */
function Icon({ d }: { d: string }) {
  return (
    <svg
      viewBox="0 0 16 16"
      width="16"
      height="16"
      aria-hidden="true"
      className="demo-menu__icon"
      data-slot="icon"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}

export const ScenarioIcon = () => <Icon d="M3 3.5h10M3 8h10M3 12.5h6M11.5 11l2 1.5-2 1.5z" />;
export const FaultIcon = () => <Icon d="M9 1.5L3.5 9H8l-1 5.5L12.5 7H8z" />;
export const BackendIcon = () => <Icon d="M3 3h10v4H3zM3 9h10v4H3zM5.5 5h.01M5.5 11h.01" />;
export const DevtoolsIcon = () => <Icon d="M5.5 4.5L2 8l3.5 3.5M10.5 4.5L14 8l-3.5 3.5M9 3l-2 10" />;
