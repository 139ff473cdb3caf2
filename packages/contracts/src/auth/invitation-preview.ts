/** What the auth service's `GET /invitation-preview?id=` answers for a pending invitation. */
export interface PendingInvitationPreview {
  status: "pending";
  email: string;
  workspaceName: string;
  /** Set when the workspace is a personal one still called "<owner>'s workspace". */
  personalOwner?: string;
  /** The inviter owns that personal workspace ("invited you to their workspace"). */
  inviterIsOwner: boolean;
  inviterName: string;
  role: string | null;
  expiresAt: string;
}

/** …and for one that can no longer be accepted. */
export interface SettledInvitationPreview {
  status: "expired" | "canceled" | "accepted" | "rejected";
}

export type InvitationPreview = PendingInvitationPreview | SettledInvitationPreview;
