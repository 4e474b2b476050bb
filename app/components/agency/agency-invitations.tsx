import { Form } from "react-router";
import { errorId, FieldError } from "#app/components/field-error.tsx";
import { useI18n } from "#app/components/use-i18n.ts";
import {
  AGENCY_LIMITS,
  AGENCY_ROLE_VALUES,
  AGENCY_ROLES,
  roleLabel,
} from "#app/modules/agency/agency.rules.ts";

type Invitation = { id: string; email: string; role: string; expiresAt: number };

type Props = { agencyId: string; invitations: Invitation[]; viewerRole: string; emailError?: string };

/** Invite by e-mail (owners and admins), and the open invitations, each with Cancel. */
export function AgencyInvitations({ agencyId, invitations, viewerRole, emailError }: Props) {
  const { t, translate, date } = useI18n();
  const roles = AGENCY_ROLE_VALUES.filter(
    (role) => viewerRole === AGENCY_ROLES.owner || role !== AGENCY_ROLES.owner,
  );
  return (
    <section aria-labelledby="agency-invitations">
      <h2 id="agency-invitations" className="section-heading mb-2">
        {t("Invitations")}
      </h2>
      <Form method="post" className="card mb-4 flex flex-col gap-3 p-4 sm:flex-row sm:items-end">
        <input type="hidden" name="intent" value="invite" />
        <input type="hidden" name="agencyId" value={agencyId} />
        <div className="grow">
          <label htmlFor="invite-email" className="field-label">
            {t("E-mail address")}
          </label>
          <input
            id="invite-email"
            name="email"
            type="email"
            required
            maxLength={AGENCY_LIMITS.emailMax}
            autoComplete="off"
            aria-invalid={emailError ? true : undefined}
            aria-describedby={errorId("invite-email", emailError)}
            className="text-input"
          />
          <FieldError id="invite-email-error" message={emailError} />
        </div>
        <div>
          <label htmlFor="invite-role" className="field-label">
            {t("Role")}
          </label>
          <select id="invite-role" name="role" defaultValue={AGENCY_ROLES.agent} className="text-input">
            {roles.map((role) => (
              <option key={role} value={role}>
                {translate(roleLabel(role))}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary">
          {t("Invite")}
        </button>
      </Form>
      {invitations.length === 0 ? (
        <p className="text-muted">{t("No open invitations.")}</p>
      ) : (
        <ul className="card divide-y divide-line p-0">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-3 p-4">
              <div className="min-w-0 grow">
                <p className="truncate font-semibold">{invitation.email}</p>
                <p className="text-sm text-muted">
                  {translate(roleLabel(invitation.role))} ·{" "}
                  {t("expires {date}", { date: date(invitation.expiresAt, { dateStyle: "medium" }) })}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="cancel-invitation" />
                <input type="hidden" name="agencyId" value={agencyId} />
                <input type="hidden" name="invitationId" value={invitation.id} />
                <button
                  type="submit"
                  className="btn-secondary btn-small"
                  aria-label={t("Cancel the invitation of {email}", { email: invitation.email })}
                >
                  {t("Cancel")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
