/** Workspaces: the Team page (members, invitations, roles, activity), the switcher and invitations. */
const team = {
  roles: {
    owner: "Owner",
    admin: "Admin",
    agent: "Agent",
  },
  roleHelp: {
    owner: "Everything, including billing and members.",
    admin: "Bots, knowledge, inbox, analytics and members; no billing.",
    agent: "The inbox and conversations; bot settings read-only.",
  },
  page: {
    title: "Team",
    lead: "Who works in this workspace, and what each person may do. You are an <b>{{role}}</b> here.",
    seePlans: "See plans",
  },
  /** The workspace's own settings (owners) and creating another workspace (anyone). */
  workspace: {
    title: "Workspace name",
    description: "What members see in the workspace switcher, and what invitation e-mails call it.",
    name: "Workspace name",
    save: "Save name",
    saved: "Saved. The workspace is now called <b>{{name}}</b>.",
    unchanged: "That is already the workspace's name.",
    createTitle: "Create a workspace",
    createDescription:
      "A separate workspace with its own bots, inbox, members and plan (it starts on Free). You are its owner, and you can switch back at any time.",
    createName: "Name of the new workspace",
    createPlaceholder: "For example: Acme Support",
    create: "Create and switch to it",
  },
  invite: {
    title: "Invite someone",
    description:
      "They get an e-mail with a link that works whether or not they have an account yet. Each member and each pending invitation uses a seat of your plan.",
    email: "E-mail address",
    role: "Role",
    roleOption: "{{role}} — {{help}}",
    invalidEmail: "Enter a valid email address, like name@company.com.",
    sent: "Invitation sent to <email>{{email}}</email>. It is valid for 7 days.",
    send: "Send invitation",
  },
  members: {
    title: "Members",
    description:
      "Owners: everything, billing included. Admins: bots, knowledge, inbox, analytics and members. Agents: the inbox and conversations. Removing someone takes their access away at once.",
    loading: "Loading members…",
    roleOf: "Role of <email>{{email}}</email>",
    /** Confirming a removal, in the app's dialog. */
    removeDialog: {
      title: "Remove {{name}} from this workspace?",
      body: "<email>{{email}}</email> loses access to its bots, inbox and settings at once. You can invite them again later.",
      confirm: "Remove member",
      busy: "Removing…",
    },
    remove: "Remove",
    you: " (you)",
  },
  pending: {
    title: "Pending invitations",
    description: "Each one holds a seat until it is accepted, revoked or expires.",
    expires: "{{role}} · expires {{date}}",
    resent: "Invitation sent again to <email>{{email}}</email>.",
    revoked: "Invitation for <email>{{email}}</email> revoked.",
    resend: "Resend",
    revoke: "Revoke",
  },
  leave: {
    title: "Leave {{name}}",
    thisWorkspace: "this workspace",
    description: "You lose access at once. The last owner cannot leave: make someone else an owner first.",
    confirm: "Leave {{name}}?",
    dialogBody:
      "You lose access to its bots, inbox and settings at once. To come back, someone has to invite you again.",
    button: "Leave workspace",
    leaving: "Leaving…",
  },
  audit: {
    title: "Activity",
    description:
      "Who invited, removed or changed the role of whom, changed a bot, deleted data or changed the plan.",
    loading: "Loading activity…",
    failed: "We couldn't load the activity. Reload the page to try again.",
    empty: "Nothing has happened here yet.",
    system: "Parley (automatic change)",
    /** Parley's own staff changed something (the operator's console), e.g. granted a plan. */
    parleyTeam: "Parley's team",
    /** After such a change: the reason Parley's team gave. */
    staffReason: "(reason: {{reason}})",
    someone: "Someone",
    /** A change made through the public API: its actor is the workspace's API key, not a person. */
    apiKey: "An API key",
    quoted: "“{{name}}”",
    /** An old entry about a bot deleted since, recorded without its name. */
    deletedBot: "(deleted since)",
    /** Old entries about a deleted source or conversation, recorded with only its id (never shown). */
    deletedUnnamed: {
      knowledge_deleted: "deleted a knowledge source",
      conversation_deleted: "deleted a conversation",
    },
    role: " ({{role}})",
    /** After an API key's request: the HTTP status it got. */
    apiStatus: " (answered {{status}})",
    /** The checkbox that adds each use of an API key to the list. */
    showApiUse: "Show each use of an API key",
    planChangedFrom: "changed the plan from {{from}} to",
    actions: {
      member_invited: "invited",
      invitation_canceled: "revoked the invitation of",
      member_joined: "joined",
      member_removed: "removed",
      member_left: "left",
      member_role_changed: "changed the role of",
      workspace_created: "created the workspace",
      workspace_renamed: "renamed the workspace to",
      bot_created: "created the chatbot",
      bot_updated: "changed the settings of chatbot",
      bot_deleted: "deleted the chatbot",
      knowledge_deleted: "deleted the knowledge source",
      conversation_deleted: "deleted the conversation",
      plan_changed: "changed the plan to",
      plan_downgrade_scheduled: "scheduled a downgrade to",
      plan_downgrade_canceled: "cancelled the scheduled downgrade",
      api_key_created: "created the API key",
      api_key_revoked: "revoked the API key",
      /** A request made with an API key that changed nothing; the request follows ("GET /api/v1/leads"). */
      api_key_used: "called",
      webhook_created: "added the webhook endpoint",
      webhook_updated: "changed the webhook endpoint",
      webhook_deleted: "deleted the webhook endpoint",
      webhook_secret_rotated: "rotated the signing secret of the webhook endpoint",
      webhook_disabled: "turned off the failing webhook endpoint",
    },
  },
  switcher: {
    label: "Workspace",
    /** The menu button: the active workspace's name leads. */
    button: "{{name}}: switch workspace",
    /** A personal workspace (its stored name is English, "Ada's workspace"). */
    yourWorkspace: "Your workspace",
    /** Another person's personal workspace, under the name sign-up gave it, in the reader's language. */
    theirWorkspace: "{{name}}'s workspace",
  },
  /** The member was removed from the active workspace (or left it in another tab): one calm page. */
  removed: {
    title: "You are no longer a member of <ws>{{workspace}}</ws>",
    /** When the workspace's name is not known. */
    titleUnnamed: "You are no longer a member of this workspace",
    body: "Its bots, inbox and settings are closed to you now. Your own workspace is still yours, with everything in it.",
    switch: "Switch to your own workspace",
    switching: "Switching…",
  },
  invitation: {
    documentTitle: "Invitation",
    title: "Join a workspace",
    loading: "Loading the invitation…",
    signedInAs: "You are signed in as <email>{{email}}</email>.",
    toDashboard: "Go to the dashboard",
    aTeamMember: "A team member",
    theirWorkspace: "their workspace",
    body: "<inviter>{{inviter}}</inviter> invited <email>{{email}}</email> to <b>{{workspace}}</b> as {{role}}: {{help}}",
    accept: "Accept and join",
  },
  seats: {
    members_one: "{{count}} member",
    members_other: "{{count}} members",
    pending_one: "{{count}} pending invitation",
    pending_other: "{{count}} pending invitations",
    seats_one: "{{count}} seat",
    seats_other: "{{count}} seats",
    people: "{{members}} and {{pending}}",
    upgradeOwner: "upgrade your plan",
    upgradeAdmin: "ask an owner to upgrade the plan",
    chooseRemove: "Choose who stays: remove {{members}}, or {{upgrade}}.",
    chooseRemoveAndRevoke:
      "Choose who stays: remove {{members}} and revoke the pending invitations, or {{upgrade}}.",
    revoke: "Revoke {{pending}}, or {{upgrade}}.",
    over: "Your {{plan}} plan includes {{seats}} and the workspace has {{people}}. Nobody has been removed. {{choose}} Until then no new invitations can be sent.",
    downgrade:
      "{{plan}} includes {{seats}} and this workspace has {{people}}. Nobody is removed when the plan changes: after that, you choose on the Team page who stays, and no new invitations can be sent until the workspace fits its seats.",
  },
  errors: {
    /** When the auth service's own message has no translation yet (English readers see that message). */
    own: {
      SEAT_LIMIT_REACHED:
        "Every seat of your plan is taken by a member or a pending invitation. Upgrade your plan on the Billing page, or revoke a pending invitation, to invite someone new.",
      SEATS_UNAVAILABLE: "We could not check your plan's seats just now. Please try again in a moment.",
      PERSONAL_WORKSPACE_OWNER:
        "The owner of a personal workspace always stays its owner. It is deleted with their account.",
      ROLE_NOT_FOUND: "Choose one role: owner, admin or agent.",
      TRANSFER_OWNERSHIP_FIRST:
        "You are the only owner of a workspace that has other members. Make another member an owner (or remove the members) first.",
      WORKSPACE_NAME_INVALID: "Give the workspace a name of at most 80 characters, on one line.",
      WORKSPACE_SLUG_INVALID: "We could not make an address for this workspace. Please try again.",
      WORKSPACE_FIELD_NOT_ALLOWED: "A workspace has a name only here: its logo and metadata cannot be set.",
    },
    USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: "That person is already a member of this workspace.",
    USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION:
      "That address already has a pending invitation. Use Resend in the list below to send it again.",
    YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION:
      "This invitation was sent to another e-mail address. Sign in with that address to accept it.",
    INVITATION_NOT_FOUND:
      "This invitation has expired, was revoked, or has already been used. Ask for a new one.",
    YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER:
      "A workspace always keeps at least one owner, and only an owner can remove another owner.",
    YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER:
      "A workspace always keeps at least one owner. Make someone else an owner first.",
    YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION: "Only owners and admins can invite people.",
    YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE: "Only an owner can invite another owner.",
    YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER:
      "Only an owner can change an owner's role or make someone an owner.",
    YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER: "Only owners and admins can remove members.",
    ORGANIZATION_MEMBERSHIP_LIMIT_REACHED:
      "This workspace has no free seat left on its plan. An owner can upgrade the plan on the Billing page.",
    YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION: "You are not a member of this workspace.",
  },
} as const;

export default team;
