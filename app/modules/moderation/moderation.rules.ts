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

/** Why a moderator hides a listing, in the form's order: what the owner is told. */
export const HIDE_REASON_VALUES = ["scam", "wrong-information", "offensive", "duplicate", "other"] as const;

export type HideReasonValue = (typeof HIDE_REASON_VALUES)[number];

const HIDE_REASON_LABELS: Record<HideReasonValue, string> = {
  scam: "Scam",
  "wrong-information": "Wrong information",
  offensive: "Offensive",
  duplicate: "Duplicate",
  other: "Other",
};

/** The hide form's choices: each reason with its words. */
export const HIDE_REASONS = HIDE_REASON_VALUES.map((value) => ({ value, label: HIDE_REASON_LABELS[value] }));

/** A hiding reason's words ("Wrong information"). */
export function hideReasonLabel(value: string) {
  return HIDE_REASON_LABELS[value as HideReasonValue] ?? value;
}

/** The longest text a moderator's decision, or an owner's review request, may carry. */
export const DECISION_NOTE_MAX = 1000;

/** The longest e-mail address a visitor may give (RFC 5321's path limit). */
export const REPORTER_EMAIL_MAX = 254;

/** How long a visitor's confirmation link works. */
export const REPORT_CONFIRM_HOURS = 48;

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
  emailRequired: "Please enter your e-mail address",
  emailInvalid: "Please enter a valid e-mail address",
  confirmLinkGone: "This link has expired or was already used. Please report the listing again.",
  hideReasonRequired: "Please choose why the listing is hidden",
  noteRequired: "Please explain the decision to the owner",
  noteTooLong: `Please keep it under ${DECISION_NOTE_MAX} characters`,
  noteUnprintable: "The text can not contain control characters",
  alreadyHidden: "This listing is already hidden",
  decisionGone: "This decision does not exist",
  decisionNotCurrent: "This decision no longer applies: the listing is not hidden by it",
  reviewAlreadyRequested: "You have already asked for a review of this decision",
  reviewGone: "That review request is no longer open",
  agencyGone: "That agency does not exist",
} as const;

/** The owner's page of one decision, where they ask for a review (linked from the e-mail and the listing). */
export function reviewPath(decisionId: string) {
  return `/review/${decisionId}`;
}

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
  "close-review": "kept hidden after review",
  "suspend-agency": "suspended agency",
  "lift-agency-suspension": "lifted the suspension of agency",
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
  "close-review": "Listing kept hidden",
  "suspend-agency": "Agency suspended",
  "lift-agency-suspension": "Agency suspension lifted",
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
  // An agency's entry keeps the agency's name where a user's would be.
  if (action === "suspend-agency" || action === "lift-agency-suspension") {
    return `${verb} ${targetUserName ?? "a deleted agency"}`;
  }
  const owner = targetUserName ? ` (by ${targetUserName})` : "";
  return `${verb} ${listingName ?? "a deleted listing"}${owner}`;
}
