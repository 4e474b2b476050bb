// Reports and moderation: the words both the browser and the server use (no Zod here, decision 020).

/** Why a listing is reported, in the form's order. */
export const REPORT_REASON_VALUES = [
  "scam",
  "wrong-information",
  "offensive",
  "unavailable",
  "other",
] as const;

export type ReportReasonValue = (typeof REPORT_REASON_VALUES)[number];

const REASON_LABELS: Record<ReportReasonValue, string> = {
  scam: "Scam",
  "wrong-information": "Wrong information",
  offensive: "Offensive",
  unavailable: "Already let or sold",
  other: "Other",
};

/** The form's choices: each reason with its words. */
export const REPORT_REASONS = REPORT_REASON_VALUES.map((value) => ({ value, label: REASON_LABELS[value] }));

/** The longest explanation a report may carry. */
export const REPORT_DETAILS_MAX = 1000;

export const MODERATION_MESSAGES = {
  thanks: "Thank you for your report",
  reasonRequired: "Please choose a reason",
  detailsTooLong: `Please keep it under ${REPORT_DETAILS_MAX} characters`,
  detailsUnprintable: "The details can not contain control characters",
  ownListing: "You can not report your own listing",
  /** What a visitor reads on a hidden listing's page (a 404). */
  removed: "This listing was removed by our moderators.",
  /** What the owner (or an administrator) reads on a hidden listing's page. */
  hiddenNotice: "Hidden by our moderators: visitors can not see this listing.",
  ownerSuspendedNotice: "The lister's account is suspended: visitors can not see this listing.",
  cannotSuspend: "Administrators can not be suspended here",
  reportGone: "That report is no longer open",
  userGone: "That user does not exist",
} as const;

/** A reason's words ("Already let or sold"), for the admin page and the digest. */
export function reasonLabel(value: string) {
  return REASON_LABELS[value as ReportReasonValue] ?? value;
}

/** The audit log's words for an action. */
export const AUDIT_ACTION_LABELS = {
  "hide-listing": "hid listing",
  "restore-listing": "restored listing",
  "suspend-user": "suspended user",
  "lift-suspension": "lifted the suspension of",
  "dismiss-report": "dismissed a report on",
} as const;

/** A moment as the admin page shows it, the same on the server and in the browser: "2026-11-24 18:05 UTC". */
export function moderationTime(epochMs: number) {
  return `${new Date(epochMs).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** The toast after each administrator action. */
export const MODERATION_DONE = {
  "hide-listing": "Listing hidden",
  "restore-listing": "Listing restored",
  "suspend-user": "User suspended",
  "lift-suspension": "Suspension lifted",
  "dismiss-report": "Report dismissed",
} as const;

type AuditEntry = {
  action: keyof typeof AUDIT_ACTION_LABELS;
  listingName: string | null;
  targetUserName: string | null;
};

/** What an audit entry says was done: "hid listing Sunny flat (by Olga Owner)", "suspended user Sam". */
export function auditDescription({ action, listingName, targetUserName }: AuditEntry) {
  const verb = AUDIT_ACTION_LABELS[action];
  if (action === "suspend-user" || action === "lift-suspension") {
    return `${verb} ${targetUserName ?? "a deleted user"}`;
  }
  const owner = targetUserName ? ` (by ${targetUserName})` : "";
  return `${verb} ${listingName ?? "a deleted listing"}${owner}`;
}
