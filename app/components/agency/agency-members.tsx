import { Form } from "react-router";
import { useI18n } from "#app/components/use-i18n.ts";
import { AGENCY_ROLE_VALUES, AGENCY_ROLES, roleLabel } from "#app/modules/agency/agency.rules.ts";

type Member = { id: string; userId: string; name: string; email: string | null; role: string };

type Props = { agencyId: string; members: Member[]; manages: boolean; viewerRole: string; userId: string };

/**
 * The agency's members with their roles. Owners and admins change roles and remove members; only an owner
 * touches an owner (the organization plugin refuses the rest), and the last owner shows only their role.
 */
export function AgencyMembers({ agencyId, members, manages, viewerRole, userId }: Props) {
  const { t, translate } = useI18n();
  const isOwner = viewerRole === AGENCY_ROLES.owner;
  // The last owner can be neither removed nor demoted (the plugin refuses it): no controls that only fail.
  const owners = members.filter((member) => member.role === AGENCY_ROLES.owner).length;
  return (
    <section aria-labelledby="agency-members">
      <h2 id="agency-members" className="section-heading mb-2">
        {t("Members")} ({members.length})
      </h2>
      <ul className="card divide-y divide-line p-0">
        {members.map((member) => {
          const lastOwner = member.role === AGENCY_ROLES.owner && owners === 1;
          const editable = manages && !lastOwner && (isOwner || member.role !== AGENCY_ROLES.owner);
          return (
            <li key={member.id} className="flex flex-wrap items-center gap-3 p-4">
              <div className="min-w-0 grow">
                <p className="font-semibold">
                  {member.name}
                  {member.userId === userId ? ` (${t("you")})` : ""}
                </p>
                {member.email ? <p className="truncate text-sm text-muted">{member.email}</p> : null}
              </div>
              {editable ? (
                <>
                  <Form method="post" className="flex items-center gap-2">
                    <input type="hidden" name="intent" value="change-role" />
                    <input type="hidden" name="agencyId" value={agencyId} />
                    <input type="hidden" name="memberId" value={member.id} />
                    <label className="sr-only" htmlFor={`role-${member.id}`}>
                      {t("Role of {name}", { name: member.name })}
                    </label>
                    <select
                      id={`role-${member.id}`}
                      name="role"
                      defaultValue={member.role}
                      className="text-input w-auto py-1"
                    >
                      {AGENCY_ROLE_VALUES.filter((role) => isOwner || role !== AGENCY_ROLES.owner).map(
                        (role) => (
                          <option key={role} value={role}>
                            {translate(roleLabel(role))}
                          </option>
                        ),
                      )}
                    </select>
                    <button type="submit" className="btn-secondary btn-small">
                      {t("Change role")}
                    </button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove-member" />
                    <input type="hidden" name="agencyId" value={agencyId} />
                    <input type="hidden" name="memberId" value={member.id} />
                    <button
                      type="submit"
                      className="btn-secondary btn-small"
                      aria-label={t("Remove {name}", { name: member.name })}
                    >
                      {t("Remove")}
                    </button>
                  </Form>
                </>
              ) : (
                <span className="text-sm font-semibold text-muted">{translate(roleLabel(member.role))}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
