/** A spinning ring; with a label it is also announced as a status message. */
export function Spinner({ label }: { label?: string }) {
  if (!label) {
    return (
      <span className="spinner" aria-hidden="true">
        <span className="spinner-ring" />
      </span>
    );
  }
  return (
    <span className="spinner" role="status">
      <span className="spinner-ring" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
