/**
 * A spinning ring. Without a label it is decoration (inside a busy button); with one it is also
 * announced as a status message. The markup serves both apps' stylesheets: the web app draws the
 * ring on `.spinner`, the sign-in app on `.spinner-ring`.
 */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  const classes = className ? `spinner ${className}` : "spinner";
  if (!label) {
    return (
      <span className={classes} aria-hidden="true">
        <span className="spinner-ring" />
      </span>
    );
  }
  return (
    <span className={classes} role="status">
      <span className="spinner-ring" aria-hidden="true" />
      <span className="visually-hidden sr-only">{label}</span>
    </span>
  );
}
