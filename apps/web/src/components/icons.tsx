import { type IconProps, Svg } from "./Svg";

/** Icons that more than one feature draws (a feature's own stay in its `components/icons.tsx`). */

export const DownloadIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 3v12m0 0-4.5-4.5M12 15l4.5-4.5M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
  </Svg>
);

/** A filled tick (a plan's features, what an upgrade brings); `className` styles it. */
export const FilledCheckIcon = ({ className, size }: { className: string; size: number }) => (
  <svg className={className} viewBox="0 0 20 20" width={size} height={size} aria-hidden="true">
    <path
      d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
      fill="currentColor"
    />
  </svg>
);
