import { type IconProps, Svg } from "./Svg";

/** Icons that more than one feature draws (a feature's own stay in its `components/icons.tsx`). */

export const DownloadIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 3v12m0 0-4.5-4.5M12 15l4.5-4.5M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
  </Svg>
);
