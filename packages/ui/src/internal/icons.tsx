import type { SVGProps } from 'react';

/**
 * The kit's few icons, drawn inline (no icon font or sprite to load) with `currentColor`, so
 * they follow the text colour and the theme. Decorative: the text beside them carries the
 * meaning, so each is `aria-hidden`.
 */
function Icon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 16 16"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-slot="icon"
      {...props}
    >
      {children}
    </svg>
  );
}

export const CheckIcon = () => (
  <Icon>
    <path d="M3.5 8.5l3 3 6-7" />
  </Icon>
);

export const CrossIcon = () => (
  <Icon>
    <path d="M4.5 4.5l7 7M11.5 4.5l-7 7" />
  </Icon>
);

export const StopIcon = () => (
  <Icon>
    <rect x="4.5" y="4.5" width="7" height="7" rx="1" fill="currentColor" stroke="none" />
  </Icon>
);

export const AlertIcon = () => (
  <Icon>
    <path d="M8 2.5l6 11H2z" />
    <path d="M8 6.5v3M8 11.6v.1" />
  </Icon>
);

export const ChevronIcon = () => (
  <Icon data-chevron="">
    <path d="M6 4l4 4-4 4" />
  </Icon>
);

export const CopyIcon = () => (
  <Icon>
    <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
    <path d="M10.5 5.5v-2a1 1 0 0 0-1-1h-6a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h2" />
  </Icon>
);

export const RetryIcon = () => (
  <Icon>
    <path d="M13 8a5 5 0 1 1-1.6-3.7" />
    <path d="M13 2.5v3h-3" />
  </Icon>
);

export const PencilIcon = () => (
  <Icon>
    <path d="M10.5 3l2.5 2.5L6 12.5H3.5V10z" />
  </Icon>
);

export const SendIcon = () => (
  <Icon>
    <path d="M8 13V3M3.5 7.5L8 3l4.5 4.5" />
  </Icon>
);

export const TimelineIcon = () => (
  <Icon>
    <path d="M3 4h6M5 8h7M4 12h5" />
  </Icon>
);

export const PrevIcon = () => (
  <Icon>
    <path d="M10 4L6 8l4 4" />
  </Icon>
);

export const NextIcon = () => (
  <Icon>
    <path d="M6 4l4 4-4 4" />
  </Icon>
);
