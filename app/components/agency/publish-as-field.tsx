import { useState } from "react";
import { useI18n } from "#app/components/use-i18n.ts";

/** The user's agencies as "Publish as" offers them; `agents` only where they own or administer it. */
export type PublishOptions = { id: string; name: string; agents: { id: string; name: string }[] }[];

type Props = {
  options: PublishOptions;
  /** The listing's agency and listing agent, when editing one. */
  current?: { agencyId: string | null; agentId: string };
  errors?: { listingAgent?: string };
};

/**
 * "Publish as": Myself, or an agency the user belongs to; owners and admins of that agency also choose the
 * listing agent. Shown only to members of an agency; the server checks every choice again.
 */
export function PublishAsField({ options, current, errors }: Props) {
  const { t, translate } = useI18n();
  const [agencyId, setAgencyId] = useState(current?.agencyId ?? "");
  if (options.length === 0) return null;
  const agents = options.find((option) => option.id === agencyId)?.agents ?? [];
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="section-heading mb-2">{t("Publish as")}</legend>
      <div>
        <label htmlFor="publish-as" className="field-label">
          {t("Publish as")}
        </label>
        <select
          id="publish-as"
          name="publishAs"
          value={agencyId}
          onChange={(event) => setAgencyId(event.target.value)}
          className="text-input"
        >
          <option value="">{t("Myself")}</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
      </div>
      {agents.length > 0 ? (
        <div>
          <label htmlFor="listing-agent" className="field-label">
            {t("Listing agent")}
          </label>
          <select
            id="listing-agent"
            name="listingAgent"
            defaultValue={current?.agencyId === agencyId ? current.agentId : ""}
            aria-describedby={errors?.listingAgent ? "listing-agent-error" : undefined}
            className="text-input"
          >
            <option value="">{t("Me")}</option>
            {agents.map((agent) => (
              <option key={agent.id} value={agent.id}>
                {agent.name}
              </option>
            ))}
          </select>
          {errors?.listingAgent ? (
            <p id="listing-agent-error" className="field-error">
              {translate(errors.listingAgent)}
            </p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
