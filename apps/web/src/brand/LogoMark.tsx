/**
 * The product mark: an anchor on a blue tile. The festive variant (24 Dec for 20 days)
 * adds a Santa hat and snow; both share one 40x40 box so the header does not shift.
 */
export const LogoMark = ({ festive = false, size = 36 }: { festive?: boolean; size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 40 40" role="img" aria-hidden="true" focusable="false">
    <defs>
      <linearGradient id="logo-tile" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stopColor="#2a71e6" />
        <stop offset="1" stopColor="#0042a2" />
      </linearGradient>
    </defs>
    <rect x="3" y="5" width="33" height="33" rx="9" fill="url(#logo-tile)" />
    <g fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
      <circle cx="19.5" cy="13.5" r="2.6" />
      <path d="M19.5 16.1V32" />
      <path d="M14.5 20h10" />
      <path d="M10.5 25.5c1.2 4.2 4.9 6.5 9 6.5s7.8-2.3 9-6.5" />
      <path d="M8.6 27.4l1.9-1.9 1.9 2" />
      <path d="M26.6 27.5l1.9-2 1.9 1.9" />
    </g>
    {festive ? (
      <g>
        <path d="M21 7.2c3-5.6 10.4-6.8 14.6-2.4l-1.4 7.4z" fill="#e03131" />
        <rect
          x="19.6"
          y="5.9"
          width="16.6"
          height="4.4"
          rx="2.2"
          transform="rotate(14 27.9 8.1)"
          fill="#fff"
        />
        <circle cx="35.8" cy="3.6" r="2.4" fill="#fff" stroke="#e9ecef" strokeWidth="0.6" />
        <circle cx="8" cy="11" r="1" fill="#fff" opacity="0.9" />
        <circle cx="12.5" cy="33.5" r="0.9" fill="#fff" opacity="0.8" />
        <circle cx="31" cy="33" r="1.1" fill="#fff" opacity="0.85" />
      </g>
    ) : null}
  </svg>
);
