export type FeatureIconName =
  | "code"
  | "bolt"
  | "shield"
  | "card"
  | "book"
  | "chat"
  | "inbox"
  | "user"
  | "cpu"
  | "handshake";

const paths: Record<FeatureIconName, string> = {
  code: "m8 8-4 4 4 4m8-8 4 4-4 4m-2-12-4 16",
  bolt: "M13 2 4 14h7l-1 8 9-12h-7l1-8Z",
  shield: "M12 3 4 6v6c0 4.4 3.4 8.3 8 9 4.6-.7 8-4.6 8-9V6l-8-3Zm-3 9 2 2 4-4",
  card: "M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7Zm0 3h18M7 15h4",
  book: "M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2V5Zm0 16a2 2 0 0 1 2-2h13M9 7h6",
  chat: "M4 6a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-7l-5 4v-4H6a2 2 0 0 1-2-2V6Zm5 5h.01M12 11h.01M15 11h.01",
  inbox: "M4 13h4l2 3h4l2-3h4M5.5 5h13L21 13v5a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-5l2.5-8Z",
  user: "M16 19v-1a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v1m13-8 2 2 4-4M10 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z",
  cpu: "M9 3v2m6-2v2M9 19v2m6-2v2M3 9h2m-2 6h2m14-6h2m-2 6h2M7 5h10a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Zm2 4h6v6H9V9Z",
  handshake: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-3-7s1 2 3 2 3-2 3-2M9 9h.01M15 9h.01",
};

export function FeatureIcon({ name }: { name: FeatureIconName }) {
  return (
    <span className="feature-icon-tile" aria-hidden="true">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="22"
        height="22"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={paths[name]} />
      </svg>
    </span>
  );
}
